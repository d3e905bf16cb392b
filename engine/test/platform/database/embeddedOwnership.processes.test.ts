import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { client } from '../../support/engine.ts';
import {
  CLI,
  embeddedUrl,
  eventually,
  freePort,
  initialisedDataDir,
  isGone,
  postgresProcesses,
  postmaster,
  PROJECT_ROOT,
  removeDataDir,
  type RunningCli,
  runCliWith,
  spawnCli,
  troubleIn,
} from '../../support/processes.ts';

// Who owns the embedded PostgreSQL of a data directory, and what happens to it when that process goes.
const dataDirs: string[] = [];
const started: RunningCli[] = [];

function newDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'prospect-owner-'));
  dataDirs.push(dataDir);
  return dataDir;
}

/** A data directory whose cluster is already created: for the tests about who owns it, not about creating it. */
async function existingDataDir(): Promise<string> {
  const dataDir = await initialisedDataDir('prospect-owner-');
  dataDirs.push(dataDir);
  return dataDir;
}

afterAll(async () => {
  for (const running of started) if (running.child.exitCode === null && running.child.signalCode === null) running.signal('SIGKILL');
  for (const dataDir of dataDirs) await removeDataDir(dataDir);
});

function embeddedEnv(dataDir: string, port: number) {
  return { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: undefined, TEST_DATABASE_URL: undefined, RESEARCH_KEYLESS_SOURCES: '' };
}

async function serve(dataDir: string, args: string[] = []): Promise<{ process: RunningCli; url: string }> {
  const port = await freePort();
  const running = spawnCli(['serve', ...args], embeddedEnv(dataDir, port));
  started.push(running);
  await running.waitForOutput(/"msg":"prospect engine started"/, 120_000);
  return { process: running, url: `http://127.0.0.1:${port}` };
}

async function stopped(running: RunningCli, dataDir: string): Promise<void> {
  running.signal('SIGTERM');
  expect(await running.exited(60_000)).toEqual({ code: 0, signal: null });
  await eventually('the embedded PostgreSQL to be gone', () => postgresProcesses(dataDir).length === 0);
  expect(existsSync(join(dataDir, 'engine.lock'))).toBe(false);
}

describe('a second serve on the same data directory', () => {
  it('is refused with one line naming the first, which keeps running and keeps its database', { timeout: 240_000 }, async () => {
    const dataDir = await existingDataDir();
    const first = await serve(dataDir);
    const key = /^ {2}(pr_live_[A-Za-z0-9]{42})$/m.exec(first.process.stderr())![1]!;

    for (const port of [Number(new URL(first.url).port), await freePort()]) {
      const second = await runCliWith(process.execPath, [CLI, 'serve'], embeddedEnv(dataDir, port));
      expect(second.code).toBe(2);
      expect(second.stderr).toBe(
        `prospect-engine: DATA_DIR ${dataDir} is in use by prospect-engine serve (pid ${first.process.child.pid}), which owns its embedded PostgreSQL: stop that one first, or set DATA_DIR (or DATABASE_URL) for this one\n`,
      );
    }
    // A command still attaches to the running one's database.
    const list = await runCliWith(process.execPath, [CLI, 'accounts', 'list', '--json'], { ...embeddedEnv(dataDir, 0), LOG_LEVEL: 'warn' });
    expect(list).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ name: 'Local account' })]);

    expect((await client(first.url).request('GET', '/health')).status).toBe(200);
    expect((await client(first.url, key).account()).status).toBe(200);
    await stopped(first.process, dataDir);
  });
});

describe('a command and serve started together on a new data directory', () => {
  it('both succeed: the command waits for the database serve is starting, or serve waits for the command', { timeout: 240_000 }, async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const starting = spawnCli(['serve'], embeddedEnv(dataDir, port));
    started.push(starting);
    const list = await runCliWith(process.execPath, [CLI, 'accounts', 'list', '--json'], { ...embeddedEnv(dataDir, 0), LOG_LEVEL: 'error' });
    expect(list).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(list.stdout)).toBeInstanceOf(Array);
    await starting.waitForOutput(/"msg":"prospect engine started"/, 120_000);
    expect((await client(`http://127.0.0.1:${port}`).request('GET', '/health')).status).toBe(200);
    await stopped(starting, dataDir);
  });
});

