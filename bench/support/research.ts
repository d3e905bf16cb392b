import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { insertResearchJob, type Pool, transaction } from '@prospect-research/engine';
import { DEBIT_CREDIT_SQL, findKeyHolder, hashApiKey, INSERT_RESEARCH_JOB_SQL, KEY_HOLDER_SQL, parseResearchRequest, QUEUE_RESEARCH_SQL, submitResearch } from '@prospect-research/engine/bench';
import type { ResearchStatus } from '@prospect-research/engine/contract';
import type { BenchDatabase } from './databases.ts';
import { sleep } from './stats.ts';

/** Submits one research job for `email` with the given key, the way a POST would but without HTTP. */
export type Submit = (key: string, email: string) => Promise<void>;

/** What the route does once fastify has parsed the request: `authenticate`'s key lookup, validation, `submitResearch`. */
export function engineSubmit(pool: Pool): Submit {
  return async (key, email) => {
    const holder = await findKeyHolder(pool, key);
    if (!holder) throw new Error('bench key not found');
    await submitResearch(pool, { ...holder, user: null, role: 'owner' }, parseResearchRequest({ email, company_name: 'Example Inc' }));
  };
}

/**
 * One research job per e-mail in one transaction, as a feature starting jobs in bulk would (the
 * engine's `insertResearchJob`: job, queue entry, debit): they all reach the queue at its commit.
 */
export async function submitInOneTransaction(pool: Pool, key: string, emails: string[]): Promise<void> {
  const holder = await findKeyHolder(pool, key);
  if (!holder) throw new Error('bench key not found');
  await transaction(pool, async (client) => {
    for (const email of emails) {
      const request = parseResearchRequest({ email, company_name: 'Example Inc' });
      if (!(await insertResearchJob(client, { account: holder.account, apiKeyId: holder.keyId, request }))) throw new Error(`research job for ${email} not created`);
    }
  });
}

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
    const holder = (await pool.query<HolderRow>(KEY_HOLDER_SQL, [hash])).rows[0];
    if (!holder) throw new Error('bench key not found');
    await transaction(pool, async (client) => {
      const id = randomUUID();
      const { rowCount: created } = await client.query(INSERT_RESEARCH_JOB_SQL, [
        id,
        holder.id,
        holder.key_id,
        holder.current_product_id,
        email,
        details,
        holder.language,
        holder.decision_makers,
        null,
      ]);
      if (created !== 1) throw new Error('job not created');
      await client.query(QUEUE_RESEARCH_SQL, [id]);
      const { rowCount } = await client.query(DEBIT_CREDIT_SQL, [holder.id, id]);
      if (rowCount !== 1) throw new Error('bench account out of credits');
    });
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
    ['research'],
  );
  const counts = rows[0]!;
  const consistent = counts.debits === counts.jobs && counts.queued === counts.jobs && counts.used === counts.jobs;
  if (!consistent || counts.jobs < expected || counts.jobs > expected + uncounted) {
    const range = uncounted > 0 ? `${expected} to ${expected + uncounted}` : String(expected);
    throw new Error(`${phase}: expected ${range} jobs, each with a debit, a queue entry and a credit used; found ${JSON.stringify(counts)}`);
  }
}

/** `GET /research-status/{id}` of a completed job. */
export type CompletedStatus = Extract<ResearchStatus, { status: 'completed' }>;

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
    /** Polls `GET /research-status/{id}` every `pollMs` until the job completes and answers its body; throws on `failed` or after 10 s. */
    async untilCompleted(researchId: string): Promise<CompletedStatus> {
      const until = performance.now() + 10_000;
      for (;;) {
        const response = await fetch(`${url}/research-status/${researchId}`, { headers });
        const body = (await response.json()) as { status?: string };
        if (body.status === 'completed') return body as CompletedStatus;
        if (response.status !== 200 || body.status === 'failed' || performance.now() > until) {
          throw new Error(`research ${researchId}: ${response.status} ${JSON.stringify(body)}`);
        }
        await sleep(pollMs);
      }
    },
  };
}
