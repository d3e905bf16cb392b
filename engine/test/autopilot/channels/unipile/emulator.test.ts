import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUnipileEmulator, type UnipileEmulator } from '../../../support/unipileEmulator.ts';

/**
 * The Unipile emulator (engine/test/support/unipileEmulator.ts) answers as Unipile's API v1 documents:
 * the request and answer shapes the end-to-end test and the bench rely on, its refusals with Unipile's
 * error bodies, and its webhooks, which reach a receiver with the registered custom headers.
 */
let unipile: UnipileEmulator;
let receiver: { url: string; received: { headers: IncomingHttpHeaders; body: Record<string, unknown> }[]; server: Server };

beforeAll(async () => {
  unipile = await startUnipileEmulator();
  const received: { headers: IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received, server };
});

afterAll(async () => {
  await unipile?.close();
  await new Promise((resolve) => receiver?.server.close(resolve));
});

async function call(method: string, path: string, options: { query?: Record<string, string>; json?: unknown; form?: Record<string, string>; key?: string } = {}) {
  const url = new URL(`${unipile.url}/api/v1${path}`);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
  const headers: Record<string, string> = { 'x-api-key': options.key ?? unipile.apiKey, accept: 'application/json' };
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form !== undefined) {
    body = new FormData();
    for (const [name, value] of Object.entries(options.form)) body.append(name, value);
  }
  const response = await fetch(url, { method, headers, body });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Record<string, any> };
}

