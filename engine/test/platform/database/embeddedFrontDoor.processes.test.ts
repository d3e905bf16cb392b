import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Reply, client } from '../../support/engine.ts';
import { CLI, eventually, freePort, isAlive, isGone, isListening, postmaster, removeDataDir, type RunningCli, runCliWith, spawnCli } from '../../support/processes.ts';

// `npm start` on a fresh machine: no DATABASE_URL, so the engine runs its own PostgreSQL under DATA_DIR.
const dataDir = mkdtempSync(join(tmpdir(), 'prospect-front-door-'));
const started: RunningCli[] = [];

function embeddedEnv(port: number, logLevel = 'info') {
  return { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: logLevel, DATABASE_URL: undefined, TEST_DATABASE_URL: undefined };
}

async function serve(): Promise<{ process: RunningCli; url: string }> {
  const port = await freePort();
  const running = spawnCli(['serve'], embeddedEnv(port));
  started.push(running);
  // Logged (level info) once the API listens and the first start, if it is one, has been handled.
  await running.waitForOutput(/"msg":"prospect engine started"/, 60_000);
  return { process: running, url: `http://127.0.0.1:${port}` };
}

afterAll(async () => {
  // Only after a failure is anything left running: stop what this file started.
  for (const running of started) if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGKILL');
  await removeDataDir(dataDir);
});

async function completed(url: string, key: string, researchId: string): Promise<Reply> {
  return client(url, key).waitFor(researchId, (reply) => ['completed', 'failed'].includes(String(reply.body.status)), 30_000);
}

describe('serve with no DATABASE_URL', () => {
  it('starts an embedded PostgreSQL, prints a working key once, and keeps the data across a restart', { timeout: 180_000 }, async () => {
    // First start: the banner with the key, on standard error: the JSON log on standard output holds no key.
    const first = await serve();
    const banner = await first.process.waitForOutput(/^First start: created account (\d+) "Local account" \(plan bdr, 300 credits a month\)[^]*?^ {2}(pr_live_[A-Za-z0-9]{42})$/m, 10_000, 'stderr');
    const key = banner[2]!;
    expect(first.process.stdout()).not.toContain(key);
    expect(first.process.stderr()).toContain(`curl -s -X POST ${first.url.replace('127.0.0.1', 'localhost')}/research -H "Authorization: Bearer ${key}"`);
    const cluster = postmaster(dataDir);
    expect(cluster && isAlive(cluster.pid)).toBe(true);

    // The key works: a research job is accepted and completes.
    const accepted = await client(first.url, key).research({ email: 'jane.doe@example.com' });
    expect(accepted).toMatchObject({ status: 202, body: { status: 'processing' } });
    const researchId = String(accepted.body.research_id);
    const done = await completed(first.url, key, researchId);
    expect(done.body).toMatchObject({ research_id: researchId, status: 'completed' });
    expect(done.body.data).toBeTypeOf('object');

    // A CLI command with the same DATA_DIR joins the running cluster, and leaves it running.
    const list = await runCliWith(process.execPath, [CLI, 'accounts', 'list', '--json'], embeddedEnv(0, 'warn'));
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ id: Number(banner[1]), name: 'Local account', plan: 'bdr' })]);
    expect(postmaster(dataDir)).toEqual(cluster);
    expect(isAlive(cluster!.pid)).toBe(true);
    expect((await client(first.url, key).status(researchId)).body.status).toBe('completed');

    // SIGTERM: exit code 0, and the embedded PostgreSQL is stopped with it.
    first.process.child.kill('SIGTERM');
    expect(await first.process.exited(20_000)).toEqual({ code: 0, signal: null });
    expect(postmaster(dataDir)).toBeUndefined();
    await eventually('the embedded PostgreSQL to be gone', () => isGone(cluster!.pid));
    expect(await isListening(cluster!.port)).toBe(false);
    // Nothing but the banner on standard error.
    expect(first.process.stderr().replace(/^\nFirst start:[^]*?--customers "x;y"\n/, '')).toBe('');

    // Second start on the same DATA_DIR: no banner, and the same key and the finished job are still there.
    const second = await serve();
    expect(second.process.stderr()).not.toContain('First start');
    expect(second.process.stdout() + second.process.stderr()).not.toMatch(/pr_live_[A-Za-z0-9]{42}/);
    expect(await client(second.url, key).status(researchId)).toEqual(expect.objectContaining({ status: 200, body: done.body }));
    expect((await client(second.url, key).research({ email: 'john.roe@example.com' })).status).toBe(202);

    second.process.child.kill('SIGTERM');
    expect(await second.process.exited(20_000)).toEqual({ code: 0, signal: null });
    expect(postmaster(dataDir)).toBeUndefined();
  });
});
