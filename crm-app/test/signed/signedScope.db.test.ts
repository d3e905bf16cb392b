/**
 * signedScope (src/signed/signedScope.ts) on its own, through a probe module whose routes answer what
 * they were handed: who called (callerOf) and the body as the route parsed it. Everything a route in
 * the scope relies on is checked before it runs: HubSpot's v3 signature over PUBLIC_URL, the path, the
 * query and the body's bytes, within 5 minutes either way; our app; an installed portal (connected or
 * unclaimed). Nothing else: no API key.
 */
import { accountsModule, autopilotModule, type FeatureModule, researchModule } from '@prospect-research/engine';
import { sourceless, TestClock, useEngine } from '@prospect-research/engine/testing';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hubspotModule } from '../../src/module.ts';
import { hubspotSettings, type HubSpotSettings } from '../../src/settings.ts';
import { callerOf, SIGNED_BODY_LIMIT, signedScope } from '../../src/signed/signedScope.ts';
import { type CardCall, cardFetch } from '../card/cardRequests.ts';
import { hubspotSignatureV3 } from '../hubspotSigner.ts';
import { CLIENT_SECRET, connectPortal, HUBSPOT_ENV, installFromHubSpot, newCustomer, PUBLIC_URL } from '../support.ts';

const clock = new TestClock(new Date());

/** A module with a GET and a POST in a signed scope, each answering what the scope handed it. */
const probe: FeatureModule<HubSpotSettings> = {
  name: 'signed_probe',
  settings: hubspotSettings,
  routes({ open }, { pool, settings }) {
    signedScope(open, { pool, settings, clock }, (scope) => {
      scope.get('/probe/signed/:thing', async (request) => ({ caller: callerOf(request) }));
      scope.post('/probe/signed/:thing', async (request) => ({ caller: callerOf(request), body: request.body ?? null }));
    });
  },
};

beforeAll(() => {
  if (!nock.isActive()) nock.activate();
  nock.disableNetConnect();
  nock.enableNetConnect(/^(127\.0\.0\.1|localhost)/);
});
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());
const fixture = useEngine({
  modules: [accountsModule(), researchModule({ pipeline: sourceless() }), autopilotModule({ clock }), hubspotModule({ clock, writebackCron: false, sweepCron: false }), probe],
  env: { ...HUBSPOT_ENV },
});

const PATH = '/probe/signed/x';
const call = (method: 'GET' | 'POST', options: Omit<CardCall, 'method'>) => cardFetch(fixture.engine.url, PATH, { ...options, method });

