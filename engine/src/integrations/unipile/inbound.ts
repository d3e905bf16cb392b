/**
 * What Unipile (API v1) tells the engine about its connected accounts, and how the engine asks again:
 * - the webhooks it POSTs (`parseWebhook`): source `messaging` (event `message_received`, also for the
 *   messages the account itself sent, from any device), source `users` (event `new_relation`: someone
 *   is now a relation of the account, an accepted connection request among them; LinkedIn only, polled
 *   by Unipile, up to 8 hours late) and source `account_status` (`{AccountStatus: {account_id, message}}`);
 * - the lists a catch-up reads when webhooks may have been missed: `GET /messages` (an account's
 *   messages after a time, newest first) and `GET /users/relations` (its relations, newest first);
 * - `POST /webhooks`, which registers the three sources with a custom header that carries the shared
 *   secret back on every delivery (Unipile signs nothing: the header is the proof).
 * Shapes from Unipile's documentation (developer.unipile.com: "New messages", "Detecting accepted
 * invitations", "Account status updates", the API reference of List all messages, List all relations
 * and Create a webhook). Every payload is validated; anything else is `ignored`, with why.
 */
import { Ajv } from 'ajv';
import Type, { type Static } from 'typebox';
import { SourceHttp } from '../../platform/net/sourceHttp.ts';
import { storable } from '../../platform/validation/prepare.ts';
import { UNIPILE, type UnipileClient, unipileBaseUrlProblem } from './client.ts';

/** The custom header each webhook registration asks Unipile to send back, carrying `UNIPILE_WEBHOOK_SECRET`. */
export const UNIPILE_WEBHOOK_HEADER = 'Unipile-Auth';

/** The three webhook sources the inbound side reads. */
export const WEBHOOK_SOURCES = ['messaging', 'users', 'account_status'] as const;
export type WebhookSource = (typeof WEBHOOK_SOURCES)[number];

const id = Type.String({ minLength: 1, maxLength: 500 });
/** Unipile sends booleans in webhooks and 0/1 in lists. */
const flag = Type.Union([Type.Boolean(), Type.Literal(0), Type.Literal(1)]);

const messageReceivedSchema = Type.Object({
  event: Type.Literal('message_received'),
  account_id: id,
  chat_id: id,
  message_id: id,
  timestamp: Type.Optional(Type.String({ maxLength: 100 })),
  message: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  sender: Type.Object({ attendee_provider_id: id }),
  is_sender: Type.Optional(flag),
  /** The connected account's own provider id: a sender with it is the account itself. */
  account_info: Type.Optional(Type.Object({ user_id: Type.Optional(Type.String()) })),
});

const newRelationSchema = Type.Object({
  event: Type.Literal('new_relation'),
  account_id: id,
  user_provider_id: id,
  user_public_identifier: Type.Optional(Type.String({ maxLength: 500 })),
});

const accountStatusSchema = Type.Object({
  AccountStatus: Type.Object({ account_id: id, account_type: Type.Optional(Type.String()), message: Type.String({ minLength: 1, maxLength: 100 }) }),
});

/** One message of `GET /messages` (the API reference's Message object; only what the inbound side reads). */
const listedMessageSchema = Type.Object({
  id,
  account_id: id,
  chat_id: id,
  sender_id: Type.String({ maxLength: 500 }),
  text: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  timestamp: Type.String({ maxLength: 100 }),
  is_sender: flag,
  is_event: Type.Optional(flag),
});
const listSchema = Type.Object({ items: Type.Array(Type.Unknown()), cursor: Type.Optional(Type.Union([Type.String(), Type.Null()])) });

/** One relation of `GET /users/relations`: `member_id` is the provider id, `created_at` epoch milliseconds. */
const relationSchema = Type.Object({ member_id: id, public_identifier: Type.Optional(Type.String()), created_at: Type.Optional(Type.Number()) });

const ajv = new Ajv({ strict: false });
const isMessageReceived = ajv.compile<Static<typeof messageReceivedSchema>>(messageReceivedSchema);
const isNewRelation = ajv.compile<Static<typeof newRelationSchema>>(newRelationSchema);
const isAccountStatus = ajv.compile<Static<typeof accountStatusSchema>>(accountStatusSchema);
const isListedMessage = ajv.compile<Static<typeof listedMessageSchema>>(listedMessageSchema);
const isList = ajv.compile<Static<typeof listSchema>>(listSchema);
const isRelation = ajv.compile<Static<typeof relationSchema>>(relationSchema);

