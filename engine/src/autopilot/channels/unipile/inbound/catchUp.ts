import { accountStatus, messagesAfter, relationsSince, unipileFailure, type UnipileReader } from '../../../../integrations/index.ts';
import { setSeatStatus } from '../seatStatus.ts';
import { handleMessage, handleRelation, type InboundDeps, type InboundResult, type InboundSeat } from './events.ts';

/** Each read starts this much before the last one ended: a message stored late by the provider is still found (duplicates change nothing). */
export const OVERLAP_MS = 10 * 60_000;
/** Relations are read at most this often per seat, and only while one of its connection requests waits for an answer. */
export const RELATIONS_EVERY_MS = 4 * 3_600_000;

export interface CatchUp {
  messages: number;
  relations: number;
  /** What each event became, by kind (`reply`, `seen`...). */
  kinds: Record<string, number>;
}

interface SeatPlace extends InboundSeat {
  inboundReadAt: Date | null;
  relationsReadAt: Date | null;
  createdAt: Date;
  /** The oldest connection request of the seat still without an answer; null when none waits. */
  oldestPendingInvite: Date | null;
}

async function seatPlace(deps: InboundDeps, seatId: number): Promise<SeatPlace | null> {
  const { rows } = await deps.db.query<{
    id: string;
    account_id: string;
    channel: InboundSeat['channel'];
    unipile_account_id: string;
    status: InboundSeat['status'];
    inbound_read_at: Date | null;
    relations_read_at: Date | null;
    created_at: Date;
    oldest_pending_invite: Date | null;
  }>(
    `SELECT s.id, s.account_id, s.channel, s.unipile_account_id, s.status, s.inbound_read_at, s.relations_read_at, s.created_at,
       (SELECT min(t.invited_at) FROM autopilot_channel_threads t WHERE t.seat_id = s.id AND t.invited_at IS NOT NULL AND t.connected_at IS NULL) AS oldest_pending_invite
     FROM autopilot_seats s WHERE s.id = $1`,
    [seatId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    channel: row.channel,
    unipileAccountId: row.unipile_account_id,
    status: row.status,
    inboundReadAt: row.inbound_read_at,
    relationsReadAt: row.relations_read_at,
    createdAt: row.created_at,
    oldestPendingInvite: row.oldest_pending_invite,
  };
}

const before = (at: Date, ms: number) => new Date(at.getTime() - ms);

/**
 * The catch-up poll of one seat, for the webhooks missed while the engine (or its public address) was
 * down. A disconnected seat is first asked about (`GET /accounts/{id}`): connected again in Unipile, it
 * is marked so (the touches its disconnection held go at once) and read as the others; still lost, it
 * is left as it is. A connected seat's read: the seat's messages since `inbound_read_at` (its creation the first time), each
 * read exactly as a webhook's (same records, same dedupe keys: whichever comes second changes
 * nothing); then, on the professional network while a connection request waits, its relations since
 * the last such read, at most every four hours. Each place moves to the time the read started only
 * when the read went through: a failed read is tried again from the same place by the next poll. A
 * read Unipile refuses because the account is lost (401/403 `errors/disconnected_account` and its kin,
 * `unipileFailure`) marks the seat disconnected, as a send would.
 */
export async function catchUpSeat(deps: InboundDeps & { api: UnipileReader }, seatId: number, signal: AbortSignal): Promise<CatchUp | null> {
  const seat = await seatPlace(deps, seatId);
  if (!seat) return null;
  try {
    if (seat.status !== 'connected' && !(await connectedAgain(deps, seat, signal))) return null;
    return await readSeat(deps, seat, signal);
  } catch (error) {
    const failure = unipileFailure(error);
    if (failure.kind === 'disconnected') {
      await setSeatStatus(deps.db, { unipileAccountId: seat.unipileAccountId, status: 'disconnected', detail: failure.detail, at: deps.clock.now() });
    }
    throw error;
  }
}

/** Whether Unipile says the disconnected seat's account works again; if so the seat is marked connected. */
async function connectedAgain(deps: InboundDeps & { api: UnipileReader }, seat: SeatPlace, signal: AbortSignal): Promise<boolean> {
  const status = await accountStatus(deps.api, seat.unipileAccountId, signal);
  if (status?.ok !== true) return false;
  await setSeatStatus(deps.db, { unipileAccountId: seat.unipileAccountId, status: 'connected', detail: null, at: deps.clock.now() });
  return true;
}

async function readSeat(deps: InboundDeps & { api: UnipileReader }, seat: SeatPlace, signal: AbortSignal): Promise<CatchUp> {
  const started = deps.clock.now();
  const done: CatchUp = { messages: 0, relations: 0, kinds: {} };
  const count = (result: InboundResult) => (done.kinds[result.kind] = (done.kinds[result.kind] ?? 0) + 1);

  for await (const message of messagesAfter(deps.api, seat.unipileAccountId, before(seat.inboundReadAt ?? seat.createdAt, OVERLAP_MS), signal)) {
    done.messages++;
    count(await handleMessage(deps, seat, message, 'poll'));
  }
  await deps.db.query('UPDATE autopilot_seats SET inbound_read_at = $2 WHERE id = $1', [seat.id, started]);

  const relationsDue = seat.relationsReadAt === null || started.getTime() - seat.relationsReadAt.getTime() >= RELATIONS_EVERY_MS;
  if (seat.channel === 'linkedin' && seat.oldestPendingInvite !== null && relationsDue) {
    const since = seat.relationsReadAt ?? seat.oldestPendingInvite;
    for await (const relation of relationsSince(deps.api, seat.unipileAccountId, before(since, OVERLAP_MS), signal)) {
      done.relations++;
      count(await handleRelation(deps, seat, relation, 'poll'));
    }
    await deps.db.query('UPDATE autopilot_seats SET relations_read_at = $2 WHERE id = $1', [seat.id, started]);
  }
  return done;
}
