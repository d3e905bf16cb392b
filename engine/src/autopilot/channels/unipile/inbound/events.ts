import type { UnipileMessage, UnipileRelation } from '../../../../integrations/index.ts';
import type { Queryable } from '../../../../platform/database/database.ts';
import type { Clock } from '../../../../platform/time.ts';
import type { LeadSignals } from '../../../sequence/ports.ts';
import { type Seat, seatOfUnipileAccount } from '../seats.ts';
import { setSeatStatus } from '../seatStatus.ts';

/** What the inbound side made of one event (autopilot_unipile_inbound.kind). */
export type InboundKind = 'reply' | 'own_message' | 'invite_accepted' | 'connection' | 'unmatched';

export interface InboundResult {
  /** `seen`: read before (a duplicate or a late delivery), nothing changed. `ignored`: nothing to read in it. */
  kind: InboundKind | 'seen' | 'ignored' | 'unknown_seat';
  leadId: number | null;
  /** In words, for the log and the webhook's answer. */
  why: string;
}

export interface InboundDeps {
  db: Queryable;
  signals: LeadSignals;
  clock: Clock;
}

/** Where an event came from (autopilot_unipile_inbound.via). */
export type Via = 'webhook' | 'poll';

/** What the inbound side reads of a seat. */
export type InboundSeat = Pick<Seat, 'id' | 'accountId' | 'channel' | 'unipileAccountId' | 'status'>;

/**
 * The lead a seat's chat or person is: the thread with this chat, else with this person (the seat's
 * touches wrote them), an Active lead before an ended one, the newest first.
 */
async function leadOfThread(db: Queryable, seatId: number, chatId: string, personId: string | null): Promise<number | null> {
  const { rows } = await db.query<{ lead_id: string }>(
    `SELECT t.lead_id FROM autopilot_channel_threads t JOIN autopilot_leads l ON l.id = t.lead_id
     WHERE t.seat_id = $1 AND (t.chat_id = $2 OR t.provider_user_id = $3)
     ORDER BY l.outcome = 'Active' DESC, t.chat_id IS NOT DISTINCT FROM $2 DESC, t.created_at DESC LIMIT 1`,
    [seatId, chatId, personId],
  );
  return rows[0] ? Number(rows[0].lead_id) : null;
}

/** A message one of the account's touches sent (its id is the touch's): the seat's own, whatever the event says of its sender. */
async function sentByTouch(db: Queryable, seat: InboundSeat, messageId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM autopilot_touches WHERE account_id = $1 AND message_id = $2 AND channel = $3', [seat.accountId, messageId, seat.channel]);
  return Boolean(rowCount);
}

async function seen(db: Queryable, seatId: number, eventKey: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM autopilot_unipile_inbound WHERE seat_id = $1 AND event_key = $2', [seatId, eventKey]);
  return Boolean(rowCount);
}

async function record(db: Queryable, seat: InboundSeat, eventKey: string, result: InboundResult & { kind: InboundKind }, via: Via, now: Date): Promise<void> {
  await db.query(`INSERT INTO autopilot_unipile_inbound (seat_id, event_key, kind, lead_id, via, received_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`, [
    seat.id,
    eventKey.slice(0, 600),
    result.kind,
    result.leadId,
    via,
    now,
  ]);
}

/** When it happened: the provider's time when it is real and not in the future, else now. */
function occurredAt(at: Date | undefined, now: Date): Date {
  return at && at.getTime() <= now.getTime() ? at : now;
}

/**
 * Reads one message of a seat, once per seat and Unipile message id (webhook and poll alike):
 * - a message the seat itself sent (the engine's touch, or its owner writing from a phone: `is_sender`,
 *   the account's own id as sender, or a touch's message id) is no reply;
 * - a message from anyone else in a chat the seat's touches opened, or from the person they were sent
 *   to, is that lead's reply: `LeadSignals.replied`, idempotent by its dedupe key (the message id);
 * - anything else (another conversation of the account) is recorded unmatched.
 * The signal goes before the record: a crash between them reads the message again, and the signal
 * changes nothing the second time.
 */
