import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireOverdueJobs } from '../../src/research/jobs.ts';
import type { TestDatabase } from '../support/databases.ts';
import { client, createCustomer, creditState, newTestDatabase, startTestEngine, type TestEngine } from '../support/engine.ts';
import { ScriptedPipeline } from '../support/pipelines.ts';
import { jobRow, queuedTasks, until } from '../research/support.ts';

const FIXTURE = fileURLToPath(new URL('./fixtures/hangingWorker.ts', import.meta.url));

interface ChildWorker {
  process: ChildProcess;
  output: string[];
}

/** Starts the hanging worker in its own process and waits until it takes jobs. */
async function startChildWorker(databaseUrl: string): Promise<ChildWorker> {
  const child = spawn(process.execPath, [FIXTURE], {
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, RESEARCH_TIMEOUT_SECONDS: '3', LOG_LEVEL: 'silent', API_KEY_PREFIX: 'pr' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  let errors = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => output.push(...chunk.split('\n').filter(Boolean)));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`child worker exited with ${String(code)} before it was ready: ${errors}`);
  });
  await Promise.race([until('the child worker to be ready', async () => output.includes('ready'), 20_000), exited]);
  exited.catch(() => {});
  return { process: child, output };
}

let database: TestDatabase;
let api: TestEngine;
let child: ChildWorker | undefined;
let sweeper: TestEngine | undefined;

beforeAll(async () => {
  database = await newTestDatabase();
  // The API only: no worker in this process until the test starts one.
  api = await startTestEngine({ database, worker: false });
});

afterAll(async () => {
  if (child && child.process.exitCode === null && child.process.signalCode === null) child.process.kill('SIGKILL');
  await sweeper?.stop();
  await api.stop();
  await database.drop();
});

describe('a worker killed mid-job', () => {
  it('leaves jobs that end failed/timeout with exactly one refund each, by a poll or by the sweeper, and nothing runs them again', async () => {
    const customer = await createCustomer(api.pool, { plan: 'bdr' });
    const caller = client(api.url, customer.key);
    child = await startChildWorker(database.url);

    const polled = String((await caller.research({ email: 'polled@example.com' })).body.research_id);
    const swept = String((await caller.research({ email: 'swept@example.com' })).body.research_id);
    // Watched in the database, not polled: a poll past the deadline would expire the job itself.
    await until('both jobs to be processing', async () => (await jobRow(api.pool, polled)).status === 'processing' && (await jobRow(api.pool, swept)).status === 'processing');
    await until('both pipelines to start in the child', async () => child!.output.includes('started polled@example.com') && child!.output.includes('started swept@example.com'));
    const lockedBy = [...new Set((await queuedTasks(api.pool, 'research')).map((task) => task.locked_by))];
    expect(lockedBy).toHaveLength(1);
    expect(lockedBy[0]).toEqual(expect.any(String));

    child.process.kill('SIGKILL');
    await once(child.process, 'exit');
    expect(await creditState(api.pool, customer.account.id)).toEqual({ used: 2, debits: 2, refunds: 0 });

    // Past the deadline nobody is left to fail the jobs: they are still processing in the database.
    await until('both deadlines to pass', async () => (await jobRow(api.pool, polled)).deadline_passed === true && (await jobRow(api.pool, swept)).deadline_passed === true);
    expect((await jobRow(api.pool, polled)).status).toBe('processing');
    expect((await jobRow(api.pool, swept)).status).toBe('processing');

    // A poll expires its job on the spot.
    expect((await caller.status(polled)).body).toEqual({ research_id: polled, status: 'failed', error: 'timeout' });
    expect(await creditState(api.pool, customer.account.id)).toEqual({ used: 1, debits: 2, refunds: 1 });
    expect((await jobRow(api.pool, swept)).status).toBe('processing');

    // The sweeper (the expire_research task, run by a real worker) expires the other one.
    const pipeline = new ScriptedPipeline();
    sweeper = await startTestEngine({ database, http: false, pipeline });
    await api.pool.query('SELECT graphile_worker.add_job($1)', ['expire_research']);
    await until('the sweeper to fail the swept job', async () => (await jobRow(api.pool, swept)).status === 'failed');
    expect((await caller.status(swept)).body).toEqual({ research_id: swept, status: 'failed', error: 'timeout' });
    expect(await creditState(api.pool, customer.account.id)).toEqual({ used: 0, debits: 2, refunds: 2 });

    // Sweeping again finds nothing.
    expect(await expireOverdueJobs(api.pool)).toEqual([]);
    await api.pool.query('SELECT graphile_worker.add_job($1)', ['expire_research']);
    await until('the second sweep to run', async () => (await queuedTasks(api.pool, 'expire_research')).length === 0);

    // The dead worker's graphile-worker jobs, unlocked, are picked up by the new worker, which does not run them.
    await api.pool.query('SELECT graphile_worker.force_unlock_workers($1::text[])', [lockedBy]);
    await until('the orphaned research tasks to be taken and finished', async () => (await queuedTasks(api.pool, 'research')).length === 0);
    expect(pipeline.inputs).toHaveLength(0);

    expect((await caller.status(polled)).body).toEqual({ research_id: polled, status: 'failed', error: 'timeout' });
    expect((await caller.status(swept)).body).toEqual({ research_id: swept, status: 'failed', error: 'timeout' });
    expect(await creditState(api.pool, customer.account.id)).toEqual({ used: 0, debits: 2, refunds: 2 });
    const { rows } = await api.pool.query(`SELECT research_id, reason FROM credit_ledger WHERE kind = 'refund' ORDER BY research_id`);
    expect(rows).toEqual([polled, swept].sort().map((id) => ({ research_id: id, reason: 'timeout' })));
  });
});
