import { readFileSync } from 'node:fs';
import pg from 'pg';
import Type from 'typebox';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountsModule } from '../../../../src/accounts/module.ts';
import { autopilotModule } from '../../../../src/autopilot/module.ts';
import { eventsModule } from '../../../../src/events/module.ts';
import { knownErrors } from '../../../../src/platform/http/errorStatus.ts';
import { RESPONSE_CHECK_VARIABLE, takeResponseViolations } from '../../../../src/platform/http/openapi/responseCheck.ts';
import { buildServer } from '../../../../src/platform/http/server.ts';
import { createLogger } from '../../../../src/platform/logger.ts';
import { peopleModule } from '../../../../src/people/module.ts';
import { researchModule } from '../../../../src/research/module.ts';
import { documentedOperations, documentErrors, exampleErrors, type OpenApiDocument, operationsWithoutExamples, servedAndDocumented } from '../../../support/apiDocument.ts';
import { useTestEngine } from '../../../support/engine.ts';

const version = (JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

describe('the OpenAPI document of the engine', () => {
  let served: string[];
  let document: OpenApiDocument;
  beforeAll(async () => {
    ({ served, document } = await servedAndDocumented([accountsModule(), peopleModule(), researchModule(), autopilotModule(), eventsModule()], { PUBLIC_URL: 'https://research.example.com' }));
  });

  it('describes every route the engine serves, and only those', () => {
    expect(served.length).toBeGreaterThan(40);
    expect(documentedOperations(document).sort()).toEqual([...new Set(served)].sort());
  });

  it('passes an OpenAPI 3.1 validator', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(await documentErrors(document)).toEqual([]);
  });

  it('names the API, its version, its public address and its tags', () => {
    expect(document.info).toMatchObject({ title: 'Prospect Research engine', version });
    expect(document.servers).toEqual([{ url: 'https://research.example.com' }]);
    expect(document.tags?.map((tag) => tag.name)).toEqual(expect.arrayContaining(['Health', 'API', 'Research', 'Account', 'Autopilots', 'Mailboxes', 'Seats', 'Webhooks', 'Events']));
  });

  it('has an example of every request body and success answer, and each fits its schema', async () => {
    expect(operationsWithoutExamples(document)).toEqual([]);
    expect(await exampleErrors(document)).toEqual([]);
    // The check reads the examples: one that breaks its schema is found.
    const broken = structuredClone(document);
    (broken.paths['/account']!.get!.responses['200']!.content!['application/json']! as { example: Record<string, unknown> }).example.plan = 'platinum';
    expect(await exampleErrors(broken)).toEqual([expect.stringContaining('GET /account 200 application/json')]);
  });

  it('gives every operation a unique operationId, a summary and a tag', () => {
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter((operation) => !operation.tags?.length)).toEqual([]);
  });

  it('puts the API key and the session cookie on the routes behind them, and neither on the open ones', () => {
    expect(document.components?.securitySchemes).toEqual({
      apiKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      session: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'pr_session' }),
    });
    const security = (key: string) => {
      const [method, path] = key.split(' ');
      return document.paths[path!]![method!.toLowerCase()]!.security;
    };
    expect(security('GET /account')).toEqual([{ apiKey: [] }, { session: [] }]);
    expect(security('POST /research')).toEqual([{ apiKey: [] }, { session: [] }]);
    expect(security('GET /auth/session')).toEqual([{ session: [] }]);
    for (const open of [
      'POST /auth/sign-in',
      'GET /auth/invitations/{token}',
      'GET /health',
      'GET /ready',
      'GET /metrics',
      'GET /openapi.json',
      'GET /docs',
      'POST /unipile/webhooks',
      'GET /unsubscribe/{token}',
    ])
      expect(security(open), open).toBeUndefined();
  });

  it('lists the error codes each operation can answer, by status', () => {
    const codes = (path: string, method: string, status: string) =>
      (document.paths[path]![method]!.responses[status] as { content: { 'application/json': { schema: { properties: { error: { enum: string[] } } } } } }).content['application/json'].schema.properties
        .error.enum;
    expect(codes('/research', 'post', '401')).toEqual(expect.arrayContaining(['missing_api_key', 'invalid_key', 'not_signed_in']));
    expect(codes('/research', 'post', '403')).toEqual(['csrf_failed', 'forbidden']);
    expect(codes('/auth/sign-in', 'post', '429')).toEqual(['too_many_attempts', 'too_many_requests']);
    // Only the open routes are rate limited per client address.
    expect(codes('/unipile/webhooks', 'post', '429')).toEqual(['too_many_requests']);
    expect(codes('/research', 'post', '400')).toEqual(expect.arrayContaining(['missing_key_id', 'missing_email', 'invalid_email_format', 'invalid_json']));
    expect(codes('/research', 'post', '429')).toEqual(['credits_exhausted', 'trial_limit_reached']);
    // Codes a feature declares have their own status, not 500.
    expect(codes('/research', 'post', '400')).toEqual(expect.arrayContaining(['invalid_prospect_name', 'invalid_idempotency_key']));
    expect(codes('/research', 'post', '422')).toEqual(['idempotency_key_reused']);
    expect(codes('/mailboxes/{id}', 'get', '404')).toEqual(['mailbox_not_found']);
    expect(codes('/mailboxes/{id}', 'get', '500')).toEqual(['internal_error']);
    expect(codes('/research-status/{researchId}', 'get', '404')).toEqual(['not_found']);
    expect(codes('/health', 'get', '503')).toEqual(['service_unavailable']);
    expect(codes('/ready', 'get', '503')).toEqual(['not_ready', 'service_unavailable']);
    expect(codes('/metrics', 'get', '401')).toEqual(['invalid_metrics_token']);
    expect(codes('/metrics', 'get', '404')).toEqual(['not_found']);
    // The metrics are text for a scraper, not JSON.
    expect(Object.keys(document.paths['/metrics']!.get!.responses['200']!.content!)).toEqual(['text/plain; version=0.0.4; charset=utf-8']);
    const everyCode = new Set(
      Object.values(document.paths).flatMap((methods) =>
        Object.values(methods).flatMap((operation) =>
          Object.values(operation.responses).flatMap((response) => {
            const schema = response.content?.['application/json']?.schema as { properties?: { error?: { enum?: string[] } } } | undefined;
            return schema?.properties?.error?.enum ?? [];
          }),
        ),
      ),
    );
    for (const code of everyCode) expect([...knownErrors().keys()], code).toContain(code);
  });
});

