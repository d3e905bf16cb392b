import type { Language, ProductInput } from '../accounts/index.ts';
import { type Pool, type Queryable, transaction } from '../platform/database/database.ts';
import { observe } from '../platform/ops/metrics.ts';
import { batchedPerTurnAlone } from './pipeline/batch.ts';
import { type BriefKey, type CacheTtlDays, cachedBriefParams, cachedBriefSql, storeBriefsSql } from './briefCache.ts';
import type { EmptyReason, JobError, Provenance, ResearchData, ResearchRequest } from './contract.ts';
import type { FetchedAt, WriterReport } from './pipeline/pipeline.ts';

/**
 * The research job's states and the only ways between them:
 * `queued` -> `processing` (a worker claims it) -> `completed` | `failed`;
 * `processing` -> `queued` (handed back on shutdown). `completed` and `failed` are final.
 * Every move is one conditional UPDATE, so two processes can never both make it.
 */
export type { JobError, JobStatus } from './contract.ts';

export interface ClaimedJob {
  id: string;
  email: string;
  /** The request's optional fields, as the caller gave them. */
  request: Omit<ResearchRequest, 'email'>;
  language: Language;
  decisionMakers: boolean;
  productId: number;
  product: ProductInput;
  /** The brief cached for this job under the pipeline asked about, if every part of it is still fresh (briefCache.ts). */
  cached: Brief | undefined;
}

const CLAIM = `
  WITH claimed AS (
    UPDATE research_jobs j SET status = 'processing', started_at = now(), deadline_at = now() + $2 * interval '1 millisecond'
    FROM products p, unnest($1::uuid[]) WITH ORDINALITY AS asked(id, i)
    WHERE j.id = asked.id AND j.status = 'queued' AND p.id = j.product_id
    RETURNING asked.i, j.id, j.email, j.request, j.language, j.decision_makers, j.product_id,
              p.name, p.description, p.features, p.customers
  )
  SELECT claimed.*, cache.result AS cached, cache.empty_reason AS cached_empty_reason, cache.rejections AS cached_rejections
  FROM claimed LEFT JOIN LATERAL ${cachedBriefSql('claimed', 3)} cache ON true`;

interface ClaimSettings {
  timeoutMs: number;
  cache: { pipeline: string; ttlDays: CacheTtlDays };
}

/**
 * Moves a queued job to `processing` with its deadline and, in the same round trip, looks up the brief
 * cached for it under `cache.pipeline`; undefined when the job is not queued (already run or final).
 */
export async function claimJob(db: Queryable, researchId: string, timeoutMs: number, cache: ClaimSettings['cache']): Promise<ClaimedJob | undefined> {
  return (await claimJobs(db, [researchId], { timeoutMs, cache }))[0];
}

/** claimJob for several jobs in one statement, in the order given; an id asked twice (a job delivered twice at once) is claimed once, for the first. */
async function claimJobs(db: Queryable, researchIds: readonly string[], { timeoutMs, cache }: ClaimSettings): Promise<(ClaimedJob | undefined)[]> {
  const unique = [...new Set(researchIds)];
  const { rows } = await db.query<ClaimRow>({ name: 'research_claim', text: CLAIM, values: [unique, timeoutMs, ...cachedBriefParams(cache.pipeline, cache.ttlDays)] });
  const claimed = new Map(rows.map((row) => [unique[Number(row.i) - 1]!, row]));
  return researchIds.map((id, i) => {
    const row = researchIds.indexOf(id) === i ? claimed.get(id) : undefined;
    return row && claimedJob(row);
  });
}

/**
 * claimJob for a process's jobs: those claimed in the same turn of the event loop (workers picking up
 * jobs side by side) go to the database in one statement (each on its own if that statement fails).
 */
export function batchedClaims(db: Queryable, settings: ClaimSettings): (researchId: string) => Promise<ClaimedJob | undefined> {
  return batchedPerTurnAlone((researchIds: readonly string[]) => claimJobs(db, researchIds, settings));
}

