import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { unipileInboundSettings } from '../../../../src/autopilot/channels/unipile/inbound/settings.ts';
import { unipileInbound } from '../../../../src/autopilot/channels/unipile/inbound/unipileInbound.ts';
import { leadSignals } from '../../../../src/autopilot/outcomes/signals.ts';
import { unipileConnection } from '../../../../src/integrations/unipile/settings.ts';
import { createLogger } from '../../../../src/platform/logger.ts';
import { useNock } from '../../../support/nock.ts';
import { seedLead } from '../email/support.ts';
import { events, leadRow, queuedJobs, touchStates, useOutcomesEngine } from '../../outcomes/support.ts';
import {
  accountStatus,
  addSeat,
  addThread,
  API_KEY,
  deliver,
  DSN,
  inboundOf,
  jobHelpers,
  listedMessage,
  listedRelation,
  messageReceived,
  newRelation,
  seatRow,
  threadOf,
  UNIPILE_ENV,
} from './support.ts';

/**
 * The inbound side of the professional network, the messaging app and the chat app: Unipile's webhooks
 * on the engine's open route, and the catch-up poll against Unipile's documented lists (nock).
 */
const { clock, fixture, newCustomer } = useOutcomesEngine({ env: UNIPILE_ENV });
const pool = () => fixture.engine.pool;
const url = () => fixture.engine.url;
const log = createLogger('silent', 2);
const tasks = () =>
  unipileInbound({ clock }).tasks({ pool: pool(), log, settings: unipileInboundSettings(UNIPILE_ENV), connection: unipileConnection(UNIPILE_ENV), signals: leadSignals(pool(), clock) });

useNock();
beforeAll(() => {
  nock.disableNetConnect();
  nock.enableNetConnect((host) => host.startsWith('127.0.0.1') || host.startsWith('localhost'));
});
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

/** A lead with a LinkedIn message, an e-mail and a WhatsApp message queued, and a seat per network channel. */
async function leadOnEveryChannel(overrides: Parameters<Awaited<ReturnType<typeof newCustomer>>['autopilot']>[0] = {}) {
  const customer = await newCustomer();
  const autopilotId = await customer.autopilot({ channels: ['email', 'linkedin'], ...overrides });
  const lead = await customer.lead(autopilotId, [
    { channel: 'linkedin', kind: 'message' },
    { channel: 'email', day: 2 },
    { channel: 'whatsapp', kind: 'message', day: 3 },
  ]);
  const linkedin = await addSeat(pool(), customer.accountId, 'linkedin');
  const whatsapp = await addSeat(pool(), customer.accountId, 'whatsapp');
  return { customer, autopilotId, lead, linkedin, whatsapp };
}

