import { existsSync, mkdtempSync } from 'node:fs';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../support/databases.ts';
import { newTestDatabase } from '../support/engine.ts';
import { eventually, freePort, holdPort, postgresProcesses, removeDataDir, type RunningCli, spawnCli } from './processes.ts';

// Every start-up failure a person can fix ends the process with one line naming the variable, exit code 2.
const dataDir = mkdtempSync(join(tmpdir(), 'prospect-start-fail-'));
const started: RunningCli[] = [];
let held: { port: number; server: Server };
let database: TestDatabase;

beforeAll(async () => {
  held = await holdPort();
  database = await newTestDatabase();
});

afterAll(async () => {
  for (const running of started) if (running.child.exitCode === null && running.child.signalCode === null) running.signal('SIGKILL');
  held.server.close();
  await database.drop();
  await removeDataDir(dataDir);
});

/** `prospect-engine <args>` to its end: it must end by itself within the deadline. */
async function run(args: string[], env: Record<string, string | undefined>) {
  const running = spawnCli(args, { LOG_LEVEL: 'info', TEST_DATABASE_URL: undefined, HOST: '127.0.0.1', PORT: '0', ...env });
  started.push(running);
  const { code } = await running.exited(120_000);
  return { code, stdout: running.stdout(), stderr: running.stderr() };
}

const embedded = () => ({ DATABASE_URL: undefined, DATA_DIR: dataDir });

describe('a port in use', () => {
  it('stops npm start (embedded database, worker on) with one line, and stops the embedded database it started', { timeout: 180_000 }, async () => {
    const result = await run(['serve'], { ...embedded(), PORT: String(held.port) });
    expect(result.stderr).toBe(`prospect-engine: PORT ${held.port} is in use on 127.0.0.1: set PORT to a free port, or stop what uses it\n`);
    expect(result.code).toBe(2);
    expect(result.stdout).not.toMatch(/^\s+at /m);
    expect(result.stdout).not.toContain('Cannot use a pool after calling end');
    // The worker never ran: the port is checked before it starts.
    expect(result.stdout).not.toContain('Worker connected');
    await eventually('the embedded PostgreSQL to be gone', () => postgresProcesses(dataDir).length === 0);
    expect(existsSync(join(dataDir, 'engine.lock'))).toBe(false);
  });

  it('stops serve --no-worker the same way', { timeout: 120_000 }, async () => {
    const result = await run(['serve', '--no-worker'], { DATABASE_URL: database.url, PORT: String(held.port) });
    expect(result).toMatchObject({ code: 2, stderr: `prospect-engine: PORT ${held.port} is in use on 127.0.0.1: set PORT to a free port, or stop what uses it\n` });
  });
});

describe.concurrent('a HOST this machine cannot listen on', () => {
  it.each([
    ['an address of another machine', '192.0.2.1', 'HOST 192.0.2.1 is not an address of this machine: set HOST (0.0.0.0 listens on every interface)'],
    ['a name that does not resolve', 'no-such-host.invalid', 'HOST no-such-host.invalid cannot be resolved: set HOST to an address of this machine (0.0.0.0 listens on every interface)'],
  ])('%s stops the start with one line', { timeout: 120_000 }, async (_case, host, message) => {
    const result = await run(['serve'], { DATABASE_URL: database.url, HOST: host, PORT: String(await freePort()) });
    expect(result).toMatchObject({ code: 2, stderr: `prospect-engine: ${message}\n` });
    expect(result.stdout).not.toContain('Cannot use a pool after calling end');
  });
});

describe.concurrent('a DATABASE_URL that does not lead to a database', () => {
  it.each([
    ['not a URL', () => 'notaurl', 'DATABASE_URL is not a PostgreSQL URL such as postgres://user:password@host:5432/database: set DATABASE_URL, or unset it for the embedded database'],
    ['a port nothing listens on', async () => `postgres://postgres@127.0.0.1:${await freePort()}/prospect`, (url: string) => `cannot reach the database at DATABASE_URL (127.0.0.1:${new URL(url).port}): connection refused`],
    ['a host that does not resolve', () => 'postgres://postgres:s3cret@no-such-host.invalid/prospect', /^cannot reach the database at DATABASE_URL \(no-such-host\.invalid:5432\): host not found/],
    ['a database the server does not have', () => `${database.url}_missing`, (url: string) => `the database at DATABASE_URL (${new URL(url).hostname}:${new URL(url).port || '5432'}) refused the connection: database "${new URL(url).pathname.slice(1)}" does not exist: set DATABASE_URL`],
  ])('%s stops the start with one line naming DATABASE_URL (and never its password)', { timeout: 120_000 }, async (_case, url, expected) => {
    const value = await url();
    const result = await run(['serve'], { DATABASE_URL: value });
    expect(result.code).toBe(2);
    const [line, ...rest] = result.stderr.split('\n');
    expect(rest).toEqual(['']);
    const message = line!.replace(/^prospect-engine: /, '');
    if (expected instanceof RegExp) expect(message).toMatch(expected);
    else expect(message).toBe(typeof expected === 'function' ? expected(value) : expected);
    expect(result.stderr).not.toContain('s3cret');
    expect(result.stdout).toBe('');
  });
});

describe('a *_BASE_URL that is not a URL', () => {
  it('stops the start before anything opens', { timeout: 60_000 }, async () => {
    const result = await run(['serve'], { DATABASE_URL: database.url, APOLLO_BASE_URL: 'notaurl' });
    expect(result).toEqual({ code: 2, stdout: '', stderr: 'prospect-engine: APOLLO_BASE_URL must be an http:// or https:// URL, got "notaurl"\n' });
  });
});