export async function handleMessage(deps: InboundDeps, seat: InboundSeat, message: UnipileMessage, via: Via): Promise<InboundResult> {
  if (message.isEvent) return { kind: 'ignored', leadId: null, why: 'a provider event in the chat, not a message' };
  const eventKey = `message:${message.id}`;
  if (await seen(deps.db, seat.id, eventKey)) return { kind: 'seen', leadId: null, why: 'read before' };
  const now = deps.clock.now();
  const own = message.fromAccount || (await sentByTouch(deps.db, seat, message.id));
  const leadId = await leadOfThread(deps.db, seat.id, message.chatId, own ? null : message.senderId);
  let result: InboundResult & { kind: InboundKind };
  if (own) result = { kind: 'own_message', leadId, why: 'sent by the seat itself' };
  else if (leadId === null) result = { kind: 'unmatched', leadId: null, why: "no lead's thread on this seat has its chat or its sender" };
  else {
    await deps.signals.replied({
      accountId: seat.accountId,
      leadId,
      channel: seat.channel,
      occurredAt: occurredAt(message.sentAt, now),
      dedupeKey: `unipile:${seat.id}:${eventKey}`,
      text: message.text ?? undefined,
    });
    result = { kind: 'reply', leadId, why: 'a reply' };
  }
  await record(deps.db, seat, eventKey, result, via, now);
  return result;
}

/**
 * Reads one new relation of a seat, once per seat and person: every thread of the person on the seat
 * is connected from now (`connected_at`); when the seat had sent them a connection request, that is an
 * accepted invitation: `LeadSignals.inviteAccepted` (a win when the stop condition `invite_accepted` is
 * on, else a recorded connection). A relation that was no request of ours is only a connection.
 */
export async function handleRelation(deps: InboundDeps, seat: InboundSeat, relation: UnipileRelation, via: Via): Promise<InboundResult> {
  const eventKey = `relation:${relation.providerId}`;
  if (await seen(deps.db, seat.id, eventKey)) return { kind: 'seen', leadId: null, why: 'read before' };
  const now = deps.clock.now();
  const at = occurredAt(relation.since, now);
  const { rows } = await deps.db.query<{ lead_id: string; invited: boolean }>(
    `UPDATE autopilot_channel_threads t SET connected_at = coalesce(t.connected_at, $3)
     WHERE t.seat_id = $1 AND t.provider_user_id = $2
     RETURNING t.lead_id, t.invited_at IS NOT NULL AS invited`,
    [seat.id, relation.providerId, at],
  );
  const invited = rows.filter((row) => row.invited);
  let result: InboundResult & { kind: InboundKind };
  if (invited.length > 0) {
    for (const row of invited) {
      await deps.signals.inviteAccepted?.({ accountId: seat.accountId, leadId: Number(row.lead_id), channel: seat.channel, occurredAt: at, dedupeKey: `unipile:${seat.id}:${eventKey}` });
    }
    result = { kind: 'invite_accepted', leadId: Number(invited[0]!.lead_id), why: 'the connection request was accepted' };
  } else if (rows.length > 0) {
    result = { kind: 'connection', leadId: Number(rows[0]!.lead_id), why: 'a new relation the seat never asked for' };
  } else {
    result = { kind: 'unmatched', leadId: null, why: 'no lead of this seat is this person' };
  }
  await record(deps.db, seat, eventKey, result, via, now);
  return result;
}

/** Unipile's account statuses that stop a seat, in words for `status_detail` (its "Account status updates" page). */
const STOPPING: Readonly<Record<string, string>> = {
  CREDENTIALS: 'Unipile reports CREDENTIALS: the account must be signed in again',
  ERROR: 'Unipile reports ERROR: it stopped synchronising the account after an error',
  STOPPED: 'Unipile reports STOPPED: the account is paused',
  DELETED: 'Unipile reports DELETED: the account was removed from the workspace',
};
/** The statuses that say the account works again. CONNECTING and CREATION_SUCCESS are passing states: ignored. */
const RUNNING = new Set(['OK', 'RECONNECTED', 'SYNC_SUCCESS']);

export interface StatusResult {
  kind: 'seat_disconnected' | 'seat_connected' | 'unchanged' | 'ignored' | 'unknown_seat';
  seatId: number | null;
}

/**
 * An `account_status` webhook: a stopping status marks the seat disconnected (its touches are held,
 * see seatStatus.ts), a running one connected again; anything else changes nothing. Answers the seat
 * whose status changed (a seat connected again is caught up at once by the caller).
 */
export async function handleAccountStatus(deps: Omit<InboundDeps, 'signals'>, unipileAccountId: string, status: string): Promise<StatusResult> {
  const seat = await seatOfUnipileAccount(deps.db, unipileAccountId);
  if (!seat) return { kind: 'unknown_seat', seatId: null };
  const upper = status.toUpperCase();
  const to = STOPPING[upper] !== undefined ? 'disconnected' : RUNNING.has(upper) ? 'connected' : null;
  if (to === null) return { kind: 'ignored', seatId: seat.id };
  const changed = await setSeatStatus(deps.db, { unipileAccountId, status: to, detail: STOPPING[upper] ?? null, at: deps.clock.now() });
  if (!changed) return { kind: 'unchanged', seatId: seat.id };
  return { kind: to === 'connected' ? 'seat_connected' : 'seat_disconnected', seatId: seat.id };
}
