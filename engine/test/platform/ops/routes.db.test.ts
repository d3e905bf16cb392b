import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyAuthentication } from '../../../src/accounts/authenticate.ts';
import type { HttpScope } from '../../../src/platform/module.ts';
import { buildServer } from '../../../src/platform/http/server.ts';
import { createLogger } from '../../../src/platform/logger.ts';
import { ENGINE_VERSION } from '../../../src/platform/ops/version.ts';

/** The server's ops routes over a database that never answers, with the readiness a test scripts; answers checked against their schemas. */
describe('the ops routes when things are not ready', () => {
  let pool: pg.Pool;
  let app: HttpScope;
  let problems: string[] = [];
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:9/never', connectionTimeoutMillis: 1_000 });
    app = buildServer({
      pool,
      log: createLogger('silent'),
      authentication: apiKeyAuthentication(pool, 'pr'),
      routes: () => undefined,
      readiness: async () => problems,
      checkResponses: true,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await pool.end();
  });

  it('GET /ready answers 503 not_ready with each problem in words, and 200 with the version once there is none', async () => {
    problems = ['the worker has stopped', '1 migration is not applied yet (research/0009_x)'];
    const refused = await app.inject({ method: 'GET', url: '/ready' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ error: 'not_ready', problems: [{ message: 'the worker has stopped' }, { message: '1 migration is not applied yet (research/0009_x)' }] });
    problems = [];
    const ready = await app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', version: ENGINE_VERSION });
  });

  it('GET /health answers 503 service_unavailable while the database does not answer', async () => {
    const answer = await app.inject({ method: 'GET', url: '/health' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ error: 'service_unavailable' });
  });

  it('GET /metrics answers 404 not_found while METRICS_TOKEN is unset, even to a bearer token', async () => {
    const answer = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer anything-at-all-0123456789' } });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ error: 'not_found' });
  });
});
