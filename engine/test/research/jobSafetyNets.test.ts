import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failStrandedJobs } from '../../src/research/jobs.ts';
import type { TestDatabase } from '../support/databases.ts';
import { client, createCustomer, creditState, newTestDatabase, startTestEngine } from '../support/engine.ts';
import { ScriptedPipeline } from '../support/pipelines.ts';
import { sourceless as noSources } from '../support/pipelines.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await newTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

describe('a queued job no queue entry will run', () => {
  it('fails with internal_error and one refund; jobs with a live queue entry are left alone', async () => {
    const engine = await startTestEngine({ database, worker: false });
    try {
      const customer = await createCustomer(engine.pool, { plan: 'individual', credits: 5 });
      const api = client(engine.url, customer.key);
      const stranded = String((await api.research({ email: 'lost@example.com' })).body.research_id);
      const waiting = String((await api.research({ email: 'waiting@example.com' })).body.research_id);
      // The queue entry is gone (as after its attempts ran out) and the job is older than the sweep's grace.
      await engine.pool.query('SELECT graphile_worker.remove_job($1)', [stranded]);
      await engine.pool.query(`UPDATE research_jobs SET created_at = now() - interval '2 minutes' WHERE id = ANY($1)`, [[stranded, waiting]]);

      expect(await failStrandedJobs(engine.pool)).toEqual([stranded]);
      expect(await failStrandedJobs(engine.pool)).toEqual([]);
      expect((await api.status(stranded)).body).toEqual({ research_id: stranded, status: 'failed', error: 'internal_error' });
      expect((await api.status(waiting)).body).toEqual({ research_id: waiting, status: 'queued' });
      expect(await creditState(engine.pool, customer.account.id)).toEqual({ used: 1, debits: 2, refunds: 1 });
    } finally {
      await engine.stop();
    }
  });
});

describe('decision makers on a plan without them', () => {
  it('are dropped from the brief even when the pipeline returns some', async () => {
    const sourceless = noSources();
    const pipeline = new ScriptedPipeline(async (input, identities, signal) => {
      const outcome = await sourceless.run(input, identities, signal);
      const decisionMaker = {
        id: (await identities.peopleByProfile(['https://www.linkedin.com/in/ceo-example']))[0]!,
        full_name: 'Casey Example',
        position_title: 'Chief Executive Officer',
        linkedin_url: 'https://www.linkedin.com/in/ceo-example',
        picture_url: null,
        location_text: null,
        company_name: 'Example',
      };
      return { ...outcome, data: { ...outcome.data, decision_makers: [decisionMaker] } };
    }, 'returns-decision-makers');
    const engine = await startTestEngine({ database, pipeline });
    try {
      const individual = await createCustomer(engine.pool, { plan: 'individual' });
      const bdr = await createCustomer(engine.pool, { plan: 'bdr' });
      const researched = async (key: string) => {
        const api = client(engine.url, key);
        return (await api.waitFor(String((await api.research({ email: 'jane@example.com' })).body.research_id))).body;
      };
      expect(await researched(individual.key)).toMatchObject({ status: 'completed', data: { decision_makers: [] } });
      expect(await researched(bdr.key)).toMatchObject({ status: 'completed', data: { decision_makers: [{ full_name: 'Casey Example' }] } });
    } finally {
      await engine.stop();
    }
  });
});