interface ClaimRow {
  i: string;
  id: string;
  email: string;
  request: ClaimedJob['request'];
  language: Language;
  decision_makers: boolean;
  product_id: number;
  name: string;
  description: string;
  features: string[];
  customers: string[];
  cached: (ResearchData & { provenance?: Provenance }) | null;
  cached_empty_reason: EmptyReason | null;
  cached_rejections: WriterReport['rejections'] | null;
}

function claimedJob(row: ClaimRow): ClaimedJob {
  return {
    id: row.id,
    email: row.email,
    request: row.request,
    language: row.language,
    decisionMakers: row.decision_makers,
    productId: row.product_id,
    product: { name: row.name, description: row.description, features: row.features, customers: row.customers },
    // A cached brief keeps what the writer rejected when it was researched; no request was made for this job.
    cached: row.cached ? { ...fromStoredResult(row.cached), emptyReason: row.cached_empty_reason, writer: row.cached_rejections ? { calls: 0, rejections: row.cached_rejections } : null } : undefined,
  };
}

/**
 * A brief as a job completes with it: `emptyReason` says why it holds nothing (emptyBrief.ts), null when
 * it holds something; `writer` what the writer did for it (its calls and the texts it rejected), null when none ran.
 */
export interface Brief {
  data: ResearchData;
  emptyReason: EmptyReason | null;
  writer: WriterReport | null;
  /** Where its facts came from (docs/api.md, "Provenance"); null when the pipeline recorded none. */
  provenance: Provenance | null;
}

/**
 * The `result` column holds the brief's data and, under `provenance`, where its facts came from:
 * stored together, they are cached, served and erased by retention together. No key of the data is
 * named `provenance`; results stored before it was recorded have none.
 */
function storedResult(brief: Brief): ResearchData | (ResearchData & { provenance: Provenance }) {
  return brief.provenance ? { ...brief.data, provenance: brief.provenance } : brief.data;
}

/** The brief's data and provenance from a `result` column (storedResult). */
export function fromStoredResult(result: ResearchData & { provenance?: Provenance }): { data: ResearchData; provenance: Provenance | null } {
  const { provenance = null, ...data } = result;
  return { data, provenance };
}

const COMPLETE = `UPDATE research_jobs SET status = 'completed', result = $2, empty_reason = $3, from_cache = $4, rejections = $5, writer_calls = $6, finished_at = now()
  WHERE id = $1 AND status = 'processing'`;

/** Records the brief; false when the job is no longer processing (it timed out meanwhile). */
export async function completeJob(db: Queryable, researchId: string, brief: Brief, fromCache: boolean): Promise<boolean> {
  const { rowCount } = await db.query({ name: 'research_complete', text: COMPLETE, values: [researchId, storedResult(brief), brief.emptyReason, fromCache, ...writerParams(brief)] });
  observe.researchFinished('completed', fromCache ? 'cached' : 'researched', rowCount ?? 0);
  if (brief.emptyReason) observe.researchEmpty(brief.emptyReason, rowCount ?? 0);
  return rowCount === 1;
}

/** The `rejections` (JSON) and `writer_calls` columns of a brief. */
function writerParams(brief: Brief): [string | null, number | null] {
  return brief.writer ? [JSON.stringify(brief.writer.rejections), brief.writer.calls] : [null, null];
}

/** A brief to complete its job with and cache under `key`. */
export interface Completion {
  researchId: string;
  brief: Brief;
  key: BriefKey;
  fetchedAt: FetchedAt;
}

