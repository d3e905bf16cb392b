import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AutopilotInput } from '../../../../src/autopilot/contract.ts';
import { createSeat } from '../../../../src/autopilot/channels/unipile/seats.ts';
import { setSeatStatus } from '../../../../src/autopilot/channels/unipile/seatStatus.ts';
import { logActivity } from '../../../../src/autopilot/outcomes/activities.ts';
import { leadSignals } from '../../../../src/autopilot/outcomes/signals.ts';
import { client } from '../../../support/engine.ts';
import { useNock } from '../../../support/nock.ts';
import { catchAll } from '../../support.ts';
import { leadOf, touchesOf, useSequenceEngine } from '../../sequence/support.ts';

/**
 * The linkedin, whatsapp and telegram channels end to end: a real worker and database, the engine's own
 * Unipile senders on seats, every Unipile call answered by nock with the documented shapes.
 */
const DSN = 'https://api8.unipile.com:13851';
const KEY = 'unipile-channels-key';
const { clock, fixture, writer, pool, newCustomer } = useSequenceEngine({ unipile: true, env: { UNIPILE_API_KEY: KEY, UNIPILE_BASE_URL: DSN } });

useNock();
beforeAll(() => {
  nock.disableNetConnect();
  nock.enableNetConnect(/127\.0\.0\.1|localhost/);
});
afterEach(() => {
  const left = nock.pendingMocks();
  nock.cleanAll();
  expect(left, 'every Unipile call the test expected was made').toEqual([]);
});
afterAll(() => nock.enableNetConnect());

type Step = AutopilotInput['sequence'][number];
const invite = (day: number, extra: Partial<Step> = {}): Step => ({ day, channel: 'linkedin', kind: 'connection_request', angle: 'Ask to connect', subject_angle: null, signals: [], ...extra });
const message = (day: number, channel: 'linkedin' | 'whatsapp' | 'telegram' = 'linkedin', extra: Partial<Step> = {}): Step => ({
  day,
  channel,
  kind: 'message',
  angle: `A ${channel} message on day ${day}`,
  subject_angle: null,
  signals: [],
  ...extra,
});

const api = () => nock(DSN, { reqheaders: { 'x-api-key': KEY } });
let seats = 0;

/** A customer with one seat per channel given (each its own Unipile account), and an Autopilot put a minute before `at`. */
async function setUp(at: string, document: Partial<AutopilotInput>, seatOverrides: Record<string, unknown> = {}) {
  const customer = await newCustomer();
  const ids: Record<string, { id: number; unipile: string }> = {};
  for (const channel of document.channels ?? []) {
    if (channel === 'email') continue;
    const unipile = `${channel}-seat-${++seats}`;
    const seat = await createSeat(pool(), customer.accountId, { channel, unipile_account_id: unipile, label: `Anna on ${channel}`, time_zone: 'Europe/Berlin', ...seatOverrides }, clock);
    ids[channel] = { id: seat.id, unipile };
  }
  clock.set(new Date(Date.parse(at) - 60_000));
  const put = await customer.api.put(document.name ?? 'Seats', catchAll(document.name ?? 'Seats', document));
  expect(put.status, JSON.stringify(put.body)).toBe(201);
  clock.set(at);
  return { ...customer, seat: ids };
}

const profile = (identifier: string, providerId: string, distance: string) => ({
  object: 'UserProfile',
  provider: 'LINKEDIN',
  provider_id: providerId,
  public_identifier: identifier,
  first_name: 'Jan',
  last_name: 'Kowalski',
  network_distance: distance,
});

async function threadOf(leadId: number, channel: string) {
  const { rows } = await pool().query(`SELECT seat_id::int, provider_user_id, chat_id, invitation_id, invited_at, connected_at FROM autopilot_channel_threads WHERE lead_id = $1 AND channel = $2`, [
    leadId,
    channel,
  ]);
  return rows[0] ?? null;
}

/** A multipart field's values in a captured body. */
const fieldOf = (body: string, name: string): string[] => [...body.matchAll(new RegExp(`name="${name}"\\r\\n\\r\\n([\\s\\S]*?)\\r\\n--`, 'g'))].map((match) => match[1]!);
const captured = (into: string[]) => (body: unknown) => {
  into.push(typeof body === 'string' ? body : JSON.stringify(body));
  return true;
};

