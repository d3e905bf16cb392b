import type { Queryable } from '../platform/database/database.ts';

/**
 * Retention of what research gathers about people (`RESEARCH_RETENTION_DAYS`; 0 keeps everything).
 * Past the retention period:
 *
 * - a finished job is **anonymised**, not deleted: its row stays, because the credit ledger's debit and
 *   refund refer to it (billing stays whole, and the row still says when it ran and how it ended),
 *   but the e-mail, the request's fields, the brief (and the generated texts the writer rejected) and the Idempotency-Key are gone, and the job
 *   answers `not_found`. The brief cache's entry for it is deleted;
 * - a person's id (by e-mail or profile URL) not asked for by any research within the period is deleted;
 * - what the paid sources answered (person facts, company facts, decision makers) is deleted,
 *   whatever their own time-to-live.
 *
 * Each kind goes in batches of `batchSize` rows, each batch one short statement that skips rows
 * another sweep holds, so a large backlog neither holds long locks nor blocks research.
 */
export interface RetentionOptions {
  retentionDays: number;
  /** Rows per statement. Default 1000. */
  batchSize?: number;
  /** Statements per kind and run: a backlog larger than this waits for the next run. Default 100. */
  maxBatches?: number;
}

export interface Purged {
  jobs: number;
  people: number;
  facts: number;
}

/** `$1` retention in days, `$2` batch size. */
const PURGE_JOBS = `
  WITH batch AS (
    SELECT id FROM research_jobs
    WHERE purged_at IS NULL AND finished_at IS NOT NULL AND finished_at < now() - $1 * interval '1 day'
    ORDER BY finished_at LIMIT $2
    FOR UPDATE SKIP LOCKED
  ), uncached AS (
    DELETE FROM research_cache c USING batch WHERE c.research_id = batch.id
  )
  UPDATE research_jobs j SET email = NULL, request = '{}', result = NULL, rejections = NULL, idempotency_key = NULL, purged_at = now()
  FROM batch WHERE j.id = batch.id`;

const PURGE_PEOPLE = `
  DELETE FROM people WHERE id IN (
    SELECT id FROM people WHERE seen_at < now() - $1 * interval '1 day' LIMIT $2 FOR UPDATE SKIP LOCKED
  )`;

const PURGE_FACTS = `
  DELETE FROM company_facts WHERE (kind, key) IN (
    SELECT kind, key FROM company_facts WHERE fetched_at < now() - $1 * interval '1 day' LIMIT $2 FOR UPDATE SKIP LOCKED
  )`;

/** Purges what is older than the retention period (nothing when it is 0); answers how many rows of each kind. */
export async function purgeOldResearch(db: Queryable, options: RetentionOptions): Promise<Purged> {
  const { retentionDays, batchSize = 1000, maxBatches = 100 } = options;
  if (retentionDays === 0) return { jobs: 0, people: 0, facts: 0 };
  const inBatches = async (sql: string): Promise<number> => {
    let total = 0;
    for (let batch = 0; batch < maxBatches; batch++) {
      const { rowCount } = await db.query(sql, [retentionDays, batchSize]);
      total += rowCount ?? 0;
      if ((rowCount ?? 0) < batchSize) break;
    }
    return total;
  };
  return { jobs: await inBatches(PURGE_JOBS), people: await inBatches(PURGE_PEOPLE), facts: await inBatches(PURGE_FACTS) };
}
