import nock from 'nock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountsModule } from '../../../../src/accounts/module.ts';
import { autopilotModule } from '../../../../src/autopilot/module.ts';
import { researchModule } from '../../../../src/research/module.ts';
import { TestClock } from '../../../support/clock.ts';
import { client, createCustomer, useEngine } from '../../../support/engine.ts';
import { useNock } from '../../../support/nock.ts';
import { TEST_SECRET_KEY } from '../../../mailboxes/support.ts';
import { addSeat, API_KEY, DSN, UNIPILE_ENV } from './support.ts';

/**
 * Seats connected through Unipile's hosted authentication: `POST /seats/connect` asks Unipile for a link
 * (nock answers as Unipile documents it), and `POST /unipile/hosted-auth/notify` takes Unipile's
 * notification, proved by the signed token the link carried as its `name`, used once, and by Unipile's
 * own account (`GET /api/v1/accounts/{id}`), whose `name` must be that token.
 */
const PUBLIC_URL = 'https://engine.example.com';
const clock = new TestClock('2030-01-07T09:00:00Z');
// No worker: the catch-up a reconnection queues stays queued for the test to see.
const fixture = useEngine({
  worker: false,
  modules: [accountsModule(), researchModule(), autopilotModule({ clock })],
  env: { ...UNIPILE_ENV, SECRET_KEY: TEST_SECRET_KEY, PUBLIC_URL },
});

let api: ReturnType<typeof client>;
let accountId: number;
const open = () => client(fixture.engine.url);

useNock();
beforeAll(async () => {
  nock.disableNetConnect();
  nock.enableNetConnect((host) => host.startsWith('127.0.0.1') || host.startsWith('localhost'));
  const customer = await createCustomer(fixture.engine.pool);
  accountId = customer.account.id;
  api = client(fixture.engine.url, customer.key);
});
beforeEach(() => clock.set('2030-01-07T09:00:00Z'));
afterEach(() => nock.cleanAll());
afterAll(() => {
  nock.enableNetConnect();
});

/** Unipile's link endpoint for one request: records the body it was sent, answers `{object: "HostedAuthURL", url}`. */
function unipileLink(status = 201, answer: unknown = { object: 'HostedAuthURL', url: 'https://account.unipile.com/pDkGnhpXW9Zc1vVOjR5tJQ' }) {
  const sent: Record<string, any>[] = [];
  const scope = nock(DSN, { reqheaders: { 'x-api-key': API_KEY } })
    .post('/api/v1/hosted/accounts/link', (body: Record<string, any>) => {
      sent.push(body);
      return true;
    })
    .reply(status, answer as Record<string, unknown>);
  return { sent, scope };
}

async function linkFor(body: Record<string, unknown>) {
  const link = unipileLink();
  const reply = await api.request('POST', '/seats/connect', { body });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  link.scope.done();
  return { reply, sent: link.sent[0]! };
}

const notify = (body: unknown) => open().request('POST', '/unipile/hosted-auth/notify', { body });

/**
 * Unipile's `GET /api/v1/accounts/{id}` for one account, answered `times` times in its documented shape
 * (`{object: "Account", type, id, name, created_at, sources, ...}`); `name` is what the hosted
 * authentication link was given.
 */
function unipileAccount(id: string, name: string, options: { times?: number; status?: number; answer?: unknown; delayMs?: number; createdAt?: string } = {}) {
  const account = {
    object: 'Account',
    type: 'LINKEDIN',
    id,
    name,
    created_at: options.createdAt ?? '2030-01-07T09:01:00.000Z',
    connection_params: { im: { id: 'ACoAAA-member', username: 'Bob Example' } },
    groups: [],
    sources: [{ id: `${id}_MESSAGING`, status: 'OK' }],
  };
  return nock(DSN, { reqheaders: { 'x-api-key': API_KEY } })
    .get(`/api/v1/accounts/${encodeURIComponent(id)}`)
    .times(options.times ?? 1)
    .delay(options.delayMs ?? 0)
    .reply(options.status ?? 200, (options.answer ?? account) as Record<string, unknown>);
}

