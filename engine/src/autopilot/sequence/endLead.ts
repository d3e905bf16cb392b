import type { Queryable } from '../../platform/database/database.ts';
import type { Channel, LeadEndReason } from '../contract.ts';
import { type SkipReason, touchJobKey } from './ports.ts';

/** The end reasons that are wins (outcome `Responded`); every other one closes the lead (`Closed`). */
const WINS: ReadonlySet<LeadEndReason> = new Set(['replied', 'call_connected', 'meeting_booked', 'invite_accepted']);

export const outcomeOf = (reason: LeadEndReason): 'Responded' | 'Closed' => (WINS.has(reason) ? 'Responded' : 'Closed');

/**
 * Ends an active lead with `reason` (its outcome follows from it) and cancels every queued touch it has
 * on every channel (`endQueuedTouches`), in the caller's transaction. Answers false, changing nothing,
 * when the lead had already ended: an end is never undone nor replaced (a manual close does not retract
 * a win).
 */
export async function endLead(db: Queryable, leadId: number, reason: LeadEndReason, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE autopilot_leads SET outcome = $2, end_reason = $3, ended_at = $4 WHERE id = $1 AND outcome = 'Active'`, [leadId, outcomeOf(reason), reason, now]);
  if (rowCount === 0) return false;
  await endQueuedTouches(db, [leadId], now);
  return true;
}

/**
 * Ends an active lead none of whose touches is still scheduled (its last one has just ended) with
 * `sequence_ended`, in one statement in the caller's transaction, which holds the lead's row locked (so
 * no touch of it ends meanwhile unseen). Nothing is left to cancel. Answers whether it ended.
 */
export async function endLeadIfSequenceOver(db: Queryable, leadId: number, now: Date): Promise<boolean> {
  const { rowCount } = await db.query({
    name: 'autopilot_end_lead_if_over',
    text: `UPDATE autopilot_leads SET outcome = $2, end_reason = 'sequence_ended', ended_at = $3
           WHERE id = $1 AND outcome = 'Active' AND NOT EXISTS (SELECT 1 FROM autopilot_touches WHERE lead_id = $1 AND state = 'scheduled')`,
    values: [leadId, outcomeOf('sequence_ended'), now],
  });
  return rowCount === 1;
}

/**
 * Ends the queued touches of these leads (only those on `channel` when given): each row ends
 * `cancelled`, or `skipped` with `skipReason` when one is given, and its graphile-worker job is removed,
 * in the caller's transaction. A touch a worker has claimed and is writing or sending ends too, keeping
 * its place in its sender's day: the worker, reading the touch once more right before it sends, sends
 * nothing and gives the place back then; a message already on its way is recorded sent all the same
 * (`markSent`), in the place it kept, so no second claim can take it meanwhile and pass the limit. Answers how
 * many rows ended (a touch whose job is gone already counts all the same).
 */
export async function endQueuedTouches(db: Queryable, leadIds: readonly number[], now: Date, how: { channel?: Channel; skipReason?: SkipReason } = {}): Promise<number> {
  if (leadIds.length === 0) return 0;
  const { rows } = await db.query<{ ended: string }>(
    `WITH ended AS (
       UPDATE autopilot_touches SET state = CASE WHEN $5::text IS NULL THEN 'cancelled' ELSE 'skipped' END, skip_reason = $5, ended_at = $2, sending_at = NULL
       WHERE lead_id = ANY($1::bigint[]) AND state = 'scheduled' AND ($3::text IS NULL OR channel = $3)
       RETURNING id)
     SELECT count(*) AS ended, count(graphile_worker.remove_job($4 || id)) AS removed FROM ended`,
    [leadIds, now, how.channel ?? null, touchJobKey(''), how.skipReason ?? null],
  );
  return Number(rows[0]!.ended);
}
