/**
 * A local Unipile (API v1) for tests and the bench: a real HTTP server (node:http on 127.0.0.1) with
 * in-memory state, answering the documented requests with the documented bodies, and calling back the
 * webhooks registered on it as Unipile does. The engine talks to it exactly as to Unipile
 * (`UNIPILE_BASE_URL`, `UNIPILE_API_KEY`): nothing of the engine is replaced.
 *
 * What it serves (https://developer.unipile.com, API v1):
 * - `GET /api/v1/accounts/{id}`: the connected account and its status (`sources[].status`).
 * - `GET /api/v1/users/{identifier}?account_id=`: a profile by provider id or public identifier (a
 *   LinkedIn public identifier, a phone number for WhatsApp, a username for Telegram); 404 when unknown.
 *   LinkedIn profiles carry `network_distance`, `is_relationship` and a pending `invitation`.
 * - `POST /api/v1/users/invite` (JSON: `provider_id`, `account_id`, `message` of 300 characters at most).
 * - `POST /api/v1/chats` (multipart/form-data or JSON: `account_id`, `attendees_ids`, `text`): opens the
 *   1-to-1 chat (or reuses it) and sends the first message; LinkedIn only to a first-degree relation.
 * - `POST /api/v1/chats/{chat_id}/messages` (multipart/form-data or JSON: `text`).
 * - Catch-up reads: `GET /api/v1/chats/{chat_id}/messages`, `GET /api/v1/messages` (`account_id`,
 *   `after`, `before`, `limit`), `GET /api/v1/users/relations` (`account_id`), newest first, one page.
 * - `POST /api/v1/webhooks` (`request_url`, `source` messaging | users | account_status, `headers`
 *   `[{key, value}]`, `account_ids`).
 *
 * Every request must carry `X-API-KEY` (else 401 `errors/missing_credentials`); an account named by a
 * call must exist (404) and be connected (401 `errors/disconnected_account` while its status is not
 * OK). Errors have Unipile's shape `{status, type: "errors/...", title, detail}`. A test scripts what
 * the other side does: a lead accepting an invitation (`acceptInvitation`: webhook `new_relation`), a
 * lead writing (`receiveMessage`: webhook `message_received`), the account losing its session
 * (`setAccountStatus`: webhook `AccountStatus`), and failures on demand (`failNext`: a 429 with
 * Retry-After, a 422 limit). Messages the account sends are echoed to the messaging webhooks too
 * (`is_sender: true`), as Unipile does for messages sent from any device.
 *
 * Webhooks are POSTed with the registered headers only: Unipile adds no Content-Type to webhooks created
 * through the API ("use the headers parameter to set it"), so without one the body arrives as fetch sends
 * a string, `text/plain;charset=UTF-8`. Unipile's retries (five, when the answer is not 200) are not
 * emulated: every delivery is recorded with its answer's status.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type UnipileProvider = 'LINKEDIN' | 'WHATSAPP' | 'TELEGRAM';
export type NetworkDistance = 'FIRST_DEGREE' | 'SECOND_DEGREE' | 'THIRD_DEGREE' | 'OUT_OF_NETWORK';
/** The statuses Unipile reports for an account (AccountStatus webhook, `sources[].status`); only OK can act. */
export type AccountStatus = 'OK' | 'CREDENTIALS' | 'STOPPED' | 'ERROR' | 'CONNECTING' | 'RECONNECTED';

/** The routes, as `calls()`, `failNext()` and `requests` name them. */
export type UnipileRoute = 'getAccount' | 'getUser' | 'invite' | 'startChat' | 'sendMessage' | 'chatMessages' | 'messages' | 'relations' | 'createWebhook';

export interface EmulatedAccount {
  id: string;
  provider: UnipileProvider;
  name: string;
  /** The account's own id on the provider (the sender of its messages). */
  providerId: string;
  status: AccountStatus;
}

