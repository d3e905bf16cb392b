import type { Queryable } from '../platform/database/database.ts';

/** Typical job duration before any job has completed: the middle of the spec's 20 to 60 seconds. */
export const DEFAULT_ESTIMATE_SECONDS = 40;
const SAMPLE = 50;
export const REFRESH_MS = 10_000;

/**
 * `estimated_seconds`: the median duration of the last 50 researched (not cached) jobs, refreshed
 * in the background at most every 10 s so the hot path never waits for it.
 */
export class DurationEstimate {
  private seconds = DEFAULT_ESTIMATE_SECONDS;
  private refreshedAt = 0;
  private refreshing = false;
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  /** Whole seconds a job that started `elapsedMs` ago still needs, rounded to the nearest: never below 1. */
  remaining(elapsedMs = 0): number {
    this.refreshSoon();
    return Math.max(1, Math.round(this.seconds - elapsedMs / 1000));
  }

  async refresh(): Promise<void> {
    const { rows } = await this.db.query<{ median: number | null }>(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM finished_at - started_at)) AS median
       FROM (SELECT finished_at, started_at FROM research_jobs
             WHERE status = 'completed' AND NOT from_cache ORDER BY finished_at DESC LIMIT ${SAMPLE}) recent`,
    );
    const median = rows[0]?.median;
    this.seconds = median === null || median === undefined ? DEFAULT_ESTIMATE_SECONDS : median;
    this.refreshedAt = Date.now();
  }

  private refreshSoon(): void {
    if (this.refreshing || Date.now() - this.refreshedAt < REFRESH_MS) return;
    this.refreshing = true;
    this.refresh()
      .catch(() => {}) // keep the previous estimate; the next call tries again
      .finally(() => {
        this.refreshing = false;
      });
  }
}