describe('a reply by webhook', () => {
  it('ends the lead (Responded, replied) and takes every queued touch off, jobs included; what it was is recorded per seat', async () => {
    const { lead, linkedin } = await leadOnEveryChannel();
    await addThread(pool(), linkedin, lead.leadId, { personId: 'ACoAAJana', chatId: 'chat-jana' });
    clock.advance({ hours: 2 });

    const reply = await deliver(url(), messageReceived(linkedin, { id: 'msg-1', chatId: 'chat-jana', from: 'ACoAAJana', text: 'Happy to talk on Thursday.', at: clock.now() }));

    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ result: 'reply', lead_id: lead.leadId });
    expect(await leadRow(pool(), lead.leadId)).toMatchObject({ outcome: 'Responded', end_reason: 'replied', ended_at: clock.now() });
    expect(await touchStates(pool(), lead.leadId)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(await queuedJobs(pool(), lead.touchIds)).toBe(0);
    expect(await events(pool(), lead.leadId)).toEqual([{ kind: 'reply', effect: 'ended_lead', end_reason: 'replied', detail: { text: 'Happy to talk on Thursday.' } }]);
    expect(await inboundOf(pool(), linkedin.id)).toEqual([{ event_key: 'message:msg-1', kind: 'reply', lead_id: lead.leadId, via: 'webhook' }]);
  });

  it('delivered again, or late after the lead ended, changes nothing', async () => {
    const { lead, linkedin } = await leadOnEveryChannel();
    await addThread(pool(), linkedin, lead.leadId, { personId: 'ACoAAJana', chatId: 'chat-jana' });
    const first = messageReceived(linkedin, { id: 'msg-1', chatId: 'chat-jana', from: 'ACoAAJana' });
    expect((await deliver(url(), first)).body).toMatchObject({ result: 'reply' });
    const ended = await leadRow(pool(), lead.leadId);

    clock.advance({ hours: 1 });
    expect((await deliver(url(), first)).body).toMatchObject({ result: 'seen' });
    // A second message after the end: kept on the timeline, the end stays as it was.
    const late = await deliver(url(), messageReceived(linkedin, { id: 'msg-2', chatId: 'chat-jana', from: 'ACoAAJana', text: 'Also: Friday works.' }));
    expect(late.body).toMatchObject({ result: 'reply', lead_id: lead.leadId });

    expect(await leadRow(pool(), lead.leadId)).toEqual(ended);
    expect((await events(pool(), lead.leadId)).map((event) => event.effect)).toEqual(['ended_lead', 'lead_ended']);
    expect(await touchStates(pool(), lead.leadId)).toEqual(['cancelled', 'cancelled', 'cancelled']);
  });

  it('on the messaging app is placed by its sender when the chat is new to the engine (a reply from another device opens one)', async () => {
    const { lead, whatsapp } = await leadOnEveryChannel();
    await addThread(pool(), whatsapp, lead.leadId, { personId: '4915112345678@s.whatsapp.net', chatId: 'chat-wa-1' });
    const reply = await deliver(url(), messageReceived(whatsapp, { id: 'wa-1', chatId: 'chat-wa-other', from: '4915112345678@s.whatsapp.net', text: 'Ja, gerne.' }));
    expect(reply.body).toMatchObject({ result: 'reply', lead_id: lead.leadId });
    expect(await events(pool(), lead.leadId)).toMatchObject([{ kind: 'reply', effect: 'ended_lead', end_reason: 'replied' }]);
    const { rows } = await pool().query('SELECT channel FROM autopilot_lead_events WHERE lead_id = $1', [lead.leadId]);
    expect(rows).toEqual([{ channel: 'whatsapp' }]);
  });

  it('on the chat app is placed by its chat', async () => {
    const customer = await newCustomer();
    const lead = await customer.lead(await customer.autopilot({ channels: ['email', 'linkedin'] }), [
      { channel: 'telegram', kind: 'message' },
      { channel: 'email', day: 2 },
    ]);
    const telegram = await addSeat(pool(), customer.accountId, 'telegram');
    await addThread(pool(), telegram, lead.leadId, { personId: '5123456789', chatId: 'tg-chat-1' });
    const reply = await deliver(url(), messageReceived(telegram, { id: 'tg-1', chatId: 'tg-chat-1', from: '5123456789', text: 'Interesting, tell me more.' }));
    expect(reply.body).toMatchObject({ result: 'reply', lead_id: lead.leadId });
    expect(await leadRow(pool(), lead.leadId)).toMatchObject({ outcome: 'Responded', end_reason: 'replied' });
    expect(await touchStates(pool(), lead.leadId)).toEqual(['cancelled', 'cancelled']);
  });

  it('with the stop condition "reply" off is recorded and the sequence goes on', async () => {
    const { lead, linkedin } = await leadOnEveryChannel({ stop_conditions: { reply: false, call_connected: true, meeting_booked: true, invite_accepted: false, property_changes: [] } });
    await addThread(pool(), linkedin, lead.leadId, { personId: 'ACoAAJana', chatId: 'chat-jana' });
    expect((await deliver(url(), messageReceived(linkedin, { id: 'msg-1', chatId: 'chat-jana', from: 'ACoAAJana' }))).body).toMatchObject({ result: 'reply' });
    expect(await leadRow(pool(), lead.leadId)).toMatchObject({ outcome: 'Active', end_reason: null });
    expect(await touchStates(pool(), lead.leadId)).toEqual(['scheduled', 'scheduled', 'scheduled']);
    expect(await events(pool(), lead.leadId)).toMatchObject([{ kind: 'reply', effect: 'recorded' }]);
  });
});