describe('linkedin', () => {
  it("sends the connection request with the note written for the lead, records the lead's place, and messages once connected in a new chat", async () => {
    // Monday 7 January 2030, 09:00 UTC: 10:00 in Berlin.
    const customer = await setUp('2030-01-07T09:00:00Z', { name: 'Network', channels: ['linkedin'], sequence: [invite(1), message(2)] });
    const seat = customer.seat.linkedin!;
    const lead = await customer.enrol('jan', { email: 'jan@kowalski.de', country: 'Germany', linkedin_url: 'https://www.linkedin.com/in/jan-kowalski/' });
    const invited: unknown[] = [];
    api()
      .get('/api/v1/users/jan-kowalski')
      .query({ account_id: seat.unipile })
      .reply(200, profile('jan-kowalski', 'ACoJan', 'SECOND_DEGREE'));
    api()
      .post('/api/v1/users/invite', (body) => {
        invited.push(body);
        return true;
      })
      .reply(201, { object: 'UserInvitationSent', invitation_id: 'inv-7179843958' });
    clock.advance({ minutes: 1 });
    await customer.runDue();

    const [request] = await touchesOf(pool(), lead);
    expect(request).toMatchObject({ state: 'sent', kind: 'connection_request', message_id: 'inv-7179843958', sender_id: seat.id });
    const note = writer.to(lead)[0]!;
    expect(note).toMatchObject({ channel: 'linkedin', kind: 'connection_request' });
    expect(invited).toEqual([{ provider_id: 'ACoJan', account_id: seat.unipile, message: request!.body }]);
    expect(await threadOf(lead, 'linkedin')).toMatchObject({ seat_id: seat.id, provider_user_id: 'ACoJan', invitation_id: 'inv-7179843958', chat_id: null, connected_at: null });
    expect((await threadOf(lead, 'linkedin')).invited_at.toISOString()).toBe('2030-01-07T09:01:00.000Z');

    // Day 2: not connected yet, so the message waits; nothing is written for it.
    api()
      .get('/api/v1/users/jan-kowalski')
      .query({ account_id: seat.unipile })
      .reply(200, profile('jan-kowalski', 'ACoJan', 'SECOND_DEGREE'));
    clock.set('2030-01-08T08:00:00Z');
    await customer.runDue();
    const [, waiting] = await touchesOf(pool(), lead);
    expect(waiting).toMatchObject({ state: 'scheduled', held_reason: 'waits for jan-kowalski to accept the connection request (a message needs a connection)' });
    expect(waiting!.due_at.toISOString()).toBe('2030-01-08T20:00:00.000Z');
    expect(writer.to(lead)).toHaveLength(1);

    // Accepted meanwhile: the next look finds a first-degree connection, and the message starts a chat.
    const chats: string[] = [];
    api()
      .get('/api/v1/users/jan-kowalski')
      .query({ account_id: seat.unipile })
      .reply(200, profile('jan-kowalski', 'ACoJan', 'FIRST_DEGREE'));
    api().post('/api/v1/chats', captured(chats)).reply(201, { object: 'ChatStarted', chat_id: 'chat-jan', message_id: 'msg-jan-1' });
    clock.set('2030-01-09T08:00:00Z');
    await customer.runDue();
    const [, sent] = await touchesOf(pool(), lead);
    expect(sent).toMatchObject({ state: 'sent', message_id: 'msg-jan-1' });
    expect(fieldOf(chats[0]!, 'attendees_ids')).toEqual(['ACoJan']);
    expect(fieldOf(chats[0]!, 'text')).toEqual([sent!.body]);
    expect(fieldOf(chats[0]!, 'account_id')).toEqual([seat.unipile]);
    expect(await threadOf(lead, 'linkedin')).toMatchObject({ chat_id: 'chat-jan', invitation_id: 'inv-7179843958' });
    expect((await threadOf(lead, 'linkedin')).connected_at).not.toBeNull();
    expect(await leadOf(pool(), lead)).toEqual({ outcome: 'Closed', end_reason: 'sequence_ended' });
  });

  it('skips a profile the network does not return (404) before anything is written, a first-degree connection already_connected (its message still goes), and a contact without a profile', async () => {
    const customer = await setUp('2030-01-07T09:00:00Z', { name: 'Skips', channels: ['linkedin', 'email'], sequence: [invite(1), message(1)] });
    const seat = customer.seat.linkedin!;
    const gone = await customer.enrol('gone', { email: 'gone@acme.de', country: 'Germany', linkedin_url: 'linkedin.com/in/gone-member' });
    const friend = await customer.enrol('friend', { email: 'friend@acme.de', country: 'Germany', linkedin_url: 'https://de.linkedin.com/in/old-friend' });
    const none = await customer.enrol('none', { email: 'none@acme.de', country: 'Germany' });
    api().get('/api/v1/users/gone-member').query({ account_id: seat.unipile }).times(2).reply(404, { status: 404, type: 'errors/resource_not_found', title: 'Resource not found.' });
    api()
      .get('/api/v1/users/old-friend')
      .query({ account_id: seat.unipile })
      .reply(200, profile('old-friend', 'ACoFriend', 'FIRST_DEGREE'));
    api().post('/api/v1/chats').reply(201, { object: 'ChatStarted', chat_id: 'chat-friend', message_id: 'msg-friend' });
    clock.advance({ minutes: 1 });
    await customer.runDue();
    clock.advance({ minutes: 2 });
    await customer.runDue();

    expect((await touchesOf(pool(), gone)).map((touch) => [touch.state, touch.skip_reason])).toEqual([
      ['skipped', 'profile_not_returned'],
      ['skipped', 'profile_not_returned'],
    ]);
    expect(writer.to(gone)).toHaveLength(0);
    expect((await touchesOf(pool(), friend)).map((touch) => [touch.state, touch.skip_reason])).toEqual([
      ['skipped', 'already_connected'],
      ['sent', null],
    ]);
    expect(writer.to(friend).map((request) => request.kind)).toEqual(['message']);
    expect(await threadOf(friend, 'linkedin')).toMatchObject({ provider_user_id: 'ACoFriend', chat_id: 'chat-friend', invitation_id: null });
    // No profile URL: nothing on the network can act, and the Autopilot's e-mail channel has no step: no reachable channel.
    expect((await touchesOf(pool(), none)).map((touch) => [touch.state, touch.skip_reason])).toEqual([
      ['skipped', 'no_network_profile'],
      ['cancelled', null],
    ]);
    expect(await leadOf(pool(), none)).toEqual({ outcome: 'Closed', end_reason: 'no_reachable_channel' });
  });

  it('sends no second connection request to someone who already has one pending from the seat: already_invited, and its acceptance is awaited as ours', async () => {
    const customer = await setUp('2030-01-07T09:00:00Z', { name: 'Pending', channels: ['linkedin'], sequence: [invite(1), message(2)] });
    const seat = customer.seat.linkedin!;
    const lead = await customer.enrol('pending', { email: 'pending@acme.de', country: 'Germany', linkedin_url: 'https://www.linkedin.com/in/pending-one' });
    api()
      .get('/api/v1/users/pending-one')
      .query({ account_id: seat.unipile })
      .reply(200, { ...profile('pending-one', 'ACoPending', 'SECOND_DEGREE'), invitation: { type: 'SENT', status: 'PENDING' } });
    clock.advance({ minutes: 1 });
    await customer.runDue();
    expect((await touchesOf(pool(), lead))[0]).toMatchObject({ state: 'skipped', skip_reason: 'already_invited' });
    expect(writer.to(lead)).toHaveLength(0);
    expect(await threadOf(lead, 'linkedin')).toMatchObject({ provider_user_id: 'ACoPending', invited_at: expect.any(Date), connected_at: null });
  });

  it('gives up a message step a week after its date when the invitation was never accepted: invite_never_accepted', async () => {
    const customer = await setUp('2030-01-07T09:00:00Z', { name: 'Never', channels: ['linkedin'], sequence: [message(1)] });
    const seat = customer.seat.linkedin!;
    const lead = await customer.enrol('cold', { email: 'cold@acme.de', country: 'Germany', linkedin_url: 'https://www.linkedin.com/in/cold-lead' });
    api()
      .get('/api/v1/users/cold-lead')
      .query({ account_id: seat.unipile })
      .reply(200, profile('cold-lead', 'ACoCold', 'THIRD_DEGREE'));
    clock.advance({ minutes: 1 });
    await customer.runDue();
    expect((await touchesOf(pool(), lead))[0]).toMatchObject({ state: 'scheduled' });

    api()
      .get('/api/v1/users/cold-lead')
      .query({ account_id: seat.unipile })
      .reply(200, profile('cold-lead', 'ACoCold', 'THIRD_DEGREE'));
    clock.set('2030-01-14T10:00:00Z');
    await customer.runDue();
    expect((await touchesOf(pool(), lead))[0]).toMatchObject({ state: 'skipped', skip_reason: 'invite_never_accepted' });
    expect(writer.to(lead)).toHaveLength(0);
    expect(await leadOf(pool(), lead)).toEqual({ outcome: 'Closed', end_reason: 'sequence_ended' });
  });

  it('sends a connection request without a note when the step says note: false, and writes nothing for it', async () => {
    const customer = await setUp('2030-01-07T09:00:00Z', { name: 'Bare', channels: ['linkedin'], sequence: [invite(1, { note: false })] });
    const seat = customer.seat.linkedin!;
    const lead = await customer.enrol('bare', { email: 'bare@acme.de', country: 'Germany', linkedin_url: 'https://www.linkedin.com/in/bare' });
    const invited: unknown[] = [];
    api()
      .get('/api/v1/users/bare')
      .query({ account_id: seat.unipile })
      .reply(200, profile('bare', 'ACoBare', 'OUT_OF_NETWORK'));
    api()
      .post('/api/v1/users/invite', (body) => {
        invited.push(body);
        return true;
      })
      .reply(201, { object: 'UserInvitationSent', invitation_id: 'inv-bare' });
    clock.advance({ minutes: 1 });
    await customer.runDue();
    expect((await touchesOf(pool(), lead))[0]).toMatchObject({ state: 'sent', body: '' });
    expect(invited).toEqual([{ provider_id: 'ACoBare', account_id: seat.unipile }]);
    expect(writer.to(lead)).toHaveLength(0);
  });
});