describe('the Unipile emulator', () => {
  it('refuses a request without the API key, with Unipile’s error body', async () => {
    const seat = unipile.addAccount('LINKEDIN');
    for (const key of ['', 'wrong-key']) {
      const answer = await call('GET', `/accounts/${seat.id}`, { key });
      expect(answer).toMatchObject({ status: 401, body: { status: 401, type: 'errors/missing_credentials', title: expect.any(String) } });
    }
  });

  it('answers profiles by public identifier, phone number and username; 404 for someone unknown', async () => {
    const linkedin = unipile.addAccount('LINKEDIN');
    const whatsapp = unipile.addAccount('WHATSAPP');
    const telegram = unipile.addAccount('TELEGRAM');
    const jan = unipile.addPerson('LINKEDIN', 'jan-kowalski-42');
    unipile.addPerson('LINKEDIN', 'ola-nowak', { networkDistance: 'FIRST_DEGREE' });
    unipile.addPerson('WHATSAPP', '+48 601 234 567');
    unipile.addPerson('TELEGRAM', '@JanK');

    expect(await call('GET', '/users/jan-kowalski-42', { query: { account_id: linkedin.id } })).toMatchObject({
      status: 200,
      body: { object: 'UserProfile', provider: 'LINKEDIN', provider_id: jan.providerId, public_identifier: 'jan-kowalski-42', network_distance: 'SECOND_DEGREE', is_relationship: false },
    });
    expect((await call('GET', `/users/${jan.providerId}`, { query: { account_id: linkedin.id } })).body.public_identifier).toBe('jan-kowalski-42');
    expect((await call('GET', '/users/ola-nowak', { query: { account_id: linkedin.id } })).body).toMatchObject({ network_distance: 'FIRST_DEGREE', is_relationship: true });
    expect((await call('GET', '/users/+48601234567', { query: { account_id: whatsapp.id } })).body).toMatchObject({ provider: 'WHATSAPP', provider_id: '48601234567@s.whatsapp.net' });
    expect((await call('GET', '/users/jank', { query: { account_id: telegram.id } })).body).toMatchObject({
      provider: 'TELEGRAM',
      public_identifier: 'jank',
      provider_id: expect.stringMatching(/^\d+$/),
    });

    expect(await call('GET', '/users/nobody-here', { query: { account_id: linkedin.id } })).toMatchObject({ status: 404, body: { status: 404, type: 'errors/resource_not_found' } });
    // The WhatsApp account does not see LinkedIn members.
    expect((await call('GET', '/users/jan-kowalski-42', { query: { account_id: whatsapp.id } })).status).toBe(404);
    expect((await call('GET', '/users/jan-kowalski-42', { query: { account_id: 'no-such-account' } })).status).toBe(404);
  });

  it('sends an invitation once, with a note of 300 characters at most; a chat opens only once the member accepted', async () => {
    const seat = unipile.addAccount('LINKEDIN');
    const eva = unipile.addPerson('LINKEDIN', 'eva-schmidt');
    const relations = await call('POST', '/webhooks', {
      json: {
        request_url: receiver.url,
        source: 'users',
        name: 'relations',
        headers: [
          { key: 'Content-Type', value: 'application/json' },
          { key: 'Unipile-Auth', value: 'hook secret' },
        ],
      },
    });
    expect(relations).toMatchObject({ status: 201, body: { object: 'WebhookCreated', webhook_id: expect.any(String) } });

    const tooLong = await call('POST', '/users/invite', { json: { provider_id: eva.providerId, account_id: seat.id, message: 'x'.repeat(301) } });
    expect(tooLong).toMatchObject({ status: 400, body: { type: 'errors/too_many_characters' } });
    const sent = await call('POST', '/users/invite', { json: { provider_id: eva.providerId, account_id: seat.id, message: 'Hi Eva, we both work on invoicing.' } });
    expect(sent).toMatchObject({ status: 200, body: { object: 'UserInvitationSent', invitation_id: expect.any(String) } });
    expect(unipile.invitations).toContainEqual(expect.objectContaining({ accountId: seat.id, providerId: eva.providerId, message: 'Hi Eva, we both work on invoicing.', status: 'PENDING' }));
    expect((await call('GET', '/users/eva-schmidt', { query: { account_id: seat.id } })).body).toMatchObject({ invitation: { type: 'SENT', status: 'PENDING' }, is_relationship: false });
    expect(await call('POST', '/users/invite', { json: { provider_id: eva.providerId, account_id: seat.id } })).toMatchObject({ status: 422, body: { type: 'errors/cannot_resend_yet' } });

    const notYet = await call('POST', '/chats', { form: { account_id: seat.id, attendees_ids: eva.providerId, text: 'Hello Eva' } });
    expect(notYet).toMatchObject({ status: 422, body: { type: 'errors/no_connection_with_recipient' } });

    const delivered = await unipile.acceptInvitation(seat.id, eva);
    expect(delivered.map((delivery) => delivery.status)).toEqual([200]);
    const hook = receiver.received.at(-1)!;
    expect(hook.headers['unipile-auth']).toBe('hook secret');
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.body).toEqual({
      event: 'new_relation',
      account_id: seat.id,
      account_type: 'LINKEDIN',
      webhook_name: 'relations',
      user_full_name: 'Jan Kowalski',
      user_provider_id: eva.providerId,
      user_public_identifier: 'eva-schmidt',
      user_profile_url: 'https://www.linkedin.com/in/eva-schmidt/',
      user_picture_url: null,
    });
    expect((await call('GET', '/users/eva-schmidt', { query: { account_id: seat.id } })).body).toMatchObject({ network_distance: 'FIRST_DEGREE', is_relationship: true });
    expect((await call('GET', '/users/relations', { query: { account_id: seat.id } })).body).toMatchObject({
      object: 'UserRelationsList',
      items: [{ object: 'UserRelation', member_id: eva.providerId, public_identifier: 'eva-schmidt', created_at: expect.any(Number) }],
      cursor: null,
    });

    // The note is the first message of their chat, which a new message goes in.
    const started = await call('POST', '/chats', { form: { account_id: seat.id, attendees_ids: eva.providerId, text: 'Hello Eva' } });
    expect(started).toMatchObject({ status: 200, body: { object: 'ChatStarted', chat_id: expect.any(String), message_id: expect.any(String) } });
    const chat = await call('GET', `/chats/${started.body.chat_id}/messages`);
    expect(chat.body.items.map((item: Record<string, unknown>) => [item.text, item.is_sender])).toEqual([
      ['Hello Eva', 1],
      ['Hi Eva, we both work on invoicing.', 1],
    ]);
  });

  it('starts chats and sends messages in them; the lead’s reply and the echo of sent messages reach the messaging webhook', async () => {
    const seat = unipile.addAccount('WHATSAPP');
    const piotr = unipile.addPerson('WHATSAPP', '+48 602 000 111', { firstName: 'Piotr', lastName: 'Wiśniewski' });
    await call('POST', '/webhooks', {
      json: {
        request_url: receiver.url,
        source: 'messaging',
        name: 'messages',
        account_ids: [seat.id],
        headers: [
          { key: 'Content-Type', value: 'application/json' },
          { key: 'Unipile-Auth', value: 'hook secret' },
        ],
      },
    });
    const before = receiver.received.length;

    const started = await call('POST', '/chats', { form: { account_id: seat.id, attendees_ids: piotr.providerId, text: 'Dzień dobry Piotr' } });
    expect(started.status).toBe(200);
    const chatId = started.body.chat_id as string;
    const followUp = await call('POST', `/chats/${chatId}/messages`, { form: { text: 'A short follow-up' } });
    expect(followUp).toMatchObject({ status: 200, body: { object: 'MessageSent', message_id: expect.any(String) } });
    // The same person again: the 1-to-1 chat is reused, as Unipile does.
    expect((await call('POST', '/chats', { json: { account_id: seat.id, attendees_ids: [piotr.providerId], text: 'Third' } })).body.chat_id).toBe(chatId);
    expect((await call('POST', '/chats/no-such-chat/messages', { form: { text: 'x' } })).status).toBe(404);

    const { message } = await unipile.receiveMessage(seat.id, piotr, 'Tak, chętnie porozmawiam.');
    await unipile.settled();
    const hooks = receiver.received.slice(before).map((hook) => hook.body);
    expect(hooks.map((body) => [body.event, body.is_sender, body.message])).toEqual([
      ['message_received', true, 'Dzień dobry Piotr'],
      ['message_received', true, 'A short follow-up'],
      ['message_received', true, 'Third'],
      ['message_received', false, 'Tak, chętnie porozmawiam.'],
    ]);
    expect(hooks.at(-1)).toMatchObject({
      account_id: seat.id,
      account_type: 'WHATSAPP',
      chat_id: chatId,
      message_id: message.id,
      webhook_name: 'messages',
      timestamp: message.timestamp.toISOString(),
      sender: { attendee_provider_id: piotr.providerId, attendee_name: 'Piotr Wiśniewski' },
    });

    const listed = await call('GET', `/chats/${chatId}/messages`);
    expect(listed.body.object).toBe('MessageList');
    expect(listed.body.items.map((item: Record<string, unknown>) => [item.text, item.is_sender])).toEqual([
      ['Tak, chętnie porozmawiam.', 0],
      ['Third', 1],
      ['A short follow-up', 1],
      ['Dzień dobry Piotr', 1],
    ]);
    expect(listed.body.items[0]).toMatchObject({ object: 'Message', id: message.id, chat_id: chatId, account_id: seat.id, sender_id: piotr.providerId, timestamp: message.timestamp.toISOString() });
    const since = listed.body.items[1].timestamp as string;
    const newer = await call('GET', '/messages', { query: { account_id: seat.id, after: since } });
    expect(newer.body.items.map((item: Record<string, unknown>) => item.id)).toEqual([message.id]);

    // A message whose webhook was missed is only in the lists.
    const received = receiver.received.length;
    const missed = await unipile.receiveMessage(seat.id, piotr, 'Halo?', { missed: true });
    await unipile.settled();
    expect(missed.deliveries).toEqual([]);
    expect(receiver.received.length).toBe(received);
    expect((await call('GET', '/messages', { query: { account_id: seat.id, after: message.timestamp.toISOString() } })).body.items.map((item: Record<string, unknown>) => item.text)).toEqual([
      'Halo?',
    ]);
  });

  it('refuses a new Telegram chat with someone whose privacy forbids it, until they wrote first', async () => {
    const seat = unipile.addAccount('TELEGRAM');
    const shy = unipile.addPerson('TELEGRAM', 'shy_one', { refusesStrangers: true });
    const refused = await call('POST', '/chats', { form: { account_id: seat.id, attendees_ids: shy.providerId, text: 'Hi' } });
    expect(refused).toMatchObject({ status: 422, body: { type: 'errors/user_unreachable' } });
    await unipile.receiveMessage(seat.id, shy, 'Hello, I saw your post');
    expect((await call('POST', '/chats', { form: { account_id: seat.id, attendees_ids: shy.providerId, text: 'Hi' } })).status).toBe(200);
  });

  it('answers 429 with Retry-After and 422 limits on demand, then goes back to normal', async () => {
    const seat = unipile.addAccount('LINKEDIN');
    const max = unipile.addPerson('LINKEDIN', 'max-mustermann');
    const invitesBefore = unipile.calls('invite');
    unipile.failNext('invite', { status: 429, type: 'errors/too_many_requests', retryAfterSeconds: 120 });
    unipile.failNext('invite', { status: 422, type: 'errors/limit_exceeded', detail: 'The weekly invitation limit is reached.' });
    const limited = await call('POST', '/users/invite', { json: { provider_id: max.providerId, account_id: seat.id } });
    expect(limited).toMatchObject({ status: 429, retryAfter: '120', body: { status: 429, type: 'errors/too_many_requests' } });
    expect(await call('POST', '/users/invite', { json: { provider_id: max.providerId, account_id: seat.id } })).toMatchObject({
      status: 422,
      body: { type: 'errors/limit_exceeded', detail: 'The weekly invitation limit is reached.' },
    });
    expect((await call('POST', '/users/invite', { json: { provider_id: max.providerId, account_id: seat.id } })).status).toBe(200);
    expect(unipile.calls('invite') - invitesBefore).toBe(3);
  });

  it('a disconnected account answers 401 to every call acting as it, reports CREDENTIALS, and tells the account_status webhook', async () => {
    const seat = unipile.addAccount('LINKEDIN');
    unipile.addPerson('LINKEDIN', 'lena-fischer');
    await call('POST', '/webhooks', { json: { request_url: receiver.url, source: 'account_status', headers: [{ key: 'Content-Type', value: 'application/json' }] } });
    const delivered = await unipile.setAccountStatus(seat.id, 'CREDENTIALS');
    expect(delivered.map((delivery) => delivery.body)).toEqual([{ AccountStatus: { account_id: seat.id, account_type: 'LINKEDIN', message: 'CREDENTIALS' } }]);
    expect(await call('GET', '/users/lena-fischer', { query: { account_id: seat.id } })).toMatchObject({ status: 401, body: { type: 'errors/disconnected_account' } });
    expect((await call('GET', `/accounts/${seat.id}`)).body).toMatchObject({ object: 'Account', id: seat.id, type: 'LINKEDIN', sources: [{ status: 'CREDENTIALS' }] });
    await unipile.setAccountStatus(seat.id, 'OK');
    expect((await call('GET', '/users/lena-fischer', { query: { account_id: seat.id } })).status).toBe(200);
  });

  it('notes a request for a route it does not serve as unexpected', async () => {
    expect((await call('GET', '/nothing/here')).status).toBe(404);
    expect(unipile.unexpected).toEqual(['GET /api/v1/nothing/here']);
  });
});