describe('messages that are no reply', () => {
  it("a message the seat itself sent (is_sender, the account's own id as sender, a touch's message id) leaves the lead as it was", async () => {
    const { lead, linkedin } = await leadOnEveryChannel();
    await addThread(pool(), linkedin, lead.leadId, { personId: 'ACoAAJana', chatId: 'chat-jana' });
    const bySender = await deliver(url(), messageReceived(linkedin, { id: 'own-1', chatId: 'chat-jana', from: 'ACoAASeat', ownId: 'ACoAASeat', text: 'Hi Jana, ...' }));
    const byFlag = await deliver(url(), messageReceived(linkedin, { id: 'own-2', chatId: 'chat-jana', from: 'ACoAASeat', ownId: 'other', isSender: true }));
    // The touch the engine sent, told by its message id alone (no is_sender, no account_info).
    await pool().query(`UPDATE autopilot_touches SET state = 'sent', message_id = 'touch-msg-9', sent_at = $2, ended_at = $2 WHERE id = $1`, [lead.touchIds[0], clock.now()]);
    const { account_info: _own, ...anonymous } = messageReceived(linkedin, { id: 'touch-msg-9', chatId: 'chat-jana', from: 'ACoAASeat' });
    const byTouch = await deliver(url(), anonymous);
    expect([bySender.body, byFlag.body, byTouch.body]).toMatchObject([
      { result: 'own_message', lead_id: lead.leadId },
      { result: 'own_message', lead_id: lead.leadId },
      { result: 'own_message', lead_id: lead.leadId },
    ]);
    expect(await leadRow(pool(), lead.leadId)).toMatchObject({ outcome: 'Active' });
    expect(await touchStates(pool(), lead.leadId)).toEqual(['sent', 'scheduled', 'scheduled']);
    expect(await events(pool(), lead.leadId)).toEqual([]);
  });

  it("someone no lead's thread knows is recorded unmatched; an account that is no seat is answered and nothing recorded", async () => {
    const { lead, linkedin } = await leadOnEveryChannel();
    await addThread(pool(), linkedin, lead.leadId, { personId: 'ACoAAJana', chatId: 'chat-jana' });
    const stranger = await deliver(url(), messageReceived(linkedin, { id: 'x-1', chatId: 'chat-recruiter', from: 'ACoAARecruiter' }));
    expect(stranger).toMatchObject({ status: 200, body: { result: 'unmatched', lead_id: null } });
    const elsewhere = await deliver(url(), messageReceived({ ...linkedin, unipileAccountId: 'research-account' }, { id: 'x-2', chatId: 'chat-jana', from: 'ACoAAJana' }));
    expect(elsewhere).toMatchObject({ status: 200, body: { result: 'unknown_seat' } });
    expect(await inboundOf(pool(), linkedin.id)).toEqual([{ event_key: 'message:x-1', kind: 'unmatched', lead_id: null, via: 'webhook' }]);
    expect(await leadRow(pool(), lead.leadId)).toMatchObject({ outcome: 'Active' });
  });
});