describe('pacing and the provider saying no for now', () => {
  it('counts connection requests and messages against their own limits on one seat: a day, and in any 7 days', async () => {
    const customer = await setUp('2030-01-07T09:00:00Z', { name: 'Limits', channels: ['linkedin'], sequence: [invite(1)] }, { invitations_per_day: 1, invitations_per_week: 2, messages_per_day: 5 });
    const seat = customer.seat.linkedin!;
    const leads: number[] = [];
    for (const name of ['l1', 'l2', 'l3']) {
      leads.push(await customer.enrol(name, { email: `${name}@acme.de`, country: 'Germany', linkedin_url: `https://www.linkedin.com/in/${name}` }));
      api()
        .get(`/api/v1/users/${name}`)
        .query({ account_id: seat.unipile })
        .reply(200, profile(name, `ACo-${name}`, 'SECOND_DEGREE'));
      api()
        .post('/api/v1/users/invite', (body: { provider_id?: string }) => body.provider_id === `ACo-${name}`)
        .reply(201, { object: 'UserInvitationSent', invitation_id: `inv-${name}` });
    }
    const states = async () => Promise.all(leads.map(async (lead) => (await touchesOf(pool(), lead))[0]!));
    const sent = async () => (await states()).filter((touch) => touch.state === 'sent');
    const held = async () => (await states()).filter((touch) => touch.state === 'scheduled');

    clock.advance({ minutes: 1 });
    await customer.runDue();
    expect(await sent()).toHaveLength(1);
    for (const touch of await held()) expect(touch.held_reason).toContain('the daily limit of Anna on linkedin is reached (1 of 1 on 2030-01-07)');
    const monday = (await sent())[0]!.sent_at!;

    clock.set('2030-01-08T08:00:00Z');
    await customer.runDue();
    expect(await sent()).toHaveLength(2);

    // The third: two in the last 7 days, so it waits until Monday's leaves the week (not just until Wednesday).
    const [third] = await held();
    expect(third!.held_reason).toContain('the weekly limit of connection requests of Anna on linkedin is reached (2 of 2 in the last 7 days)');
    expect(third!.due_at.toISOString()).toBe(new Date(monday.getTime() + 7 * 24 * 3600_000).toISOString());
    clock.set(third!.due_at);
    await customer.runDue();
    expect(await sent()).toHaveLength(3);
  });

  it("ramps a seat's limits up during its warm-up: one connection request on its first day, two on the next", async () => {
    const customer = await setUp(
      '2030-01-07T09:00:00Z',
      { name: 'Warm-up', channels: ['linkedin'], sequence: [invite(1)] },
      { warmup: { start_per_day: 1, increase_per_day: 1, started_on: '2030-01-07' } },
    );
    const seat = customer.seat.linkedin!;
    const leads: number[] = [];
    for (const name of ['w1', 'w2', 'w3']) {
      leads.push(await customer.enrol(name, { email: `${name}@acme.de`, country: 'Germany', linkedin_url: `https://www.linkedin.com/in/${name}` }));
      api()
        .get(`/api/v1/users/${name}`)
        .query({ account_id: seat.unipile })
        .reply(200, profile(name, `ACo-${name}`, 'SECOND_DEGREE'));
      api()
        .post('/api/v1/users/invite', (body: { provider_id?: string }) => body.provider_id === `ACo-${name}`)
        .reply(201, { object: 'UserInvitationSent', invitation_id: `inv-${name}` });
    }
    const sent = async () => (await Promise.all(leads.map(async (lead) => (await touchesOf(pool(), lead))[0]!))).filter((touch) => touch.state === 'sent');
    clock.advance({ minutes: 1 });
    await customer.runDue();
    expect(await sent()).toHaveLength(1);
    clock.set('2030-01-08T08:00:00Z');
    await customer.runDue();
    expect(await sent()).toHaveLength(3);
  });

  it('sends a message the same day as a connection request when each has one left of its own daily limit', async () => {
    const customer = await setUp('2030-01-07T09:00:00Z', { name: 'Kinds', channels: ['linkedin'], sequence: [invite(1), message(1)] }, { invitations_per_day: 1, messages_per_day: 1 });
    const seat = customer.seat.linkedin!;
    const lead = await customer.enrol('kinds', { email: 'kinds@acme.de', country: 'Germany', linkedin_url: 'https://www.linkedin.com/in/kinds' });
    api()
      .get('/api/v1/users/kinds')
      .query({ account_id: seat.unipile })
      .reply(200, profile('kinds', 'ACoKinds', 'SECOND_DEGREE'));
    api().post('/api/v1/users/invite').reply(201, { object: 'UserInvitationSent', invitation_id: 'inv-kinds' });
    clock.advance({ minutes: 1 });
    await customer.runDue();
    // Accepted (the inbound side reports it): the message needs no profile look-up and is not held by the invitation's limit.
    await leadSignals(pool(), clock).inviteAccepted!({ accountId: customer.accountId, leadId: lead, channel: 'linkedin', occurredAt: clock.now(), dedupeKey: 'accepted-kinds' });
    api().post('/api/v1/chats').reply(201, { object: 'ChatStarted', chat_id: 'chat-kinds', message_id: 'msg-kinds' });
    clock.advance({ minutes: 2 });
    await customer.runDue();
    expect((await touchesOf(pool(), lead)).map((touch) => [touch.kind, touch.state, touch.sent_at?.toISOString().slice(0, 10)])).toEqual([
      ['connection_request', 'sent', '2030-01-07'],
      ['message', 'sent', '2030-01-07'],
    ]);
  });

  it('reschedules on 429 after its Retry-After and on a limit of the network, never skipping', async () => {
    const customer = await setUp('2030-01-07T09:00:00Z', { name: 'Busy', channels: ['linkedin'], sequence: [invite(1)] });
    const seat = customer.seat.linkedin!;
    const lead = await customer.enrol('busy', { email: 'busy@acme.de', country: 'Germany', linkedin_url: 'https://www.linkedin.com/in/busy' });
    api().get('/api/v1/users/busy').query({ account_id: seat.unipile }).reply(429, { status: 429, type: 'errors/too_many_requests', title: 'Too many requests' }, { 'Retry-After': '600' });
    clock.advance({ minutes: 1 });
    await customer.runDue();
    let [touch] = await touchesOf(pool(), lead);
    expect(touch).toMatchObject({ state: 'scheduled', held_reason: 'Unipile answered too many requests for seat Anna on linkedin; trying again later' });
    expect(touch!.due_at.toISOString()).toBe('2030-01-07T09:11:00.000Z');

    api()
      .get('/api/v1/users/busy')
      .query({ account_id: seat.unipile })
      .reply(200, profile('busy', 'ACoBusy', 'SECOND_DEGREE'));
    api().post('/api/v1/users/invite').reply(422, { status: 422, type: 'errors/cannot_resend_yet', title: 'Cannot resend yet', detail: 'The provider refused to send a new invitation yet.' });
    clock.set('2030-01-07T09:11:00Z');
    await customer.runDue();
    [touch] = await touchesOf(pool(), lead);
    expect(touch).toMatchObject({ state: 'scheduled', skip_reason: null });
    expect(touch!.held_reason).toContain("the network's limit for seat Anna on linkedin is reached (Cannot resend yet: The provider refused to send a new invitation yet.)");
    expect(writer.to(lead).length).toBeGreaterThanOrEqual(1);
  });

  it("holds a touch, never skips it, when Unipile refuses the engine's API key (401 of another type), and sends it once the key works", async () => {
    const customer = await setUp('2030-01-07T09:00:00Z', { name: 'Key', channels: ['linkedin'], sequence: [invite(1)] });
    const seat = customer.seat.linkedin!;
    const lead = await customer.enrol('k1', { email: 'k1@acme.de', country: 'Germany', linkedin_url: 'https://www.linkedin.com/in/k1' });
    api().get('/api/v1/users/k1').query({ account_id: seat.unipile }).reply(401, { status: 401, type: 'errors/missing_credentials', title: 'Unauthorized', detail: 'Invalid API key.' });
    clock.advance({ minutes: 1 });
    await customer.runDue();
    let [touch] = await touchesOf(pool(), lead);
    expect(touch).toMatchObject({
      state: 'scheduled',
      skip_reason: null,
      held_reason: "Unipile refused the engine's UNIPILE_API_KEY (Unauthorized: Invalid API key.); touches wait until it is fixed",
    });
    const seatView = await client(fixture.engine.url, customer.customer.key).request('GET', `/seats/${seat.id}`);
    expect(seatView.body).toMatchObject({ status: 'connected' });

    api()
      .get('/api/v1/users/k1')
      .query({ account_id: seat.unipile })
      .reply(200, profile('k1', 'ACo-k1', 'SECOND_DEGREE'));
    api().post('/api/v1/users/invite').reply(201, { object: 'UserInvitationSent', invitation_id: 'inv-k1' });
    clock.set(touch!.due_at);
    await customer.runDue();
    [touch] = await touchesOf(pool(), lead);
    expect(touch).toMatchObject({ state: 'sent', message_id: 'inv-k1' });
  });

  it("marks a seat disconnected on Unipile's disconnected_account, holds its touches saying so, and resumes them once it is connected again", async () => {
    const customer = await setUp('2030-01-07T09:00:00Z', { name: 'Lost', channels: ['linkedin'], sequence: [invite(1)] });
    const seat = customer.seat.linkedin!;
    const first = await customer.enrol('p1', { email: 'p1@acme.de', country: 'Germany', linkedin_url: 'https://www.linkedin.com/in/p1' });
    api()
      .get('/api/v1/users/p1')
      .query({ account_id: seat.unipile })
      .reply(401, { status: 401, type: 'errors/disconnected_account', title: 'Disconnected account', detail: 'The account appears to be disconnected from the provider service.' });
    clock.advance({ minutes: 1 });
    await customer.runDue();
    const seatView = await client(fixture.engine.url, customer.customer.key).request('GET', `/seats/${seat.id}`);
    expect(seatView.body).toMatchObject({ status: 'disconnected', status_detail: 'Disconnected account: The account appears to be disconnected from the provider service.' });
    const reason =
      'seat Anna on linkedin is disconnected (Disconnected account: The account appears to be disconnected from the provider service.): its touches wait until it is connected again in Unipile';
    expect((await touchesOf(pool(), first))[0]).toMatchObject({ state: 'scheduled', held_reason: reason });

    // Another lead of the seat is held without a call to Unipile (nock would refuse one).
    const second = await customer.enrol('p2', { email: 'p2@acme.de', country: 'Germany', linkedin_url: 'https://www.linkedin.com/in/p2' });
    clock.advance({ minutes: 1 });
    await customer.runDue();
    expect((await touchesOf(pool(), second))[0]).toMatchObject({ state: 'scheduled', held_reason: reason });
    expect(writer.to(second)).toHaveLength(0);

    // Connected again: both go at once, not an hour later.
    for (const name of ['p1', 'p2']) {
      api()
        .get(`/api/v1/users/${name}`)
        .query({ account_id: seat.unipile })
        .reply(200, profile(name, `ACo-${name}`, 'SECOND_DEGREE'));
      api()
        .post('/api/v1/users/invite', (body: { provider_id?: string }) => body.provider_id === `ACo-${name}`)
        .reply(201, { object: 'UserInvitationSent', invitation_id: `inv-${name}` });
    }
    clock.advance({ minutes: 1 });
    expect(await setSeatStatus(pool(), { unipileAccountId: seat.unipile, status: 'connected', detail: null, at: clock.now() })).toBe(true);
    await customer.runDue();
    expect((await touchesOf(pool(), first))[0]).toMatchObject({ state: 'sent', message_id: 'inv-p1' });
    expect((await touchesOf(pool(), second))[0]).toMatchObject({ state: 'sent', message_id: 'inv-p2' });
  });
});

