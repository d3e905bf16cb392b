import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireOverdueJobs } from '../../src/research/jobs.ts';
import type { TestDatabase } from '../support/databases.ts';
import { client, createCustomer, creditState, newTestDatabase, startTestEngine, type TestEngine } from '../support/engine.ts';
import { metricValue } from '../support/metrics.ts';
import { fails, hangs, ignoresSignal, ScriptedPipeline } from '../support/pipelines.ts';
import { breaksSchema, queuedTasks, routed, until } from './support.ts';

let database: TestDatabase;
let engine: TestEngine;
const signals = new Map<string, AbortSignal>();

beforeAll(async () => {
  database = await newTestDatabase();
  engine = await startTestEngine({
    database,
    env: { RESEARCH_TIMEOUT_SECONDS: '1' },
    pipeline: new ScriptedPipeline(routed({ throws: fails, broken: breaksSchema, hang: hangs, deaf: ignoresSignal }, signals)),
  });
});

afterAll(async () => {
  await engine.stop();
  await database.drop();
});

/** Submits one job for a fresh customer and polls it to its final state. */
async function runOne(email: string) {
  const customer = await createCustomer(engine.pool, { plan: 'bdr' });
  const api = client(engine.url, customer.key);
  const submitted = await api.research({ email });
  expect(submitted.status).toBe(202);
  const researchId = String(submitted.body.research_id);
  const final = await api.waitFor(researchId);
  return { customer, api, researchId, final };
}

/** The task's graphile-worker job is gone: it finished, and nothing will run the research again. */
async function taskSettled(researchId: string): Promise<void> {
  await until(`the research task of ${researchId} to leave the queue`, async () => (await queuedTasks(engine.pool, 'research')).every((task) => task.payload_research_id !== researchId));
}

describe('a pipeline error', () => {
  it('fails the job with internal_error and refunds its credit exactly once', async () => {
    const failures = () => metricValue('prospect_research_finished_total', { outcome: 'failed', reason: 'internal_error' });
    const before = await failures();
    const { customer, researchId, final } = await runOne('throws@example.com');
    expect(final.body).toEqual({ research_id: researchId, status: 'failed', error: 'internal_error' });
    await taskSettled(researchId);
    expect(await creditState(engine.pool, customer.account.id)).toEqual({ used: 0, debits: 1, refunds: 1 });
    // The metrics count the failure once, by its error.
    expect(await failures()).toBe(before + 1);
  });

  it('fails a brief that breaks the schema with internal_error, refunds once and caches nothing', async () => {
    const { customer, api, researchId, final } = await runOne('broken@example.com');
    expect(final.body).toEqual({ research_id: researchId, status: 'failed', error: 'internal_error' });
    await taskSettled(researchId);
    expect(await creditState(engine.pool, customer.account.id)).toEqual({ used: 0, debits: 1, refunds: 1 });
    const { rows } = await engine.pool.query('SELECT count(*)::int AS n FROM research_cache WHERE email = $1', ['broken@example.com']);
    expect(rows[0].n).toBe(0);

    // Resubmitting is a new job and a new credit (spec: errors, rule 1).
    const again = await api.research({ email: 'broken@example.com' });
    expect(again.body.research_id).not.toBe(researchId);
    expect((await api.waitFor(String(again.body.research_id))).body).toMatchObject({ status: 'failed', error: 'internal_error' });
    expect(await creditState(engine.pool, customer.account.id)).toEqual({ used: 0, debits: 2, refunds: 2 });
  });
});

describe('the time limit (RESEARCH_TIMEOUT_SECONDS=1)', () => {
  it.each([
    ['honours its signal', 'hang@example.com'],
    ['ignores its signal', 'deaf@example.com'],
  ])('fails a pipeline that %s with timeout, aborts its signal and refunds exactly once', async (_case, email) => {
    const timeouts = () => metricValue('prospect_research_finished_total', { outcome: 'failed', reason: 'timeout' });
    const before = await timeouts();
    const { customer, researchId, final } = await runOne(email);
    expect(final.body).toEqual({ research_id: researchId, status: 'failed', error: 'timeout' });
    // A poll may expire the job a moment before the worker's own timer fires: the task ends after it.
    await taskSettled(researchId);
    const signal = signals.get(email);
    expect(signal?.aborted).toBe(true);
    expect((signal?.reason as Error).name).toBe('TimeoutError');
    expect(await creditState(engine.pool, customer.account.id)).toEqual({ used: 0, debits: 1, refunds: 1 });
    // Expired by the poll or by the worker's timer, whichever came first: counted once.
    expect(await timeouts()).toBe(before + 1);

    // The sweeper finds nothing left to expire, and polling again changes nothing.
    expect(await expireOverdueJobs(engine.pool)).toEqual([]);
    expect((await client(engine.url, customer.key).status(researchId)).body).toEqual(final.body);
    expect(await creditState(engine.pool, customer.account.id)).toEqual({ used: 0, debits: 1, refunds: 1 });
  });
});