describe('an accepted connection request (new_relation)', () => {
  const invitingAutopilot = {
    channels: ['linkedin'] as ('linkedin' | 'email')[],
    sequence: [{ day: 1, channel: 'linkedin' as const, kind: 'connection_request' as const, angle: 'A friendly request.', signals: [] }],
  };

  it('with the stop condition invite_accepted on is a win, and the thread is connected', async () => {
    const customer = await newCustomer();
    const autopilotId = await customer.autopilot({ ...invitingAutopilot, stop_conditions: { reply: true, call_connected: true, meeting_booked: true, invite_accepted: true, property_changes: [] } });
    const lead = await customer.lead(autopilotId, [
      { channel: 'linkedin', kind: 'connection_request' },
      { channel: 'linkedin', kind: 'message', day: 4 },
    ]);
    const seat = await addSeat(pool(), customer.accountId, 'linkedin');
    await addThread(pool(), seat, lead.leadId, { personId: 'ACoAAJana', invitedAt: clock.now() });
    clock.advance({ days: 1 });

    const accepted = await deliver(url(), newRelation(seat, 'ACoAAJana'));
    expect(accepted.body).toMatchObject({ result: 'invite_accepted', lead_id: lead.leadId });
    expect(await leadRow(pool(), lead.leadId)).toMatchObject({ outcome: 'Responded', end_reason: 'invite_accepted' });
    expect(await touchStates(pool(), lead.leadId)).toEqual(['cancelled', 'cancelled']);
    expect(await threadOf(pool(), lead.leadId, 'linkedin')).toEqual({ connected_at: clock.now() });

    // Delivered again (Unipile retries): nothing more.
    clock.advance({ hours: 1 });
    expect((await deliver(url(), newRelation(seat, 'ACoAAJana'))).body).toMatchObject({ result: 'seen' });
    expect(await events(pool(), lead.leadId)).toEqual([{ kind: 'connection', effect: 'ended_lead', end_reason: 'invite_accepted', detail: {} }]);
    expect(await threadOf(pool(), lead.leadId, 'linkedin')).toEqual({ connected_at: new Date(clock.now().getTime() - 3_600_000) });
  });

  it('with it off is recorded as a connection, the sequence goes on; a relation we never asked for is only a connection', async () => {
    const customer = await newCustomer();
    const autopilotId = await customer.autopilot(invitingAutopilot);
    const invited = await customer.lead(autopilotId, [
      { channel: 'linkedin', kind: 'connection_request' },
      { channel: 'linkedin', kind: 'message', day: 4 },
    ]);
    const messaged = await customer.lead(autopilotId, [{ channel: 'linkedin', kind: 'message' }]);
    const seat = await addSeat(pool(), customer.accountId, 'linkedin');
    await addThread(pool(), seat, invited.leadId, { personId: 'ACoAAJana', invitedAt: clock.now() });
    await addThread(pool(), seat, messaged.leadId, { personId: 'ACoAAMax', chatId: 'chat-max' });

    expect((await deliver(url(), newRelation(seat, 'ACoAAJana'))).body).toMatchObject({ result: 'invite_accepted', lead_id: invited.leadId });
    expect(await leadRow(pool(), invited.leadId)).toMatchObject({ outcome: 'Active', end_reason: null });
    expect(await touchStates(pool(), invited.leadId)).toEqual(['scheduled', 'scheduled']);
    expect(await events(pool(), invited.leadId)).toMatchObject([{ kind: 'connection', effect: 'recorded' }]);
    expect((await threadOf(pool(), invited.leadId, 'linkedin')).connected_at).toEqual(clock.now());

    expect((await deliver(url(), newRelation(seat, 'ACoAAMax', 'max-roth'))).body).toMatchObject({ result: 'connection', lead_id: messaged.leadId });
    expect(await events(pool(), messaged.leadId)).toEqual([]);
    expect((await threadOf(pool(), messaged.leadId, 'linkedin')).connected_at).toEqual(clock.now());
    expect((await deliver(url(), newRelation(seat, 'ACoAANobody', 'nobody'))).body).toMatchObject({ result: 'unmatched' });
  });
});

describe('the secret header', () => {
  it('missing or wrong is 401 and nothing is read', async () => {
    const { lead, linkedin } = await leadOnEveryChannel();
    await addThread(pool(), linkedin, lead.leadId, { personId: 'ACoAAJana', chatId: 'chat-jana' });
    const body = messageReceived(linkedin, { id: 'msg-1', chatId: 'chat-jana', from: 'ACoAAJana' });
    const attempts: Record<string, string>[] = [
      {},
      { 'Unipile-Auth': 'wrong-secret-of-the-same-length!!' },
      { 'Unipile-Auth': `${UNIPILE_ENV.UNIPILE_WEBHOOK_SECRET}x` },
      { 'X-Unipile-Auth': UNIPILE_ENV.UNIPILE_WEBHOOK_SECRET },
    ];
    for (const headers of attempts) {
      const refused = await deliver(url(), body, headers);
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ error: 'invalid_webhook_secret' });
    }
    expect(await inboundOf(pool(), linkedin.id)).toEqual([]);
    expect(await leadRow(pool(), lead.leadId)).toMatchObject({ outcome: 'Active' });
  });
});

