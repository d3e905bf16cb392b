import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeFeatures, migrationStreams } from '../../../src/app/features.ts';
import { engineModules } from '../../../src/app/modules.ts';
import { platformSettings } from '../../../src/platform/settings.ts';
import { HEARTBEAT_STALE_MS, readiness } from '../../../src/platform/ops/readiness.ts';
import type { WorkerHeartbeat } from '../../../src/platform/ops/workerMetrics.ts';
import type { TestDatabase } from '../../support/databases.ts';
import { newTestDatabase } from '../../support/engine.ts';

let database: TestDatabase;
let pool: pg.Pool;
let streams: ReturnType<typeof migrationStreams>;

beforeAll(async () => {
  database = await newTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const env = { DATABASE_URL: database.url };
  streams = migrationStreams(activeFeatures(await engineModules(), env, platformSettings(env)));
});

afterAll(async () => {
  await pool.end();
  await database.drop();
});

const beat = (ageMs: number, running = 0, stopped = false, name?: string): WorkerHeartbeat => ({ name, ageMs: () => ageMs, running: () => running, stopped: () => stopped });

describe('readiness', () => {
  it('is ready on a migrated database, with a fresh worker or a busy one', async () => {
    expect(await readiness({ pool, streams })()).toEqual([]);
    expect(await readiness({ pool, streams, worker: () => [beat(1_000)] })()).toEqual([]);
    expect(await readiness({ pool, streams, worker: () => [beat(HEARTBEAT_STALE_MS * 10, 3)] })()).toEqual([]);
  });

  it('says, in words, that the worker has not started, has stopped, or has not polled for a while', async () => {
    expect(await readiness({ pool, streams, worker: () => undefined })()).toEqual(['the worker has not started yet']);
    expect(await readiness({ pool, streams, worker: () => [beat(0, 0, true)] })()).toEqual(['the worker has stopped']);
    expect(await readiness({ pool, streams, worker: () => [beat(45_000)] })()).toEqual(['the worker has not asked for a job for 45 s (its heartbeat is older than 30 s)']);
  });

  it('judges each runner of a process on its own: a bulk runner busy with research does not hide a main runner that stopped polling', async () => {
    const busyBulk = beat(HEARTBEAT_STALE_MS * 10, 8, false, 'bulk');
    expect(await readiness({ pool, streams, worker: () => [beat(1_000, 0, false, 'main'), busyBulk] })()).toEqual([]);
    expect(await readiness({ pool, streams, worker: () => [beat(45_000, 0, false, 'main'), busyBulk] })()).toEqual([
      "the worker's main runner has not asked for a job for 45 s (its heartbeat is older than 30 s)",
    ]);
    expect(await readiness({ pool, streams, worker: () => [beat(1_000, 0, false, 'main'), beat(0, 0, true, 'bulk')] })()).toEqual(["the worker's bulk runner has stopped"]);
    expect(await readiness({ pool, streams, worker: () => [] })()).toEqual(['the worker has not started yet']);
  });

  it('names migrations not applied yet, and once they are, says nothing more', async () => {
    const research = streams.find((stream) => stream.name === 'research')!;
    const { rows } = await pool.query<{ name: string }>(`DELETE FROM ${research.table} WHERE id = (SELECT max(id) FROM ${research.table}) RETURNING name`);
    const check = readiness({ pool, streams });
    expect(await check()).toEqual([`1 migration is not applied yet (research/${rows[0]!.name})`]);
    await pool.query(`INSERT INTO ${research.table} (name, run_on) VALUES ($1, now())`, [rows[0]!.name]);
    expect(await check()).toEqual([]);
  });

  it('answers, rather than hangs, when the database cannot be reached', async () => {
    const nowhere = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:9/never', max: 1 });
    try {
      const problems = await readiness({ pool: nowhere, streams })();
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^the database cannot be reached: /);
    } finally {
      await nowhere.end();
    }
  });
});
