import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failStrandedJobs, releaseAbandonedJobs } from '../../src/research/jobs.ts';
import type { TestDatabase } from '../support/databases.ts';
import { client, createCustomer, creditState, newTestDatabase, startTestEngine } from '../support/engine.ts';
import { ScriptedPipeline, sourceless as noSources } from '../support/pipelines.ts';

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

describe('a queued job whose worker died between taking it from the queue and starting it', () => {
  it("is set free by the sweep and researched by another worker, for its one credit; the dead worker's other jobs are left alone", async () => {
    const api = await startTestEngine({ database, worker: false });
    let worker: Awaited<ReturnType<typeof startTestEngine>> | undefined;
    try {
      const customer = await createCustomer(api.pool, { plan: 'individual', credits: 5 });
      const caller = client(api.url, customer.key);
      const abandoned = String((await caller.research({ email: 'abandoned@example.com' })).body.research_id);
      const justTaken = String((await caller.research({ email: 'just-taken@example.com' })).body.research_id);
      const running = String((await caller.research({ email: 'running@example.com' })).body.research_id);
      await api.pool.query(`UPDATE research_jobs SET status = 'processing', started_at = now(), deadline_at = now() + interval '3 minutes' WHERE id = $1`, [running]);
      // What graphile-worker leaves when a worker locks a job and dies before running it (the lock would hold for 4 hours).
      const lock = `UPDATE graphile_worker._private_jobs SET locked_by = $2, locked_at = now() - $3 * interval '1 second', attempts = attempts + 1 WHERE key = $1`;
      await api.pool.query(lock, [abandoned, 'dead-worker', 90]);
      await api.pool.query(lock, [justTaken, 'busy-worker', 5]);
      await api.pool.query(lock, [running, 'dead-worker', 90]);

      expect(await releaseAbandonedJobs(api.pool)).toEqual([abandoned]);
      expect(await releaseAbandonedJobs(api.pool)).toEqual([]);
      // The started job of the same worker keeps its locked queue entry: it ends by its deadline, not by a second run.
      const { rows: runningEntry } = await api.pool.query('SELECT locked_by FROM graphile_worker.jobs WHERE key = $1', [running]);
      expect(runningEntry).toEqual([{ locked_by: 'dead-worker' }]);

      const pipeline = new ScriptedPipeline();
      worker = await startTestEngine({ database, http: false, pipeline });
      expect((await caller.waitFor(abandoned)).body).toMatchObject({ research_id: abandoned, status: 'completed' });
      // (The other suites' queued jobs in this database may run too; the locked one may not.)
      const researched = pipeline.inputs.map((input) => input.email);
      expect(researched.filter((email) => email === 'abandoned@example.com')).toHaveLength(1);
      expect(researched).not.toContain('just-taken@example.com');
      expect(researched).not.toContain('running@example.com');
      // A lock younger than a minute belongs to a worker that may still start it: left alone.
      expect((await caller.status(justTaken)).body).toEqual({ research_id: justTaken, status: 'queued' });
      expect(await creditState(api.pool, customer.account.id)).toEqual({ used: 3, debits: 3, refunds: 0 });
    } finally {
      await worker?.stop();
      await api.stop();
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
