import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { LEGACY_PASSWORD, PASSWORD_FILE } from '../../../src/platform/database/clusterPassword.ts';
import { allowServerUser, serverUser, startCluster, stopCluster } from '../../../src/platform/database/postgresCluster.ts';
import { client } from '../../support/engine.ts';
import { CLI, embeddedUrl, freePort, initialisedDataDir, postmaster, removeDataDir, type RunningCli, runCliWith, spawnCli, troubleIn } from '../../support/processes.ts';

// The embedded PostgreSQL listens on 127.0.0.1: only the password kept in DATA_DIR lets anyone in.
const dataDirs: string[] = [];
const started: RunningCli[] = [];

afterAll(async () => {
  for (const running of started) if (running.child.exitCode === null && running.child.signalCode === null) running.signal('SIGKILL');
  for (const dataDir of dataDirs) await removeDataDir(dataDir);
});

function embeddedEnv(dataDir: string, port: number) {
  return { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: undefined, TEST_DATABASE_URL: undefined, RESEARCH_KEYLESS_SOURCES: '' };
}

async function serve(dataDir: string): Promise<{ process: RunningCli; url: string }> {
  const port = await freePort();
  const running = spawnCli(['serve'], embeddedEnv(dataDir, port));
  started.push(running);
  await running.waitForOutput(/"msg":"prospect engine started"/, 120_000);
  return { process: running, url: `http://127.0.0.1:${port}` };
}

/** How PostgreSQL answers a connection to the running cluster with `password` (a SQLSTATE, or `connected`). */
async function connectWith(dataDir: string, password: string | undefined): Promise<string> {
  const url = new URL(embeddedUrl(dataDir));
  const connection = new pg.Client({ host: url.hostname, port: Number(url.port), user: 'postgres', database: 'prospect', password: password ?? '' });
  connection.on('error', () => {});
  try {
    await connection.connect();
    return 'connected';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  } finally {
    await connection.end().catch(() => {});
  }
}

const keptPassword = (dataDir: string) => readFileSync(join(dataDir, PASSWORD_FILE), 'utf8').trim();

/** While serve runs, an ops command on the same DATA_DIR attaches to its database. */
async function accountsListed(dataDir: string): Promise<unknown> {
  const list = await runCliWith(process.execPath, [CLI, 'accounts', 'list', '--json'], { ...embeddedEnv(dataDir, 0), LOG_LEVEL: 'warn' });
  expect(list).toMatchObject({ code: 0, stderr: '' });
  return JSON.parse(list.stdout);
}

describe('a new embedded PostgreSQL', () => {
  it('gets a random password, kept in DATA_DIR for its owner only; without it no connection is let in, and ops commands attach with it', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'prospect-password-'));
    dataDirs.push(dataDir);
    const running = await serve(dataDir);

    expect(statSync(join(dataDir, PASSWORD_FILE)).mode & 0o777).toBe(0o600);
    expect(keptPassword(dataDir)).toMatch(/^[0-9a-f]{64}$/);
    // 28P01: invalid_password. The password every earlier version used, and none at all, are refused.
    expect(await connectWith(dataDir, LEGACY_PASSWORD)).toBe('28P01');
    expect(await connectWith(dataDir, undefined)).not.toBe('connected');
    expect(await connectWith(dataDir, keptPassword(dataDir))).toBe('connected');

    expect(await accountsListed(dataDir)).toEqual([expect.objectContaining({ name: 'Local account' })]);
    expect((await client(running.url).request('GET', '/health')).status).toBe(200);
    running.process.signal('SIGTERM');
    expect(await running.process.exited(60_000)).toEqual({ code: 0, signal: null });
  });
});

describe('a data directory made before the engine kept a password', () => {
  it('keeps working: its first start replaces the well-known password with a kept one, and says so once', { timeout: 240_000 }, async () => {
    const dataDir = await initialisedDataDir('prospect-password-legacy-');
    dataDirs.push(dataDir);
    // As earlier versions left it: the superuser's password is `postgres`, and no password file.
    const directory = join(dataDir, 'postgres');
    const runAs = await serverUser();
    allowServerUser(dataDir, runAs);
    await startCluster(directory, await freePort(), runAs);
    const admin = new pg.Client({ connectionString: embeddedUrl(dataDir, 'postgres') });
    await admin.connect();
    await admin.query(`ALTER ROLE postgres PASSWORD '${LEGACY_PASSWORD}'`);
    await admin.query('CREATE DATABASE prospect');
    await admin.end();
    await stopCluster(directory, runAs);
    rmSync(join(dataDir, PASSWORD_FILE));

    const first = await serve(dataDir);
    expect(statSync(join(dataDir, PASSWORD_FILE)).mode & 0o777).toBe(0o600);
    expect(first.process.stdout()).toContain('it now has its own, kept in');
    expect(await connectWith(dataDir, LEGACY_PASSWORD)).toBe('28P01');
    expect(await connectWith(dataDir, keptPassword(dataDir))).toBe('connected');
    expect(await accountsListed(dataDir)).toEqual([expect.objectContaining({ name: 'Local account' })]);
    first.process.signal('SIGTERM');
    expect(await first.process.exited(60_000)).toEqual({ code: 0, signal: null });
    expect(troubleIn(first.process.stdout() + first.process.stderr())).toEqual([]);

    // The next start finds the kept password in place: nothing to replace, nothing said.
    const next = await serve(dataDir);
    expect(next.process.stdout()).not.toContain('it now has its own');
    expect(postmaster(dataDir)).toBeDefined();
    next.process.signal('SIGTERM');
    expect(await next.process.exited(60_000)).toEqual({ code: 0, signal: null });
  });
});