describe('bodies that are not what Unipile documents', () => {
  it('are 400 when not JSON, 415 when text, and otherwise answered 200 "ignored": never a 500, never a change', async () => {
    const { lead, linkedin } = await leadOnEveryChannel();
    await addThread(pool(), linkedin, lead.leadId, { personId: 'ACoAAJana', chatId: 'chat-jana' });
    const headers = { 'Unipile-Auth': UNIPILE_ENV.UNIPILE_WEBHOOK_SECRET, 'content-type': 'application/json' };
    const raw = (text: string, contentType = 'application/json') => fetch(`${url()}/unipile/webhooks`, { method: 'POST', headers: { ...headers, 'content-type': contentType }, body: text });
    expect((await raw('{"event": "message_received",')).status).toBe(400);
    expect((await raw('event=message_received', 'text/plain')).status).toBe(415);

    const valid = messageReceived(linkedin, { id: 'fuzz', chatId: 'chat-jana', from: 'ACoAAJana' }) as Record<string, unknown>;
    const odd: unknown[] = [
      null,
      0,
      'message_received',
      [],
      [valid],
      {},
      { event: 42 },
      { ...valid, event: 'message_reaction', reaction: '👍' },
      { AccountStatus: 'CREDENTIALS' },
      { AccountStatus: { account_id: linkedin.unipileAccountId } },
    ];
    // Each field of a valid message dropped or turned into another type; deterministic.
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const oddValues = [null, 12, true, '', [], {}, 'x'.repeat(5000)];
    for (const field of ['account_id', 'chat_id', 'message_id', 'sender', 'event']) {
      const { [field]: _dropped, ...without } = valid;
      odd.push(without);
      for (let i = 0; i < 3; i++) odd.push({ ...valid, [field]: oddValues[Math.floor(next() * oddValues.length)] });
    }
    odd.push({ ...valid, sender: { attendee_provider_id: 7 } }, { ...newRelation(linkedin, 'ACoAAJana'), user_provider_id: ['ACoAAJana'] });

    for (const body of odd) {
      const reply = await fetch(`${url()}/unipile/webhooks`, { method: 'POST', headers, body: JSON.stringify(body) });
      expect(reply.status, JSON.stringify(body).slice(0, 200)).toBe(200);
      expect(await reply.json()).toMatchObject({ result: 'ignored' });
    }
    // An empty body is no event either.
    expect((await fetch(`${url()}/unipile/webhooks`, { method: 'POST', headers: { 'Unipile-Auth': UNIPILE_ENV.UNIPILE_WEBHOOK_SECRET } })).status).toBe(200);

    expect(await inboundOf(pool(), linkedin.id)).toEqual([]);
    expect(await leadRow(pool(), lead.leadId)).toMatchObject({ outcome: 'Active' });
    expect(await events(pool(), lead.leadId)).toEqual([]);
  });
});

describe('account status', () => {
  it('CREDENTIALS disconnects the seat, a passing state changes nothing, OK connects it again and catches it up at once', async () => {
    const { linkedin } = await leadOnEveryChannel();
    const disconnected = await deliver(url(), accountStatus(linkedin, 'CREDENTIALS'));
    expect(disconnected.body).toEqual({ result: 'seat_disconnected', seat_id: linkedin.id });
    expect(await seatRow(pool(), linkedin.id)).toMatchObject({ status: 'disconnected', status_detail: 'Unipile reports CREDENTIALS: the account must be signed in again' });
    expect((await deliver(url(), accountStatus(linkedin, 'CREDENTIALS'))).body).toMatchObject({ result: 'unchanged' });
    expect((await deliver(url(), accountStatus(linkedin, 'CONNECTING'))).body).toMatchObject({ result: 'ignored' });
    expect(await seatRow(pool(), linkedin.id)).toMatchObject({ status: 'disconnected' });

    clock.advance({ minutes: 30 });
    expect((await deliver(url(), accountStatus(linkedin, 'OK'))).body).toEqual({ result: 'seat_connected', seat_id: linkedin.id });
    expect(await seatRow(pool(), linkedin.id)).toMatchObject({ status: 'connected', status_detail: null });
    const { rows } = await pool().query(`SELECT key, queue_name FROM graphile_worker.jobs WHERE task_identifier = 'unipile_catch_up_seat' AND key = $1`, [`unipile_catch_up:${linkedin.id}`]);
    expect(rows).toEqual([{ key: `unipile_catch_up:${linkedin.id}`, queue_name: `unipile_inbound:${linkedin.id}` }]);
    expect((await deliver(url(), accountStatus({ ...linkedin, unipileAccountId: 'not-a-seat' }, 'STOPPED'))).body).toMatchObject({ result: 'unknown_seat' });
  });
});

