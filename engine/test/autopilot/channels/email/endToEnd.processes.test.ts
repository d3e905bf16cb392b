import { readFileSync } from 'node:fs';
import type { JobHelpers } from 'graphile-worker';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsModule } from '../../../../src/accounts/module.ts';
import { emailChannel } from '../../../../src/autopilot/channels/email/channel.ts';
import { findMailbox } from '../../../../src/mailboxes/mailboxes.ts';
import { readMailbox } from '../../../../src/autopilot/channels/email/reader.ts';
import { autopilotModule } from '../../../../src/autopilot/module.ts';
import type { OutgoingTouch, Sender } from '../../../../src/autopilot/sequence/ports.ts';
import { createLogger } from '../../../../src/platform/logger.ts';
import { researchModule } from '../../../../src/research/module.ts';
import { client, createCustomer, type Customer, until, useEngine } from '../../../support/engine.ts';
import { startDovecot, startSmtpServer, type TestImapServer, type TestSmtpServer } from '../../../mailboxes/servers.ts';
import { mailboxBody, TEST_SECRET_KEY } from '../../../mailboxes/support.ts';
import { RecordingSignals, seedLead, seedSentTouch } from './support.ts';

const signals = new RecordingSignals();
const channel = emailChannel();
const fixture = useEngine({
  worker: false,
  modules: [accountsModule(), researchModule(), autopilotModule({ email: channel })],
  env: { SECRET_KEY: TEST_SECRET_KEY, EMAIL_ALLOW_PRIVATE_HOSTS: 'true' },
});
const log = createLogger('silent', 2);

let smtp: TestSmtpServer;
let imap: TestImapServer;
let customer: Customer;
let api: ReturnType<typeof client>;
let mailboxId: number;

