import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AutopilotInput } from '../../../src/autopilot/contract.ts';
import { addJob } from '../../../src/platform/queue/tasks.ts';
import { until } from '../../support/engine.ts';
import { mailboxBody, TEST_SECRET_KEY } from '../../mailboxes/support.ts';
import { startDovecot, startSmtpServer, type TestImapServer, type TestSmtpServer } from '../../mailboxes/servers.ts';
import { catchAll } from '../support.ts';
import { jobsOf, leadOf, touchesOf, useSequenceEngine } from './support.ts';

/**
 * Issue 12's acceptance, e-mail end to end: the sequence runtime on a real worker sends through the
 * engine's own e-mail channel to a real SMTP server (npm smtp-server) and reads what comes back from a
 * real IMAP server (Dovecot): a human reply ends its lead `Responded` with every queued touch gone, an
 * out-of-office changes nothing, a bounce ends the e-mail steps while the other channel goes on. The
 * writer and the professional network are recording doubles (each is tested on its own); the clock is
 * the test's.
 */
const { clock, fixture, linkedin, pool, newCustomer } = useSequenceEngine({
  realEmail: true,
  env: { SECRET_KEY: TEST_SECRET_KEY, EMAIL_ALLOW_PRIVATE_HOSTS: 'true', EMAIL_IDLE_SECONDS: '0', PUBLIC_URL: 'https://engine.example.com' },
});

type Step = AutopilotInput['sequence'][number];
const mail = (day: number): Step => ({ day, channel: 'email', kind: 'email', angle: `Mail on day ${day}`, subject_angle: 'Their pricing guide', signals: [] });
const network = (day: number): Step => ({ day, channel: 'linkedin', kind: 'message', angle: `Message on day ${day}`, subject_angle: null, signals: [] });

let smtp: TestSmtpServer;
let imap: TestImapServer;

beforeAll(async () => {
  [smtp, imap] = await Promise.all([startSmtpServer(), startDovecot()]);
}, 30_000);

afterAll(async () => {
  await Promise.all([smtp?.stop(), imap?.stop()]);
});

function humanReply(to: string, from: string, messageId: string): string {
  return [
    `From: Jan Kowalski <${from}>`,
    'To: Anna Nowak <anna@acme.test>',
    'Subject: Re: Their pricing guide',
    `Message-ID: ${messageId}`,
    `In-Reply-To: ${to}`,
    `References: ${to}`,
    'Date: Tue, 14 May 2030 10:15:00 +0200',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Hi Anna, yes, happy to talk on Thursday.',
    '',
  ].join('\r\n');
}

function outOfOffice(to: string, from: string): string {
  return [
    `From: ${from}`,
    'To: anna@acme.test',
    'Subject: Automatische Antwort: Their pricing guide',
    'Message-ID: <ooo-e2e@lead.test>',
    `In-Reply-To: ${to}`,
    'Auto-Submitted: auto-replied',
    'Date: Tue, 14 May 2030 10:16:00 +0200',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Ich bin bis zum 1. Juni nicht im Büro.',
    '',
  ].join('\r\n');
}

const bounceOf = (messageId: string) => readFileSync(new URL('../channels/email/fixtures/bounce-dsn.eml', import.meta.url), 'utf8').replace('{{MESSAGE_ID}}', messageId);

/** Runs the mailbox's read on the engine's worker, as the minute cron queues it, and waits for it to finish. */
async function readMailbox(mailboxId: number): Promise<void> {
  await addJob(pool(), 'read_mailbox', { mailboxId }, { jobKey: `read_mailbox:${mailboxId}`, queueName: `mailbox:${mailboxId}` });
  await until('the mailbox to be read', async () => (await pool().query(`SELECT 1 FROM graphile_worker.jobs WHERE key = $1`, [`read_mailbox:${mailboxId}`])).rowCount === 0);
}