/** A workflow action's callback: no query, the portal in the body's `origin`. */
async function actionCallback(body: string, timestamp = Date.now()) {
  const signature = await hubspotSignatureV3(CLIENT_SECRET, 'POST', `${PUBLIC_URL}${PATH}`, body, String(timestamp));
  const response = await fetch(`${fixture.engine.url}${PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hubspot-signature-v3': signature, 'x-hubspot-request-timestamp': String(timestamp) },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

let accountId: number;
beforeAll(async () => {
  const customer = await newCustomer(fixture);
  accountId = customer.account.id;
  await connectPortal(fixture.engine.url, accountId, 7201);
  await installFromHubSpot(fixture.engine.url, 7202);
  const other = await newCustomer(fixture);
  await connectPortal(fixture.engine.url, other.account.id, 7203);
  await fixture.engine.pool.query(`UPDATE hubspot_portals SET state = 'disconnected', refresh_token = NULL, access_token = NULL, access_expires_at = NULL WHERE portal_id = 7203`);
});

describe('a route in a signed scope', () => {
  it('is reached without an API key when HubSpot signed the request, and knows who called: the portal, its account, the user', async () => {
    const got = await call('GET', { portalId: 7201 });
    expect(got).toEqual({ status: 200, body: { caller: { portalId: 7201, accountId, state: 'connected', userId: 41, userEmail: 'rep@acme.example' } } });
    const posted = await call('POST', { portalId: 7201, body: { request_key: 'abc', ünïcode: 'Zoë' } });
    expect(posted).toMatchObject({ status: 200, body: { body: { request_key: 'abc', ünïcode: 'Zoë' } } });
  });

  it("tells an unclaimed portal's caller apart (no account), and takes a workflow action's portal from the body's origin", async () => {
    expect((await call('GET', { portalId: 7202 })).body).toEqual({ caller: { portalId: 7202, accountId: null, state: 'unclaimed', userId: 41, userEmail: 'rep@acme.example' } });
    const action = await actionCallback(JSON.stringify({ origin: { portalId: 7201, actionDefinitionId: 9 }, inputFields: {} }));
    expect(action).toMatchObject({ status: 200, body: { caller: { portalId: 7201, accountId, state: 'connected', userId: null, userEmail: null } } });
  });

  it('refuses (401) a tampered query, a tampered body, a stale or future request, another secret, another app, no signature, and a signed request that names no portal', async () => {
    const refused = await Promise.all([
      call('GET', { portalId: 7203, tamperQuery: (query) => query.set('portalId', '7201') }),
      call('GET', { portalId: 7201, tamperQuery: (query) => query.set('userEmail', 'boss@acme.example') }),
      call('GET', { portalId: 7201, tamperQuery: (query) => query.append('extra', '1') }),
      call('POST', { portalId: 7201, body: { amount: 1 }, tamperBody: (body) => body.replace('1', '2') }),
      call('POST', { portalId: 7201, body: { amount: 1 }, tamperBody: (body) => `${body} ` }),
      call('GET', { portalId: 7201, timestamp: clock.now().getTime() - 5 * 60_000 - 1000 }),
      call('GET', { portalId: 7201, timestamp: clock.now().getTime() + 5 * 60_000 + 1000 }),
      call('GET', { portalId: 7201, secret: 'not-the-client-secret' }),
      call('GET', { portalId: 7201, appId: 778 }),
      call('GET', { portalId: 7201, unsigned: true }),
      actionCallback(JSON.stringify({ inputFields: {} })),
      actionCallback('not json'),
    ]);
    expect(refused.map((answer) => [answer.status, answer.body.error])).toEqual(Array.from({ length: refused.length }, () => [401, 'invalid_signature']));
    expect(refused[8]!.body.message).toBe('the request is for another HubSpot app');
    expect(refused[10]!.body.message).toBe('HubSpot signed the request, but it names no portal');
  });

  it('reads a user id that is no id as none: HubSpot signed it, and it names nobody', async () => {
    const answer = await call('GET', { portalId: 7201, userId: -1 });
    expect(answer).toMatchObject({ status: 200, body: { caller: { portalId: 7201, userId: null, userEmail: 'rep@acme.example' } } });
  });

  it('answers 404 portal_not_found for a portal that never installed the app or disconnected it', async () => {
    for (const portalId of [7209, 7203]) {
      const answer = await call('GET', { portalId });
      expect(answer).toMatchObject({ status: 404, body: { error: 'portal_not_found' } });
      expect(answer.body.message).toMatch(new RegExp(`HubSpot account ${portalId} has not installed the app, or disconnected it`));
    }
  });

  it('answers anything malformed with a 4xx, never a 500: headers, ids, bodies, sizes', async () => {
    const answers = await Promise.all([
      call('GET', { portalId: 7201, headers: { 'x-hubspot-request-timestamp': '1e3' } }),
      call('GET', { portalId: 7201, headers: { 'x-hubspot-request-timestamp': '' } }),
      call('GET', { portalId: 7201, headers: { 'x-hubspot-signature-v3': 'x'.repeat(10_000) } }),
      call('GET', { portalId: 7201, headers: { 'x-hubspot-signature-v3': '\u00e9' } }),
      call('GET', { portalId: '0' }),
      call('GET', { portalId: '01' }),
      call('GET', { portalId: '7201.0' }),
      call('GET', { portalId: '1'.repeat(30) }),
      call('POST', { portalId: 7201, raw: '{"a":' }),
      call('POST', { portalId: 7201, raw: '['.repeat(10_000) }),
      call('POST', { portalId: 7201, raw: 'x'.repeat(SIGNED_BODY_LIMIT + 1) }),
      actionCallback(JSON.stringify({ origin: { portalId: 'x' } })),
      actionCallback(JSON.stringify({ origin: null })),
      actionCallback('null'),
    ]);
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
    }
    expect(answers[10]).toMatchObject({ status: 413, body: { error: 'payload_too_large' } });
  });
});
