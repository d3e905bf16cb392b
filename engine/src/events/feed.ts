import type { Pool } from '../platform/database/database.ts';
import { AppError } from '../platform/errors.ts';
import { isoWithOffset } from '../platform/time.ts';
import type { DeliveredEventType, EventPage, LeadEvent } from './contract.ts';

/** Events a page holds at most, and by default. */
export const MAX_EVENTS_PER_PAGE = 500;
const DEFAULT_PAGE = 100;

export interface EventRow {
  seq: string;
  id: string;
  type: DeliveredEventType;
  occurred_at: Date;
  account_id: string;
  autopilot_id: string | null;
  lead_id: string | null;
  contact_source: string | null;
  contact_id: string | null;
  data: Record<string, unknown>;
}

const number = (value: string | null) => (value === null ? null : Number(value));

export function eventOf(row: EventRow): LeadEvent {
  return {
    id: row.id,
    type: row.type,
    timestamp: isoWithOffset(row.occurred_at),
    account_id: Number(row.account_id),
    autopilot_id: number(row.autopilot_id),
    lead_id: number(row.lead_id),
    contact_id: row.contact_id,
    contact_source: row.contact_source,
    data: row.data,
  };
}

/** Where a page of the feed starts: after an event (oldest first, the default), or before one (newest first). */
export type FeedPosition = { order: 'oldest'; after?: string } | { order: 'newest'; before?: string };

/**
 * `GET /events?after=&limit=`: the account's events oldest first, after the one named (from the first
 * kept otherwise): a receiver that was down catches up from the last id it took. `order=newest` reads
 * the other way, from the latest (or `before` the one named), as a person looking at the feed does. An
 * event the account does not have (deleted by retention, or never its own) is `invalid_query`: silently
 * starting over would hand out events twice or skip them.
 */
export async function listEvents(pool: Pool, accountId: number, position: FeedPosition, limit = DEFAULT_PAGE): Promise<EventPage> {
  const named = position.order === 'oldest' ? position.after : position.before;
  const parameter = position.order === 'oldest' ? 'after' : 'before';
  let from: number | null = null;
  if (named !== undefined) {
    const { rows } = await pool.query<{ seq: string }>('SELECT seq FROM events WHERE account_id = $1 AND id = $2 AND subscription_id IS NULL', [accountId, named]);
    if (!rows[0])
      throw new AppError('invalid_query', { message: `${parameter}: no event ${JSON.stringify(named)} in this account (older events are deleted after the retention period)` }, `no event ${named}`);
    from = Number(rows[0].seq);
  }
  const newest = position.order === 'newest';
  const { rows } = await pool.query<EventRow>(
    `SELECT seq, id, type, occurred_at, account_id, autopilot_id, lead_id, contact_source, contact_id, data FROM events
     WHERE account_id = $1 AND subscription_id IS NULL AND ${newest ? '($2::bigint IS NULL OR seq < $2)' : 'seq > coalesce($2::bigint, 0)'}
     ORDER BY seq ${newest ? 'DESC' : ''} LIMIT $3`,
    [accountId, from, limit + 1],
  );
  const events = rows.slice(0, limit).map(eventOf);
  const next = rows.length > limit ? events.at(-1)!.id : null;
  return newest ? { events, next_after: null, next_before: next } : { events, next_after: next };
}

/** Deletes events older than `days`: GET /events keeps a recent window, not a history. */
export async function deleteOldEvents(pool: Pool, now: Date, days: number): Promise<number> {
  const { rowCount } = await pool.query('DELETE FROM events WHERE occurred_at < $1', [new Date(now.getTime() - days * 86_400_000)]);
  return rowCount ?? 0;
}