describe('the catch-up poll after downtime', () => {
  it('finds the reply no webhook brought, moves its place, and a webhook delivered later changes nothing', async () => {
    const customer = await newCustomer();
    const autopilotId = await customer.autopilot({ channels: ['email', 'linkedin'] });
    const lead = await customer.lead(autopilotId, [{ channel: 'email' }, { channel: 'linkedin', kind: 'message', day: 2 }]);
    const quiet = await customer.lead(autopilotId, [{ channel: 'email' }]);
    const seat = await addSeat(pool(), customer.accountId, 'linkedin', { createdAt: clock.now() });
    await addThread(pool(), seat, lead.leadId, { personId: 'ACoAAJana', chatId: 'chat-jana' });
    const createdAt = clock.now();

    // The engine was down for three hours; the reply came meanwhile.
    clock.advance({ hours: 3 });
    const repliedAt = new Date(createdAt.getTime() + 3_600_000);
    const page1 = [
      listedMessage(seat, { id: 'm-3', chatId: 'chat-jana', from: 'ACoAAJana', text: 'Call me tomorrow.', at: repliedAt }),
      listedMessage(seat, { id: 'm-2', chatId: 'chat-jana', from: 'ACoAASeat', at: new Date(repliedAt.getTime() - 60_000), isSender: true }),
    ];
    const page2 = [listedMessage(seat, { id: 'm-1', chatId: 'chat-other', from: 'ACoAARecruiter', at: new Date(createdAt.getTime() + 60_000) })];
    const after = new Date(createdAt.getTime() - 10 * 60_000).toISOString();
    const scope = nock(DSN, { reqheaders: { 'x-api-key': API_KEY } })
      .get('/api/v1/messages')
      .query({ account_id: seat.unipileAccountId, after, limit: '250' })
      .reply(200, { object: 'MessageList', items: page1, cursor: 'page-2' })
      .get('/api/v1/messages')
      .query({ account_id: seat.unipileAccountId, after, limit: '250', cursor: 'page-2' })
      .reply(200, { object: 'MessageList', items: page2, cursor: null });

    await tasks().unipile_catch_up_seat!({ seatId: seat.id }, jobHelpers());

    expect(scope.isDone()).toBe(true);
    expect(await leadRow(pool(), lead.leadId)).toMatchObject({ outcome: 'Responded', end_reason: 'replied', ended_at: clock.now() });
    const { rows: replied } = await pool().query('SELECT occurred_at FROM autopilot_lead_events WHERE lead_id = $1', [lead.leadId]);
    expect(replied).toEqual([{ occurred_at: repliedAt }]);
    expect(await touchStates(pool(), lead.leadId)).toEqual(['cancelled', 'cancelled']);
    expect(await leadRow(pool(), quiet.leadId)).toMatchObject({ outcome: 'Active' });
    expect(await inboundOf(pool(), seat.id)).toEqual([
      { event_key: 'message:m-1', kind: 'unmatched', lead_id: null, via: 'poll' },
      { event_key: 'message:m-2', kind: 'own_message', lead_id: lead.leadId, via: 'poll' },
      { event_key: 'message:m-3', kind: 'reply', lead_id: lead.leadId, via: 'poll' },
    ]);
    expect((await seatRow(pool(), seat.id)).inbound_read_at).toEqual(clock.now());

    // Unipile delivers the webhook it had queued once the engine is back.
    expect((await deliver(url(), messageReceived(seat, { id: 'm-3', chatId: 'chat-jana', from: 'ACoAAJana' }))).body).toMatchObject({ result: 'seen' });

    // The next poll starts ten minutes before the last one, sees m-3 again, and changes nothing.
    const readAt = clock.now();
    clock.advance({ minutes: 10 });
    const again = nock(DSN)
      .get('/api/v1/messages')
      .query({ account_id: seat.unipileAccountId, after: new Date(readAt.getTime() - 10 * 60_000).toISOString(), limit: '250' })
      .reply(200, { object: 'MessageList', items: [page1[0]], cursor: null });
    await tasks().unipile_catch_up_seat!({ seatId: seat.id }, jobHelpers());
    expect(again.isDone()).toBe(true);
    expect(await events(pool(), lead.leadId)).toEqual([{ kind: 'reply', effect: 'ended_lead', end_reason: 'replied', detail: { text: 'Call me tomorrow.' } }]);
  });

  it('reads relations while a connection request waits (at most every four hours) and finds the acceptance; a failed read keeps its place', async () => {
    const customer = await newCustomer();
    const autopilotId = await customer.autopilot({
      channels: ['linkedin'],
      sequence: [{ day: 1, channel: 'linkedin', kind: 'connection_request', angle: 'A friendly request.', signals: [] }],
      stop_conditions: { reply: true, call_connected: true, meeting_booked: true, invite_accepted: true, property_changes: [] },
    });
    const lead = await customer.lead(autopilotId, [
      { channel: 'linkedin', kind: 'connection_request' },
      { channel: 'linkedin', kind: 'message', day: 5 },
    ]);
    const seat = await addSeat(pool(), customer.accountId, 'linkedin', { createdAt: clock.now() });
    const invitedAt = clock.now();
    await addThread(pool(), seat, lead.leadId, { personId: 'ACoAAJana', invitedAt });
    clock.advance({ hours: 5 });
    const acceptedAt = new Date(invitedAt.getTime() + 2 * 3_600_000);
    const messagesAfter = new Date(invitedAt.getTime() - 10 * 60_000).toISOString();

    // Unipile fails the relations: the messages' place moves, the relations' does not.
    const failing = nock(DSN)
      .get('/api/v1/messages')
      .query({ account_id: seat.unipileAccountId, after: messagesAfter, limit: '250' })
      .reply(200, { object: 'MessageList', items: [], cursor: null })
      .get('/api/v1/users/relations')
      .query({ account_id: seat.unipileAccountId, limit: '100' })
      .reply(403, { status: 403, type: 'errors/insufficient_permissions', title: 'Insufficient permissions' });
    await tasks().unipile_catch_up_seat!({ seatId: seat.id }, jobHelpers());
    expect(failing.isDone()).toBe(true);
    expect(await seatRow(pool(), seat.id)).toMatchObject({ inbound_read_at: clock.now(), relations_read_at: null });
    expect(await leadRow(pool(), lead.leadId)).toMatchObject({ outcome: 'Active' });

    clock.advance({ minutes: 10 });
    const scope = nock(DSN)
      .get('/api/v1/messages')
      .query(true)
      .reply(200, { object: 'MessageList', items: [], cursor: null })
      .get('/api/v1/users/relations')
      .query({ account_id: seat.unipileAccountId, limit: '100' })
      .reply(200, {
        object: 'UserRelationsList',
        items: [listedRelation('ACoAAJana', acceptedAt), listedRelation('ACoAAOld', new Date(invitedAt.getTime() - 86_400_000), 'old-friend')],
        cursor: 'more',
      });
    await tasks().unipile_catch_up_seat!({ seatId: seat.id }, jobHelpers());
    // The list is newest first: it stops at the first relation older than the request, without the next page.
    expect(scope.isDone()).toBe(true);
    expect(await leadRow(pool(), lead.leadId)).toMatchObject({ outcome: 'Responded', end_reason: 'invite_accepted', ended_at: clock.now() });
    expect(await threadOf(pool(), lead.leadId, 'linkedin')).toEqual({ connected_at: acceptedAt });
    expect(await seatRow(pool(), seat.id)).toMatchObject({ relations_read_at: clock.now() });

    // The webhook, up to 8 hours late, changes nothing.
    expect((await deliver(url(), newRelation(seat, 'ACoAAJana'))).body).toMatchObject({ result: 'seen' });

    // Relations are read only while a request waits, and at most every four hours.
    const poll = async () => {
      clock.advance({ minutes: 10 });
      const messages = nock(DSN).get('/api/v1/messages').query(true).reply(200, { object: 'MessageList', items: [], cursor: null });
      const relations = nock(DSN).get('/api/v1/users/relations').query(true).reply(200, { object: 'UserRelationsList', items: [], cursor: null });
      await tasks().unipile_catch_up_seat!({ seatId: seat.id }, jobHelpers());
      expect(messages.isDone()).toBe(true);
      const read = relations.isDone();
      nock.cleanAll();
      return read;
    };
    expect(await poll()).toBe(false);
    const next = await customer.lead(autopilotId, [{ channel: 'linkedin', kind: 'connection_request' }]);
    await addThread(pool(), seat, next.leadId, { personId: 'ACoAAMax', invitedAt: clock.now() });
    expect(await poll()).toBe(false);
    clock.advance({ hours: 4 });
    expect(await poll()).toBe(true);
  });

  it('a read Unipile refuses because the account is lost marks the seat disconnected and keeps its place', async () => {
    const customer = await newCustomer();
    const seat = await addSeat(pool(), customer.accountId, 'whatsapp', { createdAt: clock.now() });
    clock.advance({ hours: 1 });
    const refused = nock(DSN)
      .get('/api/v1/messages')
      .query(true)
      .reply(401, { status: 401, type: 'errors/disconnected_account', title: 'Disconnected account', detail: 'The account appears to be disconnected from the provider service.' });
    await tasks().unipile_catch_up_seat!({ seatId: seat.id }, jobHelpers());
    expect(refused.isDone()).toBe(true);
    expect(await seatRow(pool(), seat.id)).toMatchObject({
      status: 'disconnected',
      status_detail: 'Disconnected account: The account appears to be disconnected from the provider service.',
      inbound_read_at: null,
    });
    // Disconnected, each poll asks Unipile about the account (GET /accounts/{id}), and reads nothing while it is still lost.
    const account = (status: string) => ({
      object: 'Account',
      type: 'WHATSAPP',
      id: seat.unipileAccountId,
      name: 'Anna',
      created_at: '2030-01-01T00:00:00.000Z',
      sources: [{ id: `${seat.unipileAccountId}_MESSAGING`, status }],
    });
    const stillLost = nock(DSN).get(`/api/v1/accounts/${seat.unipileAccountId}`).query(true).reply(200, account('CREDENTIALS'));
    const untouched = nock(DSN).get('/api/v1/messages').query(true).reply(200, { object: 'MessageList', items: [], cursor: null });
    await tasks().unipile_catch_up_seat!({ seatId: seat.id }, jobHelpers());
    expect(stillLost.isDone()).toBe(true);
    expect(untouched.isDone()).toBe(false);
    expect(await seatRow(pool(), seat.id)).toMatchObject({ status: 'disconnected' });

    // Signed in again in Unipile, with no webhook received: the next poll marks the seat connected, its held touch goes, and it is read.
    const lead = await seedLead(pool(), customer.accountId, 'held-on-whatsapp', 'held@acme.test');
    const { rows: touches } = await pool().query<{ id: string }>(
      `INSERT INTO autopilot_touches (account_id, lead_id, step, spec, channel, kind, planned_at, due_at, held_reason)
       VALUES ($1, $2, 0, '{}', 'whatsapp', 'message', now(), now() + interval '1 hour', $3) RETURNING id`,
      [customer.accountId, lead, 'seat Anna (whatsapp) is disconnected (Disconnected account): its touches wait until it is connected again in Unipile'],
    );
    clock.advance({ minutes: 10 });
    const back = nock(DSN).get(`/api/v1/accounts/${seat.unipileAccountId}`).query(true).reply(200, account('OK'));
    await tasks().unipile_catch_up_seat!({ seatId: seat.id }, jobHelpers());
    expect(back.isDone()).toBe(true);
    expect(untouched.isDone()).toBe(true);
    expect(await seatRow(pool(), seat.id)).toMatchObject({ status: 'connected', status_detail: null });
    expect((await pool().query(`SELECT held_reason FROM autopilot_touches WHERE id = $1`, [touches[0]!.id])).rows).toEqual([{ held_reason: null }]);
    expect((await pool().query(`SELECT 1 FROM graphile_worker.jobs WHERE key = $1`, [`touch:${touches[0]!.id}`])).rows).toHaveLength(1);
  });

  it('the cron queues one catch-up per seat, a disconnected one too (it is asked whether it is back)', async () => {
    const customer = await newCustomer();
    const connected = await addSeat(pool(), customer.accountId, 'telegram');
    const lost = await addSeat(pool(), customer.accountId, 'whatsapp');
    await deliver(url(), accountStatus(lost, 'CREDENTIALS'));
    await tasks().unipile_catch_up!({}, jobHelpers());
    const { rows } = await pool().query<{ key: string }>(`SELECT key FROM graphile_worker.jobs WHERE task_identifier = 'unipile_catch_up_seat' AND key = ANY($1::text[])`, [
      [connected.id, lost.id].map((id) => `unipile_catch_up:${id}`),
    ]);
    expect(rows.map((row) => row.key).sort()).toEqual([connected.id, lost.id].map((id) => `unipile_catch_up:${id}`).sort());
  });
});