export interface EmulatedPerson {
  provider: UnipileProvider;
  /** The provider's internal id: a LinkedIn member id (`ACo...`), a WhatsApp JID, a Telegram user id. */
  providerId: string;
  /** How people share it: a LinkedIn public identifier, a phone number's digits, a Telegram username. */
  publicIdentifier: string;
  firstName: string;
  lastName: string;
  /** LinkedIn: the distance from every LinkedIn account of the emulator until a relation is made. */
  networkDistance: NetworkDistance | null;
  /** Telegram: the person's privacy refuses messages from accounts they never talked to. */
  refusesStrangers: boolean;
}

export interface UnipileFailure {
  status: number;
  /** Unipile's error type, e.g. `errors/too_many_requests`, `errors/cannot_resend_yet`, `errors/limit_exceeded`. */
  type: string;
  title?: string;
  detail?: string;
  /** Sent as `Retry-After` (seconds). */
  retryAfterSeconds?: number;
}

export interface EmulatedMessage {
  id: string;
  chatId: string;
  accountId: string;
  senderId: string;
  text: string;
  isSender: boolean;
  timestamp: Date;
}

export interface EmulatedChat {
  id: string;
  accountId: string;
  attendeeProviderId: string;
  messages: EmulatedMessage[];
}

export interface EmulatedInvitation {
  id: string;
  accountId: string;
  providerId: string;
  message: string | null;
  status: 'PENDING' | 'ACCEPTED';
  sentAt: Date;
}

export interface RegisteredWebhook {
  id: string;
  source: 'messaging' | 'users' | 'account_status';
  requestUrl: string;
  name: string;
  headers: { key: string; value: string }[];
  accountIds: string[] | null;
}

export interface WebhookDelivery {
  webhookId: string;
  source: RegisteredWebhook['source'];
  body: Record<string, unknown>;
  /** The receiver's answer, or null when it could not be reached. */
  status: number | null;
}

export interface LoggedRequest {
  route: UnipileRoute;
  method: string;
  path: string;
  query: Record<string, string>;
  /** The parsed body (JSON, or the fields of a multipart/form-data body; repeated fields as arrays). */
  body: Record<string, unknown> | null;
}