beforeAll(async () => {
  [smtp, imap] = await Promise.all([startSmtpServer(), startDovecot()]);
  customer = await createCustomer(fixture.engine.pool, { name: 'E-mail tester' });
  api = client(fixture.engine.url, customer.key);
  const created = await api.request('POST', '/mailboxes', { body: mailboxBody(smtp.port, imap.port) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  mailboxId = created.body.id as number;
}, 30_000);

afterAll(async () => {
  channel.close();
  await Promise.all([smtp?.stop(), imap?.stop()]);
});

function touch(overrides: Partial<OutgoingTouch> = {}): OutgoingTouch {
  return {
    touchId: 1,
    accountId: customer.account.id,
    leadId: 1,
    channel: 'email',
    kind: 'email',
    step: 0,
    plannedAt: new Date(),
    contact: { id: 'c-1', email: 'jan@lead.test', properties: { email: 'jan@lead.test' } },
    message: { subject: 'Your pricing guide', body: 'Hi Jan,\n\nThanks for downloading the guide. How do you price today?' },
    earlier: [],
    identity: { name: 'Anna Nowak', company: 'Acme Sp. z o.o.', postal_address: 'ul. Prosta 1\n00-001 Warszawa' },
    signature: 'Anna Nowak\nHead of Sales, Acme',
    unsubscribeUrl: 'https://engine.example.com/u/abc123',
    ...overrides,
  };
}

async function sender(): Promise<Sender> {
  const senders = await channel.sender.senders(fixture.engine.pool, customer.account.id);
  return senders.find((candidate) => candidate.id === mailboxId)!;
}

const send = async (outgoing: OutgoingTouch) => channel.sender.send(outgoing, await sender(), new AbortController().signal);

describe('mailboxes over HTTP against real servers', () => {
  it('stores the mailbox with its schedule and answers no password', async () => {
    const reply = await api.request('GET', `/mailboxes/${mailboxId}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      from_address: 'anna@acme.test',
      smtp: { host: '127.0.0.1', port: smtp.port, security: 'none', user: 'anna@acme.test', password_set: true },
      imap: { host: '127.0.0.1', port: imap.port, password_set: true },
      time_zone: 'Europe/Warsaw',
      sending_hours: { start: '08:30', end: '16:00' },
      sending_days: ['mon', 'tue', 'wed', 'thu', 'fri'],
      daily_limit: 40,
      warmup: { start_per_day: 5, increase_per_day: 5 },
    });
    expect(JSON.stringify(reply.body)).not.toContain('secret');
    const { rows } = await fixture.engine.pool.query('SELECT smtp_password_sealed, imap_password_sealed FROM autopilot_mailboxes WHERE id = $1', [mailboxId]);
    expect(JSON.stringify(rows)).not.toContain('secret');
  });

  it('gives the sequence runtime the mailbox as a sender with its schedule', async () => {
    expect(await sender()).toMatchObject({
      channel: 'email',
      label: 'anna@acme.test',
      schedule: { timeZone: 'Europe/Warsaw', windowStart: '08:30', windowEnd: '16:00', days: [1, 2, 3, 4, 5], dailyLimit: 40, warmup: { startPerDay: 5, increasePerDay: 5 } },
    });
  });

  it('POST /mailboxes/{id}/test logs into both servers and says so', async () => {
    const reply = await api.request('POST', `/mailboxes/${mailboxId}/test`);
    expect(reply.status).toBe(200);
    const steps = (names: string[]) => names.map((step) => ({ step, status: step === 'tls' ? 'skipped' : 'ok', message: expect.any(String) }));
    expect(reply.body).toEqual({
      smtp: { ok: true, message: `connected to 127.0.0.1:${smtp.port} and logged in as anna@acme.test`, steps: steps(['address', 'connect', 'tls', 'login']) },
      imap: {
        ok: true,
        message: expect.stringContaining(`connected to 127.0.0.1:${imap.port}, logged in as anna@acme.test`),
        steps: steps(['address', 'connect', 'tls', 'login', 'inbox']),
      },
    });
  });

  it('says which login a server refused, without the password', async () => {
    const other = await api.request('POST', '/mailboxes', {
      body: mailboxBody(smtp.port, imap.port, {
        from_address: 'wrong@acme.test',
        smtp: { host: '127.0.0.1', port: smtp.port, security: 'none', user: 'anna@acme.test', password: 'not-the-password' },
        imap: { host: '127.0.0.1', port: imap.port, security: 'none', user: 'anna@acme.test', password: 'also-wrong' },
      }),
    });
    expect(other.status).toBe(201);
    const reply = await api.request('POST', `/mailboxes/${other.body.id}/test`);
    expect(reply.body.smtp).toMatchObject({ ok: false, message: expect.stringContaining('refused the login') });
    expect(reply.body.imap).toMatchObject({ ok: false, message: expect.stringContaining('refused the login') });
    // Each stops at its login, in the server's words, after connecting; IMAP's INBOX is not tried.
    const statuses = (check: any) => check.steps.map((step: { step: string; status: string }) => `${step.step}: ${step.status}`);
    expect(statuses(reply.body.smtp)).toEqual(['address: ok', 'connect: ok', 'tls: skipped', 'login: failed']);
    expect(statuses(reply.body.imap)).toEqual(['address: ok', 'connect: ok', 'tls: skipped', 'login: failed', 'inbox: skipped']);
    expect((reply.body.smtp as any).steps[3].message).toMatch(/refused the login: 535/);
    expect(JSON.stringify(reply.body)).not.toMatch(/not-the-password|also-wrong/);
    expect((await api.request('DELETE', `/mailboxes/${other.body.id}`)).status).toBe(200);
  });
});

describe('sending touches through a real SMTP server', () => {
  it('sends the first e-mail with its Message-ID, the unsubscribe headers, the signature and the sender identity', async () => {
    const outcome = await send(touch());
    expect(outcome).toMatchObject({ kind: 'sent', messageId: expect.stringMatching(/^<[0-9a-f-]{36}@acme\.test>$/) });
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['jan@lead.test']);
    expect(mail.from).toBe('anna@acme.test');
    const { parsed } = mail;
    expect(parsed.messageId).toBe(outcome.kind === 'sent' ? outcome.messageId : '');
    expect(parsed.subject).toBe('Your pricing guide');
    expect(parsed.from?.value[0]).toEqual({ address: 'anna@acme.test', name: 'Anna Nowak' });
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(mail.raw).toMatch(/^List-Unsubscribe: <https:\/\/engine\.example\.com\/u\/abc123>\r?$/m);
    expect(parsed.inReplyTo).toBeUndefined();
    expect(parsed.references).toBeUndefined();
    expect(parsed.text).toBe(
      'Hi Jan,\n\nThanks for downloading the guide. How do you price today?\n\n-- \nAnna Nowak\nHead of Sales, Acme\n\n' +
        'Anna Nowak, Acme Sp. z o.o.\nul. Prosta 1\n00-001 Warszawa\nUnsubscribe: https://engine.example.com/u/abc123\n',
    );
  });

  it('threads a follow-up under the earlier e-mails: In-Reply-To the latest, References all, "Re:" the first subject', async () => {
    const first = await send(touch());
    const second = await send(
      touch({
        step: 1,
        message: { subject: null, body: 'A short follow-up.' },
        earlier: [{ messageId: (first as { messageId: string }).messageId, subject: 'Your pricing guide', sentAt: new Date() }],
      }),
    );
    const firstId = (first as { messageId: string }).messageId;
    const secondId = (second as { messageId: string }).messageId;
    const third = await send(
      touch({
        step: 2,
        message: { subject: null, body: 'Last one.' },
        language: 'de',
        earlier: [
          { messageId: firstId, subject: 'Your pricing guide', sentAt: new Date() },
          { messageId: secondId, subject: null, sentAt: new Date() },
        ],
      }),
    );
    const followUp = smtp.received.at(-1)!.parsed;
    expect(followUp.messageId).toBe((third as { messageId: string }).messageId);
    expect(followUp.subject).toBe('Re: Your pricing guide');
    expect(followUp.inReplyTo).toBe(secondId);
    expect(followUp.references).toEqual([firstId, secondId]);
    expect(followUp.text).toContain('Abmelden: https://engine.example.com/u/abc123');
  });

  it("reuses the mailbox's logged-in connection for touches sent one after another", async () => {
    channel.close();
    const before = smtp.connections();
    for (let step = 0; step < 3; step++) expect(await send(touch({ step }))).toMatchObject({ kind: 'sent' });
    expect(smtp.connections() - before).toBe(1);
    channel.close();
  });

  it('never sends without the whole sender identity: deferred, saying what to set', async () => {
    const before = smtp.received.length;
    const outcome = await send(touch({ identity: { name: 'Anna Nowak', company: 'Acme', postal_address: ' ' } }));
    expect(outcome).toMatchObject({ kind: 'deferred', why: expect.stringContaining('no complete sender identity') });
    expect(smtp.received.length).toBe(before);
  });

  it('skips a touch whose recipient the server refuses for good (550): the address bounced', async () => {
    smtp.refuse.set('gone@lead.test', { code: 550, message: '5.1.1 <gone@lead.test>: Recipient address rejected: User unknown' });
    const outcome = await send(touch({ contact: { id: 'c-2', email: 'gone@lead.test', properties: {} } }));
    expect(outcome).toMatchObject({ kind: 'skipped', reason: 'address_bounced', detail: expect.stringContaining('User unknown') });
  });

  it('defers a touch the server refuses for now (451), never losing it', async () => {
    smtp.refuse.set('later@lead.test', { code: 451, message: '4.7.1 Greylisted, try again later' });
    const before = Date.now();
    const outcome = await send(touch({ contact: { id: 'c-3', email: 'later@lead.test', properties: {} } }));
    expect(outcome).toMatchObject({ kind: 'deferred', why: expect.stringContaining('Greylisted') });
    expect((outcome as { until: Date }).until.getTime()).toBeGreaterThan(before);
  });

  it('defers with a clear reason when the mailbox login is refused, and when nothing answers', async () => {
    const patched = await api.request('PATCH', `/mailboxes/${mailboxId}`, { body: { smtp: { password: 'changed-elsewhere' } } });
    expect(patched.status).toBe(200);
    const refused = await send(touch());
    expect(refused).toMatchObject({ kind: 'deferred', why: expect.stringMatching(/^mailbox broken: the SMTP server refused its login/) });
    expect(JSON.stringify(refused)).not.toContain('changed-elsewhere');
    await api.request('PATCH', `/mailboxes/${mailboxId}`, { body: { smtp: { password: 'smtp secret', port: 1 } } });
    expect(await send(touch())).toMatchObject({ kind: 'deferred', why: expect.stringContaining('could not reach the SMTP server') });
    await api.request('PATCH', `/mailboxes/${mailboxId}`, { body: { smtp: { port: smtp.port } } });
    expect(await send(touch())).toMatchObject({ kind: 'sent' });
  });
});

function humanReply(inReplyTo: string, from: string, messageId: string): string {
  return [
    `From: Jan Kowalski <${from}>`,
    'To: Anna Nowak <anna@acme.test>',
    'Subject: Re: Your pricing guide',
    `Message-ID: ${messageId}`,
    `In-Reply-To: ${inReplyTo}`,
    `References: ${inReplyTo}`,
    'Date: Mon, 23 Nov 2026 10:15:00 +0100',
    'X-Auto-Response-Suppress: All',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Hi Anna,',
    '',
    'Yes, happy to talk on Thursday.',
    '',
    'On Mon, Nov 23, 2026 at 9:00 AM Anna Nowak <anna@acme.test> wrote:',
    '> Hi Jan,',
    '> Thanks for downloading the guide.',
    '',
  ].join('\r\n');
}

function outOfOffice(from: string): string {
  return [
    `From: Jan Kowalski <${from}>`,
    'To: anna@acme.test',
    'Subject: Automatische Antwort: Your pricing guide',
    'Message-ID: <ooo-1@lead.test>',
    'Auto-Submitted: auto-replied',
    'Date: Mon, 23 Nov 2026 10:16:00 +0100',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Ich bin bis zum 1. Dezember nicht im Büro.',
    '',
  ].join('\r\n');
}

const bounceOf = (messageId: string) => readFileSync(new URL('./fixtures/bounce-dsn.eml', import.meta.url), 'utf8').replace('{{MESSAGE_ID}}', messageId);

const helpers = (signal: AbortSignal) => ({ abortSignal: signal }) as unknown as JobHelpers;

describe('reading replies from a real IMAP server (Dovecot)', () => {
  it('turns a human reply, an out-of-office and a bounce into the right signals, each once', async () => {
    const { pool } = fixture.engine;
    const accountId = customer.account.id;
    const replying = await seedLead(pool, accountId, 'jan', 'jan@lead.test');
    const bouncing = await seedLead(pool, accountId, 'eva', 'eva@gone.test');
    const byAddress = await seedLead(pool, accountId, 'tom', 'tom@lead.test');
    await seedSentTouch(pool, accountId, replying, 0, '<touch-jan@acme.test>', 'Your pricing guide');
    await seedSentTouch(pool, accountId, bouncing, 0, '<touch-eva@acme.test>', 'Your pricing guide');

    await imap.deliver(humanReply('<touch-jan@acme.test>', 'jan@lead.test', '<reply-1@lead.test>'));
    await imap.deliver(outOfOffice('jan@lead.test'));
    await imap.deliver(bounceOf('<touch-eva@acme.test>'));
    // No thread headers: matched by its sender among the Active leads.
    await imap.deliver(humanReply('<unknown@elsewhere.test>', 'Tom@Lead.test', '<reply-2@lead.test>').replace(/^(In-Reply-To|References): .*\r\n/gm, ''));

    const tasks = channel.tasks({ pool, log, signals, secretKey: Buffer.from(TEST_SECRET_KEY, 'base64'), settings: { allowPrivateHosts: true, idleSeconds: 0 } });
    await tasks.read_mailbox!({ mailboxId }, helpers(new AbortController().signal));

    expect(signals.replies).toEqual([
      {
        accountId,
        leadId: replying,
        channel: 'email',
        occurredAt: new Date('2026-11-23T09:15:00Z'),
        dedupeKey: `email:${mailboxId}:<reply-1@lead.test>`,
        text: 'Hi Anna,\n\nYes, happy to talk on Thursday.',
      },
      {
        accountId,
        leadId: byAddress,
        channel: 'email',
        occurredAt: new Date('2026-11-23T09:15:00Z'),
        dedupeKey: `email:${mailboxId}:<reply-2@lead.test>`,
        text: 'Hi Anna,\n\nYes, happy to talk on Thursday.',
      },
    ]);
    // The out-of-office is Jan's (by its sender): on his timeline as one, never a reply.
    expect(signals.autoReplies).toEqual([
      {
        accountId,
        leadId: replying,
        channel: 'email',
        occurredAt: new Date('2026-11-23T09:16:00Z'),
        dedupeKey: `email:${mailboxId}:<ooo-1@lead.test>`,
        text: 'Ich bin bis zum 1. Dezember nicht im Büro.',
        reason: 'Auto-Submitted: auto-replied',
      },
    ]);
    expect(signals.bounces).toEqual([{ accountId, leadId: bouncing, channel: 'email', occurredAt: new Date('2026-11-23T10:00:00Z'), dedupeKey: `email:${mailboxId}:<dsn-1@mx.example.net>` }]);

    const { rows } = await pool.query('SELECT message_id, kind, lead_id::int FROM autopilot_email_inbound WHERE mailbox_id = $1 ORDER BY message_id', [mailboxId]);
    expect(rows).toEqual([
      { message_id: '<dsn-1@mx.example.net>', kind: 'bounce', lead_id: bouncing },
      { message_id: '<ooo-1@lead.test>', kind: 'auto_reply', lead_id: replying },
      { message_id: '<reply-1@lead.test>', kind: 'reply', lead_id: replying },
      { message_id: '<reply-2@lead.test>', kind: 'reply', lead_id: byAddress },
    ]);
    const mailbox = await api.request('GET', `/mailboxes/${mailboxId}`);
    expect(mailbox.body.reading).toMatchObject({ error: null, last_read_at: expect.any(String) });

    // The cron's next look reads nothing twice; a message that arrives later is read then.
    await tasks.read_mailboxes!({}, helpers(new AbortController().signal));
    const { rows: queued } = await pool.query(`SELECT key, queue_name FROM graphile_worker.jobs WHERE task_identifier = 'read_mailbox'`);
    expect(queued).toEqual([{ key: `read_mailbox:${mailboxId}`, queue_name: `mailbox:${mailboxId}` }]);
    await tasks.read_mailbox!({ mailboxId }, helpers(new AbortController().signal));
    expect(signals.replies).toHaveLength(2);
    expect(signals.bounces).toHaveLength(1);
  }, 30_000);

  it('after downtime reads what arrived meanwhile; a renumbered INBOX (new UIDVALIDITY) is read again without acting twice', async () => {
    const { pool } = fixture.engine;
    const accountId = customer.account.id;
    const lead = await seedLead(pool, accountId, 'max', 'max@lead.test');
    await seedSentTouch(pool, accountId, lead, 0, '<touch-max@acme.test>', 'Your pricing guide');
    const tasks = channel.tasks({ pool, log, signals, secretKey: Buffer.from(TEST_SECRET_KEY, 'base64'), settings: { allowPrivateHosts: true, idleSeconds: 0 } });
    // Nobody reads while these arrive.
    await imap.deliver(humanReply('<touch-max@acme.test>', 'max@lead.test', '<reply-max-1@lead.test>'));
    await imap.deliver(humanReply('<touch-max@acme.test>', 'max@lead.test', '<reply-max-2@lead.test>'));
    await tasks.read_mailbox!({ mailboxId }, helpers(new AbortController().signal));
    expect(signals.replies.filter((reply) => reply.leadId === lead).map((reply) => reply.dedupeKey)).toEqual([
      `email:${mailboxId}:<reply-max-1@lead.test>`,
      `email:${mailboxId}:<reply-max-2@lead.test>`,
    ]);
    const {
      rows: [cursor],
    } = await pool.query('SELECT imap_uid_validity::text AS validity, imap_last_uid::int AS last FROM autopilot_mailboxes WHERE id = $1', [mailboxId]);

    const before = signals.replies.length + signals.bounces.length;
    await pool.query('UPDATE autopilot_mailboxes SET imap_uid_validity = 1, imap_last_uid = 0 WHERE id = $1', [mailboxId]);
    await tasks.read_mailbox!({ mailboxId }, helpers(new AbortController().signal));
    expect(signals.replies.length + signals.bounces.length).toBe(before);
    const {
      rows: [after],
    } = await pool.query('SELECT imap_uid_validity::text AS validity, imap_last_uid::int AS last FROM autopilot_mailboxes WHERE id = $1', [mailboxId]);
    expect(after).toEqual(cursor);
  }, 30_000);

  it('goes on from the last UID it read: a message filed with an old date after the last read is still read', async () => {
    const { pool } = fixture.engine;
    const accountId = customer.account.id;
    const lead = await seedLead(pool, accountId, 'lea', 'lea@lead.test');
    await seedSentTouch(pool, accountId, lead, 0, '<touch-lea@acme.test>', 'Your pricing guide');
    const tasks = channel.tasks({ pool, log, signals, secretKey: Buffer.from(TEST_SECRET_KEY, 'base64'), settings: { allowPrivateHosts: true, idleSeconds: 0 } });
    await tasks.read_mailbox!({ mailboxId }, helpers(new AbortController().signal));
    // Delayed mail keeps the date it was first filed at: a week before the last read.
    await imap.deliver(humanReply('<touch-lea@acme.test>', 'lea@lead.test', '<reply-lea@lead.test>'), new Date(Date.now() - 7 * 24 * 3600_000));
    await tasks.read_mailbox!({ mailboxId }, helpers(new AbortController().signal));
    expect(signals.replies.filter((reply) => reply.leadId === lead).map((reply) => reply.dedupeKey)).toEqual([`email:${mailboxId}:<reply-lea@lead.test>`]);
  }, 30_000);

  it('reads a reply as it arrives while waiting in IDLE', async () => {
    const { pool } = fixture.engine;
    const accountId = customer.account.id;
    const lead = await seedLead(pool, accountId, 'ida', 'ida@lead.test');
    await seedSentTouch(pool, accountId, lead, 0, '<touch-ida@acme.test>', 'Your pricing guide');
    const stop = new AbortController();
    const mailbox = (await findMailbox(pool, mailboxId))!;
    const reading = readMailbox(mailbox, {
      db: pool,
      signals,
      clock: { now: () => new Date() },
      access: { secrets: undefined, hosts: { allowPrivate: true } },
      log,
      idleMs: 50_000,
      signal: stop.signal,
    }).catch((error: unknown) => error);
    // Without the key the password cannot be opened: the read fails at once and says why.
    expect(await reading).toEqual([]);
    expect((await api.request('GET', `/mailboxes/${mailboxId}`)).body.reading).toMatchObject({ error: expect.stringContaining('SECRET_KEY') });

    const lines: string[] = [];
    const watched = pino({ level: 'debug' }, { write: (line: string) => lines.push(line) });
    const tasks = channel.tasks({ pool, log: watched, signals, secretKey: Buffer.from(TEST_SECRET_KEY, 'base64'), settings: { allowPrivateHosts: true, idleSeconds: 50 } });
    const idling = tasks.read_mailbox!({ mailboxId }, helpers(stop.signal));
    // The reader has read the INBOX and is waiting in IDLE before the reply arrives.
    await until('the reader to wait in IDLE', async () => lines.some((line) => line.includes('mailbox waiting in IDLE')), 10_000);
    await imap.deliver(humanReply('<touch-ida@acme.test>', 'ida@lead.test', '<reply-ida@lead.test>'));
    await until('the reply to be read in IDLE', async () => signals.replies.some((reply) => reply.leadId === lead), 20_000);
    stop.abort();
    await idling;
    expect(signals.replies.filter((reply) => reply.leadId === lead)).toHaveLength(1);
    expect((await api.request('GET', `/mailboxes/${mailboxId}`)).body.reading).toMatchObject({ error: null });
  }, 40_000);
});