const seatsOf = async (unipileAccountId: string) =>
  (await fixture.engine.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM autopilot_seats WHERE unipile_account_id = $1', [unipileAccountId])).rows[0]!.n;

describe('POST /seats/connect', () => {
  it('asks Unipile for a create link in its documented shape and answers its URL', async () => {
    const { reply, sent } = await linkFor({ channel: 'linkedin', label: 'Anna (LinkedIn)', time_zone: 'Europe/Berlin', invitations_per_day: 60 });
    expect(reply.body).toEqual({ url: 'https://account.unipile.com/pDkGnhpXW9Zc1vVOjR5tJQ', expires_at: '2030-01-07T10:00:00.000+00:00' });
    expect(sent).toEqual({
      type: 'create',
      providers: ['LINKEDIN'],
      api_url: DSN,
      expiresOn: '2030-01-07T10:00:00.000Z',
      notify_url: `${PUBLIC_URL}/unipile/hosted-auth/notify`,
      name: expect.stringMatching(/^[\w-]+\.[\w-]+$/),
      success_redirect_url: `${PUBLIC_URL}/app/channels?seat=connected`,
      failure_redirect_url: `${PUBLIC_URL}/app/channels?seat=failed`,
    });
  });

  it('asks for a reconnect link of a seat with its Unipile account', async () => {
    const seat = await addSeat(fixture.engine.pool, accountId, 'whatsapp');
    const { sent } = await linkFor({ channel: 'whatsapp', seat_id: seat.id });
    expect(sent).toMatchObject({ type: 'reconnect', providers: ['WHATSAPP'], reconnect_account: seat.unipileAccountId });
  });

  it('refuses a new seat without its label and zone, and a seat of another channel, before asking Unipile', async () => {
    const missing = await api.request('POST', '/seats/connect', { body: { channel: 'telegram' } });
    expect(missing).toMatchObject({ status: 400, body: { error: 'invalid_seat' } });
    expect((missing.body.problems as { message: string }[]).map((problem) => problem.message)).toEqual(['"label" is needed for a new seat', '"time_zone" is needed for a new seat']);
    const seat = await addSeat(fixture.engine.pool, accountId, 'telegram');
    expect(await api.request('POST', '/seats/connect', { body: { channel: 'linkedin', seat_id: seat.id } })).toMatchObject({ status: 400, body: { error: 'invalid_seat' } });
    expect(await api.request('POST', '/seats/connect', { body: { channel: 'linkedin', seat_id: 999_999 } })).toMatchObject({ status: 404, body: { error: 'seat_not_found' } });
  });

  it("answers 502 unipile_unavailable with Unipile's words when it refuses", async () => {
    unipileLink(401, { status: 401, type: 'errors/invalid_credentials', title: 'Invalid credentials', detail: 'The API key is wrong' });
    const reply = await api.request('POST', '/seats/connect', { body: { channel: 'telegram', label: 'T', time_zone: 'Europe/Paris' } });
    expect(reply).toMatchObject({ status: 502, body: { error: 'unipile_unavailable', message: expect.stringContaining('The API key is wrong') } });
  });
});

describe('POST /unipile/hosted-auth/notify', () => {
  it('adds the seat with the account id Unipile gives once Unipile says the link connected it, bound to the account that asked; the token is then used up', async () => {
    const { sent } = await linkFor({ channel: 'linkedin', label: 'Bob (LinkedIn)', time_zone: 'Europe/Berlin', invitations_per_day: 60, messages_per_day: 30 });
    const asked = unipileAccount('unipile-bob', sent.name);
    const first = await notify({ status: 'CREATION_SUCCESS', account_id: 'unipile-bob', name: sent.name });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    asked.done();
    expect(first.body).toEqual({ result: 'seat_created', seat_id: expect.any(Number) });
    const seat = await api.request('GET', `/seats/${first.body.seat_id}`);
    expect(seat.body).toMatchObject({ channel: 'linkedin', unipile_account_id: 'unipile-bob', label: 'Bob (LinkedIn)', messages_per_day: 30, invitations_per_day: 60, status: 'connected' });
    expect(seat.body.today).toEqual({ date: '2030-01-07', messages: { sent: 0, limit: 30 }, invitations: { sent: 0, limit: 60 } });

    // The same notification again, or the token with another account: refused in words before Unipile is asked, nothing changes.
    for (const account_id of ['unipile-bob', 'unipile-other']) {
      const again = await notify({ status: 'CREATION_SUCCESS', account_id, name: sent.name });
      expect(again).toMatchObject({ status: 409, body: { error: 'connect_token_used', message: expect.stringContaining(`connected seat ${first.body.seat_id} already`) } });
    }
    expect(await seatsOf('unipile-bob')).toBe(1);
    expect(await seatsOf('unipile-other')).toBe(0);
  });

  it('adds one seat when the same notification arrives several times at once', async () => {
    const { sent } = await linkFor({ channel: 'whatsapp', label: 'Cleo (WhatsApp)', time_zone: 'Europe/Paris' });
    // Unipile answers slowly: every delivery is past the early replay check before any uses the token, so the transaction decides.
    unipileAccount('unipile-cleo', sent.name, { times: 4, delayMs: 200 });
    const replies = await Promise.all(Array.from({ length: 4 }, () => notify({ status: 'CREATION_SUCCESS', account_id: 'unipile-cleo', name: sent.name })));
    const created = replies.filter((reply) => reply.status === 200);
    expect(created, JSON.stringify(replies.map((reply) => reply.body))).toHaveLength(1);
    expect(created[0]!.body).toEqual({ result: 'seat_created', seat_id: expect.any(Number) });
    for (const reply of replies.filter((candidate) => candidate !== created[0])) {
      expect(reply).toMatchObject({ status: 409, body: { error: 'connect_token_used' } });
    }
    expect(await seatsOf('unipile-cleo')).toBe(1);
  });

  it("refuses an account whose name in Unipile is not the link's token, or that Unipile does not know, and attaches nothing", async () => {
    const mine = await linkFor({ channel: 'linkedin', label: 'Dan (LinkedIn)', time_zone: 'Europe/Berlin' });
    const theirs = await linkFor({ channel: 'linkedin', label: 'Eve (LinkedIn)', time_zone: 'Europe/Berlin' });
    // Another account of the workspace, connected by another link (or named otherwise): its id alone proves nothing.
    unipileAccount('unipile-someone-else', theirs.sent.name);
    const other = await notify({ status: 'CREATION_SUCCESS', account_id: 'unipile-someone-else', name: mine.sent.name });
    expect(other).toMatchObject({ status: 403, body: { error: 'unipile_account_unverified', message: expect.stringContaining('was not connected by this link') } });
    // Named after its person, and connected a day before the link was opened: not this link's.
    unipileAccount('unipile-renamed', 'Dan Example', { createdAt: '2030-01-06T09:00:00.000Z' });
    expect(await notify({ status: 'CREATION_SUCCESS', account_id: 'unipile-renamed', name: mine.sent.name })).toMatchObject({ status: 403, body: { error: 'unipile_account_unverified' } });
    unipileAccount('unipile-unknown', '', { status: 404, answer: { status: 404, type: 'errors/resource_not_found', title: 'Resource not found.' } });
    expect(await notify({ status: 'CREATION_SUCCESS', account_id: 'unipile-unknown', name: mine.sent.name })).toMatchObject({
      status: 403,
      body: { error: 'unipile_account_unverified', message: expect.stringContaining('Unipile knows no account') },
    });
    // An answer for another account than the one asked for (an id such as `..` reaches another path) proves nothing either.
    nock(DSN).get('/api/v1/').reply(200, { object: 'Account', id: 'unipile-dan', name: mine.sent.name });
    expect(await notify({ status: 'CREATION_SUCCESS', account_id: '..', name: mine.sent.name })).toMatchObject({ status: 403, body: { error: 'unipile_account_unverified' } });
    expect((await notify({ status: 'CREATION_SUCCESS', account_id: 'x'.repeat(201), name: mine.sent.name })).body).toMatchObject({ result: 'ignored' });
    for (const id of ['unipile-someone-else', 'unipile-renamed', 'unipile-unknown', '..']) expect(await seatsOf(id)).toBe(0);
    // The token was not used up: the account the link did connect still comes in.
    unipileAccount('unipile-dan', mine.sent.name);
    expect((await notify({ status: 'CREATION_SUCCESS', account_id: 'unipile-dan', name: mine.sent.name })).body).toMatchObject({ result: 'seat_created' });
  });

  it('takes an account under a name of its own when Unipile connected it while the link was open', async () => {
    const { sent } = await linkFor({ channel: 'linkedin', label: 'Hal (LinkedIn)', time_zone: 'Europe/Berlin' });
    unipileAccount('unipile-hal', 'Hal Example', { createdAt: '2030-01-07T09:02:00.000Z' });
    expect((await notify({ status: 'CREATION_SUCCESS', account_id: 'unipile-hal', name: sent.name })).body).toMatchObject({ result: 'seat_created' });
    expect(await seatsOf('unipile-hal')).toBe(1);
  });

  it('attaches nothing while Unipile cannot be asked, and answers 502 so that Unipile sends the notification again', async () => {
    const { sent } = await linkFor({ channel: 'telegram', label: 'Fay (Telegram)', time_zone: 'Europe/Berlin' });
    // Retried once, as every call to Unipile's workspace API.
    const down = nock(DSN).get('/api/v1/accounts/unipile-fay').times(2).reply(503, { status: 503, type: 'errors/service_unavailable', title: 'Service unavailable' });
    const failed = await notify({ status: 'CREATION_SUCCESS', account_id: 'unipile-fay', name: sent.name });
    expect(failed).toMatchObject({ status: 502, body: { error: 'unipile_unavailable', message: expect.stringContaining('the notification can be sent again') } });
    down.done();
    nock(DSN).get('/api/v1/accounts/unipile-fay').replyWithError('connect ECONNREFUSED');
    expect(await notify({ status: 'CREATION_SUCCESS', account_id: 'unipile-fay', name: sent.name })).toMatchObject({ status: 502, body: { error: 'unipile_unavailable' } });
    unipileAccount('unipile-fay', '', { answer: '<html>maintenance</html>' });
    expect(await notify({ status: 'CREATION_SUCCESS', account_id: 'unipile-fay', name: sent.name })).toMatchObject({ status: 502, body: { error: 'unipile_unavailable' } });
    expect(await seatsOf('unipile-fay')).toBe(0);
    unipileAccount('unipile-fay', sent.name);
    expect((await notify({ status: 'CREATION_SUCCESS', account_id: 'unipile-fay', name: sent.name })).body).toMatchObject({ result: 'seat_created' });
    expect(await seatsOf('unipile-fay')).toBe(1);
  });

  it('refuses a forged token, one signed for another purpose or altered, and an expired one', async () => {
    const { sent } = await linkFor({ channel: 'telegram', label: 'Tg', time_zone: 'Europe/Berlin' });
    const [body, signature] = (sent.name as string).split('.');
    const grant = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const otherAccount = Buffer.from(JSON.stringify({ ...grant, accountId: grant.accountId + 1 })).toString('base64url');
    for (const name of [undefined, '', 'nope', `${otherAccount}.${signature}`, `${body}.${signature}x`, `${body}.${signature}.more`, 12]) {
      const reply = await notify({ status: 'CREATION_SUCCESS', account_id: 'unipile-forged', name });
      expect(reply, String(name)).toMatchObject({ status: 401, body: { error: 'invalid_connect_token' } });
    }
    clock.advance({ minutes: 76 });
    const late = await notify({ status: 'CREATION_SUCCESS', account_id: 'unipile-late', name: sent.name });
    expect(late).toMatchObject({ status: 401, body: { error: 'invalid_connect_token', message: expect.stringContaining('expired') } });
    const { rows } = await fixture.engine.pool.query("SELECT count(*)::int AS n FROM autopilot_seats WHERE unipile_account_id IN ('unipile-forged', 'unipile-late')");
    expect(rows[0].n).toBe(0);
  });

  it('ignores a status that connects nothing and a notification without an account id', async () => {
    const { sent } = await linkFor({ channel: 'telegram', label: 'Tg 2', time_zone: 'Europe/Berlin' });
    expect((await notify({ status: 'CREATION_FAILED', account_id: 'x', name: sent.name })).body).toMatchObject({ result: 'ignored' });
    expect((await notify({ status: 'CREATION_SUCCESS', name: sent.name })).body).toMatchObject({ result: 'ignored' });
  });

  it('connects a disconnected seat again on RECONNECTED, once', async () => {
    const seat = await addSeat(fixture.engine.pool, accountId, 'linkedin');
    await fixture.engine.pool.query("UPDATE autopilot_seats SET status = 'disconnected', status_detail = 'credentials expired', status_changed_at = '2030-01-06T00:00:00Z' WHERE id = $1", [seat.id]);
    const { sent } = await linkFor({ channel: 'linkedin', seat_id: seat.id });
    // The seat's own account, the one the link was made to reconnect, keeps the name its first link gave it.
    unipileAccount(seat.unipileAccountId, 'an earlier link');
    const reconnected = await notify({ status: 'RECONNECTED', account_id: seat.unipileAccountId, name: sent.name });
    expect(reconnected.body).toEqual({ result: 'seat_reconnected', seat_id: seat.id });
    expect((await api.request('GET', `/seats/${seat.id}`)).body).toMatchObject({ status: 'connected', status_detail: null });
    // What it missed while lost is caught up, as when Unipile's account status says it is back.
    const { rows: jobs } = await fixture.engine.pool.query('SELECT 1 FROM graphile_worker.jobs WHERE key = $1', [`unipile_catch_up:${seat.id}`]);
    expect(jobs).toHaveLength(1);
    expect(await notify({ status: 'RECONNECTED', account_id: seat.unipileAccountId, name: sent.name })).toMatchObject({ status: 409, body: { error: 'connect_token_used' } });
  });

  it('moves a reconnected seat to another account only when Unipile says this link connected it', async () => {
    const seat = await addSeat(fixture.engine.pool, accountId, 'telegram');
    const { sent } = await linkFor({ channel: 'telegram', seat_id: seat.id });
    unipileAccount('unipile-stranger', 'an earlier link');
    expect(await notify({ status: 'RECONNECTED', account_id: 'unipile-stranger', name: sent.name })).toMatchObject({ status: 403, body: { error: 'unipile_account_unverified' } });
    expect((await api.request('GET', `/seats/${seat.id}`)).body).toMatchObject({ unipile_account_id: seat.unipileAccountId });
    unipileAccount('unipile-new-session', sent.name);
    expect((await notify({ status: 'RECONNECTED', account_id: 'unipile-new-session', name: sent.name })).body).toMatchObject({ result: 'unchanged', seat_id: seat.id });
    expect((await api.request('GET', `/seats/${seat.id}`)).body).toMatchObject({ unipile_account_id: 'unipile-new-session' });
  });

  it('refuses, never a 5xx, a notification for an account removed since the link was made', async () => {
    const leaving = await createCustomer(fixture.engine.pool);
    const link = unipileLink();
    const reply = await client(fixture.engine.url, leaving.key).request('POST', '/seats/connect', { body: { channel: 'telegram', label: 'Gus', time_zone: 'Europe/Berlin' } });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const name = link.sent[0]!.name as string;
    await fixture.engine.pool.query('DELETE FROM accounts WHERE id = $1', [leaving.account.id]);
    unipileAccount('unipile-gus', name);
    expect(await notify({ status: 'CREATION_SUCCESS', account_id: 'unipile-gus', name })).toMatchObject({ status: 404, body: { error: 'account_not_found' } });
    expect(await seatsOf('unipile-gus')).toBe(0);
  });

  it('answers malformed bodies with a refusal, never a 5xx', async () => {
    for (const raw of ['null', '[]', '"text"', '{"name": {"a": 1}}', '{"status": 5, "name": null}']) {
      const reply = await open().request('POST', '/unipile/hosted-auth/notify', { raw, headers: { 'content-type': 'application/json' } });
      expect(reply.status, raw).toBeLessThan(500);
    }
  });
});

describe('without SECRET_KEY', () => {
  const bare = useEngine({ worker: false, modules: [accountsModule(), researchModule(), autopilotModule()], env: { ...UNIPILE_ENV } });

  it('neither gives a link nor takes a notification, and says what to set', async () => {
    const customer = await createCustomer(bare.engine.pool);
    const link = await client(bare.engine.url, customer.key).request('POST', '/seats/connect', { body: { channel: 'telegram', label: 'T', time_zone: 'Europe/Paris' } });
    expect(link).toMatchObject({ status: 503, body: { error: 'secret_key_missing', message: expect.stringContaining('SECRET_KEY') } });
    const notified = await client(bare.engine.url).request('POST', '/unipile/hosted-auth/notify', { body: { status: 'CREATION_SUCCESS', account_id: 'x', name: 'a.b' } });
    expect(notified).toMatchObject({ status: 503, body: { error: 'secret_key_missing' } });
  });
});
