import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProduct } from '../../src/accounts/products.ts';
import type { TestDatabase } from '../support/databases.ts';
import { client, createCustomer, creditState, type Customer, newTestDatabase, startTestEngine, type TestEngine } from '../support/engine.ts';
import { ScriptedPipeline } from '../support/pipelines.ts';
import { jobRow, until } from './support.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await newTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

/** Runs `work` against an engine (API and worker) with `pipeline`, then stops it so the next one has the queue alone. */
async function withEngine(pipeline: ScriptedPipeline, work: (engine: TestEngine) => Promise<void>, env: Record<string, string> = {}): Promise<void> {
  const engine = await startTestEngine({ database, pipeline, env });
  try {
    await work(engine);
  } finally {
    await engine.stop();
  }
}

/** Submits a job and waits for it to complete; returns its id, its data and whether it came from the cache. */
async function research(engine: TestEngine, customer: Customer, email: string) {
  const api = client(engine.url, customer.key);
  const researchId = String((await api.research({ email })).body.research_id);
  const reply = await api.waitFor(researchId);
  expect(reply.body).toMatchObject({ research_id: researchId, status: 'completed' });
  // The worker caches the brief in the statement that completes the job; waiting for the cache row too
  // keeps the next request for the same email deterministic should the two ever come apart again.
  await until('the brief to be stored', async () => {
    const { rows } = await engine.pool.query("SELECT 1 FROM research_cache c JOIN research_jobs r ON r.id = c.research_id WHERE c.email = $1 AND r.result - 'provenance' = $2", [
      email.toLowerCase(),
      reply.body.data,
    ]);
    return rows.length > 0;
  });
  return { researchId, data: reply.body.data, fromCache: (await jobRow(engine.pool, researchId)).from_cache };
}

describe('the brief cache', () => {
  it('answers the same email and product from the cache the second time, and still takes a credit', async () => {
    const pipeline = new ScriptedPipeline();
    await withEngine(pipeline, async (engine) => {
      const customer = await createCustomer(engine.pool, { plan: 'bdr' });
      const first = await research(engine, customer, 'cached@example.com');
      const second = await research(engine, customer, 'Cached@Example.com');
      expect(first.fromCache).toBe(false);
      expect(second.fromCache).toBe(true);
      expect(second.researchId).not.toBe(first.researchId);
      expect(second.data).toEqual(first.data);
      expect(pipeline.inputs).toHaveLength(1);
      expect(await creditState(engine.pool, customer.account.id)).toEqual({ used: 2, debits: 2, refunds: 0 });
    });
  });

  it('misses for a different email of the same account', async () => {
    const pipeline = new ScriptedPipeline();
    await withEngine(pipeline, async (engine) => {
      const customer = await createCustomer(engine.pool, { plan: 'bdr' });
      await research(engine, customer, 'first@example.com');
      expect((await research(engine, customer, 'second@example.com')).fromCache).toBe(false);
      expect(pipeline.inputs).toHaveLength(2);
    });
  });

  it('misses once the account has a different product, and the brief is written against the new one', async () => {
    const pipeline = new ScriptedPipeline();
    await withEngine(pipeline, async (engine) => {
      const customer = await createCustomer(engine.pool, { plan: 'bdr' });
      await research(engine, customer, 'product@example.com');
      await setProduct(engine.pool, customer.account.id, {
        name: 'Shipfast',
        description: 'Freight booking for small exporters.',
        features: ['Instant quotes'],
        customers: ['Logistics managers'],
      });
      expect((await research(engine, customer, 'product@example.com')).fromCache).toBe(false);
      expect(pipeline.inputs.map((input) => input.product.name)).toEqual(['Ledgerly', 'Shipfast']);
      // The new product's brief is cached in turn.
      expect((await research(engine, customer, 'product@example.com')).fromCache).toBe(true);
      expect(pipeline.inputs).toHaveLength(2);
      expect(await creditState(engine.pool, customer.account.id)).toEqual({ used: 3, debits: 3, refunds: 0 });
    });
  });

  it('misses for a pipeline with a different fingerprint (a source turned on)', async () => {
    const before = new ScriptedPipeline(undefined, 'sources-v1:none');
    const after = new ScriptedPipeline(undefined, 'sources-v1:apollo');
    let customer: Customer | undefined;
    await withEngine(before, async (engine) => {
      customer = await createCustomer(engine.pool, { plan: 'bdr' });
      expect((await research(engine, customer, 'fingerprint@example.com')).fromCache).toBe(false);
    });
    await withEngine(after, async (engine) => {
      expect((await research(engine, customer!, 'fingerprint@example.com')).fromCache).toBe(false);
      expect((await research(engine, customer!, 'fingerprint@example.com')).fromCache).toBe(true);
    });
    expect(before.inputs).toHaveLength(1);
    expect(after.inputs).toHaveLength(1);
  });

  it('misses when CACHE_TTL_PEOPLE_DAYS=0', async () => {
    const pipeline = new ScriptedPipeline();
    await withEngine(
      pipeline,
      async (engine) => {
        const customer = await createCustomer(engine.pool, { plan: 'bdr' });
        expect((await research(engine, customer, 'fresh@example.com')).fromCache).toBe(false);
        expect((await research(engine, customer, 'fresh@example.com')).fromCache).toBe(false);
        expect(pipeline.inputs).toHaveLength(2);
        expect(await creditState(engine.pool, customer.account.id)).toEqual({ used: 2, debits: 2, refunds: 0 });
      },
      { CACHE_TTL_PEOPLE_DAYS: '0' },
    );
  });
});
