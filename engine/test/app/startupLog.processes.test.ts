import { afterAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../support/databases.ts';
import { client, newTestDatabase } from '../support/engine.ts';
import { CLI, freePort, type RunningCli, runCliWith, spawnCli } from '../support/processes.ts';

// What `serve` tells a log collector, and a newcomer, when it starts.
const databases: TestDatabase[] = [];
const started: RunningCli[] = [];

afterAll(async () => {
  for (const running of started) if (running.child.exitCode === null && running.child.signalCode === null) running.signal('SIGKILL');
  await Promise.all(databases.map((database) => database.drop()));
});

/** `serve` on a fresh, migrated database with no account yet. */
async function serveFresh(args: string[], env: Record<string, string | undefined> = {}) {
  const database = await newTestDatabase();
  databases.push(database);
  const port = await freePort();
  const running = spawnCli(['serve', ...args], {
    DATABASE_URL: database.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    RESEARCH_KEYLESS_SOURCES: undefined,
    ...env,
  });
  started.push(running);
  await running.waitForOutput(env.LOG_FORMAT === 'pretty' ? /prospect engine started/ : /"msg":"prospect engine started"/, 60_000);
  return { database, running, url: `http://127.0.0.1:${port}` };
}

async function count(database: TestDatabase, table: string): Promise<number> {
  const { rows } = await database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]!.n;
}

function logLine(output: string, feature: string): Record<string, unknown> {
  const line = output.split('\n').find((text) => text.includes(`"feature":"${feature}"`));
  return line ? (JSON.parse(line) as Record<string, unknown>) : {};
}

describe('serve --quiet-bootstrap', () => {
  it('creates the first account without a key, prints no key, and says how to make one', { timeout: 120_000 }, async () => {
    const { database, running, url } = await serveFresh(['--quiet-bootstrap']);
    const stdout = running.stdout();
    const everything = stdout + running.stderr();
    expect(everything).not.toMatch(/pr_live_/);
    expect(everything).not.toContain('First start');
    expect(everything).not.toContain('/app/invitation/');
    const { rows } = await database.pool.query<{ id: number }>('SELECT id FROM accounts');
    expect(rows).toHaveLength(1);
    const accountId = rows[0]!.id;
    expect(stdout).toContain(
      `"msg":"first start: created account ${accountId} \\"Local account\\" (plan bdr) with no API key (quiet bootstrap); create one with: prospect-engine keys create --account ${accountId}, and the owner's sign-in with: prospect-engine users invite --account ${accountId} --email <address> --role owner"`,
    );
    expect(await count(database, 'api_keys')).toBe(0);
    expect(await count(database, 'products')).toBe(1);

    // The line's advice works, and the key it prints opens the API.
    const created = await runCliWith(process.execPath, [CLI, 'keys', 'create', '--account', String(accountId), '--json'], { DATABASE_URL: database.url, LOG_LEVEL: 'warn' });
    expect(created.code, created.stderr).toBe(0);
    const key = String(JSON.parse(created.stdout).key);
    expect((await client(url, key).account()).status).toBe(200);

    running.signal('SIGTERM');
    expect(await running.exited(30_000)).toEqual({ code: 0, signal: null });
  });

  it('is also QUIET_BOOTSTRAP=true', { timeout: 120_000 }, async () => {
    const { database, running } = await serveFresh([], { QUIET_BOOTSTRAP: 'true' });
    expect(running.stdout() + running.stderr()).not.toMatch(/pr_live_/);
    expect(await count(database, 'accounts')).toBe(1);
    expect(await count(database, 'api_keys')).toBe(0);
    running.signal('SIGTERM');
    expect(await running.exited(30_000)).toEqual({ code: 0, signal: null });
  });
});