/** A message of a connected account, from a webhook or a list. */
export interface UnipileMessage {
  /** Unipile's id of the message: the same in the webhook and in the lists. */
  id: string;
  unipileAccountId: string;
  chatId: string;
  /** The sender's provider id (a LinkedIn member id, a WhatsApp JID, a Telegram user id). */
  senderId: string;
  /** Sent by the connected account itself (from the engine or any of its owner's devices). */
  fromAccount: boolean;
  /** A provider event shown in the chat (a reaction, a join), not something a person wrote. */
  isEvent: boolean;
  text: string | null;
  /** When the provider says it was sent; undefined when unreadable. */
  sentAt: Date | undefined;
}

/** Someone who became a relation of a connected account (an accepted connection request among them). */
export interface UnipileRelation {
  unipileAccountId: string;
  providerId: string;
  publicIdentifier: string | undefined;
  /** When it became one, when the list says (webhooks do not). */
  since: Date | undefined;
}

export type UnipileWebhook =
  | { kind: 'message'; message: UnipileMessage }
  | { kind: 'relation'; relation: UnipileRelation }
  | { kind: 'account_status'; unipileAccountId: string; status: string }
  | { kind: 'ignored'; why: string };

function date(raw: string | number | undefined): Date | undefined {
  if (raw === undefined) return undefined;
  const at = new Date(raw);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

const truthy = (value: boolean | 0 | 1 | undefined) => value === true || value === 1;

/**
 * Whether every id is text PostgreSQL can store (no NUL, no half of a surrogate pair): the ids are
 * looked up and stored, and Unipile never sends such. A message's text is not checked here: its
 * unstorable characters are dropped where it is stored.
 */
const storableIds = (...ids: (string | undefined)[]) => ids.every((id) => id === undefined || storable(id));
const UNSTORABLE_ID = 'an id holds a character that cannot be stored (a NUL, or half of a surrogate pair)';

/** What a webhook's body says, validated; `ignored` (with why) for any other event or shape. */
export function parseWebhook(body: unknown): UnipileWebhook {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { kind: 'ignored', why: 'the body is not a JSON object' };
  const fields = body as Record<string, unknown>;
  if ('AccountStatus' in fields) {
    if (!isAccountStatus(body)) return { kind: 'ignored', why: 'an account status without account_id and message' };
    if (!storableIds(body.AccountStatus.account_id, body.AccountStatus.message)) return { kind: 'ignored', why: `an account status: ${UNSTORABLE_ID}` };
    return { kind: 'account_status', unipileAccountId: body.AccountStatus.account_id, status: body.AccountStatus.message };
  }
  if (fields.event === 'message_received') {
    if (!isMessageReceived(body)) return { kind: 'ignored', why: 'a message_received event without account_id, chat_id, message_id or sender' };
    if (!storableIds(body.account_id, body.chat_id, body.message_id, body.sender.attendee_provider_id)) return { kind: 'ignored', why: `a message_received event: ${UNSTORABLE_ID}` };
    const ownId = body.account_info?.user_id;
    return {
      kind: 'message',
      message: {
        id: body.message_id,
        unipileAccountId: body.account_id,
        chatId: body.chat_id,
        senderId: body.sender.attendee_provider_id,
        fromAccount: truthy(body.is_sender) || (ownId !== undefined && ownId === body.sender.attendee_provider_id),
        isEvent: false,
        text: body.message ?? null,
        sentAt: date(body.timestamp),
      },
    };
  }
  if (fields.event === 'new_relation') {
    if (!isNewRelation(body)) return { kind: 'ignored', why: 'a new_relation event without account_id or user_provider_id' };
    if (!storableIds(body.account_id, body.user_provider_id, body.user_public_identifier)) return { kind: 'ignored', why: `a new_relation event: ${UNSTORABLE_ID}` };
    return {
      kind: 'relation',
      relation: { unipileAccountId: body.account_id, providerId: body.user_provider_id, publicIdentifier: body.user_public_identifier, since: undefined },
    };
  }
  const event = typeof fields.event === 'string' ? `event ${JSON.stringify(fields.event.slice(0, 50))}` : 'a body without an event';
  return { kind: 'ignored', why: `${event}: not read (message_received, new_relation and account status are)` };
}

/** The one call the lists need: `UnipileClient.get` (null on 404). */
export type UnipileReader = Pick<UnipileClient, 'get'>;

/** Pages read at most per list and catch-up: 25,000 messages (250 a page), far beyond a busy seat's week. */
export const MAX_PAGES = 100;

/**
 * A connected account's messages created after `after` (exclusive), newest first, page by page;
 * items of another shape are passed over.
 */
export async function* messagesAfter(api: UnipileReader, unipileAccountId: string, after: Date, signal: AbortSignal): AsyncGenerator<UnipileMessage> {
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query: Record<string, string | number> = { after: after.toISOString(), limit: 250 };
    if (cursor) query.cursor = cursor;
    const list = await api.get('/messages', query, signal, unipileAccountId);
    if (!isList(list)) return;
    for (const item of list.items) {
      if (!isListedMessage(item) || !storableIds(item.id, item.account_id, item.chat_id, item.sender_id)) continue;
      yield {
        id: item.id,
        unipileAccountId: item.account_id,
        chatId: item.chat_id,
        senderId: item.sender_id,
        fromAccount: truthy(item.is_sender),
        isEvent: truthy(item.is_event),
        text: item.text ?? null,
        sentAt: date(item.timestamp),
      };
    }
    if (!list.cursor || list.items.length === 0) return;
    cursor = list.cursor;
  }
}

