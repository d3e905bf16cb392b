import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccount } from '../../src/accounts/accounts.ts';
import { transaction } from '../../src/platform/database/database.ts';
import type { BriefKey } from '../../src/research/briefCache.ts';
import type { EmptyReason } from '../../src/research/contract.ts';
import { postgresIdentities } from '../../src/research/identities.ts';
import { batchedClaims, batchedCompleteAndCache, type Brief, claimJob, type Completion, failJob } from '../../src/research/jobs.ts';
import { insertResearchJobs } from '../../src/research/submit.ts';
import type { TestDatabase } from '../support/databases.ts';
import { createCustomer, newTestDatabase } from '../support/engine.ts';
import { sourceless } from '../support/pipelines.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await newTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

const PIPELINE = 'scripted-v1';
const TTL = { people: 30, companies: 90, decisionMakers: 60 };

/** Jobs for `emails`, queued (no worker runs here). */
async function queuedJobs(emails: string[]) {
  const customer = await createCustomer(database.pool);
  const account = await getAccount(database.pool, customer.account.id);
  return transaction(database.pool, (client) =>
    insertResearchJobs(
      client,
      account,
      emails.map((email) => ({ email })),
    ),
  );
}

/** Jobs for `emails`, queued and claimed as a worker would (no worker runs here); their keys and briefs. */
async function processingJobs(emails: string[]) {
  const ids = await queuedJobs(emails);
  const identities = postgresIdentities(database.pool);
  return Promise.all(
    ids.map(async (id, i) => {
      const job = (await claimJob(database.pool, id, 60_000, { pipeline: PIPELINE, ttlDays: TTL }))!;
      const input = { email: job.email, language: job.language, decisionMakers: job.decisionMakers, product: job.product };
      const outcome = await sourceless().run(input, identities, new AbortController().signal);
      const brief: Brief = {
        data: { ...outcome.data, prospect: { ...outcome.data.prospect, name: `Prospect ${i}` } },
        emptyReason: null,
        writer: { calls: i, rejections: [] },
        provenance: outcome.provenance ?? null,
      };
      const key: BriefKey = { email: job.email, productId: job.productId, language: job.language, decisionMakers: job.decisionMakers, pipeline: PIPELINE };
      const fetchedAt = { person: new Date(Date.UTC(2026, 0, 1 + i)), company: new Date(Date.UTC(2026, 1, 1 + i)), decisionMakers: job.decisionMakers ? new Date(Date.UTC(2026, 2, 1 + i)) : null };
      return { researchId: id, brief, key, fetchedAt } satisfies Completion;
    }),
  );
}

/** A job's row as the completion stored it. */
async function jobRow(researchId: string) {
  const { rows } = await database.pool.query('SELECT status, error, from_cache, empty_reason, writer_calls, rejections, result, finished_at FROM research_jobs WHERE id = $1', [researchId]);
  return rows[0];
}

async function cacheRow(email: string) {
  const { rows } = await database.pool.query<{ research_id: string; person_fetched_at: Date; company_fetched_at: Date }>(
    'SELECT research_id, person_fetched_at, company_fetched_at FROM research_cache WHERE email = $1 AND pipeline = $2',
    [email, PIPELINE],
  );
  return rows;
}