describe('an embedded PostgreSQL left running by a killed engine', () => {
  it('is stopped by the next start, which runs its own and stops it when it stops', { timeout: 240_000 }, async () => {
    const dataDir = await existingDataDir();
    const first = await serve(dataDir);
    const orphan = postmaster(dataDir)!;
    first.process.signal('SIGKILL');
    await first.process.exited(30_000);
    // Killed outright, the engine could not stop its database: it is still running, and the lock is stale.
    expect(postgresProcesses(dataDir)).toEqual([orphan.pid]);

    const next = await serve(dataDir);
    expect(next.process.stdout()).toContain(`"msg":"stopping the embedded PostgreSQL (pid ${orphan.pid}) that an engine no longer running left behind in ${dataDir}; this process starts its own"`);
    expect(isGone(orphan.pid)).toBe(true);
    const own = postmaster(dataDir)!;
    expect(own.pid).not.toBe(orphan.pid);
    expect(postgresProcesses(dataDir)).toEqual([own.pid]);
    await stopped(next.process, dataDir);
    expect(troubleIn(next.process.stdout() + next.process.stderr())).toEqual([]);
  });
});

/** node-pg-migrate's advisory lock: start-up waits for it while another process migrates. */
const MIGRATION_LOCK = '7241865325823964';

describe('SIGTERM during start-up', () => {
  it('stops what has started (the embedded database too) and exits 0; the next start finds nothing left behind', { timeout: 240_000 }, async () => {
    const dataDir = await existingDataDir();
    const starting = spawnCli(['serve'], embeddedEnv(dataDir, await freePort()));
    started.push(starting);
    await starting.waitForOutput(/"msg":"embedded PostgreSQL started/, 120_000);
    // The database is up. Holding the migrations' lock keeps the start-up from finishing until we let go.
    const db = new pg.Client({ connectionString: embeddedUrl(dataDir) });
    db.on('error', () => {});
    await db.connect();
    const { rows } = await db.query<{ held: boolean }>(`SELECT pg_try_advisory_lock(${MIGRATION_LOCK}) AS held`);
    expect(rows[0]!.held).toBe(true);
    starting.signal('SIGTERM');
    await starting.waitForOutput(/"msg":"shutting down: finishing or handing back in-flight work"/, 60_000);
    await db.end();

    expect(await starting.exited(60_000)).toEqual({ code: 0, signal: null });
    expect(starting.stdout()).toContain('"msg":"stopped during start-up"');
    expect(starting.stdout()).not.toContain('"msg":"prospect engine started"');
    expect(troubleIn(starting.stdout() + starting.stderr())).toEqual([]);
    await eventually('the embedded PostgreSQL to be gone', () => postgresProcesses(dataDir).length === 0);
    expect(existsSync(join(dataDir, 'engine.lock'))).toBe(false);

    const next = await serve(dataDir);
    expect(next.process.stdout()).not.toContain('left behind');
    await stopped(next.process, dataDir);
  });
});

describe('a relative DATA_DIR', () => {
  it('is taken from the project root, not the current directory, and a new database says where it is', { timeout: 120_000 }, async () => {
    const name = `.data-test-${process.pid}-${Date.now()}`;
    const atRoot = join(PROJECT_ROOT, name);
    dataDirs.push(atRoot, join(PROJECT_ROOT, 'engine', name));
    // `cd engine && npx prospect-engine accounts list`
    const list = await runCliWith(process.execPath, [CLI, 'accounts', 'list'], { ...embeddedEnv(name, 0), LOG_LEVEL: undefined }, { cwd: join(PROJECT_ROOT, 'engine') });
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toBe('(none)\n');
    expect(list.stderr).toContain(`no embedded PostgreSQL in ${atRoot} (DATA_DIR) yet: creating a new, empty one`);
    expect(existsSync(join(atRoot, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(PROJECT_ROOT, 'engine', name))).toBe(false);
    // The command owned the database for its run, and stopped it.
    await eventually('the embedded PostgreSQL to be gone', () => postgresProcesses(atRoot).length === 0);
  });
});
