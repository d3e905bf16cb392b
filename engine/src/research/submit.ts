import { type Pool, transaction } from '../database/database.ts';
import type { KeyHolder } from '../domain/apiKeys.ts';
import { debitCredit } from '../domain/credits.ts';
import { AppError } from '../errors.ts';
import { TASK } from '../worker/taskNames.ts';
import type { ResearchRequest } from './request.ts';

export interface Submission {
  researchId: string;
  /** True when an earlier request with the same Idempotency-Key made the job: no credit was taken. */
  replayed: boolean;
}

/**
 * The job row and its queue entry; no row when an earlier job holds the Idempotency-Key.
 * Exported for the benchmark's raw-SQL ceiling.
 */
export const INSERT_QUEUED_JOB_SQL = `WITH job AS (
   INSERT INTO research_jobs (account_id, api_key_id, product_id, email, request, language, decision_makers, idempotency_key)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
   ON CONFLICT (account_id, idempotency_key) DO NOTHING
   RETURNING id
 )
 SELECT job.id, graphile_worker.add_job($9, json_build_object('researchId', job.id), job_key := job.id::text) FROM job`;

/** Raised inside the transaction when a request with the same Idempotency-Key came first. */
class IdempotencyRace extends Error {}

/**
 * Starts a research job: the job row, its queue entry, one credit and its ledger entry in one
 * transaction, so a credit is never taken without a job to show for it, nor a job queued without one.
 */
export async function submitResearch(pool: Pool, holder: KeyHolder, request: ResearchRequest, idempotencyKey?: string): Promise<Submission> {
  const { account } = holder;
  if (account.currentProductId === null) throw new AppError('api_key_has_no_product');
  const { email, ...details } = request;

  // A repeated Idempotency-Key needs no look-up first: the insert finds it at the unique key and the
  // earlier job is answered below, so the common first submission costs no extra query.
  try {
    return await transaction(pool, async (client) => {
      const { rows } = await client.query<{ id: string }>(
        INSERT_QUEUED_JOB_SQL,
        [account.id, holder.keyId, account.currentProductId, email, details, account.language, account.decisionMakers, idempotencyKey ?? null, TASK.research],
      );
      // A request with the same key exists (committed earlier, or first: this insert waited for it).
      if (!rows[0]) throw new IdempotencyRace();
      // Last, so the account's credit row stays locked only until the commit that follows.
      await debitCredit(client, account, rows[0].id);
      return { researchId: rows[0].id, replayed: false };
    });
  } catch (error) {
    if (!(error instanceof IdempotencyRace)) throw error;
    const earlier = await replay(pool, account.id, idempotencyKey!, email, details);
    if (!earlier) throw new Error('the job that holds this Idempotency-Key is gone');
    return earlier;
  }
}

async function replay(pool: Pool, accountId: number, idempotencyKey: string, email: string, details: object): Promise<Submission | undefined> {
  const { rows } = await pool.query<{ id: string; same: boolean }>(
    `SELECT id, (email = $3 AND request = $4::jsonb) AS same FROM research_jobs WHERE account_id = $1 AND idempotency_key = $2`,
    [accountId, idempotencyKey, email, details],
  );
  const earlier = rows[0];
  if (!earlier) return undefined;
  if (!earlier.same) throw new AppError('idempotency_key_reused');
  return { researchId: earlier.id, replayed: true };
}