/** Relations pages read at most: the 1,000 newest, should the list not say when each was added. */
export const MAX_RELATION_PAGES = 10;

/**
 * A connected account's relations, newest first (Unipile sorts them by when they were added), until
 * one older than `since`.
 */
export async function* relationsSince(api: UnipileReader, unipileAccountId: string, since: Date, signal: AbortSignal): AsyncGenerator<UnipileRelation> {
  let cursor: string | undefined;
  for (let page = 0; page < MAX_RELATION_PAGES; page++) {
    const query: Record<string, string | number> = { limit: 100 };
    if (cursor) query.cursor = cursor;
    const list = await api.get('/users/relations', query, signal, unipileAccountId);
    if (!isList(list)) return;
    for (const item of list.items) {
      if (!isRelation(item) || !storableIds(item.member_id, item.public_identifier)) continue;
      const added = date(item.created_at);
      if (added && added < since) return;
      yield { unipileAccountId, providerId: item.member_id, publicIdentifier: item.public_identifier, since: added };
    }
    if (!list.cursor || list.items.length === 0) return;
    cursor = list.cursor;
  }
}

/**
 * `POST /api/v1/webhooks` of the workspace: the one call of the inbound side that acts as no connected
 * account (a webhook covers them all, present and future). Answers Unipile's reply (`{object:
 * "WebhookCreated", webhook_id}`).
 */
export type WebhookRegistrar = (body: Record<string, unknown>, signal: AbortSignal) => Promise<unknown>;

/** `POST /api/v1/webhooks` with `UNIPILE_API_KEY` on the workspace's DSN (the shared client's `post` names a connected account, which a registration must not). */
export function webhookRegistrar(connection: { apiKey: string; baseUrl: string }): WebhookRegistrar {
  const problem = unipileBaseUrlProblem(connection.baseUrl);
  if (problem) throw new Error(`unipile: the base URL ${connection.baseUrl} cannot be used: ${problem}`);
  const http = new SourceHttp({
    source: UNIPILE,
    baseUrl: `${connection.baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '')}/api/v1`,
    headers: { 'X-API-KEY': connection.apiKey },
  });
  return async (body, signal) => (await http.request({ method: 'POST', path: '/webhooks', body, signal })).json();
}

/**
 * Registers the three sources to POST to `requestUrl` with the secret header (and a JSON content type,
 * which webhooks made through the API lack by default); answers Unipile's reply for each.
 */
export async function registerWebhooks(register: WebhookRegistrar, options: { requestUrl: string; secret: string; name: string; signal: AbortSignal }) {
  const created: { source: WebhookSource; answer: unknown }[] = [];
  for (const source of WEBHOOK_SOURCES) {
    const answer = await register(
      {
        source,
        request_url: options.requestUrl,
        name: `${options.name} (${source})`,
        format: 'json',
        headers: [
          { key: 'Content-Type', value: 'application/json' },
          { key: UNIPILE_WEBHOOK_HEADER, value: options.secret },
        ],
      },
      options.signal,
    );
    created.push({ source, answer });
  }
  return created;
}
