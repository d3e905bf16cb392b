import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPool } from '../../src/platform/database/database.ts';
import { databaseUrl, type TestDatabase } from '../support/databases.ts';
import { newTestDatabase } from '../support/engine.ts';
import { eventually, freePort, holdPort, initialisedDataDir, postgresProcesses, removeDataDir, type RunningCli, spawnCli } from '../support/processes.ts';

// Every start-up failure a person can fix ends the process with one line naming the variable, exit code 2.
// An embedded cluster already created: these tests are about starting it, not creating it.
let dataDir: string;
const started: RunningCli[] = [];
let held: { port: number; server: Server };
let database: TestDatabase;

beforeAll(async () => {
  dataDir = await initialisedDataDir('prospect-start-fail-');
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
    [
      'a port nothing listens on',
      async () => `postgres://postgres@127.0.0.1:${await freePort()}/prospect`,
      (url: string) => `cannot reach the database at DATABASE_URL (127.0.0.1:${new URL(url).port}): connection refused`,
    ],
    ['a host that does not resolve', () => 'postgres://postgres:s3cret@no-such-host.invalid/prospect', /^cannot reach the database at DATABASE_URL \(no-such-host\.invalid:5432\): host not found/],
    [
      'a database the server does not have',
      () => `${database.url}_missing`,
      (url: string) =>
        `the database at DATABASE_URL (${new URL(url).hostname}:${new URL(url).port || '5432'}) refused the connection: database "${new URL(url).pathname.slice(1)}" does not exist: set DATABASE_URL`,
    ],
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

describe('a DATABASE_URL whose user may not create the schema', () => {
  it('stops the start with one line saying so', { timeout: 120_000 }, async () => {
    const admin = createPool(inject('adminUrl'), 1);
    const suffix = randomBytes(4).toString('hex');
    const [role, name] = [`prospect_test_noddl_${suffix}`, `prospect_test_noddl_${suffix}`];
    // A password, for servers that ask for one (the embedded cluster of a machine without TEST_DATABASE_URL does).
    const password = randomBytes(9).toString('hex');
    await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD '${password}'`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.query(`REVOKE CREATE ON DATABASE ${name} FROM PUBLIC`);
    try {
      const url = new URL(databaseUrl(inject('adminUrl'), name));
      url.username = role;
      url.password = password;
      const result = await run(['serve'], { DATABASE_URL: url.toString() });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        new RegExp(
          `^prospect-engine: the database at DATABASE_URL \\(${url.hostname}:${url.port || 5432}\\) refused the schema update: permission denied for [^\\n]+: give its user the right to create tables, or set DATABASE_URL\\n$`,
        ),
      );
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS ${role}`);
      await admin.end();
    }
  });
});

describe('a DATA_DIR the embedded database cannot use', () => {
  it('names DATA_DIR when it is a file', { timeout: 60_000 }, async () => {
    const file = join(dataDir, 'not-a-directory');
    writeFileSync(file, '');
    const result = await run(['serve'], { DATABASE_URL: undefined, DATA_DIR: file });
    expect(result).toMatchObject({ code: 2, stderr: `prospect-engine: DATA_DIR ${file} is not a directory: set DATA_DIR\n` });
  });

  it("quotes the server's complaint and its log when the embedded server does not start", { timeout: 180_000 }, async () => {
    // The data directory of the port test above: initialised, stopped. A setting the server refuses:
    const clusterDir = join(dataDir, 'postgres');
    expect(existsSync(join(clusterDir, 'PG_VERSION'))).toBe(true);
    appendFileSync(join(clusterDir, 'postgresql.conf'), "\nshared_buffers = 'plenty'\n");
    const result = await run(['serve'], embedded());
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `prospect-engine: the embedded PostgreSQL in ${clusterDir} did not start: configuration file "${join(clusterDir, 'postgresql.conf')}" contains errors (its log: ${join(clusterDir, 'server.log')}); set DATABASE_URL to use another PostgreSQL\n`,
    );
    expect(existsSync(join(dataDir, 'engine.lock'))).toBe(false);
  });
});

describe('a *_BASE_URL that is not a URL', () => {
  it('stops the start before anything opens', { timeout: 60_000 }, async () => {
    const result = await run(['serve'], { DATABASE_URL: database.url, APOLLO_BASE_URL: 'notaurl' });
    expect(result).toEqual({ code: 2, stdout: '', stderr: 'prospect-engine: APOLLO_BASE_URL must be an http:// or https:// URL, got "notaurl"\n' });
  });
});
