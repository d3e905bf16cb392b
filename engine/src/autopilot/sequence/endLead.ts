import type { Queryable } from '../../platform/database/database.ts';
import type { Channel, LeadEndReason } from '../contract.ts';
import { touchJobKey } from './ports.ts';

/** The end reasons that are wins (outcome `Responded`); every other one closes the lead (`Closed`). */
const WINS: ReadonlySet<LeadEndReason> = new Set(['replied', 'call_connected', 'meeting_booked', 'invite_accepted']);

export const outcomeOf = (reason: LeadEndReason): 'Responded' | 'Closed' => (WINS.has(reason) ? 'Responded' : 'Closed');

/**
 * Ends an active lead with `reason` (its outcome follows from it) and cancels every queued touch it has
 * on every channel, in the caller's transaction. Answers false, changing nothing, when the lead had
 * already ended: an end is never undone nor replaced (a manual close does not retract a win).
 */
export async function endLead(db: Queryable, leadId: number, reason: LeadEndReason, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE autopilot_leads SET outcome = $2, end_reason = $3, ended_at = $4 WHERE id = $1 AND outcome = 'Active'`,
    [leadId, outcomeOf(reason), reason, now],
  );
  if (rowCount === 0) return false;
  await cancelQueuedTouches(db, [leadId], now);
  return true;
}

/**
 * Cancels the queued touches of these leads (only those on `channel` when given): each touch row ends
 * `cancelled` and its graphile-worker job is removed, in the caller's transaction. A touch whose job a
 * worker holds at this moment is not removed from under it; the send task reads the touch's state in
 * its own transaction before sending, so it does not go out.
 */
export async function cancelQueuedTouches(db: Queryable, leadIds: readonly number[], now: Date, channel?: Channel): Promise<number> {
  if (leadIds.length === 0) return 0;
  const { rows } = await db.query<{ cancelled: string }>(
    `WITH cancelled AS (
       UPDATE autopilot_touches SET state = 'cancelled', ended_at = $2
       WHERE lead_id = ANY($1::bigint[]) AND state = 'scheduled' AND ($3::text IS NULL OR channel = $3)
       RETURNING id)
     SELECT count(*) AS cancelled FROM (SELECT graphile_worker.remove_job($4 || id) FROM cancelled) AS removed`,
    [leadIds, now, channel ?? null, touchJobKey('')],
  );
  return Number(rows[0]!.cancelled);
}
