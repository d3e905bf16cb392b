import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsModule } from '../../../../src/accounts/module.ts';
import { runCli } from '../../../../src/app/cli/program.ts';
import type { AutopilotInput, TimelineEntry } from '../../../../src/autopilot/contract.ts';
import { autopilotModule } from '../../../../src/autopilot/module.ts';
import { addJob } from '../../../../src/platform/queue/tasks.ts';
import { researchModule } from '../../../../src/research/module.ts';
import { until } from '../../../support/engine.ts';
import { seedSeat } from '../../../support/seats.ts';
import { startUnipileEmulator, type EmulatedAccount, type EmulatedPerson, type UnipileEmulator } from '../../../support/unipileEmulator.ts';
import { mailboxBody, TEST_SECRET_KEY } from '../../../mailboxes/support.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../mailboxes/servers.ts';
import { catchAll } from '../../support.ts';
import { jobsOf, leadOf, touchesOf, useSequenceEngine } from '../../sequence/support.ts';

/**
 * Issue 15's acceptance, four channels end to end: the real engine (HTTP API, worker, PostgreSQL) sends a
 * lead's sequence through its own channels: the professional network, the messaging app and the chat
 * app through Unipile (the local emulator, engine/test/support/unipileEmulator.ts, a real HTTP server),
 * e-mail through a real SMTP server (npm smtp-server). What comes back arrives as Unipile sends it, by
 * webhooks the engine registered itself (`prospect-engine unipile webhooks register`): the accepted
 * invitation is recorded as a connection (stop condition invite_accepted off), a Telegram reply ends
 * the lead `Responded` with every queued touch gone; a seat Unipile disconnects holds its touches until
 * it is back, a 429 waits; a reply whose webhook was missed is found by the catch-up poll. The writer
 * is a recording double; the clock is the test's, and the emulator reads it too.
 */
const WEBHOOK_SECRET = 'unipile-webhook-secret-for-the-e2e';
const env: Record<string, string> = {
  SECRET_KEY: TEST_SECRET_KEY,
  EMAIL_ALLOW_PRIVATE_HOSTS: 'true',
  EMAIL_IDLE_SECONDS: '0',
  PUBLIC_URL: 'https://engine.example.com',
  UNIPILE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};
let unipile: UnipileEmulator;
let smtp: TestSmtpServer;

// Before the engine starts: it reads the emulator's address from `env`.
beforeAll(async () => {
  unipile = await startUnipileEmulator({ now: () => sequence.clock.now() });
  Object.assign(env, unipile.env);
  smtp = await startSmtpServer();
});

const sequence = useSequenceEngine({ realEmail: true, unipile: true, env });
const { clock, fixture, pool, newCustomer } = sequence;

afterAll(async () => {
  await Promise.all([unipile?.close(), smtp?.stop()]);
});

type Step = AutopilotInput['sequence'][number];
const step = (day: number, channel: Step['channel'], kind: Step['kind'], angle: string, subjectAngle: string | null = null): Step => ({
  day,
  channel,
  kind,
  angle,
  subject_angle: subjectAngle,
  signals: [],
});
const FOUR_CHANNELS: Step[] = [
  step(1, 'linkedin', 'connection_request', 'Ask to connect: both of us work on invoicing.'),
  step(2, 'email', 'email', 'Their invoice approvals', 'Their invoice approvals'),
  step(3, 'whatsapp', 'message', 'A short note on WhatsApp'),
  step(4, 'telegram', 'message', 'A short note on Telegram'),
  step(5, 'linkedin', 'message', 'Thank them for connecting'),
  step(6, 'email', 'email', 'A last follow-up'),
];

/** Registers the engine's webhooks with Unipile as ops do, pointing them at this engine (once for the file: they cover every account). */
let registered: Promise<void> | undefined;
const webhooksRegistered = () => (registered ??= registerWebhooks());
async function registerWebhooks(): Promise<void> {
  let stderr = '';
  const code = await runCli(['unipile', 'webhooks', 'register', '--url', `${fixture.engine.url}/unipile/webhooks`], [accountsModule(), researchModule(), autopilotModule()], {
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: fixture.database.url, ...env },
    stdout: () => {},
    stderr: (text) => void (stderr += text),
  });
  expect(code, stderr).toBe(0);
}

async function addSeat(customer: Awaited<ReturnType<typeof newCustomer>>, channel: 'linkedin' | 'whatsapp' | 'telegram', account: EmulatedAccount) {
  await seedSeat(
    pool(),
    customer.accountId,
    {
      channel,
      unipile_account_id: account.id,
      label: `Anna (${channel})`,
      time_zone: 'Europe/Berlin',
      window: { start: '08:00', end: '18:00' },
      days: ['mon', 'tue', 'wed', 'thu', 'fri'],
    },
    clock,
  );
}