describe('whatsapp and telegram', () => {
  it('writes on WhatsApp to the E.164 number (the country from the contact when the number has none), and skips a contact without a valid number', async () => {
    const customer = await setUp('2030-01-07T09:00:00Z', { name: 'Chat', channels: ['whatsapp'], sequence: [message(1, 'whatsapp'), message(2, 'whatsapp')] });
    const seat = customer.seat.whatsapp!;
    const lead = await customer.enrol('wa', { email: 'wa@acme.de', country: 'Germany', mobilephone: '0151 2345 6789' });
    const invalid = await customer.enrol('nowa', { email: 'nowa@acme.de', country: 'Germany', phone: 'call the office' });
    const chats: string[] = [];
    const messages: string[] = [];
    api()
      .get('/api/v1/users/4915123456789%40s.whatsapp.net')
      .query({ account_id: seat.unipile })
      .reply(200, { object: 'UserProfile', provider: 'WHATSAPP', provider_id: '4915123456789@s.whatsapp.net' });
    api().post('/api/v1/chats', captured(chats)).reply(201, { object: 'ChatStarted', chat_id: 'wa-chat', message_id: 'wa-1' });
    clock.advance({ minutes: 1 });
    await customer.runDue();
    expect((await touchesOf(pool(), lead))[0]).toMatchObject({ state: 'sent', message_id: 'wa-1' });
    expect(fieldOf(chats[0]!, 'attendees_ids')).toEqual(['4915123456789@s.whatsapp.net']);
    expect(await threadOf(lead, 'whatsapp')).toMatchObject({ provider_user_id: '4915123456789@s.whatsapp.net', chat_id: 'wa-chat' });
    expect((await touchesOf(pool(), invalid)).map((touch) => touch.skip_reason)).toEqual(['no_phone_number', null]);
    expect(await leadOf(pool(), invalid)).toEqual({ outcome: 'Closed', end_reason: 'no_reachable_channel' });

    // The second message goes in the same chat.
    api().post('/api/v1/chats/wa-chat/messages', captured(messages)).reply(201, { object: 'MessageSent', message_id: 'wa-2' });
    clock.set('2030-01-08T08:00:00Z');
    await customer.runDue();
    expect((await touchesOf(pool(), lead))[1]).toMatchObject({ state: 'sent', message_id: 'wa-2' });
    expect(fieldOf(messages[0]!, 'text')).toEqual([(await touchesOf(pool(), lead))[1]!.body]);
  });

  it("skips Telegram without a username, and when Telegram will not open a conversation the person's privacy forbids: no_chat_username", async () => {
    const customer = await setUp('2030-01-07T09:00:00Z', {
      name: 'Tg',
      channels: ['telegram', 'email'],
      sequence: [message(1, 'telegram'), { day: 2, channel: 'email', kind: 'email', angle: 'Mail', subject_angle: 'Hi', signals: [] }],
    });
    const seat = customer.seat.telegram!;
    const none = await customer.enrol('tg0', { email: 'tg0@acme.de', country: 'Germany' });
    const privateOne = await customer.enrol('tg1', { email: 'tg1@acme.de', country: 'Germany', telegram_username: '@private_person' });
    api().get('/api/v1/users/private_person').query({ account_id: seat.unipile }).reply(200, { object: 'UserProfile', provider: 'TELEGRAM', provider_id: '5550001' });
    api().post('/api/v1/chats').reply(403, { status: 403, type: 'errors/feature_not_subscribed', title: 'Forbidden', detail: 'The user privacy settings prevent starting this conversation.' });
    clock.advance({ minutes: 1 });
    await customer.runDue();
    expect((await touchesOf(pool(), none))[0]).toMatchObject({ state: 'skipped', skip_reason: 'no_chat_username' });
    expect((await touchesOf(pool(), privateOne))[0]).toMatchObject({ state: 'skipped', skip_reason: 'no_chat_username' });
    // The e-mail step still can act: the leads go on.
    expect(await leadOf(pool(), privateOne)).toEqual({ outcome: 'Active', end_reason: null });
    // The lead's timeline says why, in Telegram's words.
    const http = client(fixture.engine.url, customer.customer.key);
    const timeline = (await http.request('GET', `/autopilot/leads/${privateOne}`)).body.timeline as { type: string; channel?: string; skip_reason?: string; skip_detail?: string | null }[];
    expect(timeline.find((entry) => entry.type === 'touch' && entry.channel === 'telegram')).toMatchObject({
      skip_reason: 'no_chat_username',
      skip_detail: expect.stringContaining('The user privacy settings prevent starting this conversation.'),
    });
    const seatView = await http.request('GET', `/seats/${seat.id}`);
    expect(seatView.body).toMatchObject({ status: 'connected' });
  });
});

