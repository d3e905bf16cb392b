import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/engine.ts';
import { embeddedUrl, eventually, freePort, initialisedDataDir, postgresProcesses, postmaster, removeDataDir, type RunningCli, spawnCli, spawnNpmStart, troubleIn } from '../support/processes.ts';

// `npm start` in a terminal, Ctrl-C while a research job waits on a source that never answers.
// An embedded cluster already created (creating one is embeddedFrontDoor's subject).
let dataDir: string;
const started: RunningCli[] = [];
let source: Server;
let sourceUrl: string;
let sourceCalls = 0;

beforeAll(async () => {
  dataDir = await initialisedDataDir('prospect-ctrl-c-');
  // Apollo, as far as the engine knows: it takes every request and never answers.
  source = createServer(() => void (sourceCalls += 1));
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  const address = source.address();
  sourceUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  // Only after a failure is anything left running: stop what this file started.
  for (const running of started) if (running.child.exitCode === null && running.child.signalCode === null) running.signal('SIGKILL', { group: running.child.spawnargs[0] === 'npm' });
  source.closeAllConnections();
  source.close();
  await removeDataDir(dataDir);
});

function environment(port: number) {
  return {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATABASE_URL: undefined,
    TEST_DATABASE_URL: undefined,
    RESEARCH_KEYLESS_SOURCES: '',
    APOLLO_API_KEY: 'apollo-test-key',
    APOLLO_BASE_URL: sourceUrl,
    SHUTDOWN_GRACE_SECONDS: '1',
  };
}

describe('Ctrl-C on npm start', () => {
  it('hands the in-flight job back to the queue, logs no error, and stops the embedded database cleanly', { timeout: 300_000 }, async () => {
    const port = await freePort();
    const npm = spawnNpmStart(environment(port));
    started.push(npm);
    const key = (await npm.waitForOutput(/^ {2}(pr_live_[A-Za-z0-9]{42})$/m, 180_000, 'stderr'))[1]!;
    await npm.waitForOutput(/"msg":"prospect engine started"/, 60_000);
    const api = client(`http://127.0.0.1:${port}`, key);
    const accepted = await api.research({ email: 'jane.doe@example.com' });
    expect(accepted.status).toBe(202);
    const researchId = String(accepted.body.research_id);
    await eventually('the job to ask its source', () => sourceCalls > 0, 60_000);
    expect((await api.status(researchId)).body).toMatchObject({ research_id: researchId, status: 'processing' });
    const cluster = postmaster(dataDir)!;
    expect(postgresProcesses(dataDir)).toEqual([cluster.pid]);

    // What a terminal does on Ctrl-C: SIGINT to every process of the foreground group (npm, node).
    npm.signal('SIGINT', { group: true });
    await npm.exited(120_000);
    const output = `${npm.stdout()}\n${npm.stderr()}`;
    expect(troubleIn(output)).toEqual([]);
    expect(output).toContain('"msg":"shutting down: finishing or handing back in-flight work"');
    expect(output).toContain('"msg":"stopped"');
    // The database stopped with it, cleanly: no server left, the data directory free for the next start.
    await eventually('the embedded PostgreSQL to be gone', () => postgresProcesses(dataDir).length === 0);
    expect(postmaster(dataDir)).toBeUndefined();
    expect(existsSync(join(dataDir, 'engine.lock'))).toBe(false);

    // The next start uses the same data directory; the API only, so nothing takes the job meanwhile.
    const next = spawnCli(['serve', '--no-worker'], environment(await freePort()));
    started.push(next);
    await next.waitForOutput(/"msg":"prospect engine started"/, 120_000);
    const db = new pg.Client({ connectionString: embeddedUrl(dataDir) });
    await db.connect();
    try {
      const job = await db.query('SELECT status, started_at FROM research_jobs WHERE id = $1', [researchId]);
      expect(job.rows).toEqual([{ status: 'queued', started_at: null }]);
      const queued = await db.query(
        `SELECT j.locked_at, j.attempts FROM graphile_worker.jobs j JOIN graphile_worker._private_jobs p ON p.id = j.id
         WHERE j.task_identifier = 'research' AND p.payload->>'researchId' = $1`,
        [researchId],
      );
      expect(queued.rows).toEqual([{ locked_at: null, attempts: 1 }]);
    } finally {
      await db.end();
    }
    next.signal('SIGTERM');
    expect(await next.exited(60_000)).toEqual({ code: 0, signal: null });
    expect(troubleIn(`${next.stdout()}\n${next.stderr()}`)).toEqual([]);
    await eventually('the embedded PostgreSQL to be gone', () => postgresProcesses(dataDir).length === 0);
  });
});
