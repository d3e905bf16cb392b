/**
 * The send side of Unipile's messaging API (v1), as a connected account (a seat):
 * - `GET /users/{identifier}?account_id=`: a profile by its public identifier (the `/in/<id>` of a
 *   LinkedIn URL, a Telegram username) or provider id: `provider_id`, `public_identifier`, and on
 *   LinkedIn `network_distance` (`FIRST_DEGREE`, `SECOND_DEGREE`, `THIRD_DEGREE`, `OUT_OF_NETWORK`) and
 *   `invitation` (`{type: SENT|RECEIVED, status: PENDING...}`) when one is pending. 404: no such person.
 * - `POST /users/invite` (JSON `{provider_id, account_id, message?}`, the note 300 characters at most):
 *   `{object: "UserInvitationSent", invitation_id}`.
 * - `POST /chats` (multipart: `account_id`, `attendees_ids`, `text`): starts a chat with its first
 *   message, `{object: "ChatStarted", chat_id, message_id}`.
 * - `POST /chats/{chat_id}/messages` (multipart: `text`, `account_id`): `{object: "MessageSent", message_id}`.
 * - `GET /accounts/{id}`: the connected account, its `sources[].status` (`OK`, `CREDENTIALS`,
 *   `STOPPED`, `ERROR`, `CONNECTING`...).
 * A body without the fields a caller needs is SourceError `invalid_response`; other failures are the
 * client's (classify them with `unipileFailure`).
 */
import { SourceError } from '../../platform/net/sourceHttp.ts';
import { UNIPILE, type UnipileClient } from './client.ts';

export type NetworkDistance = 'FIRST_DEGREE' | 'SECOND_DEGREE' | 'THIRD_DEGREE' | 'OUT_OF_NETWORK';

export interface UserProfile {
  providerId: string;
  publicIdentifier: string | null;
  /** LinkedIn only; null elsewhere or when not said. */
  networkDistance: NetworkDistance | null;
  /** A connection request between the two is pending (LinkedIn). */
  invitationPending: boolean;
}

export interface StartedChat {
  chatId: string;
  messageId: string | null;
}

/** A connected account's state: `ok` sends; anything else needs its owner in Unipile (`detail` says what Unipile says). */
export interface AccountStatus {
  ok: boolean;
  detail: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const invalid = (what: string) => new SourceError(UNIPILE, 'invalid_response', what);

/** A profile, or null when Unipile has no such person (404). */
export async function userProfile(client: UnipileClient, accountId: string, identifier: string, signal: AbortSignal): Promise<UserProfile | null> {
  const body = (await client.get(`/users/${encodeURIComponent(identifier)}`, {}, signal, accountId)) as Record<string, unknown> | null;
  if (body === null) return null;
  const providerId = text(body.provider_id);
  if (providerId === null) throw invalid('answered a profile without provider_id');
  const distance = text(body.network_distance);
  const invitation = body.invitation as { status?: unknown } | null | undefined;
  return {
    providerId,
    publicIdentifier: text(body.public_identifier),
    networkDistance: distance === 'FIRST_DEGREE' || distance === 'SECOND_DEGREE' || distance === 'THIRD_DEGREE' || distance === 'OUT_OF_NETWORK' ? distance : null,
    invitationPending: typeof invitation === 'object' && invitation !== null && invitation.status === 'PENDING',
  };
}

/** Sends a connection request, with a note when given; answers the invitation's id (null when Unipile gives none). */
export async function sendInvitation(client: UnipileClient, accountId: string, providerId: string, note: string | null, signal: AbortSignal): Promise<{ invitationId: string | null }> {
  const body = (await client.post('/users/invite', { provider_id: providerId, ...(note ? { message: note } : {}) }, signal, accountId)) as Record<string, unknown> | null;
  if (body === null) throw invalid('answered 404 to a connection request');
  return { invitationId: text(body.invitation_id) };
}

/** Starts a chat with one person and sends its first message. */
export async function startChat(client: UnipileClient, accountId: string, attendeeId: string, message: string, signal: AbortSignal): Promise<StartedChat> {
  const body = (await client.postForm('/chats', { attendees_ids: [attendeeId], text: message }, signal, accountId)) as Record<string, unknown> | null;
  if (body === null) throw invalid('answered 404 to starting a chat');
  const chatId = text(body.chat_id);
  if (chatId === null) throw invalid('answered a started chat without chat_id');
  return { chatId, messageId: text(body.message_id) };
}

/** Sends a message in a chat; null when the chat is gone (404). */
export async function sendMessage(client: UnipileClient, accountId: string, chatId: string, message: string, signal: AbortSignal): Promise<{ messageId: string | null } | null> {
  const body = (await client.postForm(`/chats/${encodeURIComponent(chatId)}/messages`, { text: message }, signal, accountId)) as Record<string, unknown> | null;
  return body === null ? null : { messageId: text(body.message_id) };
}

/** The connected account's state; null when Unipile no longer knows it (404). */
export async function accountStatus(client: Pick<UnipileClient, 'get'>, accountId: string, signal: AbortSignal): Promise<AccountStatus | null> {
  const body = (await client.get(`/accounts/${encodeURIComponent(accountId)}`, {}, signal, accountId)) as Record<string, unknown> | null;
  if (body === null) return null;
  const sources = Array.isArray(body.sources) ? (body.sources as { status?: unknown }[]) : [];
  const statuses = sources.map((source) => text(source.status)).filter((status): status is string => status !== null);
  if (statuses.length === 0) throw invalid('answered an account without sources[].status');
  const bad = statuses.filter((status) => status !== 'OK');
  return bad.length === 0 ? { ok: true, detail: 'OK' } : { ok: false, detail: `Unipile says the account is ${bad.join(', ')}` };
}