describe('batchedCompleteAndCache', () => {
  it('completes and caches the jobs completing at once; of two with the same key the later one is cached; a finished job gets neither', async () => {
    const jobs = await processingJobs(['same@batch.io', 'same@batch.io', 'other@batch.io', 'failed@batch.io']);
    await failJob(database.pool, jobs[3]!.researchId, 'timeout');
    const complete = batchedCompleteAndCache(database.pool);

    const answers = await Promise.all(jobs.map((job) => complete(job)));

    expect(answers).toEqual([true, true, true, false]);
    // In one statement: one transaction's now().
    expect(new Set(await Promise.all(jobs.slice(0, 3).map(async (job) => (await jobRow(job.researchId)).finished_at.getTime()))).size).toBe(1);
    for (const job of jobs.slice(0, 3)) {
      const row = await jobRow(job.researchId);
      expect(row).toMatchObject({ status: 'completed', from_cache: false, empty_reason: null, writer_calls: job.brief.writer!.calls, rejections: [] });
      expect(row.result).toEqual(JSON.parse(JSON.stringify({ ...job.brief.data, provenance: job.brief.provenance })));
    }
    expect(await jobRow(jobs[3]!.researchId)).toMatchObject({ status: 'failed', error: 'timeout', result: null });
    expect(await cacheRow('same@batch.io')).toEqual([{ research_id: jobs[1]!.researchId, person_fetched_at: jobs[1]!.fetchedAt.person, company_fetched_at: jobs[1]!.fetchedAt.company }]);
    expect(await cacheRow('other@batch.io')).toEqual([{ research_id: jobs[2]!.researchId, person_fetched_at: jobs[2]!.fetchedAt.person, company_fetched_at: jobs[2]!.fetchedAt.company }]);
    expect(await cacheRow('failed@batch.io')).toEqual([]);
  });

  it('stores a brief without a writer report with no rejections, and its empty reason', async () => {
    const [job, other] = await processingJobs(['nowriter@batch.io', 'second@batch.io']);
    const complete = batchedCompleteAndCache(database.pool);
    const brief: Brief = { ...job!.brief, writer: null, emptyReason: 'nothing_found' };

    const answers = await Promise.all([complete({ ...job!, brief }), complete(other!)]);

    expect(answers).toEqual([true, true]);
    expect((await jobRow(job!.researchId)).finished_at).toEqual((await jobRow(other!.researchId)).finished_at);
    expect(await jobRow(job!.researchId)).toMatchObject({ status: 'completed', empty_reason: 'nothing_found', rejections: null, writer_calls: null });
    expect(await cacheRow('nowriter@batch.io')).toHaveLength(1);
  });

  it('completes each job on its own when one of them cannot be stored: that one fails alone', async () => {
    const jobs = await processingJobs(['good@batch.io', 'bad@batch.io']);
    const complete = batchedCompleteAndCache(database.pool);
    // A reason the column does not allow: its write fails.
    const bad: Brief = { ...jobs[1]!.brief, emptyReason: 'no_reason' as EmptyReason };

    const [good, failed] = await Promise.allSettled([complete(jobs[0]!), complete({ ...jobs[1]!, brief: bad })]);

    expect(good).toEqual({ status: 'fulfilled', value: true });
    expect(failed).toMatchObject({ status: 'rejected', reason: expect.objectContaining({ message: expect.stringMatching(/check constraint/) }) });
    expect(await jobRow(jobs[0]!.researchId)).toMatchObject({ status: 'completed' });
    expect(await cacheRow('good@batch.io')).toHaveLength(1);
    expect(await jobRow(jobs[1]!.researchId)).toMatchObject({ status: 'processing', result: null });
    expect(await cacheRow('bad@batch.io')).toEqual([]);
  });
});

describe('batchedClaims', () => {
  const settings = { timeoutMs: 60_000, cache: { pipeline: PIPELINE, ttlDays: TTL } };

  it('claims the jobs asked at once, each for one asker only; a job no longer queued is not claimed', async () => {
    const [first, second, done] = await queuedJobs(['one@claims.io', 'two@claims.io', 'done@claims.io']);
    await failJob(database.pool, done!, 'internal_error');
    const claim = batchedClaims(database.pool, settings);

    const claimed = await Promise.all([claim(first!), claim(second!), claim(first!), claim(done!)]);

    expect(claimed.map((job) => job?.id)).toEqual([first, second, undefined, undefined]);
    expect(claimed[1]).toMatchObject({ email: 'two@claims.io', cached: undefined, product: { name: 'Ledgerly' } });
    // In one statement: one transaction's now().
    const { rows } = await database.pool.query('SELECT DISTINCT started_at, status FROM research_jobs WHERE id = ANY($1::uuid[])', [[first, second]]);
    expect(rows).toEqual([{ started_at: expect.any(Date), status: 'processing' }]);
    expect(await claim(second!)).toBeUndefined();
  });

  it('claims each job on its own when one of the ids cannot be read: that one fails alone', async () => {
    const [queued] = await queuedJobs(['alone@claims.io']);
    const claim = batchedClaims(database.pool, settings);

    const [bad, good] = await Promise.allSettled([claim('not-a-uuid'), claim(queued!)]);

    expect(bad).toMatchObject({ status: 'rejected', reason: expect.objectContaining({ message: expect.stringMatching(/uuid/) }) });
    expect(good).toMatchObject({ status: 'fulfilled', value: { id: queued, email: 'alone@claims.io' } });
  });
});