describe('the response check of the test suite', () => {
  it('is on in every test', () => {
    expect(process.env[RESPONSE_CHECK_VARIABLE]).toBe('1');
  });

  it('answers 500 and records the answer when it breaks its route schema', async () => {
    const log = createLogger('silent');
    const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:9/never' });
    const app = buildServer({
      pool,
      log,
      authentication: { install: () => {}, errors: [], schemes: [] },
      routes: ({ open }) => {
        open.get('/answers', { schema: { response: { 200: Type.Object({ count: Type.Integer() }) } } }, async () => ({ count: 'three' }) as never);
        open.get('/fine', { schema: { response: { 200: Type.Object({ count: Type.Integer() }) } } }, async () => ({ count: 3 }));
      },
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/fine' })).statusCode).toBe(200);
      const answer = await app.inject({ method: 'GET', url: '/answers' });
      expect(answer.statusCode).toBe(500);
      expect(answer.json()).toMatchObject({ error: 'internal_error', response_check: expect.stringContaining('/count must be integer') });
      expect(takeResponseViolations()).toEqual([expect.stringContaining('GET /answers answered 200')]);
    } finally {
      await app.close();
      await pool.end();
    }
  });
});

describe('GET /openapi.json and GET /docs on a running engine', () => {
  const fixture = useTestEngine();

  it('serves the document without an API key', async () => {
    const answer = await fetch(`${fixture.engine.url}/openapi.json`);
    expect(answer.status).toBe(200);
    const document = (await answer.json()) as OpenApiDocument;
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/research']).toBeDefined();
    // No PUBLIC_URL in this engine's environment: the document names no server.
    expect(document.servers).toEqual([]);
  });

  it('renders it with Swagger UI, from files the engine serves itself', async () => {
    const page = await fetch(`${fixture.engine.url}/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui');
    expect(html).not.toMatch(/https?:\/\/(?!localhost)/);
    const script = await fetch(`${fixture.engine.url}/docs/static/swagger-ui-bundle.js`);
    expect(script.status).toBe(200);
    const json = await fetch(`${fixture.engine.url}/docs/json`);
    expect(((await json.json()) as OpenApiDocument).openapi).toBe('3.1.0');
  });
});
