import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { researchDataErrors } from '../../src/research/briefErrors.ts';
import type { TestDatabase } from '../support/databases.ts';
import { client, createCustomer, creditState, newTestDatabase, startTestEngine, type TestEngine } from '../support/engine.ts';
import { ScriptedPipeline } from '../support/pipelines.ts';
import { queuedTasks, until } from '../research/support.ts';

let database: TestDatabase;
let api: TestEngine;
let worker: TestEngine | undefined;

beforeAll(async () => {
  database = await newTestDatabase();
  // `serve --no-worker`: the HTTP API only.
  api = await startTestEngine({ database, worker: false });
});

afterAll(async () => {
  await worker?.stop();
  await api.stop();
  await database.drop();
});

describe('serve --no-worker and worker on one database', () => {
  it('leaves jobs queued on the API-only engine, and a worker-only engine completes them', async () => {
    expect(api.service.runner).toBeUndefined();
    const customer = await createCustomer(api.pool, { plan: 'bdr' });
    const caller = client(api.url, customer.key);
    const ids: string[] = [];
    for (const email of ['one@example.com', 'two@example.com', 'three@example.net']) {
      ids.push(String((await caller.research({ email })).body.research_id));
    }
    for (const id of ids) expect((await caller.status(id)).body).toEqual({ research_id: id, status: 'queued' });
    const waiting = await queuedTasks(api.pool, 'research');
    expect(waiting.map((task) => task.payload_research_id).sort()).toEqual([...ids].sort());
    expect(waiting.every((task) => task.locked_by === null && task.attempts === 0)).toBe(true);

    // `worker`: no HTTP, its own pool on the same database.
    const pipeline = new ScriptedPipeline();
    worker = await startTestEngine({ database, http: false, pipeline });
    expect(worker.service.server).toBeUndefined();
    expect(worker.service.url).toBeUndefined();

    for (const id of ids) {
      const done = await caller.waitFor(id);
      expect(done.body).toMatchObject({ research_id: id, status: 'completed' });
      expect(researchDataErrors(done.body.data)).toBeUndefined();
    }
    expect(pipeline.inputs.map((input) => input.email).sort()).toEqual(['one@example.com', 'three@example.net', 'two@example.com']);
    expect(await creditState(api.pool, customer.account.id)).toEqual({ used: 3, debits: 3, refunds: 0 });

    // A job submitted while the worker runs is picked up by it too.
    const later = String((await caller.research({ email: 'four@example.com' })).body.research_id);
    expect((await caller.waitFor(later)).body).toMatchObject({ status: 'completed' });
  });
});

describe('WORKER_RUNNERS: research workers apart from the rest', () => {
  it('leaves research queued on a main-only worker, which runs every other task, and a bulk-only worker completes it', async () => {
    await worker?.stop();
    worker = undefined;
    const customer = await createCustomer(api.pool, { plan: 'bdr' });
    const caller = client(api.url, customer.key);
    const pipeline = new ScriptedPipeline();
    const main = await startTestEngine({ database, http: false, pipeline, env: { WORKER_RUNNERS: 'main' } });
    try {
      const id = String((await caller.research({ email: 'apart@example.com' })).body.research_id);
      await api.pool.query('SELECT graphile_worker.add_job($1)', ['expire_research']);
      await until('the main worker to run the sweeper', async () => (await queuedTasks(api.pool, 'expire_research')).length === 0);
      expect((await caller.status(id)).body).toEqual({ research_id: id, status: 'queued' });
      expect(pipeline.inputs).toHaveLength(0);

      const bulk = await startTestEngine({ database, http: false, pipeline, env: { WORKER_RUNNERS: 'bulk' } });
      try {
        expect((await caller.waitFor(id)).body).toMatchObject({ research_id: id, status: 'completed' });
        expect(pipeline.inputs.map((input) => input.email)).toEqual(['apart@example.com']);
        expect(await creditState(api.pool, customer.account.id)).toEqual({ used: 1, debits: 1, refunds: 0 });
      } finally {
        await bulk.stop();
      }
    } finally {
      await main.stop();
    }
  });
});
