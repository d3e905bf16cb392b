import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUnipileClient, unipileFailure } from '../../../src/integrations/unipile/client.ts';
import { accountStatus, sendInvitation, sendMessage, startChat, userProfile } from '../../../src/integrations/unipile/messaging.ts';
import { unipileConnection } from '../../../src/integrations/unipile/settings.ts';
import { researchSettings } from '../../../src/research/settings.ts';

/** The send side of Unipile's API v1 against its documented request and answer shapes. */
const DSN = 'https://api8.unipile.com:13851';
const KEY = 'unipile-send-key';
const SEAT = 'Xq7pL2mNTbq-9vRsYw3KdA';
const MEMBER = 'ACoAAAcDMMQBODyLwZrRcgYhrkCafURGqva0U4E';
const signal = () => new AbortController().signal;
const client = () => createUnipileClient({ apiKey: KEY, baseUrl: DSN, http: { retries: 0 } });
const api = () => nock(DSN, { reqheaders: { 'x-api-key': KEY } });

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

/** Captures a multipart body as text (nock hands the matcher the raw body). */
function multipart(into: { body?: string }) {
  return (body: unknown) => {
    into.body = typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : JSON.stringify(body);
    return true;
  };
}

const fieldOf = (body: string, name: string): string[] => [...body.matchAll(new RegExp(`name="${name.replace(/[[\]]/g, '\\$&')}"\\r\\n\\r\\n([\\s\\S]*?)\\r\\n--`, 'g'))].map((match) => match[1]!);

describe('Unipile messaging calls', () => {
  it('looks a member up by public identifier as the seat: provider id, network distance, a pending invitation', async () => {
    api()
      .get('/api/v1/users/julien-crepieux')
      .query({ account_id: SEAT })
      .reply(200, {
        object: 'UserProfile',
        provider: 'LINKEDIN',
        provider_id: MEMBER,
        public_identifier: 'julien-crepieux',
        first_name: 'Julien',
        network_distance: 'SECOND_DEGREE',
        invitation: { type: 'SENT', status: 'PENDING' },
      });
    expect(await userProfile(client(), SEAT, 'julien-crepieux', signal())).toEqual({
      providerId: MEMBER,
      publicIdentifier: 'julien-crepieux',
      networkDistance: 'SECOND_DEGREE',
      invitationPending: true,
    });
    api().get('/api/v1/users/gone-member').query({ account_id: SEAT }).reply(404, { status: 404, type: 'errors/resource_not_found', title: 'Resource not found.' });
    expect(await userProfile(client(), SEAT, 'gone-member', signal())).toBeNull();
  });

  it('sends a connection request as JSON with the note and the seat, and answers the invitation id', async () => {
    let sent: unknown;
    api()
      .post('/api/v1/users/invite', (body) => {
        sent = body;
        return true;
      })
      .matchHeader('content-type', /application\/json/)
      .reply(201, { object: 'UserInvitationSent', invitation_id: '7179843958249717760', usage: 12 });
    expect(await sendInvitation(client(), SEAT, MEMBER, 'Hi Julien, we met at SaaStr.', signal())).toEqual({ invitationId: '7179843958249717760' });
    expect(sent).toEqual({ provider_id: MEMBER, account_id: SEAT, message: 'Hi Julien, we met at SaaStr.' });

    api()
      .post('/api/v1/users/invite', (body) => {
        sent = body;
        return true;
      })
      .reply(201, { object: 'UserInvitationSent', invitation_id: '42' });
    await sendInvitation(client(), SEAT, MEMBER, null, signal());
    expect(sent).toEqual({ provider_id: MEMBER, account_id: SEAT });
  });

  it('starts a chat and sends in one as multipart/form-data, as the chat endpoints take it', async () => {
    const start: { body?: string } = {};
    api()
      .post('/api/v1/chats', multipart(start))
      .matchHeader('content-type', /^multipart\/form-data; boundary=/)
      .reply(201, { object: 'ChatStarted', chat_id: 'kPq3sTz9Wn6D2vLmR8cYbA', message_id: 'msg-1' });
    expect(await startChat(client(), SEAT, '4915112345678@s.whatsapp.net', 'Hallo Jan!', signal())).toEqual({ chatId: 'kPq3sTz9Wn6D2vLmR8cYbA', messageId: 'msg-1' });
    expect(fieldOf(start.body!, 'attendees_ids')).toEqual(['4915112345678@s.whatsapp.net']);
    expect(fieldOf(start.body!, 'text')).toEqual(['Hallo Jan!']);
    expect(fieldOf(start.body!, 'account_id')).toEqual([SEAT]);

    const message: { body?: string } = {};
    api().post('/api/v1/chats/kPq3sTz9Wn6D2vLmR8cYbA/messages', multipart(message)).reply(201, { object: 'MessageSent', message_id: 'msg-2' });
    expect(await sendMessage(client(), SEAT, 'kPq3sTz9Wn6D2vLmR8cYbA', 'Second note', signal())).toEqual({ messageId: 'msg-2' });
    expect(fieldOf(message.body!, 'text')).toEqual(['Second note']);

    api().post('/api/v1/chats/gone/messages').reply(404, { status: 404, type: 'errors/resource_not_found' });
    expect(await sendMessage(client(), SEAT, 'gone', 'Hello', signal())).toBeNull();
  });

  it("reads the connected account's status from its sources", async () => {
    api()
      .get(`/api/v1/accounts/${SEAT}`)
      .query(true)
      .reply(200, { object: 'Account', type: 'LINKEDIN', id: SEAT, sources: [{ id: `${SEAT}_MESSAGING`, status: 'OK' }] });
    expect(await accountStatus(client(), SEAT, signal())).toEqual({ ok: true, detail: 'OK' });
    api()
      .get(`/api/v1/accounts/${SEAT}`)
      .query(true)
      .reply(200, { object: 'Account', type: 'LINKEDIN', id: SEAT, sources: [{ id: `${SEAT}_MESSAGING`, status: 'CREDENTIALS' }] });
    expect(await accountStatus(client(), SEAT, signal())).toEqual({ ok: false, detail: 'Unipile says the account is CREDENTIALS' });
  });
});

