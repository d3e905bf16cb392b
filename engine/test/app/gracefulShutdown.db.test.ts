import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { researchDataErrors } from '../../src/research/briefErrors.ts';
import type { TestDatabase } from '../support/databases.ts';
import { client, createCustomer, creditState, newTestDatabase, startTestEngine, type TestEngine } from '../support/engine.ts';
import { hangs, ScriptedPipeline, takes } from '../support/pipelines.ts';
import { queuedTasks, sourceless } from '../research/support.ts';

let database: TestDatabase;
let api: TestEngine;
const workers: TestEngine[] = [];

/** A worker-only engine (no HTTP) on the test database; stopped after the file if the test did not. */
async function startWorker(pipeline: ScriptedPipeline, graceSeconds = 1): Promise<TestEngine> {
  const worker = await startTestEngine({ database, http: false, pipeline, env: { SHUTDOWN_GRACE_SECONDS: String(graceSeconds) } });
  workers.push(worker);
  return worker;
}

beforeAll(async () => {
  database = await newTestDatabase();
  api = await startTestEngine({ database, worker: false });
});

afterAll(async () => {
  for (const worker of workers) await worker.stop();
  await api.stop();
  await database.drop();
});

describe('stopping a worker', () => {
  it('hands a job still running after the grace period (SHUTDOWN_GRACE_SECONDS=1) back to the queue, and another worker completes it', async () => {
    const customer = await createCustomer(api.pool, { plan: 'bdr' });
    const caller = client(api.url, customer.key);
    let runs = 0;
    const pipeline = new ScriptedPipeline((input, identities, signal) => (++runs === 1 ? hangs(input, identities, signal) : sourceless(input, identities, signal)));

    const first = await startWorker(pipeline);
    const researchId = String((await caller.research({ email: 'handed.back@example.com' })).body.research_id);
    await caller.waitFor(researchId, (r) => r.body.status === 'processing');
    await first.stop();

    expect(pipeline.aborted).toHaveLength(1);
    expect((await caller.status(researchId)).body).toEqual({ research_id: researchId, status: 'queued' });
    expect(await creditState(api.pool, customer.account.id)).toEqual({ used: 1, debits: 1, refunds: 0 });
    const [task, ...more] = await queuedTasks(api.pool, 'research');
    expect(more).toHaveLength(0);
    expect(task).toMatchObject({ payload_research_id: researchId, locked_by: null });

    const second = await startWorker(pipeline);
    const done = await caller.waitFor(researchId);
    expect(done.body).toMatchObject({ research_id: researchId, status: 'completed' });
    expect(researchDataErrors(done.body.data)).toBeUndefined();
    expect(pipeline.inputs.map((input) => input.email)).toEqual(['handed.back@example.com', 'handed.back@example.com']);
    expect(await creditState(api.pool, customer.account.id)).toEqual({ used: 1, debits: 1, refunds: 0 });
    await second.stop();
  });

  it('lets a job that finishes within the grace period complete', async () => {
    const customer = await createCustomer(api.pool, { plan: 'bdr' });
    const caller = client(api.url, customer.key);
    const pipeline = new ScriptedPipeline(takes(300));
    // A generous grace period: the job needs 300 ms of it.
    const worker = await startWorker(pipeline, 3);
    const researchId = String((await caller.research({ email: 'quick@example.com' })).body.research_id);
    await caller.waitFor(researchId, (r) => r.body.status === 'processing');
    await worker.stop();

    expect(pipeline.aborted).toHaveLength(0);
    expect((await caller.status(researchId)).body).toMatchObject({ research_id: researchId, status: 'completed' });
    expect(await queuedTasks(api.pool, 'research')).toEqual([]);
    expect(await creditState(api.pool, customer.account.id)).toEqual({ used: 1, debits: 1, refunds: 0 });
  });
});
