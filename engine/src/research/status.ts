import type { Queryable } from '../platform/database/database.ts';
import { AppError } from '../platform/errors.ts';
import { isoWithOffset } from '../platform/time.ts';
import type { EmptyReason, JobError, JobStatus, ResearchData, ResearchStatus } from './contract.ts';
import type { DurationEstimate } from './durationEstimate.ts';
import { expireOverdueJobs, fromStoredResult } from './jobs.ts';
import { inSpecOrder } from './specOrder.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface JobRow {
  id: string;
  status: JobStatus;
  error: JobError | null;
  result: ResearchData | null;
  from_cache: boolean | null;
  empty_reason: EmptyReason | null;
  finished_at: Date | null;
  elapsed_ms: number | null;
  overdue: boolean;
}

/**
 * Reads a job of the account. A job found processing past its deadline is failed with `timeout` (and
 * refunded) on the spot, so no caller ever sees a job processing for longer than the limit.
 */
export async function readResearchStatus(db: Queryable, accountId: number, researchId: string, estimate: DurationEstimate): Promise<ResearchStatus> {
  if (!UUID.test(researchId)) throw new AppError('not_found');
  let job = await readJob(db, accountId, researchId);
  if (job.status === 'processing' && job.overdue) {
    await expireOverdueJobs(db, researchId);
    job = await readJob(db, accountId, researchId);
  }
  const research_id = job.id;
  switch (job.status) {
    case 'queued':
      return { research_id, status: 'queued' };
    case 'processing':
      return { research_id, status: 'processing', estimated_seconds: estimate.remaining(job.elapsed_ms ?? 0) };
    case 'completed': {
      const { data, provenance } = fromStoredResult(job.result!);
      return {
        research_id,
        status: 'completed',
        completed_at: isoWithOffset(job.finished_at!),
        data: inSpecOrder(data),
        cached: job.from_cache === true,
        empty_reason: job.empty_reason,
        provenance,
      };
    }
    case 'failed':
      return { research_id, status: 'failed', error: job.error! };
  }
}

async function readJob(db: Queryable, accountId: number, researchId: string): Promise<JobRow> {
  const { rows } = await db.query<JobRow>(
    `SELECT id, status, error, result, from_cache, empty_reason, finished_at,
            (extract(epoch FROM now() - started_at) * 1000)::float8 AS elapsed_ms,
            coalesce(deadline_at < now(), false) AS overdue
     FROM research_jobs WHERE id = $1 AND account_id = $2 AND purged_at IS NULL`,
    [researchId, accountId],
  );
  if (!rows[0]) throw new AppError('not_found');
  return rows[0];
}