/** Runs the day's due touches, then waits for the webhooks Unipile sends about them (the echo of each message sent). */
async function runDay(customer: Awaited<ReturnType<typeof newCustomer>>, at: string): Promise<void> {
  clock.set(at);
  await customer.runDue();
  await unipile.settled();
}

const touchesIn = (timeline: TimelineEntry[]) =>
  timeline.filter((entry) => entry.type === 'touch').map((entry) => (entry.type === 'touch' ? [entry.step, entry.channel, entry.kind, entry.state, entry.skip_reason] : []));
const eventsIn = (timeline: TimelineEntry[]) =>
  timeline.filter((entry) => entry.type === 'event').map((entry) => (entry.type === 'event' ? [entry.kind, entry.channel, entry.effect, entry.end_reason] : []));

describe('four channels end to end: Unipile (emulated) and a real SMTP server', () => {
  it('sends every touch or skips it with its reason, records the accepted invitation as a connection, and a Telegram reply ends the lead', async () => {
    const customer = await newCustomer();
    const mailbox = await customer.api.request('POST', '/mailboxes', { body: mailboxBody(smtp.port, null) });
    expect(mailbox.status, JSON.stringify(mailbox.body)).toBe(201);
    const seats = { linkedin: unipile.addAccount('LINKEDIN', { name: 'Anna Nowak' }), whatsapp: unipile.addAccount('WHATSAPP'), telegram: unipile.addAccount('TELEGRAM') };
    await addSeat(customer, 'linkedin', seats.linkedin);
    await addSeat(customer, 'whatsapp', seats.whatsapp);
    await addSeat(customer, 'telegram', seats.telegram);
    await webhooksRegistered();
    expect(unipile.webhooks.map((webhook) => webhook.source).sort()).toEqual(['account_status', 'messaging', 'users']);

    // Jan is on every channel; Ola is already a connection and has neither a phone number nor a Telegram username.
    const jan: Record<string, EmulatedPerson> = {
      linkedin: unipile.addPerson('LINKEDIN', 'jan-kowalski', { firstName: 'Jan', lastName: 'Kowalski' }),
      whatsapp: unipile.addPerson('WHATSAPP', '+48 601 234 567'),
      telegram: unipile.addPerson('TELEGRAM', 'jan_kowalski'),
    };
    unipile.addPerson('LINKEDIN', 'ola-nowak', { firstName: 'Ola', lastName: 'Nowak', networkDistance: 'FIRST_DEGREE' });

    // Monday 13 May 2030, 10:00 UTC: noon in Berlin, inside every sender's window.
    clock.set('2030-05-13T09:59:00Z');
    const put = await customer.api.put('Four channels', catchAll('Four channels', { channels: ['linkedin', 'email', 'whatsapp', 'telegram'], sequence: FOUR_CHANNELS }));
    expect(put.status, JSON.stringify(put.body)).toBe(201);
    expect((put.body.stop_conditions as { invite_accepted: boolean }).invite_accepted).toBe(false);
    clock.set('2030-05-13T10:00:00Z');
    const janId = await customer.enrol('jan', {
      email: 'jan@lead.test',
      country: 'Germany',
      linkedin_url: 'https://www.linkedin.com/in/jan-kowalski/',
      whatsapp: '+48 601 234 567',
      telegram_username: '@jan_kowalski',
    });
    const olaId = await customer.enrol('ola', { email: 'ola@lead.test', country: 'Germany', linkedin_url: 'https://www.linkedin.com/in/ola-nowak' });

    // Day 1: a connection request to Jan with the written note; none to Ola, already connected.
    await runDay(customer, '2030-05-13T10:02:00Z');
    const janTouches = await touchesOf(pool(), janId);
    expect(unipile.invitations).toEqual([expect.objectContaining({ accountId: seats.linkedin.id, providerId: jan.linkedin!.providerId, message: janTouches[0]!.body, status: 'PENDING' })]);
    expect(janTouches[0]).toMatchObject({ state: 'sent', kind: 'connection_request' });
    expect((await touchesOf(pool(), olaId))[0]).toMatchObject({ state: 'skipped', skip_reason: 'already_connected' });

    // Jan accepts: Unipile's users webhook reaches the engine, which records the connection and goes on.
    const accepted = await unipile.acceptInvitation(seats.linkedin.id, jan.linkedin!);
    expect(accepted.map((delivery) => delivery.status)).toEqual([200]);
    expect(await leadOf(pool(), janId)).toEqual({ outcome: 'Active', end_reason: null });

    // Day 2 (Tuesday): the e-mails, through the real SMTP server.
    await runDay(customer, '2030-05-14T08:00:00Z');
    expect(smtp.received.map((mail) => mail.to).sort()).toEqual([['jan@lead.test'], ['ola@lead.test']]);

    // Day 3: WhatsApp to Jan's number; Ola has none. Day 4: Telegram to Jan's username; Ola has none.
    await runDay(customer, '2030-05-15T08:00:00Z');
    await runDay(customer, '2030-05-16T08:00:00Z');
    const chatOf = (account: EmulatedAccount, person: EmulatedPerson) => unipile.chats.find((chat) => chat.accountId === account.id && chat.attendeeProviderId === person.providerId);
    // Chat messages go as multipart/form-data, which carries line breaks as CRLF.
    const sentTexts = (account: EmulatedAccount, person: EmulatedPerson) =>
      chatOf(account, person)
        ?.messages.filter((message) => message.isSender)
        .map((message) => message.text.replaceAll('\r\n', '\n'));
    const afterDay4 = await touchesOf(pool(), janId);
    expect(sentTexts(seats.whatsapp, jan.whatsapp!)).toEqual([afterDay4[2]!.body]);
    expect(sentTexts(seats.telegram, jan.telegram!)).toEqual([afterDay4[3]!.body]);
    // The echoes of the engine's own messages (Unipile sends them too) are no reply.
    expect(await leadOf(pool(), janId)).toEqual({ outcome: 'Active', end_reason: null });

    // Day 5 (Friday): the network message to both, now connections.
    await runDay(customer, '2030-05-17T08:00:00Z');
    // Their chat began with the invitation's note (Unipile shows an accepted note so); the message follows it.
    const noteAndMessage = (await touchesOf(pool(), janId)).filter((touch) => touch.channel === 'linkedin').map((touch) => touch.body);
    expect(sentTexts(seats.linkedin, jan.linkedin!)).toEqual(noteAndMessage);

    // Jan answers on Telegram: the lead ends Responded, its last e-mail is cancelled, row and job.
    const reply = await unipile.receiveMessage(seats.telegram.id, jan.telegram!, 'Sounds good, call me on Monday.');
    expect(reply.deliveries.map((delivery) => delivery.status)).toEqual([200]);
    expect(await leadOf(pool(), janId)).toEqual({ outcome: 'Responded', end_reason: 'replied' });
    const janAtEnd = await touchesOf(pool(), janId);
    expect(janAtEnd.map((touch) => touch.state)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', 'cancelled']);
    expect(
      await jobsOf(
        pool(),
        janAtEnd.map((touch) => touch.id),
      ),
    ).toEqual([]);

    // Day 6 (Monday): Ola's last e-mail goes; nothing more to Jan.
    await runDay(customer, '2030-05-20T08:00:00Z');
    expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual(['jan@lead.test', 'ola@lead.test', 'ola@lead.test']);
    expect(await leadOf(pool(), olaId)).toEqual({ outcome: 'Closed', end_reason: 'sequence_ended' });

    // What the user sees: each lead's timeline (GET /autopilot/leads/{id}).
    const janLead = await customer.api.request('GET', `/autopilot/leads/${janId}`);
    expect(janLead.status).toBe(200);
    const janTimeline = janLead.body.timeline as TimelineEntry[];
    expect(touchesIn(janTimeline)).toEqual([
      [1, 'linkedin', 'connection_request', 'sent', null],
      [2, 'email', 'email', 'sent', null],
      [3, 'whatsapp', 'message', 'sent', null],
      [4, 'telegram', 'message', 'sent', null],
      [5, 'linkedin', 'message', 'sent', null],
      [6, 'email', 'email', 'cancelled', null],
    ]);
    expect(eventsIn(janTimeline)).toEqual([
      ['connection', 'linkedin', 'recorded', null],
      ['reply', 'telegram', 'ended_lead', 'replied'],
    ]);
    expect(janTimeline.find((entry) => entry.type === 'ended')).toMatchObject({ outcome: 'Responded', end_reason: 'replied' });

    const olaLead = await customer.api.request('GET', `/autopilot/leads/${olaId}`);
    expect(touchesIn(olaLead.body.timeline as TimelineEntry[])).toEqual([
      [1, 'linkedin', 'connection_request', 'skipped', 'already_connected'],
      [2, 'email', 'email', 'sent', null],
      [3, 'whatsapp', 'message', 'skipped', 'no_phone_number'],
      [4, 'telegram', 'message', 'skipped', 'no_chat_username'],
      [5, 'linkedin', 'message', 'sent', null],
      [6, 'email', 'email', 'sent', null],
    ]);
    expect(unipile.unexpected).toEqual([]);
    expect(unipile.deliveries.filter((delivery) => delivery.status !== 200)).toEqual([]);
  }, 120_000);

  it('a seat Unipile disconnects holds its touches until it is back; a 429 waits for its Retry-After; an unknown profile and a Telegram privacy refusal are skipped', async () => {
    const customer = await newCustomer();
    const seats = { linkedin: unipile.addAccount('LINKEDIN'), whatsapp: unipile.addAccount('WHATSAPP', { name: 'Anna (WhatsApp)' }), telegram: unipile.addAccount('TELEGRAM') };
    await addSeat(customer, 'linkedin', seats.linkedin);
    await addSeat(customer, 'whatsapp', seats.whatsapp);
    await addSeat(customer, 'telegram', seats.telegram);
    await webhooksRegistered();
    // Eva's LinkedIn URL names no profile Unipile can return; her Telegram settings refuse strangers.
    const evaWhatsapp = unipile.addPerson('WHATSAPP', '+49 151 2345 6789', { firstName: 'Eva' });
    unipile.addPerson('TELEGRAM', 'eva_private', { firstName: 'Eva', refusesStrangers: true });

    clock.set('2030-05-13T09:59:00Z');
    const steps = [FOUR_CHANNELS[0]!, step(2, 'whatsapp', 'message', 'A short note on WhatsApp'), step(3, 'telegram', 'message', 'A short note on Telegram')];
    const put = await customer.api.put('Three channels', catchAll('Three channels', { channels: ['linkedin', 'whatsapp', 'telegram'], sequence: steps }));
    expect(put.status, JSON.stringify(put.body)).toBe(201);
    clock.set('2030-05-13T10:00:00Z');
    const evaId = await customer.enrol('eva', {
      email: 'eva@lead.test',
      country: 'Germany',
      linkedin_url: 'https://www.linkedin.com/in/eva-not-on-linkedin',
      mobilephone: '0151 23456789',
      telegram: 'https://t.me/eva_private',
    });

    // Day 1: Unipile answers 404 for the profile: skipped, profile not returned.
    await runDay(customer, '2030-05-13T10:02:00Z');
    expect((await touchesOf(pool(), evaId))[0]).toMatchObject({ state: 'skipped', skip_reason: 'profile_not_returned' });

    // The WhatsApp account loses its session: Unipile's account_status webhook marks the seat disconnected.
    expect((await unipile.setAccountStatus(seats.whatsapp.id, 'CREDENTIALS')).map((delivery) => delivery.status)).toEqual([200]);
    const seatOf = async () =>
      ((await customer.api.request('GET', '/seats')).body.seats as { unipile_account_id: string; status: string; status_detail: string | null }[]).find(
        (seat) => seat.unipile_account_id === seats.whatsapp.id,
      )!;
    expect(await seatOf()).toMatchObject({ status: 'disconnected', status_detail: expect.any(String) });

    // Day 2: the WhatsApp touch is held, with a reason that names the seat; nothing reaches Unipile.
    const chatsBefore = unipile.calls('startChat');
    await runDay(customer, '2030-05-14T08:00:00Z');
    const held = (await touchesOf(pool(), evaId))[1]!;
    expect(held).toMatchObject({ state: 'scheduled', held_reason: expect.stringContaining('Anna (whatsapp) is disconnected') });
    expect(unipile.calls('startChat')).toBe(chatsBefore);

    // Connected again (the webhook says OK): the touch is due at once; Unipile then answers 429 with Retry-After: 600.
    unipile.failNext('startChat', { status: 429, type: 'errors/too_many_requests', retryAfterSeconds: 600 });
    clock.set('2030-05-14T08:30:00Z');
    expect((await unipile.setAccountStatus(seats.whatsapp.id, 'OK')).map((delivery) => delivery.status)).toEqual([200]);
    expect(await seatOf()).toMatchObject({ status: 'connected', status_detail: null });
    await runDay(customer, '2030-05-14T08:30:00Z');
    const rateLimited = (await touchesOf(pool(), evaId))[1]!;
    expect(rateLimited).toMatchObject({ state: 'scheduled', held_reason: expect.stringContaining('too many requests') });
    expect(rateLimited.due_at.getTime()).toBeGreaterThanOrEqual(new Date('2030-05-14T08:40:00Z').getTime());

    // Ten minutes later it goes, to the number read in E.164 from her country.
    await runDay(customer, '2030-05-14T08:41:00Z');
    const sent = (await touchesOf(pool(), evaId))[1]!;
    expect(sent).toMatchObject({ state: 'sent' });
    // The text went as multipart/form-data, which carries line breaks as CRLF.
    const texts = unipile.chats
      .find((chat) => chat.accountId === seats.whatsapp.id && chat.attendeeProviderId === evaWhatsapp.providerId)
      ?.messages.map((message) => message.text.replaceAll('\r\n', '\n'));
    expect(texts).toEqual([sent.body]);

    // Day 3: Telegram will not open a conversation with her: skipped, no chat-app username to write to.
    await runDay(customer, '2030-05-15T08:00:00Z');
    const lead = await customer.api.request('GET', `/autopilot/leads/${evaId}`);
    const timeline = lead.body.timeline as TimelineEntry[];
    expect(touchesIn(timeline)).toEqual([
      [1, 'linkedin', 'connection_request', 'skipped', 'profile_not_returned'],
      [2, 'whatsapp', 'message', 'sent', null],
      [3, 'telegram', 'message', 'skipped', 'no_chat_username'],
    ]);
    expect(unipile.deliveries.filter((delivery) => delivery.status !== 200)).toEqual([]);
  }, 120_000);

  it('a WhatsApp reply whose webhook never arrived is found by the catch-up poll and ends the lead', async () => {
    const customer = await newCustomer();
    const mailbox = await customer.api.request('POST', '/mailboxes', { body: mailboxBody(smtp.port, null) });
    expect(mailbox.status, JSON.stringify(mailbox.body)).toBe(201);
    const whatsapp = unipile.addAccount('WHATSAPP');
    await addSeat(customer, 'whatsapp', whatsapp);
    await webhooksRegistered();
    const piotr = unipile.addPerson('WHATSAPP', '+48 602 111 222', { firstName: 'Piotr' });

    clock.set('2030-05-13T09:59:00Z');
    const steps = [step(1, 'whatsapp', 'message', 'A short note on WhatsApp'), step(2, 'email', 'email', 'Their invoice approvals', 'Their invoice approvals')];
    expect((await customer.api.put('Catch-up', catchAll('Catch-up', { channels: ['whatsapp', 'email'], sequence: steps }))).status).toBe(201);
    clock.set('2030-05-13T10:00:00Z');
    const piotrId = await customer.enrol('piotr', { email: 'piotr@lead.test', country: 'Poland', phone: '+48 602 111 222' });
    await runDay(customer, '2030-05-13T10:02:00Z');
    expect((await touchesOf(pool(), piotrId)).map((touch) => touch.state)).toEqual(['sent', 'scheduled']);

    // Piotr answers while the engine cannot be reached: Unipile's webhook never arrives.
    clock.set('2030-05-13T15:00:00Z');
    const { deliveries } = await unipile.receiveMessage(whatsapp.id, piotr, 'Chętnie, proszę o telefon.', { missed: true });
    expect(deliveries).toEqual([]);
    expect(await leadOf(pool(), piotrId)).toEqual({ outcome: 'Active', end_reason: null });

    // The catch-up poll (the cron queues it every 10 minutes for each connected seat) reads the seat's messages since its last read.
    const seatId = ((await customer.api.request('GET', '/seats')).body.seats as { id: number; unipile_account_id: string }[]).find((seat) => seat.unipile_account_id === whatsapp.id)!.id;
    await addJob(pool(), 'unipile_catch_up_seat', { seatId }, { jobKey: `unipile_catch_up:${seatId}`, queueName: `unipile_inbound:${seatId}`, maxAttempts: 1 });
    await until('the catch-up to run', async () => (await pool().query(`SELECT 1 FROM graphile_worker.jobs WHERE key = $1`, [`unipile_catch_up:${seatId}`])).rowCount === 0);
    expect(unipile.calls('messages')).toBeGreaterThan(0);
    expect(await leadOf(pool(), piotrId)).toEqual({ outcome: 'Responded', end_reason: 'replied' });
    const touches = await touchesOf(pool(), piotrId);
    expect(touches.map((touch) => touch.state)).toEqual(['sent', 'cancelled']);
    expect(
      await jobsOf(
        pool(),
        touches.map((touch) => touch.id),
      ),
    ).toEqual([]);
    const timeline = (await customer.api.request('GET', `/autopilot/leads/${piotrId}`)).body.timeline as TimelineEntry[];
    expect(eventsIn(timeline)).toEqual([['reply', 'whatsapp', 'ended_lead', 'replied']]);
  }, 120_000);
});
