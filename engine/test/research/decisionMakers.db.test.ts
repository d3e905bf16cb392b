import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Plan, updateAccount } from '../../src/accounts/accounts.ts';
import type { TestDatabase } from '../support/databases.ts';
import { client, createCustomer, newTestDatabase, startTestEngine, type TestEngine } from '../support/engine.ts';
import { ScriptedPipeline } from '../support/pipelines.ts';
import { jobRow, until } from './support.ts';

let database: TestDatabase;
let engine: TestEngine;
const pipeline = new ScriptedPipeline();

beforeAll(async () => {
  database = await newTestDatabase();
  engine = await startTestEngine({ database, pipeline });
});

afterAll(async () => {
  await engine.stop();
  await database.drop();
});

/** Researches `email` for the customer and returns the stored job and the input the pipeline got. */
async function research(key: string, email: string) {
  const api = client(engine.url, key);
  const researchId = String((await api.research({ email })).body.research_id);
  const done = await api.waitFor(researchId);
  expect(done.body).toMatchObject({ status: 'completed', data: { decision_makers: [] } });
  const input = pipeline.inputs.find((given) => given.email === email);
  return { job: await jobRow(engine.pool, researchId), input };
}

describe('the decision makers flag', () => {
  it.each<[Plan, boolean, { credits?: number; maxKeys?: number }]>([
    ['free', false, {}],
    ['individual', false, {}],
    ['bdr', true, {}],
    ['bdr_plus', true, {}],
    ['enterprise', true, { credits: 50, maxKeys: 2 }],
  ])('stores a %s job with decision_makers=%s and passes it to the pipeline', async (plan, expected, figures) => {
    const customer = await createCustomer(engine.pool, { plan, ...figures });
    const { job, input } = await research(customer.key, `dm-${plan}@example.com`);
    expect(job.decision_makers).toBe(expected);
    expect(input?.decisionMakers).toBe(expected);
  });

  it('follows a plan change: after an upgrade the next job asks for decision makers and does not reuse the brief made without them', async () => {
    const customer = await createCustomer(engine.pool, { plan: 'individual' });
    const before = await research(customer.key, 'upgrade@example.com');
    expect(before.input?.decisionMakers).toBe(false);
    await until('the first brief to be cached', async () => (await engine.pool.query('SELECT 1 FROM research_cache WHERE email = $1', ['upgrade@example.com'])).rows.length === 1);
    await updateAccount(engine.pool, customer.account.id, { plan: 'bdr' });
    const after = await research(customer.key, 'upgrade@example.com');
    expect(after.job.decision_makers).toBe(true);
    expect(after.job.from_cache).toBe(false);
    expect(pipeline.inputs.filter((given) => given.email === 'upgrade@example.com').map((given) => given.decisionMakers)).toEqual([false, true]);
  });
});