describe('warm-only steps', () => {
  it('waits for a reply (the reply stop condition off) and then goes; a lead that never warms up gives the step up after three weeks', async () => {
    const customer = await setUp('2030-01-07T09:00:00Z', {
      name: 'Warm',
      channels: ['whatsapp'],
      sequence: [message(1, 'whatsapp', { warm_only: true })],
      stop_conditions: { reply: false, call_connected: true, meeting_booked: true, invite_accepted: false, property_changes: [] },
    });
    const seat = customer.seat.whatsapp!;
    const warm = await customer.enrol('warm', { email: 'warm@acme.de', country: 'Germany', phone: '+49 30 1234567' });
    const cold = await customer.enrol('cold', { email: 'cold@acme.de', country: 'Germany', phone: '+49 30 7654321' });
    clock.advance({ minutes: 1 });
    await customer.runDue();
    for (const lead of [warm, cold]) {
      const [touch] = await touchesOf(pool(), lead);
      expect(touch).toMatchObject({ state: 'scheduled', held_reason: 'a warm-only step: waits for the lead to accept a connection request or reply' });
      expect(touch!.due_at.toISOString()).toBe('2030-01-07T11:01:00.000Z');
    }
    expect(writer.to(warm)).toHaveLength(0);

    await leadSignals(pool(), clock).replied({ accountId: customer.accountId, leadId: warm, channel: 'email', occurredAt: clock.now(), dedupeKey: 'reply-warm-1', text: 'Tell me more' });
    // An out-of-office answer the CRM logged is no reply: the cold lead stays cold.
    const auto = await logActivity(
      pool(),
      { accountId: customer.accountId, source: 'api' },
      'cold',
      { type: 'email_reply', occurredAt: clock.now(), id: 'ooo-1', subject: 'Out of Office: hello' },
      clock,
    );
    expect(auto.effect).toBe('auto_reply');
    api().get('/api/v1/users/49301234567%40s.whatsapp.net').query({ account_id: seat.unipile }).reply(200, { object: 'UserProfile', provider: 'WHATSAPP', provider_id: '49301234567@s.whatsapp.net' });
    api().post('/api/v1/chats').reply(201, { object: 'ChatStarted', chat_id: 'warm-chat', message_id: 'warm-1' });
    clock.set('2030-01-07T11:01:00Z');
    await customer.runDue();
    expect((await touchesOf(pool(), warm))[0]).toMatchObject({ state: 'sent', message_id: 'warm-1' });
    expect((await touchesOf(pool(), cold))[0]).toMatchObject({ state: 'scheduled' });

    clock.set('2030-01-28T09:00:00Z');
    await customer.runDue();
    expect((await touchesOf(pool(), cold))[0]).toMatchObject({ state: 'skipped', skip_reason: 'never_warmed_up' });
  });
});