describe('the start-up log', () => {
  it('says which research sources are on, which are off and why, and that the LLM writer is off', { timeout: 120_000 }, async () => {
    const { running } = await serveFresh([], { APOLLO_API_KEY: 'apollo-key', RESEARCH_KEYLESS_SOURCES: 'website,mx' });
    expect(logLine(running.stdout(), 'research')).toMatchObject({
      level: 30,
      msg:
        'research sources on: apollo, website, mx; off: pdl (no PDL_API_KEY), unipile (no UNIPILE_API_KEY), gravatar (not in RESEARCH_KEYLESS_SOURCES), google_news (not in RESEARCH_KEYLESS_SOURCES); ' +
        'LLM writer off (set OPENAI_API_KEY or OPENAI_BASE_URL, and OPENAI_MODEL): the generated fields of briefs are null',
    });
    expect(running.stdout()).not.toContain('apollo-key');
    // A deployment (DATABASE_URL) without SECRET_KEY: one line says sign-in is off, and why.
    expect(logLine(running.stdout(), 'people').msg).toBe('sign-in is off: SECRET_KEY is not set (openssl rand -base64 32); API keys work as before');
    // The first start's banner has the owner's one-time link beside the key, on standard error: every
    // line of standard output is JSON, the log, and holds neither.
    expect(running.stderr()).toMatch(/^ {2}http:\/\/localhost:\d+\/app\/invitation\/[A-Za-z0-9_-]{43}$/m);
    expect(running.stderr()).toMatch(/^ {2}pr_live_[A-Za-z0-9]{42}$/m);
    for (const line of running.stdout().split('\n').filter(Boolean)) expect(() => JSON.parse(line), line).not.toThrow();
    expect(running.stdout()).not.toMatch(/pr_live_|\/app\/invitation\//);
    // The start log names the version.
    expect(running.stdout()).toMatch(/"version":"\d+\.\d+\.\d+".*"msg":"prospect engine started"/);
    // On the loopback interface only, outside production, links to localhost are right: nothing said.
    expect(running.stdout()).not.toContain('PUBLIC_URL');
    running.signal('SIGTERM');
    expect(await running.exited(30_000)).toEqual({ code: 0, signal: null });
  });

  it('is readable lines, not JSON, with LOG_FORMAT=pretty', { timeout: 120_000 }, async () => {
    const { running } = await serveFresh([], { LOG_FORMAT: 'pretty' });
    const lines = running.stdout().split('\n').filter(Boolean);
    expect(lines.some((line) => /INFO.*: prospect engine started/.test(line))).toBe(true);
    expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
    running.signal('SIGTERM');
    expect(await running.exited(30_000)).toEqual({ code: 0, signal: null });
  });

  it('names the writer model when the writer is on', { timeout: 120_000 }, async () => {
    const { running } = await serveFresh([], { RESEARCH_KEYLESS_SOURCES: '', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', OPENAI_MODEL: 'llama3.1' });
    expect(logLine(running.stdout(), 'research').msg).toBe(
      'no research source is on: briefs hold only what the request gave; off: apollo (no APOLLO_API_KEY), pdl (no PDL_API_KEY), unipile (no UNIPILE_API_KEY), website (not in RESEARCH_KEYLESS_SOURCES), mx (not in RESEARCH_KEYLESS_SOURCES), gravatar (not in RESEARCH_KEYLESS_SOURCES), google_news (not in RESEARCH_KEYLESS_SOURCES); LLM writer on (model llama3.1)',
    );
    running.signal('SIGTERM');
    expect(await running.exited(30_000)).toEqual({ code: 0, signal: null });
  });
});

describe('links that would point at this machine', () => {
  it('are warned of in one line when the engine listens beyond the loopback interface with PUBLIC_URL unset', { timeout: 120_000 }, async () => {
    const { running } = await serveFresh(['--quiet-bootstrap'], { HOST: '0.0.0.0', PUBLIC_URL: undefined, NODE_ENV: undefined });
    const warnings = running
      .stdout()
      .split('\n')
      .filter((line) => line.includes('PUBLIC_URL'))
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(warnings).toEqual([
      {
        ...warnings[0],
        level: 40,
        msg: expect.stringMatching(/^PUBLIC_URL is unset though the engine listens on 0\.0\.0\.0 \(HOST\).*will point at http:\/\/localhost:\d+, which only this machine opens; set PUBLIC_URL/),
      },
    ]);
    running.signal('SIGTERM');
    expect(await running.exited(30_000)).toEqual({ code: 0, signal: null });
  });
});
