import type { Queryable } from '../../../platform/database/database.ts';
import { addJobs } from '../../../platform/queue/tasks.ts';
import { SEND_TOUCH_TASK, touchJobKey } from '../../sequence/ports.ts';

export type SeatStatus = 'connected' | 'disconnected';

/** A seat's touches, while it is disconnected, are held with these words (GET /seats shows `status_detail`). */
export function disconnectedReason(label: string, detail: string | null): string {
  return `seat ${label} is disconnected${detail ? ` (${detail})` : ''}: its touches wait until it is connected again in Unipile`;
}

/** Matches the held reason above, whatever the seat's label and detail. */
const HELD_BY_DISCONNECTION = 'seat % is disconnected%';

/**
 * Records what the provider says of a connected account: `disconnected` (credentials expired, the
 * account stopped: a send answered 401/403, an `account_status` webhook, `GET /accounts/{id}`) or
 * `connected` again. A change only: the same status again keeps its first time and detail, and a report
 * older than the seat's last change (webhooks may come late or out of order) changes nothing. A seat
 * connected again re-queues at once the touches its disconnection held. Returns whether the seat changed.
 */
export async function setSeatStatus(db: Queryable, change: { unipileAccountId: string; status: SeatStatus; detail: string | null; at: Date }): Promise<boolean> {
  const { rows } = await db.query<{ id: string; account_id: string; channel: string }>(
    `UPDATE autopilot_seats SET status = $2, status_detail = $3, status_changed_at = $4, updated_at = now()
     WHERE unipile_account_id = $1 AND status <> $2 AND status_changed_at <= $4
     RETURNING id, account_id, channel`,
    [change.unipileAccountId, change.status, change.status === 'connected' ? null : change.detail, change.at],
  );
  const seat = rows[0];
  if (!seat) return false;
  if (change.status === 'connected') {
    const { rows: held } = await db.query<{ id: string }>(
      `UPDATE autopilot_touches SET due_at = $3, held_reason = NULL
       WHERE account_id = $1 AND channel = $2 AND state = 'scheduled' AND held_reason LIKE $4
       RETURNING id`,
      [seat.account_id, seat.channel, change.at, HELD_BY_DISCONNECTION],
    );
    await addJobs(
      db,
      SEND_TOUCH_TASK,
      held.map((touch) => ({ payload: { touchId: Number(touch.id) }, spec: { jobKey: touchJobKey(touch.id), runAt: change.at } })),
    );
  }
  return true;
}