describe('e-mail end to end against real mail servers', () => {
  it('sends with the right headers and threads follow-ups; a reply ends its lead, an out-of-office does not, a bounce ends only e-mail steps', async () => {
    const customer = await newCustomer();
    const created = await customer.api.request('POST', '/mailboxes', { body: mailboxBody(smtp.port, imap.port) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const mailboxId = created.body.id as number;
    linkedin.addSender(customer.accountId, {}, 'seat-e2e');

    // Monday 13 May 2030, 10:00 UTC: noon in Berlin and Warsaw, inside the mailbox's 08:30-16:00.
    clock.set('2030-05-13T09:59:00Z');
    const put = await customer.api.put('E2E', catchAll('E2E', { channels: ['email', 'linkedin'], sequence: [mail(1), mail(2), network(3), mail(4)] }));
    expect(put.status, JSON.stringify(put.body)).toBe(201);
    clock.set('2030-05-13T10:00:00Z');
    const replying = await customer.enrol('jan', { email: 'jan@lead.test', country: 'Germany' });
    const away = await customer.enrol('ola', { email: 'ola@lead.test', country: 'Germany' });
    const bouncing = await customer.enrol('eva', { email: 'eva@gone.test', country: 'Germany' });

    // Day 1: the first e-mail of each lead reaches the SMTP server.
    clock.advance({ minutes: 2 });
    await customer.runDue();
    expect(smtp.received).toHaveLength(3);
    const first = async (leadId: number) => (await touchesOf(pool(), leadId))[0]!;
    const janFirst = await first(replying);
    expect(janFirst).toMatchObject({ state: 'sent', message_id: expect.stringMatching(/^<.+@acme\.test>$/) });
    const toJan = smtp.received.find((mail) => mail.to.includes('jan@lead.test'))!;
    expect(toJan.parsed.messageId).toBe(janFirst.message_id);
    expect(toJan.parsed.subject).toBe('Re: Their pricing guide');
    expect(toJan.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    // Long header lines are folded (RFC 5322): unfolded, the link is the engine's signed one.
    const head = toJan.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    const link = /^List-Unsubscribe: <(https:\/\/engine\.example\.com\/unsubscribe\/[^>]+)>\r?$/m.exec(head)?.[1];
    expect(link, head).toBeDefined();
    expect(toJan.parsed.text).toContain('Hauptstr. 1, 10115 Berlin');
    expect(toJan.parsed.text).toContain('Ledgerly GmbH');

    // Day 2 (Tuesday): the follow-ups go in the first e-mail's thread.
    clock.set('2030-05-14T08:00:00Z');
    await customer.runDue();
    expect(smtp.received).toHaveLength(6);
    const followUp = smtp.received.filter((mail) => mail.to.includes('jan@lead.test'))[1]!;
    expect(followUp.parsed.inReplyTo).toBe(janFirst.message_id);
    expect(followUp.parsed.references).toEqual(janFirst.message_id);

    // The minute's read finds nothing yet (the next read goes on from there, whatever the test clock says).
    await readMailbox(mailboxId);
    // What comes back: a human reply from Jan, an out-of-office from Ola, a bounce of Eva's first e-mail.
    await imap.deliver(humanReply(janFirst.message_id!, 'jan@lead.test', '<reply-e2e@lead.test>'));
    await imap.deliver(outOfOffice((await first(away)).message_id!, 'ola@lead.test'));
    await imap.deliver(bounceOf((await first(bouncing)).message_id!));
    await readMailbox(mailboxId);

    // Jan responded: the lead ends and every queued touch of it is gone, rows and jobs.
    expect(await leadOf(pool(), replying)).toEqual({ outcome: 'Responded', end_reason: 'replied' });
    const janTouches = await touchesOf(pool(), replying);
    expect(janTouches.map((touch) => touch.state)).toEqual(['sent', 'sent', 'cancelled', 'cancelled']);
    expect(
      await jobsOf(
        pool(),
        janTouches.map((touch) => touch.id),
      ),
    ).toEqual([]);
    // Ola's out-of-office is not an answer.
    expect(await leadOf(pool(), away)).toEqual({ outcome: 'Active', end_reason: null });
    // Eva's address stopped accepting mail: her e-mail steps end, the network step still goes.
    expect(await leadOf(pool(), bouncing)).toEqual({ outcome: 'Active', end_reason: null });
    expect((await touchesOf(pool(), bouncing)).map((touch) => [touch.channel, touch.state, touch.skip_reason])).toEqual([
      ['email', 'sent', null],
      ['email', 'sent', null],
      ['linkedin', 'scheduled', null],
      ['email', 'skipped', 'address_bounced'],
    ]);

    // Day 3 (Wednesday): the network messages go for Ola and Eva, none for Jan.
    clock.set('2030-05-15T08:00:00Z');
    await customer.runDue();
    expect(linkedin.sent.map(({ touch }) => touch.leadId).sort()).toEqual([away, bouncing].sort());
    expect(smtp.received).toHaveLength(6);
    // With its last touch gone, Eva's sequence is over; Ola's still has day 4's e-mail.
    expect(await leadOf(pool(), bouncing)).toEqual({ outcome: 'Closed', end_reason: 'sequence_ended' });
    expect(await leadOf(pool(), away)).toEqual({ outcome: 'Active', end_reason: null });

    // Ola unsubscribes with one click from her mail client (RFC 8058): the lead ends, day 4's e-mail is cancelled.
    const toOla = smtp.received.find((mail) => mail.to.includes('ola@lead.test'))!;
    const olaLink = /^List-Unsubscribe: <([^>]+)>\r?$/m.exec(toOla.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' '))![1]!;
    const oneClick = await fetch(`${fixture.engine.url}${new URL(olaLink).pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await leadOf(pool(), away)).toEqual({ outcome: 'Closed', end_reason: 'unsubscribed' });
    const olaTouches = await touchesOf(pool(), away);
    expect(olaTouches.map((touch) => touch.state)).toEqual(['sent', 'sent', 'sent', 'cancelled']);
    expect(
      await jobsOf(
        pool(),
        olaTouches.map((touch) => touch.id),
      ),
    ).toEqual([]);

    // Her address is never contacted again: the same person sent again as another CRM contact is skipped, no research, no credit.
    await customer.crm.send([customer.contact('ola-again', { email: 'Ola@Lead.test', country: 'Germany' })]);
    expect(await customer.routed('ola-again')).toMatchObject({ state: 'skipped', reason: 'unsubscribed', lead: null });
  }, 90_000);
});
