import type { Queryable } from '../platform/database/database.ts';
import { AppError } from '../platform/errors.ts';
import { ATTEMPT_WINDOW_SECONDS } from './settings.ts';

/** A counter and the most attempts it allows per window. */
export interface AttemptLimit {
  key: string;
  limit: number;
}

/**
 * Counts one sign-in attempt against each limit (per address, per client address) in the current
 * fixed window, and refuses with 429 `too_many_attempts` once any of them is over. The counters are
 * rows in PostgreSQL, so the limit holds however many API processes serve, and survives a restart; the
 * people_sweep task deletes those of past windows.
 */
export async function countSignInAttempt(db: Queryable, limits: AttemptLimit[]): Promise<void> {
  const { rows } = await db.query<{ key: string; attempts: number; retry_after: number }>(
    `INSERT INTO sign_in_attempts (key, window_start, attempts)
     SELECT key, to_timestamp(floor(extract(epoch FROM now()) / $2) * $2), 1 FROM unnest($1::text[]) AS key
     ON CONFLICT (key, window_start) DO UPDATE SET attempts = sign_in_attempts.attempts + 1
     RETURNING key, attempts, ceil(extract(epoch FROM window_start + $2 * interval '1 second' - now()))::int AS retry_after`,
    [limits.map(({ key }) => key), ATTEMPT_WINDOW_SECONDS],
  );
  const over = rows.filter((row) => row.attempts > limits.find(({ key }) => key === row.key)!.limit);
  if (over.length > 0) {
    const retryAfter = Math.max(1, ...over.map((row) => row.retry_after));
    throw new AppError('too_many_attempts', { retry_after_seconds: retryAfter }, `too many sign-in attempts: try again in ${retryAfter} s`);
  }
}