/** The jobs of `$1`, a JSON array of completionEntry, completed and their briefs cached in one statement (each brief parsed once). */
const COMPLETE_AND_CACHE = `
  WITH brief AS (
    SELECT t.i, (b->>'id')::uuid AS id, b->'result' AS result, b->>'emptyReason' AS empty_reason,
           nullif(b->'rejections', 'null') AS rejections, (b->>'writerCalls')::int AS writer_calls,
           b->>'email' AS email, (b->>'productId')::bigint AS product_id, b->>'language' AS language,
           (b->>'decisionMakers')::boolean AS decision_makers, b->>'pipeline' AS pipeline,
           (b->>'personFetchedAt')::timestamptz AS person_fetched_at, (b->>'companyFetchedAt')::timestamptz AS company_fetched_at,
           (b->>'decisionMakersFetchedAt')::timestamptz AS decision_makers_fetched_at
    FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(b, i)
  ), completed AS (
    UPDATE research_jobs j SET status = 'completed', result = brief.result, empty_reason = brief.empty_reason, from_cache = false,
      rejections = brief.rejections, writer_calls = brief.writer_calls, finished_at = now()
    FROM brief WHERE j.id = brief.id AND j.status = 'processing' RETURNING brief.*
  ), cached AS (${storeBriefsSql('completed')})
  SELECT i::int AS i FROM completed`;

/**
 * Records researched briefs as completeJob does and caches each under its `key` in the same statement,
 * so a caller who resubmits as soon as the job shows completed hits the cache: whether each was
 * completed, in the order given. A job no longer processing (it timed out meanwhile) gets neither
 * (false). Throws, having done neither for any, when a write fails.
 */
async function completeAndCacheJobs(db: Queryable, completions: readonly Completion[]): Promise<boolean[]> {
  const { rows } = await db.query<{ i: number }>({ name: 'research_complete_and_cache', text: COMPLETE_AND_CACHE, values: [JSON.stringify(completions.map(completionEntry))] });
  const completed = new Set(rows.map((row) => row.i));
  observe.researchFinished('completed', 'researched', completed.size);
  for (const [i, completion] of completions.entries()) if (completed.has(i + 1) && completion.brief.emptyReason) observe.researchEmpty(completion.brief.emptyReason);
  return completions.map((_, i) => completed.has(i + 1));
}

/**
 * completeAndCacheJobs for a process's jobs: those completing in the same turn of the event loop (jobs
 * running side by side) go to the database in one statement (each on its own if that statement fails).
 */
export function batchedCompleteAndCache(db: Queryable): (completion: Completion) => Promise<boolean> {
  return batchedPerTurnAlone((completions: readonly Completion[]) => completeAndCacheJobs(db, completions));
}

/** One element of COMPLETE_AND_CACHE's parameter. */
function completionEntry({ researchId, brief, key, fetchedAt }: Completion) {
  return {
    id: researchId,
    result: storedResult(brief),
    emptyReason: brief.emptyReason,
    rejections: brief.writer?.rejections ?? null,
    writerCalls: brief.writer?.calls ?? null,
    email: key.email,
    productId: key.productId,
    language: key.language,
    decisionMakers: key.decisionMakers,
    pipeline: key.pipeline,
    personFetchedAt: fetchedAt.person,
    companyFetchedAt: fetchedAt.company,
    decisionMakersFetchedAt: fetchedAt.decisionMakers,
  };
}

