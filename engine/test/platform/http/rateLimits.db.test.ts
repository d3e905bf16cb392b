import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, rateLimitSettings } from '../../../src/platform/http/rateLimits.ts';
import { UNIPILE_ENV, WEBHOOK_SECRET } from '../../autopilot/channels/unipile/support.ts';
import { TEST_SECRET_KEY } from '../../mailboxes/support.ts';
import { useTestEngine } from '../../support/engine.ts';

/**
 * The open routes' limits per client address, on a real engine with small limits: over a kind's limit
 * a route answers 429 `too_many_requests` in the engine's body with `Retry-After`; each route and each
 * address counts on its own, and the routes behind an API key are not limited.
 */
const fixture = useTestEngine(
  {
    worker: false,
    env: {
      ...UNIPILE_ENV,
      SECRET_KEY: TEST_SECRET_KEY,
      RATE_LIMIT_UNSUBSCRIBE_PER_MINUTE: '3',
      RATE_LIMIT_WEBHOOKS_PER_MINUTE: '5',
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '2',
      // Each test plays its own client addresses.
      TRUST_PROXY: 'true',
    },
  },
  { plan: 'bdr', credits: 100 },
);

let clients = 0;
/** A client address of its own, as a trusted proxy names it. */
const newClient = () => `203.0.113.${++clients}`;

async function call(method: string, path: string, client: string, init: { body?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${fixture.engine.url}${path}`, { method, body: init.body, headers: { 'x-forwarded-for': client, ...init.headers } });
  const text = await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), type: response.headers.get('content-type') ?? '', text };
}

function expectLimited(answer: Awaited<ReturnType<typeof call>>, perMinute: number): void {
  expect(answer.status).toBe(429);
  expect(answer.type).toContain('application/json');
  const body = JSON.parse(answer.text);
  expect(body).toEqual({ error: 'too_many_requests', retry_after_seconds: expect.any(Number), message: expect.stringContaining(`at most ${perMinute} a minute`) });
  expect(body.retry_after_seconds).toBeGreaterThanOrEqual(1);
  expect(body.retry_after_seconds).toBeLessThanOrEqual(60);
  expect(Number(answer.retryAfter)).toBe(body.retry_after_seconds);
}

describe('the open routes, per client address', () => {
  it('unsubscribe: the 4th request of a minute is 429 with Retry-After; the POST counts apart; another address is not held back', async () => {
    const client = newClient();
    for (let i = 0; i < 3; i++) expect((await call('GET', '/unsubscribe/1.abc', client)).status).toBe(404);
    expectLimited(await call('GET', '/unsubscribe/1.abc', client), 3);
    expectLimited(await call('GET', '/unsubscribe/2.other', client), 3);
    // Another route of the same kind keeps its own count, and so does another address.
    expect((await call('POST', '/unsubscribe/1.abc', client, { body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'text/plain' } })).status).toBe(404);
    expect((await call('GET', '/unsubscribe/1.abc', newClient())).status).toBe(404);
    // Nothing else is limited.
    expect((await call('GET', '/health', client)).status).toBe(200);
  });

  it('webhooks: generous but bounded, refused deliveries count too; the API-key routes are not limited', async () => {
    const client = newClient();
    const deliver = (secret: string) =>
      call('POST', '/unipile/webhooks', client, { body: JSON.stringify({ event: 'message_read' }), headers: { 'content-type': 'application/json', 'unipile-auth': secret } });
    for (let i = 0; i < 3; i++) expect((await deliver(WEBHOOK_SECRET)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await deliver('forged')).status).toBe(401);
    expectLimited(await deliver(WEBHOOK_SECRET), 5);
    for (let i = 0; i < 8; i++) expect((await call('GET', '/research', client, { headers: { authorization: `Bearer ${fixture.customer.key}` } })).status).toBe(200);
  });

  it('sign-in: strict (here 2 a minute), before any password or token is looked at', async () => {
    const client = newClient();
    for (let i = 0; i < 2; i++) expect((await call('GET', '/auth/invitations/guess-' + i, client)).status).toBe(404);
    expectLimited(await call('GET', '/auth/invitations/guess-3', client), 2);
  });
});

describe('the settings', () => {
  it('default to generous webhooks, modest unsubscribes and strict sign-in; 0 switches a limit off; anything else is refused in words', () => {
    expect(rateLimitSettings({})).toEqual(DEFAULT_RATE_LIMITS);
    expect(DEFAULT_RATE_LIMITS.webhooks).toBeGreaterThan(DEFAULT_RATE_LIMITS.unsubscribe);
    expect(DEFAULT_RATE_LIMITS.unsubscribe).toBeGreaterThan(DEFAULT_RATE_LIMITS.sign_in);
    expect(rateLimitSettings({ RATE_LIMIT_SIGN_IN_PER_MINUTE: '0', RATE_LIMIT_WEBHOOKS_PER_MINUTE: '5000' })).toEqual({ ...DEFAULT_RATE_LIMITS, sign_in: 0, webhooks: 5000 });
    expect(() => rateLimitSettings({ RATE_LIMIT_UNSUBSCRIBE_PER_MINUTE: 'many' })).toThrow('RATE_LIMIT_UNSUBSCRIBE_PER_MINUTE must be an integer 0..1000000, got "many"');
    expect(() => rateLimitSettings({ RATE_LIMIT_WEBHOOKS_PER_MINUTE: '-1' })).toThrow(/RATE_LIMIT_WEBHOOKS_PER_MINUTE/);
  });
});
