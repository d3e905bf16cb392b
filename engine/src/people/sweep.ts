import type { Queryable } from '../platform/database/database.ts';
import { deleteEndedSessions } from './sessions.ts';
import { ATTEMPT_WINDOW_SECONDS } from './settings.ts';

export interface Swept {
  sessions: number;
  invitations: number;
  attempts: number;
}

/**
 * Deletes what sign-in can no longer use: sessions past their absolute end or idle longer than `idleMs`,
 * one-time links used or expired, and sign-in counters of past windows. Each is refused at use already;
 * the people_sweep cron task keeps the tables from growing with them.
 */
export async function sweepPeople(db: Queryable, idleMs: number): Promise<Swept> {
  const sessions = await deleteEndedSessions(db, idleMs);
  const invitations = (await db.query('DELETE FROM invitations WHERE used_at IS NOT NULL OR expires_at <= now()')).rowCount ?? 0;
  const attempts = (await db.query(`DELETE FROM sign_in_attempts WHERE window_start < now() - $1 * interval '1 second'`, [2 * ATTEMPT_WINDOW_SECONDS])).rowCount ?? 0;
  return { sessions, invitations, attempts };
}