/** Hands a job back to the queue (its worker is shutting down); another worker runs it from the start. */
export async function requeueJob(db: Queryable, researchId: string): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE research_jobs SET status = 'queued', started_at = NULL, deadline_at = NULL WHERE id = $1 AND status = 'processing'`, [researchId]);
  return rowCount === 1;
}

/**
 * Fails the chosen unfinished jobs and refunds each one's credit, in one statement: the ledger's
 * unique (research_id, kind) makes a second refund impossible, whoever fails the job first.
 * `$1` is the error code; the predicate may use `$2`.
 */
function failSql(predicate: string): string {
  return `
    WITH failed AS (
      UPDATE research_jobs SET status = 'failed', error = $1, finished_at = now()
      WHERE status IN ('queued', 'processing') AND ${predicate}
      RETURNING id
    ),
    refunded AS (
      INSERT INTO credit_ledger (account_id, cycle_start, research_id, kind, reason)
      SELECT l.account_id, l.cycle_start, l.research_id, 'refund', $1
      FROM credit_ledger l JOIN failed f ON f.id = l.research_id
      WHERE l.kind = 'debit'
      ON CONFLICT (research_id, kind) DO NOTHING
      RETURNING account_id, cycle_start
    ),
    returned AS (
      UPDATE credit_cycles c SET used = c.used - r.credits
      FROM (SELECT account_id, cycle_start, count(*)::int AS credits FROM refunded GROUP BY 1, 2) r
      WHERE c.account_id = r.account_id AND c.cycle_start = r.cycle_start
    )
    SELECT id FROM failed`;
}

const FAIL_ONE = failSql('id = $2');
const EXPIRE_OVERDUE = failSql(`status = 'processing' AND deadline_at < now()`);
const EXPIRE_ONE_OVERDUE = failSql(`id = $2 AND status = 'processing' AND deadline_at < now()`);
// Queued, but graphile-worker no longer holds a runnable job for it (its attempts ran out, or it was removed).
const FAIL_STRANDED = failSql(`status = 'queued' AND created_at < now() - interval '1 minute' AND NOT EXISTS (
  SELECT 1 FROM graphile_worker.jobs queue WHERE queue.key = research_jobs.id::text AND queue.attempts < queue.max_attempts)`);

/** Fails an unfinished job with `error` and refunds its credit; false when it had already finished. */
export async function failJob(db: Queryable, researchId: string, error: JobError): Promise<boolean> {
  const { rowCount } = await db.query(FAIL_ONE, [error, researchId]);
  observe.researchFinished('failed', error, rowCount ?? 0);
  return rowCount === 1;
}

/** Fails with `internal_error` (and refunds) every queued job that no queue entry will ever run. */
export async function failStrandedJobs(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(FAIL_STRANDED, ['internal_error']);
  observe.researchFinished('failed', 'internal_error', rows.length);
  return rows.map((row) => row.id);
}

/** Fails with `timeout` (and refunds) every job processing past its deadline, or only `researchId`. */
export async function expireOverdueJobs(db: Queryable, researchId?: string): Promise<string[]> {
  const { rows } = researchId === undefined ? await db.query<{ id: string }>(EXPIRE_OVERDUE, ['timeout']) : await db.query<{ id: string }>(EXPIRE_ONE_OVERDUE, ['timeout', researchId]);
  observe.researchFinished('failed', 'timeout', rows.length);
  return rows.map((row) => row.id);
}

/**
 * Queued jobs whose queue entry a worker locked over a minute ago but never claimed: a claim follows
 * the lock within milliseconds, so that worker died between the two (or is wedged), and graphile-worker
 * would keep the entry locked for 4 hours. Adding the job again under its key makes graphile-worker
 * retire the locked entry (no retries, key cleared) and queue a new one that any worker runs now; only
 * that job is touched, and claimJob still lets one worker alone run it. Answers the ids set free.
 */
export async function releaseAbandonedJobs(pool: Pool): Promise<string[]> {
  return transaction(pool, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `SELECT r.id FROM research_jobs r JOIN graphile_worker.jobs queue ON queue.key = r.id::text
       WHERE r.status = 'queued' AND queue.locked_at < now() - interval '1 minute'`,
    );
    for (const { id } of rows) await queueResearch(client, id);
    return rows.map((row) => row.id);
  });
}

/**
 * Fair queuing between accounts: each research queue entry's priority (graphile-worker runs the lowest
 * first) is the priority now at the head of the research queue, plus the jobs its account already has
 * waiting. An account's burst of 1,000 jobs takes priorities n, n+1, ... n+999; a job another account
 * queues meanwhile goes in at the head, beside the burst's next one, and each account's jobs after it
 * take turns with the others' rather than waiting for the whole burst. Priorities are capped at
 * graphile-worker's largest (a smallint): past it, the order is first come, first served.
 *
 * `ids` is an SQL array of the new jobs' ids, all of one account, already inserted (queued) in this
 * transaction. The queue's head is read from graphile-worker's own table, on its index of available
 * jobs by priority (its `jobs` view has no index to offer).
 */
const firstFairPriority = (ids: string) => `
  (SELECT coalesce(min(queue.priority), 0) FROM graphile_worker._private_jobs queue
    WHERE queue.is_available AND queue.run_at <= now() AND queue.task_id = (SELECT id FROM graphile_worker._private_tasks WHERE identifier = 'research'))
  + (SELECT count(*) FROM research_jobs
      WHERE status = 'queued' AND account_id = (SELECT account_id FROM research_jobs WHERE id = (${ids})[1]) AND id <> ALL(${ids}))`;

const MAX_PRIORITY = 32767;

/** How far the queue's head may climb before `rebaseResearchPriorities` brings it back to 0. */
export const REBASE_PRIORITIES_ABOVE = 1_000;

/**
 * The head of the research queue only climbs while the queue is never empty (each job queued takes the
 * head's priority or more): on a queue busy for a day it would reach the cap, and fairness end there.
 * So, once it passes REBASE_PRIORITIES_ABOVE, every available research entry's priority goes down by the
 * head's, keeping their order. An entry a worker locks meanwhile keeps its own (the row is read again
 * under its lock). Answers by how much they went down (0: left as they were).
 */
export async function rebaseResearchPriorities(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ by: number | null }>(
    `WITH research AS (SELECT id FROM graphile_worker._private_tasks WHERE identifier = 'research'),
     head AS (SELECT min(queue.priority) AS by FROM graphile_worker._private_jobs queue, research WHERE queue.is_available AND queue.task_id = research.id),
     rebased AS (
       UPDATE graphile_worker._private_jobs queue SET priority = queue.priority - head.by FROM head, research
       WHERE head.by > $1 AND queue.is_available AND queue.task_id = research.id
       RETURNING 1)
     SELECT CASE WHEN EXISTS (SELECT 1 FROM rebased) THEN (SELECT by FROM head) ELSE 0 END AS by`,
    [REBASE_PRIORITIES_ABOVE],
  );
  return rows[0]?.by ?? 0;
}

/** `$1` the research job's id: queues its task under the job's id as its key (one queue entry per job), at its account's fair priority. */
export const QUEUE_RESEARCH_SQL = `SELECT graphile_worker.add_job('research', json_build_object('researchId', $1::text), job_key := $1::text,
  priority := least(${MAX_PRIORITY}, ${firstFairPriority('ARRAY[$1::uuid]')})::int)`;

/** `$1` the jobs' ids, of one account: QUEUE_RESEARCH_SQL for each, in one statement, at consecutive priorities in the order given. */
const QUEUE_RESEARCHES_SQL = `SELECT count(*) FROM graphile_worker.add_jobs(array(
  SELECT json_populate_record(null::graphile_worker.job_spec,
    json_build_object('identifier', 'research', 'payload', json_build_object('researchId', job.id), 'job_key', job.id, 'priority', least(${MAX_PRIORITY}, head.priority + job.i - 1)))
  FROM unnest($1::uuid[]) WITH ORDINALITY AS job (id, i), (SELECT ${firstFairPriority('$1::uuid[]')} AS priority) head
  ORDER BY job.i))`;

/** Queues the research task of job `researchId` (see QUEUE_RESEARCH_SQL). */
export async function queueResearch(db: Queryable, researchId: string): Promise<void> {
  await db.query({ name: 'research_queue', text: QUEUE_RESEARCH_SQL, values: [researchId] });
}

/** queueResearch for several jobs of one account, in one statement. */
export async function queueResearches(db: Queryable, researchIds: string[]): Promise<void> {
  if (researchIds.length > 0) await db.query(QUEUE_RESEARCHES_SQL, [researchIds]);
}
