import { AppError } from '../platform/errors.ts';
import type { Queryable } from '../platform/database/database.ts';
import type { JobError, JobStatus } from './contract.ts';
import { DurationEstimate } from './durationEstimate.ts';
import { readResearchStatus } from './status.ts';

/** A research as another feature hands it on: its status, and once completed its brief's summary; once failed, why. */
export interface ResearchOutcome {
  status: JobStatus;
  /** `data.prospect.summary`, as written; null until completed, and when the brief has none. */
  summary: string | null;
  error: JobError | null;
}

/**
 * Reads a research of the account as `GET /research-status/{id}` does (a job overdue is failed with
 * `timeout` on the spot), for a feature that waits on it (a HubSpot workflow's "Research this contact").
 * Undefined when the account has no such research (or retention purged it).
 */
export async function readResearchOutcome(db: Queryable, accountId: number, researchId: string): Promise<ResearchOutcome | undefined> {
  try {
    const status = await readResearchStatus(db, accountId, researchId, new DurationEstimate(db));
    if (status.status === 'completed') return { status: 'completed', summary: status.data.prospect.summary ?? null, error: null };
    if (status.status === 'failed') return { status: 'failed', summary: null, error: status.error };
    return { status: status.status, summary: null, error: null };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return undefined;
    throw error;
  }
}
