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

/** Raised inside the transaction when a concurrent request with the same Idempotency-Key won. */
class IdempotencyRace extends Error {}

/**
 * Starts a research job: one credit, the job row, its ledger entry and its queue entry in one
 * transaction, so a credit is never taken without a job to show for it, nor a job queued without one.
 */
export async function submitResearch(pool: Pool, holder: KeyHolder, request: ResearchRequest, idempotencyKey?: string): Promise<Submission> {
  const { account } = holder;
  if (account.currentProductId === null) throw new AppError('api_key_has_no_product');
  const { email, ...details } = request;

  if (idempotencyKey !== undefined) {
    const earlier = await replay(pool, account.id, idempotencyKey, email, details);
    if (earlier) return earlier;
  }

  try {
    return await transaction(pool, async (client) => {
      const { cycleStart } = await debitCredit(client, account);
      const { rows } = await client.query<{ id: string }>(
        `WITH job AS (
           INSERT INTO research_jobs (account_id, api_key_id, product_id, email, request, language, decision_makers, idempotency_key)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (account_id, idempotency_key) DO NOTHING
           RETURNING id
         ),
         debit AS (
           INSERT INTO credit_ledger (account_id, cycle_start, research_id, kind)
           SELECT $1, $9, id, 'debit' FROM job
         ),
         queued AS (
           SELECT graphile_worker.add_job($10, json_build_object('researchId', id), job_key := id::text) FROM job
         )
         SELECT job.id FROM job, queued`,
        [account.id, holder.keyId, account.currentProductId, email, details, account.language, account.decisionMakers, idempotencyKey ?? null, cycleStart, TASK.research],
      );
      if (!rows[0]) throw new IdempotencyRace();
      return { researchId: rows[0].id, replayed: false };
    });
  } catch (error) {
    // A concurrent request with the same key won: at the unique key, or by taking the last credit first.
    if (idempotencyKey !== undefined && (error instanceof IdempotencyRace || isOutOfCredits(error))) {
      const earlier = await replay(pool, account.id, idempotencyKey, email, details);
      if (earlier) return earlier;
    }
    throw error;
  }
}

function isOutOfCredits(error: unknown): boolean {
  return error instanceof AppError && (error.code === 'credits_exhausted' || error.code === 'trial_limit_reached');
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
