import { performance } from 'node:perf_hooks';
import type { Pool } from '../../engine/src/database/database.ts';
import { findKeyHolder, hashApiKey } from '../../engine/src/domain/apiKeys.ts';
import { parseResearchRequest } from '../../engine/src/research/request.ts';
import { submitResearch } from '../../engine/src/research/submit.ts';
import { TASK } from '../../engine/src/worker/taskNames.ts';
import type { BenchDatabase } from './databases.ts';
import { sleep } from './stats.ts';

/** Submits one research job for `email` with the given key, the way a POST would but without HTTP. */
export type Submit = (key: string, email: string) => Promise<void>;

/** What the route does once fastify has parsed the request: `authenticate`'s key lookup, validation, `submitResearch`. */
export function engineSubmit(pool: Pool): Submit {
  return async (key, email) => {
    const holder = await findKeyHolder(pool, key);
    if (!holder) throw new Error('bench key not found');
    await submitResearch(pool, holder, parseResearchRequest({ email, company_name: 'Example Inc' }));
  };
}

// Copies of the statements of findKeyHolder (domain/apiKeys.ts), debitCredit (domain/credits.ts) and
// submitResearch (research/submit.ts): keep them in step. Keys are hashed once per key, not per job,
// and rows are not mapped to objects: this variant is the database's ceiling for POST's work.
const KEY_LOOKUP = `SELECT k.id AS key_id, a.id, a.name, a.plan, a.language, a.monthly_credits, a.max_api_keys, a.decision_makers,
         a.trial, a.billing_anchor, a.current_product_id, a.created_at
  FROM api_keys k JOIN accounts_with_plan a ON a.id = k.account_id
  WHERE k.key_hash = $1 AND k.revoked_at IS NULL`;
const DEBIT = `WITH terms AS (
    SELECT id, billing_cycle_start(billing_anchor, now()) AS cycle_start, monthly_credits
    FROM accounts_with_plan WHERE id = $1
  )
  INSERT INTO credit_cycles AS c (account_id, cycle_start, used)
  SELECT id, cycle_start, 1 FROM terms WHERE monthly_credits >= 1
  ON CONFLICT (account_id, cycle_start)
    DO UPDATE SET used = c.used + 1 WHERE c.used < (SELECT monthly_credits FROM terms)
  RETURNING c.cycle_start::text`;
const INSERT_JOB = `WITH job AS (
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
    SELECT graphile_worker.add_job($10, json_build_object('researchId', id), max_attempts := 5) FROM job
  )
  SELECT job.id FROM job, queued`;

interface HolderRow {
  key_id: number;
  id: number;
  language: string;
  decision_makers: boolean;
  current_product_id: number;
}

/** The same statements as `engineSubmit`, sent directly with `pg`. */
export function rawSubmit(pool: Pool): Submit {
  const hashes = new Map<string, Buffer>();
  const details = { company_name: 'Example Inc' };
  return async (key, email) => {
    let hash = hashes.get(key);
    if (!hash) hashes.set(key, (hash = hashApiKey(key)));
    const holder = (await pool.query<HolderRow>(KEY_LOOKUP, [hash])).rows[0];
    if (!holder) throw new Error('bench key not found');
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const debit = (await client.query<{ cycle_start: string }>(DEBIT, [holder.id])).rows[0];
      if (!debit) throw new Error('bench account out of credits');
      const { rowCount } = await client.query(INSERT_JOB, [
        holder.id, holder.key_id, holder.current_product_id, email, details, holder.language, holder.decision_makers, null, debit.cycle_start, TASK.research,
      ]);
      if (rowCount !== 1) throw new Error('job not created');
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };
}

/**
 * Every accepted request left a job with its debit, its queue entry and a credit used: the figures
 * count real work. `uncounted` allows for requests the service finished after the client stopped counting.
 */
export async function expectJobs(database: BenchDatabase, expected: number, phase: string, uncounted = 0): Promise<void> {
  const { rows } = await database.pool.query<{ jobs: number; debits: number; queued: number; used: number }>(
    `SELECT (SELECT count(*)::int FROM research_jobs) AS jobs,
            (SELECT count(*)::int FROM credit_ledger WHERE kind = 'debit') AS debits,
            (SELECT count(*)::int FROM graphile_worker.jobs WHERE task_identifier = $1) AS queued,
            (SELECT coalesce(sum(used), 0)::int FROM credit_cycles) AS used`,
    [TASK.research],
  );
  const counts = rows[0]!;
  const consistent = counts.debits === counts.jobs && counts.queued === counts.jobs && counts.used === counts.jobs;
  if (!consistent || counts.jobs < expected || counts.jobs > expected + uncounted) {
    const range = uncounted > 0 ? `${expected} to ${expected + uncounted}` : String(expected);
    throw new Error(`${phase}: expected ${range} jobs, each with a debit, a queue entry and a credit used; found ${JSON.stringify(counts)}`);
  }
}

/** The Research API as a caller sees it, for sequential round trips. */
export function researchClient(url: string, key: string, pollMs: number) {
  const headers = { authorization: `Bearer ${key}` };
  return {
    async post(email: string): Promise<string> {
      const response = await fetch(`${url}/research`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      const body = (await response.json()) as { research_id?: string };
      if (response.status !== 202 || !body.research_id) throw new Error(`POST /research answered ${response.status} ${JSON.stringify(body)}`);
      return body.research_id;
    },
    /** Polls `GET /research-status/{id}` every `pollMs` until the job completes; throws on `failed` or after 10 s. */
    async untilCompleted(researchId: string): Promise<void> {
      const until = performance.now() + 10_000;
      for (;;) {
        const response = await fetch(`${url}/research-status/${researchId}`, { headers });
        const body = (await response.json()) as { status?: string };
        if (body.status === 'completed') return;
        if (response.status !== 200 || body.status === 'failed' || performance.now() > until) {
          throw new Error(`research ${researchId}: ${response.status} ${JSON.stringify(body)}`);
        }
        await sleep(pollMs);
      }
    },
  };
}