describe('Unipile failures, classified', () => {
  const failing = async (status: number, body: object, headers: Record<string, string> = {}) => {
    api().post('/api/v1/users/invite').reply(status, body, headers);
    return sendInvitation(client(), SEAT, MEMBER, null, signal()).then(
      () => {
        throw new Error('expected a failure');
      },
      (error: unknown) => unipileFailure(error),
    );
  };

  it('429 is too many requests, with its Retry-After', async () => {
    expect(await failing(429, { status: 429, type: 'errors/too_many_requests', title: 'Too many requests' }, { 'retry-after': '120' })).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 120_000,
    });
  });

  it('401 disconnected_account is a lost account; 422 cannot_resend_yet a limit of the network; other 4xx a refusal; 5xx unavailable', async () => {
    expect(
      await failing(401, { status: 401, type: 'errors/disconnected_account', title: 'Disconnected account', detail: 'The account appears to be disconnected from the provider service.' }),
    ).toEqual({
      kind: 'disconnected',
      type: 'errors/disconnected_account',
      detail: 'Disconnected account: The account appears to be disconnected from the provider service.',
    });
    expect(await failing(422, { status: 422, type: 'errors/cannot_resend_yet', title: 'Cannot resend yet' })).toMatchObject({ kind: 'provider_limit', type: 'errors/cannot_resend_yet' });
    expect(await failing(422, { status: 422, type: 'errors/cannot_invite_attendee', title: 'Cannot invite attendee' })).toMatchObject({
      kind: 'refused',
      status: 422,
      type: 'errors/cannot_invite_attendee',
    });
    // A 401 that is not about the connected account (a wrong API key) is not a disconnected seat.
    expect(await failing(401, { status: 401, type: 'errors/missing_credentials', title: 'Unauthorized' })).toMatchObject({ kind: 'refused', status: 401 });
    expect(await failing(503, { status: 503, type: 'errors/provider_unreachable' })).toMatchObject({ kind: 'unavailable' });
  });
});

describe('Unipile configuration', () => {
  const base = { DATABASE_URL: 'postgres://x@localhost/db' };

  it('the channels need only UNIPILE_API_KEY and UNIPILE_BASE_URL; research also needs UNIPILE_ACCOUNT_ID and is off without it', () => {
    const env = { ...base, UNIPILE_API_KEY: KEY, UNIPILE_BASE_URL: DSN };
    expect(unipileConnection(env)).toEqual({ apiKey: KEY, baseUrl: DSN });
    expect(researchSettings(env, { workerConcurrency: 1 }).sources.unipile).toBeUndefined();
    expect(researchSettings({ ...env, UNIPILE_ACCOUNT_ID: SEAT }, { workerConcurrency: 1 }).sources.unipile).toEqual({ apiKey: KEY, baseUrl: DSN, accountId: SEAT });
    expect(unipileConnection(base)).toBeUndefined();
    expect(() => unipileConnection({ ...base, UNIPILE_API_KEY: KEY })).toThrow(/UNIPILE_BASE_URL/);
    expect(() => unipileConnection({ ...base, UNIPILE_API_KEY: KEY, UNIPILE_BASE_URL: `${DSN}/api/v2` })).toThrow(/API v2/);
  });
});