export interface UnipileEmulator {
  /** The DSN (`http://127.0.0.1:<port>`). */
  url: string;
  apiKey: string;
  /** `UNIPILE_API_KEY` and `UNIPILE_BASE_URL`, as ops would set them. */
  env: { UNIPILE_API_KEY: string; UNIPILE_BASE_URL: string };
  /** A connected account (a seat's provider account). */
  addAccount(provider: UnipileProvider, options?: { id?: string; name?: string }): EmulatedAccount;
  /** Someone the provider knows: `identifier` is a LinkedIn public identifier, a phone number (+ and digits) or a Telegram username. */
  addPerson(provider: UnipileProvider, identifier: string, options?: { firstName?: string; lastName?: string; networkDistance?: NetworkDistance; refusesStrangers?: boolean }): EmulatedPerson;
  /**
   * The person accepts the account's invitation (or becomes a relation anyhow): `new_relation` goes to the
   * users webhooks; an invitation's note becomes the first message of a new chat between them.
   */
  acceptInvitation(accountId: string, person: EmulatedPerson): Promise<WebhookDelivery[]>;
  /**
   * The person writes to the account (in their 1-to-1 chat, opened if need be): `message_received` goes to
   * the messaging webhooks, unless `missed` (the engine was down through Unipile's retries): then the
   * message is only in the lists a catch-up reads.
   */
  receiveMessage(accountId: string, person: EmulatedPerson, text: string, options?: { missed?: boolean }): Promise<{ message: EmulatedMessage; deliveries: WebhookDelivery[] }>;
  /** The account's status changes (`CREDENTIALS`: the session is lost): `AccountStatus` goes to the account_status webhooks. */
  setAccountStatus(accountId: string, status: AccountStatus): Promise<WebhookDelivery[]>;
  /** The next `times` calls of `route` answer this failure instead. */
  failNext(route: UnipileRoute, failure: UnipileFailure, times?: number): void;
  /** Calls answered so far by route (failures included). */
  calls(route: UnipileRoute): number;
  requests: LoggedRequest[];
  invitations: EmulatedInvitation[];
  chats: EmulatedChat[];
  webhooks: RegisteredWebhook[];
  deliveries: WebhookDelivery[];
  /** Requests that matched no route (each is a bug in the caller or the emulator). */
  unexpected: string[];
  /** Resolves when every webhook delivery started so far has been answered. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

class Refusal extends Error {
  readonly failure: UnipileFailure;
  constructor(failure: UnipileFailure) {
    super(failure.title ?? failure.type);
    this.failure = failure;
  }
}

const refuse = (status: number, type: string, title: string, detail?: string): never => {
  throw new Refusal({ status, type, title, detail });
};
const notFound = (detail: string): never => refuse(404, 'errors/resource_not_found', 'Resource not found.', detail);
const invalid = (detail: string): never => refuse(400, 'errors/invalid_parameters', 'Invalid parameters', detail);

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};
const id = (): string => randomBytes(16).toString('base64url').slice(0, 22);

/** WhatsApp numbers are looked up by their digits; Telegram usernames without `@`, in any case. */
function normalised(provider: UnipileProvider, identifier: string): string {
  if (provider === 'WHATSAPP') return identifier.replace(/@s\.whatsapp\.net$/, '').replace(/\D/g, '');
  if (provider === 'TELEGRAM') return identifier.replace(/^@/, '').toLowerCase();
  return identifier;
}

/** A message as Unipile's API v1 answers it (the API reference's Message object: `GET /messages`, a chat's messages). */
export function unipileMessage(message: { id: string; accountId: string; chatId: string; chatProviderId: string; senderId: string; text: string; timestamp: Date; isSender: boolean }) {
  return {
    object: 'Message',
    id: message.id,
    account_id: message.accountId,
    chat_id: message.chatId,
    chat_provider_id: message.chatProviderId,
    provider_id: `provider-${message.id}`,
    sender_id: message.senderId,
    sender_attendee_id: `attendee-${message.senderId}`,
    text: message.text,
    attachments: [],
    timestamp: message.timestamp.toISOString(),
    is_sender: message.isSender ? 1 : 0,
    reactions: [],
    seen: 0,
    seen_by: {},
    hidden: 0,
    deleted: 0,
    edited: 0,
    is_event: 0,
    delivered: 1,
    behavior: null,
    original: JSON.stringify({ text: message.text }),
    message_type: 'MESSAGE',
  };
}

export interface UnipileEmulatorOptions {
  /** The key every request must carry; a random one by default. */
  apiKey?: string;
  /** The provider's clock (message timestamps, invitations, relations): a test's clock, or the machine's. */
  now?: () => Date;
}

export async function startUnipileEmulator(options: UnipileEmulatorOptions = {}): Promise<UnipileEmulator> {
  const apiKey = options.apiKey ?? `emulated-${id()}`;
  const now = options.now ?? (() => new Date());
  const accounts = new Map<string, EmulatedAccount>();
  /** `provider:identifier` (provider id and public identifier alike) to the person. */
  const peopleBy = new Map<string, EmulatedPerson>();
  /** Relations made after the start (accepted invitations), by account: provider ids and when. */
  const relations = new Map<string, Map<string, Date>>();
  const invitations: EmulatedInvitation[] = [];
  const chats: EmulatedChat[] = [];
  const chatsById = new Map<string, EmulatedChat>();
  /** `account id:attendee provider id` to their 1-to-1 chat. */
  const chatsByPair = new Map<string, EmulatedChat>();
  const webhooks: RegisteredWebhook[] = [];
  const deliveries: WebhookDelivery[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const requests: LoggedRequest[] = [];
  const unexpected: string[] = [];
  const failures = new Map<UnipileRoute, UnipileFailure[]>();
  const counts = new Map<UnipileRoute, number>();

  /** The connected account a call acts as: it must exist and be OK. */
  const account = (accountId: unknown): EmulatedAccount => {
    if (typeof accountId !== 'string' || accountId === '') return invalid('account_id is required');
    const found = accounts.get(accountId) ?? notFound(`Account ${accountId} not found`);
    if (found.status !== 'OK') {
      refuse(401, 'errors/disconnected_account', 'Disconnected account', 'The account appears to be disconnected from the provider service.');
    }
    return found;
  };
  const personOf = (provider: UnipileProvider, identifier: string): EmulatedPerson | undefined =>
    peopleBy.get(`${provider}:${identifier}`) ?? peopleBy.get(`${provider}:${normalised(provider, identifier)}`);
  const related = (accountId: string, person: EmulatedPerson): boolean => person.networkDistance === 'FIRST_DEGREE' || relations.get(accountId)?.has(person.providerId) === true;
  const pendingInvitation = (accountId: string, person: EmulatedPerson) =>
    invitations.find((invitation) => invitation.accountId === accountId && invitation.providerId === person.providerId && invitation.status === 'PENDING');

  // --- what Unipile answers -------------------------------------------------------------------------

  function profile(from: EmulatedAccount, person: EmulatedPerson) {
    const common = {
      object: 'UserProfile',
      provider: person.provider,
      provider_id: person.providerId,
      public_identifier: person.publicIdentifier,
      first_name: person.firstName,
      last_name: person.lastName,
    };
    if (person.provider !== 'LINKEDIN') return common;
    const connected = related(from.id, person);
    const pending = pendingInvitation(from.id, person);
    return {
      ...common,
      headline: 'Head of Finance',
      network_distance: connected ? 'FIRST_DEGREE' : person.networkDistance,
      is_relationship: connected,
      ...(pending === undefined ? {} : { invitation: { type: 'SENT', status: 'PENDING' } }),
    };
  }

  function messageObject(message: EmulatedMessage) {
    return unipileMessage({ ...message, chatProviderId: `provider-${message.chatId}` });
  }

  function post(chat: EmulatedChat, from: string, text: string, isSender: boolean): EmulatedMessage {
    // Strictly increasing timestamps, so `after` and `before` never tie.
    const last = chat.messages.at(-1)?.timestamp.getTime() ?? 0;
    const message: EmulatedMessage = { id: id(), chatId: chat.id, accountId: chat.accountId, senderId: from, text, isSender, timestamp: new Date(Math.max(now().getTime(), last + 1)) };
    chat.messages.push(message);
    return message;
  }

  function chatWith(from: EmulatedAccount, person: EmulatedPerson): EmulatedChat {
    let chat = chatsByPair.get(`${from.id}:${person.providerId}`);
    if (chat === undefined) {
      chat = { id: id(), accountId: from.id, attendeeProviderId: person.providerId, messages: [] };
      chats.push(chat);
      chatsById.set(chat.id, chat);
      chatsByPair.set(`${from.id}:${person.providerId}`, chat);
    }
    return chat;
  }

  function startChat(body: Record<string, unknown>) {
    const from = account(body.account_id);
    const attendees = [body.attendees_ids].flat().filter((value): value is string => typeof value === 'string' && value !== '');
    if (attendees.length !== 1) return invalid('attendees_ids must name one attendee for a 1-to-1 chat');
    const text = typeof body.text === 'string' ? body.text : invalid('text is required');
    const person = personOf(from.provider, attendees[0]!) ?? notFound(`Attendee ${attendees[0]} not found`);
    const known = chatsByPair.has(`${from.id}:${person.providerId}`);
    if (from.provider === 'LINKEDIN' && !related(from.id, person)) {
      refuse(422, 'errors/no_connection_with_recipient', 'No connection with recipient', 'The recipient is not a first degree connection.');
    }
    if (from.provider === 'TELEGRAM' && person.refusesStrangers && !known) {
      refuse(422, 'errors/user_unreachable', 'User unreachable', "The recipient's privacy settings do not allow new conversations from this account.");
    }
    const chat = chatWith(from, person);
    const message = post(chat, from.providerId, text, true);
    echo(from, message);
    return { object: 'ChatStarted', chat_id: chat.id, message_id: message.id };
  }

  function sendMessage(chatId: string, body: Record<string, unknown>) {
    const chat = chatsById.get(chatId) ?? notFound(`Chat ${chatId} not found`);
    if (body.account_id !== undefined && body.account_id !== chat.accountId) refuse(403, 'errors/account_mismatch', 'Account mismatch', 'The chat does not belong to this account.');
    const from = account(chat.accountId);
    const text = typeof body.text === 'string' ? body.text : invalid('text is required');
    const message = post(chat, from.providerId, text, true);
    echo(from, message);
    return { object: 'MessageSent', message_id: message.id };
  }

  function invite(body: Record<string, unknown>) {
    const from = account(body.account_id);
    if (from.provider !== 'LINKEDIN') refuse(422, 'errors/invalid_account', 'Invalid account', 'Provided account is not designed for this feature.');
    const person = personOf(from.provider, String(body.provider_id ?? '')) ?? notFound(`User ${String(body.provider_id)} not found`);
    const message = body.message === undefined ? null : String(body.message);
    if (message !== null && [...message].length > 300) refuse(400, 'errors/too_many_characters', 'Too many characters', 'The provided content exceeds the character limit.');
    if (related(from.id, person)) refuse(422, 'errors/already_connected', 'Already connected', 'The recipient is already a relation.');
    if (pendingInvitation(from.id, person)) refuse(422, 'errors/cannot_resend_yet', 'Cannot resend yet', 'An invitation to this user is pending; it cannot be sent again yet.');
    const invitation: EmulatedInvitation = { id: id(), accountId: from.id, providerId: person.providerId, message, status: 'PENDING', sentAt: now() };
    invitations.push(invitation);
    return { object: 'UserInvitationSent', invitation_id: invitation.id, usage: invitations.filter((sent) => sent.accountId === from.id).length };
  }

  function accountObject(found: EmulatedAccount) {
    return {
      object: 'Account',
      id: found.id,
      name: found.name,
      type: found.provider,
      created_at: '2030-01-02T09:00:00.000Z',
      connection_params: { im: { id: found.providerId, username: found.name } },
      groups: [],
      sources: [{ id: `${found.id}_MESSAGING`, status: found.status }],
    };
  }

  function messagesPage(items: EmulatedMessage[], query: URLSearchParams) {
    const after = query.get('after');
    const before = query.get('before');
    const limit = Math.min(Number(query.get('limit') ?? 100) || 100, 250);
    const page = items
      .filter((message) => (after === null || message.timestamp > new Date(after)) && (before === null || message.timestamp < new Date(before)))
      .sort((a, b) => b.timestamp.getTime() - a.timestamp.getTime())
      .slice(0, limit);
    return { object: 'MessageList', items: page.map(messageObject), cursor: null };
  }

  function relationsPage(from: EmulatedAccount) {
    const made = [...(relations.get(from.id) ?? new Map<string, Date>())].sort((a, b) => b[1].getTime() - a[1].getTime());
    const items = made.map(([providerId, at]) => {
      const person = personOf(from.provider, providerId)!;
      return {
        object: 'UserRelation',
        first_name: person.firstName,
        last_name: person.lastName,
        headline: 'Head of Finance',
        public_identifier: person.publicIdentifier,
        public_profile_url: `https://www.linkedin.com/in/${person.publicIdentifier}`,
        created_at: at.getTime(),
        member_id: person.providerId,
        member_urn: `urn:li:member:${person.providerId}`,
        connection_urn: `urn:li:fsd_connection:${person.providerId}`,
      };
    });
    return { object: 'UserRelationsList', items, cursor: null };
  }

  function createWebhook(body: Record<string, unknown>) {
    const source = body.source;
    if (source !== 'messaging' && source !== 'users' && source !== 'account_status') return invalid('source must be messaging, users or account_status (the emulator serves those)');
    if (typeof body.request_url !== 'string' || !/^https?:\/\//.test(body.request_url)) return invalid('request_url must be an http(s) URL');
    const headers = Array.isArray(body.headers) ? body.headers : [];
    if (!headers.every((header) => typeof header?.key === 'string' && typeof header?.value === 'string')) return invalid('headers must be [{key, value}]');
    const accountIds = Array.isArray(body.account_ids) ? body.account_ids.map(String) : null;
    const webhook: RegisteredWebhook = { id: id(), source, requestUrl: body.request_url, name: typeof body.name === 'string' ? body.name : '', headers, accountIds };
    webhooks.push(webhook);
    return { object: 'WebhookCreated', webhook_id: webhook.id };
  }

  // --- webhooks -------------------------------------------------------------------------------------

  async function deliver(source: RegisteredWebhook['source'], accountId: string, payload: (webhook: RegisteredWebhook) => Record<string, unknown>): Promise<WebhookDelivery[]> {
    const targets = webhooks.filter((webhook) => webhook.source === source && (webhook.accountIds === null || webhook.accountIds.includes(accountId)));
    const sending = Promise.all(
      targets.map(async (webhook) => {
        const body = payload(webhook);
        let status: number | null;
        try {
          const answer = await fetch(webhook.requestUrl, { method: 'POST', headers: Object.fromEntries(webhook.headers.map(({ key, value }) => [key, value])), body: JSON.stringify(body) });
          await answer.arrayBuffer();
          status = answer.status;
        } catch {
          status = null;
        }
        const delivery: WebhookDelivery = { webhookId: webhook.id, source, body, status };
        deliveries.push(delivery);
        return delivery;
      }),
    );
    inFlight.add(sending);
    try {
      return await sending;
    } finally {
      inFlight.delete(sending);
    }
  }

  function messagePayload(from: EmulatedAccount, message: EmulatedMessage) {
    const chat = chatsById.get(message.chatId)!;
    const person = personOf(from.provider, chat.attendeeProviderId)!;
    const attendee = (providerId: string, name: string) => ({
      attendee_id: `attendee-${providerId}`,
      attendee_name: name,
      attendee_provider_id: providerId,
      attendee_profile_url: profileUrl(from.provider, providerId),
    });
    const own = attendee(from.providerId, from.name);
    const theirs = attendee(person.providerId, `${person.firstName} ${person.lastName}`);
    return (webhook: RegisteredWebhook) => ({
      account_id: from.id,
      account_type: from.provider,
      account_info: { type: from.provider, feature: 'classic', user_id: from.providerId },
      event: 'message_received',
      chat_id: chat.id,
      timestamp: message.timestamp.toISOString(),
      webhook_name: webhook.name,
      message_id: message.id,
      message: message.text,
      sender: message.isSender ? own : theirs,
      attendees: [message.isSender ? theirs : own],
      attachments: [],
      is_sender: message.isSender,
    });
  }

  /** A message the account sent goes to the messaging webhooks as well; nobody waits for it but `settled()`. */
  function echo(from: EmulatedAccount, message: EmulatedMessage): void {
    void deliver('messaging', from.id, messagePayload(from, message));
  }

  // --- HTTP -----------------------------------------------------------------------------------------

  async function route(request: IncomingMessage, url: URL, raw: Buffer): Promise<{ route: UnipileRoute; answer: () => unknown; body: Record<string, unknown> | null } | undefined> {
    const method = request.method ?? 'GET';
    const path = url.pathname.replace(/\/+$/, '');
    const query = url.searchParams;
    const body = method === 'POST' ? await parsedBody(request, raw) : null;
    const fields = body ?? {};
    let match: RegExpExecArray | null;
    if (method === 'GET' && (match = /^\/api\/v1\/accounts\/([^/]+)$/.exec(path))) {
      const accountId = decodeURIComponent(match[1]!);
      return { route: 'getAccount', body, answer: () => accountObject(accounts.get(accountId) ?? notFound(`Account ${accountId} not found`)) };
    }
    if (method === 'GET' && path === '/api/v1/users/relations') {
      return { route: 'relations', body, answer: () => relationsPage(account(query.get('account_id'))) };
    }
    if (method === 'GET' && (match = /^\/api\/v1\/users\/([^/]+)$/.exec(path))) {
      const identifier = decodeURIComponent(match[1]!);
      return {
        route: 'getUser',
        body,
        answer: () => {
          const from = account(query.get('account_id'));
          return profile(from, personOf(from.provider, identifier) ?? notFound(`User ${identifier} not found`));
        },
      };
    }
    if (method === 'POST' && path === '/api/v1/users/invite') return { route: 'invite', body, answer: () => invite(fields) };
    if (method === 'POST' && path === '/api/v1/chats') return { route: 'startChat', body, answer: () => startChat(fields) };
    if ((match = /^\/api\/v1\/chats\/([^/]+)\/messages$/.exec(path))) {
      const chatId = decodeURIComponent(match[1]!);
      if (method === 'POST') return { route: 'sendMessage', body, answer: () => sendMessage(chatId, fields) };
      if (method === 'GET') {
        return {
          route: 'chatMessages',
          body,
          answer: () => {
            const chat = chatsById.get(chatId) ?? notFound(`Chat ${chatId} not found`);
            account(chat.accountId);
            return messagesPage(chat.messages, query);
          },
        };
      }
    }
    if (method === 'GET' && path === '/api/v1/messages') {
      return {
        route: 'messages',
        body,
        answer: () => {
          const from = account(query.get('account_id'));
          return messagesPage(
            chats.filter((chat) => chat.accountId === from.id).flatMap((chat) => chat.messages),
            query,
          );
        },
      };
    }
    if (method === 'POST' && path === '/api/v1/webhooks') return { route: 'createWebhook', body, answer: () => createWebhook(fields) };
    return undefined;
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void handle(request, response, Buffer.concat(chunks)).catch((error: unknown) => {
        send(response, 500, { status: 500, type: 'errors/unexpected_error', title: 'Unexpected error', detail: String(error) });
      });
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse, raw: Buffer): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://emulator');
    if (request.headers['x-api-key'] !== apiKey) {
      send(response, 401, { status: 401, type: 'errors/missing_credentials', title: 'Missing credentials', detail: 'Some credentials are necessary to perform the request.' });
      return;
    }
    let matched: Awaited<ReturnType<typeof route>>;
    try {
      matched = await route(request, url, raw);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      send(response, error.failure.status, errorBody(error.failure, url.pathname));
      return;
    }
    if (matched === undefined) {
      unexpected.push(`${request.method} ${url.pathname}${url.search}`);
      send(response, 404, { status: 404, type: 'errors/resource_not_found', title: 'Not found', detail: 'No such route in the Unipile emulator.' });
      return;
    }
    counts.set(matched.route, (counts.get(matched.route) ?? 0) + 1);
    requests.push({ route: matched.route, method: request.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), body: matched.body });
    const scripted = failures.get(matched.route)?.shift();
    if (scripted !== undefined) {
      send(response, scripted.status, errorBody(scripted, url.pathname), scripted.retryAfterSeconds === undefined ? {} : { 'retry-after': String(scripted.retryAfterSeconds) });
      return;
    }
    try {
      const created = matched.route === 'createWebhook';
      send(response, created ? 201 : 200, matched.answer());
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      send(response, error.failure.status, errorBody(error.failure, url.pathname));
    }
  }

  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let nextPerson = 1;
  return {
    url,
    apiKey,
    env: { UNIPILE_API_KEY: apiKey, UNIPILE_BASE_URL: url },
    addAccount(provider, options = {}) {
      const providerIds: Record<UnipileProvider, string> = {
        LINKEDIN: `ACoAAS${id().slice(0, 12)}`,
        WHATSAPP: `4930${String(1_000_000 + accounts.size)}@s.whatsapp.net`,
        TELEGRAM: String(700_000_000 + accounts.size),
      };
      const created: EmulatedAccount = { id: options.id ?? id(), provider, name: options.name ?? `${provider.toLowerCase()} seat`, providerId: providerIds[provider], status: 'OK' };
      accounts.set(created.id, created);
      return created;
    },
    addPerson(provider, identifier, options = {}) {
      const n = nextPerson++;
      const publicIdentifier = normalised(provider, identifier);
      const providerIds: Record<UnipileProvider, string> = {
        LINKEDIN: `ACoAAB${String(n).padStart(6, '0')}${id().slice(0, 8)}`,
        WHATSAPP: `${publicIdentifier}@s.whatsapp.net`,
        TELEGRAM: String(5_000_000_000 + n),
      };
      const person: EmulatedPerson = {
        provider,
        providerId: providerIds[provider],
        publicIdentifier,
        firstName: options.firstName ?? 'Jan',
        lastName: options.lastName ?? 'Kowalski',
        networkDistance: provider === 'LINKEDIN' ? (options.networkDistance ?? 'SECOND_DEGREE') : null,
        refusesStrangers: options.refusesStrangers ?? false,
      };
      peopleBy.set(`${provider}:${person.providerId}`, person);
      peopleBy.set(`${provider}:${publicIdentifier}`, person);
      return person;
    },
    async acceptInvitation(accountId, person) {
      const from = accounts.get(accountId) ?? notFound(`Account ${accountId} not found`);
      const invitation = pendingInvitation(accountId, person);
      if (invitation !== undefined) invitation.status = 'ACCEPTED';
      // An invitation with a note, once accepted, shows as a new chat holding only the note (Unipile, "Detecting accepted invitations").
      if (invitation?.message) echo(from, post(chatWith(from, person), from.providerId, invitation.message, true));
      const made = relations.get(accountId) ?? new Map<string, Date>();
      made.set(person.providerId, now());
      relations.set(accountId, made);
      return deliver('users', accountId, (webhook) => ({
        event: 'new_relation',
        account_id: accountId,
        account_type: from.provider,
        webhook_name: webhook.name,
        user_full_name: `${person.firstName} ${person.lastName}`,
        user_provider_id: person.providerId,
        user_public_identifier: person.publicIdentifier,
        user_profile_url: `https://www.linkedin.com/in/${person.publicIdentifier}/`,
        user_picture_url: null,
      }));
    },
    async receiveMessage(accountId, person, text, options = {}) {
      const from = accounts.get(accountId) ?? notFound(`Account ${accountId} not found`);
      const message = post(chatWith(from, person), person.providerId, text, false);
      return { message, deliveries: options.missed ? [] : await deliver('messaging', accountId, messagePayload(from, message)) };
    },
    async setAccountStatus(accountId, status) {
      const found = accounts.get(accountId) ?? notFound(`Account ${accountId} not found`);
      found.status = status;
      return deliver('account_status', accountId, () => ({ AccountStatus: { account_id: accountId, account_type: found.provider, message: status } }));
    },
    failNext(route, failure, times = 1) {
      failures.set(route, [...(failures.get(route) ?? []), ...Array.from({ length: times }, () => failure)]);
    },
    calls: (route) => counts.get(route) ?? 0,
    requests,
    invitations,
    chats,
    webhooks,
    deliveries,
    unexpected,
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    async close() {
      await Promise.all([...inFlight]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function profileUrl(provider: UnipileProvider, providerId: string): string {
  if (provider === 'LINKEDIN') return `https://www.linkedin.com/in/${providerId}/`;
  if (provider === 'WHATSAPP') return `https://wa.me/${providerId.replace(/@s\.whatsapp\.net$/, '')}`;
  return `https://t.me/${providerId}`;
}

function errorBody(failure: UnipileFailure, instance: string) {
  return { status: failure.status, type: failure.type, title: failure.title ?? TITLES[failure.status] ?? 'Error', detail: failure.detail ?? failure.title ?? failure.type, instance };
}

/** JSON or multipart/form-data (the chat endpoints), read with the platform's own parser; repeated fields become arrays. */
async function parsedBody(request: IncomingMessage, raw: Buffer): Promise<Record<string, unknown>> {
  const type = request.headers['content-type'] ?? '';
  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    const form = await new Request('http://emulator/', { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(raw) }).formData();
    const fields: Record<string, unknown> = {};
    for (const name of new Set(form.keys())) {
      const values = form.getAll(name).map(String);
      fields[name] = values.length === 1 && !name.endsWith('[]') ? values[0] : values;
    }
    return fields;
  }
  if (raw.length === 0) return {};
  try {
    const parsed: unknown = JSON.parse(raw.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : invalid('the body must be a JSON object');
  } catch (error) {
    if (error instanceof Refusal) throw error;
    return invalid('the body is not valid JSON');
  }
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  response.end(text);
}
