import type { Language, ProductInput } from '../accounts/index.ts';
import { type Pool, type Queryable, transaction } from '../platform/database/database.ts';
import { addJob, addJobs } from '../platform/queue/tasks.ts';
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
  return rowCount === 1;
}

/** Fails with `internal_error` (and refunds) every queued job that no queue entry will ever run. */
export async function failStrandedJobs(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(FAIL_STRANDED, ['internal_error']);
  return rows.map((row) => row.id);
}

/** Fails with `timeout` (and refunds) every job processing past its deadline, or only `researchId`. */
export async function expireOverdueJobs(db: Queryable, researchId?: string): Promise<string[]> {
  const { rows } = researchId === undefined ? await db.query<{ id: string }>(EXPIRE_OVERDUE, ['timeout']) : await db.query<{ id: string }>(EXPIRE_ONE_OVERDUE, ['timeout', researchId]);
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

/** Queues the research task of job `researchId` under the job's id as its key (one queue entry per job). */
export function queueResearch(db: Queryable, researchId: string): Promise<void> {
  return addJob(db, 'research', { researchId }, { jobKey: researchId });
}

/** queueResearch for several jobs, in one statement. */
export function queueResearches(db: Queryable, researchIds: string[]): Promise<void> {
  return addJobs(
    db,
    'research',
    researchIds.map((researchId) => ({ payload: { researchId }, spec: { jobKey: researchId } })),
  );
}
