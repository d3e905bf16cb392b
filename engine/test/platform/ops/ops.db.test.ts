import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrapeMetrics } from '../../../src/platform/ops/scrapeMetrics.ts';
import { ENGINE_VERSION } from '../../../src/platform/ops/version.ts';
import type { TestDatabase } from '../../support/databases.ts';
import { client, createCustomer, newTestDatabase, startTestEngine, type TestEngine, until } from '../../support/engine.ts';
import { ScriptedPipeline } from '../../support/pipelines.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

/** One sample of the Prometheus text: its value, or undefined when no line has exactly these labels. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (wanted.every(([key, value]) => found[key] === value) && Object.keys(found).length === wanted.length) return Number(match[3]);
  }
  return undefined;
}

async function scrape(url: string, token: string | null = TOKEN): Promise<{ status: number; type: string | null; text: string }> {
  const answer = await fetch(`${url}/metrics`, { headers: token === null ? {} : { authorization: `Bearer ${token}` } });
  return { status: answer.status, type: answer.headers.get('content-type'), text: await answer.text() };
}

let database: TestDatabase;
const engines: TestEngine[] = [];
const start = async (options: Parameters<typeof startTestEngine>[0]) => {
  const engine = await startTestEngine(options);
  engines.push(engine);
  return engine;
};

beforeAll(async () => {
  database = await newTestDatabase();
});

afterAll(async () => {
  for (const engine of engines.reverse()) await engine.stop();
  await database.drop();
});

describe('GET /metrics', () => {
  let api: TestEngine;
  beforeAll(async () => {
    api = await start({ database, worker: false, env: { METRICS_TOKEN: TOKEN } });
  });

  it('is off without METRICS_TOKEN: 404, as if it were not there', async () => {
    const off = await start({ database, worker: false });
    const answer = await scrape(off.url);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text)).toEqual({ error: 'not_found' });
  });

  it('answers 401 without the bearer token, or with another', async () => {
    for (const token of [null, 'wrong', `${TOKEN}x`, TOKEN.slice(0, -1), '']) {
      const answer = await scrape(api.url, token);
      expect(answer.status, String(token)).toBe(401);
      expect(JSON.parse(answer.text)).toEqual({ error: 'invalid_metrics_token' });
    }
    const basic = await fetch(`${api.url}/metrics`, { headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` } });
    expect(basic.status).toBe(401);
  });

  it('counts requests by route pattern, never by URL, with their latency; reads the queue, the credits and the pool', async () => {
    const customer = await createCustomer(api.pool, { plan: 'bdr' });
    const caller = client(api.url, customer.key);
    const accepted = await caller.research({ email: 'metrics@example.com' });
    const id = String(accepted.body.research_id);
    await caller.status(id);
    await caller.request('GET', '/no/such/path/12345');

    const answer = await scrape(api.url);
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.text;
    expect(text).not.toContain(id);
    expect(text).not.toContain('12345');
    expect(sample(text, 'prospect_http_requests_total', { method: 'GET', route: '/research-status/:researchId', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'prospect_http_requests_total', { method: 'POST', route: '/research', status: '202' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'prospect_http_requests_total', { method: 'other', route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'prospect_http_request_duration_seconds_count', { method: 'POST', route: '/research' })).toBeGreaterThanOrEqual(1);
    // No worker runs here: the job waits in the queue, and its credit is taken.
    expect(sample(text, 'prospect_queue_jobs', { task: 'research', state: 'waiting' })).toBe(1);
    expect(sample(text, 'prospect_queue_oldest_waiting_seconds', { task: 'research' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'prospect_database_read_ok')).toBe(1);
    expect(sample(text, 'prospect_credits_used')).toBe(1);
    expect(sample(text, 'prospect_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'prospect_db_pool_waiting_clients')).toBe(0);
    expect(sample(text, 'prospect_build_info', { version: ENGINE_VERSION })).toBe(1);
  });
});

describe('a scrape while every database connection is busy', () => {
  it("answers within seconds without the database's gauges, and says so", async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const held = await pool.connect();
    try {
      const started = Date.now();
      const text = await scrapeMetrics(pool).read();
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(sample(text, 'prospect_database_read_ok')).toBe(0);
      expect(text).not.toContain('prospect_queue_jobs{');
      expect(sample(text, 'prospect_db_pool_connections', { state: 'idle' })).toBe(0);
    } finally {
      held.release();
    }
    // Once a connection is free again, the next scrape reads the database.
    expect(sample(await scrapeMetrics(pool).read(), 'prospect_database_read_ok')).toBe(1);
    await pool.end();
  });
});

describe('GET /health and GET /ready', () => {
  it('carry the version; /ready is 200 on a process whose database is migrated', async () => {
    const api = await start({ database, worker: false });
    const health = await client(api.url).request('GET', '/health');
    expect(health).toMatchObject({ status: 200, body: { status: 'ok', version: ENGINE_VERSION } });
    const ready = await client(api.url).request('GET', '/ready');
    expect(ready).toMatchObject({ status: 200, body: { status: 'ready', version: ENGINE_VERSION } });
  });
});

describe('prospect-engine worker with WORKER_HTTP_PORT', () => {
  it('serves /health, /ready and /metrics on its own port, and no API; its metrics count the jobs it ran', async () => {
    const api = await start({ database, worker: false });
    const worker = await start({ database, http: false, pipeline: new ScriptedPipeline(), env: { WORKER_HTTP_PORT: '0', METRICS_TOKEN: TOKEN } });
    const opsUrl = worker.service.opsUrl!;
    expect(opsUrl).toMatch(/^http:\/\/localhost:\d+$/);
    expect(worker.service.url).toBeUndefined();

    expect(await client(opsUrl).request('GET', '/health')).toMatchObject({ status: 200, body: { status: 'ok', version: ENGINE_VERSION } });
    await until('the worker is ready', async () => (await client(opsUrl).request('GET', '/ready')).status === 200);
    expect((await client(opsUrl).request('GET', '/research-status/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await client(opsUrl).request('GET', '/openapi.json')).status).toBe(404);

    const customer = await createCustomer(api.pool, { plan: 'bdr' });
    const caller = client(api.url, customer.key);
    // The research an earlier test left queued (no worker then) is this worker's first: counted before this one.
    await until('the queue to be empty', async () => (await api.pool.query(`SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = 'research'`)).rows.length === 0);
    const before = await scrape(opsUrl);
    const completedBefore = sample(before.text, 'prospect_research_finished_total', { outcome: 'completed', reason: 'researched' }) ?? 0;
    const id = String((await caller.research({ email: 'worker-metrics@example.com' })).body.research_id);
    expect((await caller.waitFor(id)).body.status).toBe('completed');

    let text = '';
    await until('the job is counted', async () => {
      text = (await scrape(opsUrl)).text;
      return (sample(text, 'prospect_job_duration_seconds_count', { task: 'research', outcome: 'success' }) ?? 0) >= 1;
    });
    expect(sample(text, 'prospect_research_finished_total', { outcome: 'completed', reason: 'researched' })).toBe(completedBefore + 1);
    expect((await scrape(opsUrl, 'wrong-token-wrong-token')).status).toBe(401);
  });

  it('a worker without WORKER_HTTP_PORT listens on no port', async () => {
    const worker = await start({ database, http: false, pipeline: new ScriptedPipeline() });
    expect(worker.service.opsServer).toBeUndefined();
    expect(worker.service.opsUrl).toBeUndefined();
  });
});

describe('request ids', () => {
  it('keeps a safe X-Request-Id, replaces an unsafe or long one, makes one otherwise, and echoes it', async () => {
    const api = await start({ database, worker: false });
    const id = async (sent?: string) => (await fetch(`${api.url}/health`, { headers: sent === undefined ? {} : { 'x-request-id': sent } })).headers.get('x-request-id');
    expect(await id('edge-7f3a:42')).toBe('edge-7f3a:42');
    expect(await id('a'.repeat(128))).toBe('a'.repeat(128));
    const made = await id();
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    for (const unsafe of ['a'.repeat(129), 'two words', 'x"}{"level":60', '<script>']) {
      const answered = await id(unsafe);
      expect(answered, unsafe).toMatch(/^[0-9a-f-]{36}$/);
    }
    // An error's body names the same id its header does.
    const refused = await fetch(`${api.url}/account`, { headers: { 'x-request-id': 'trace-1' } });
    expect(refused.headers.get('x-request-id')).toBe('trace-1');
  });
});
