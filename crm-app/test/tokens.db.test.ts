/** Access tokens refreshed before their 30 minutes end, once per portal however many ask at once; refresh tokens sealed at rest. */
import { platformSettings } from '@prospect-research/engine';
import { describe, expect, it } from 'vitest';
import { AccessTokens, checkInstalls, PortalDisconnected } from '../src/portals.ts';
import { hubspotSettings } from '../src/settings.ts';
import { exchangeCode, refreshTokens, revokeRefreshToken, tokenInfo } from '../src/hubspotApi.ts';
import { installLink } from '../src/oauth/links.ts';
import {
  API,
  callback,
  CLIENT_ID,
  CLIENT_SECRET,
  connectPortal,
  HUBSPOT_ENV,
  introspection,
  linkSettings,
  mockSetup,
  mockTokens,
  newCustomer,
  nock,
  openInstallLink,
  PUBLIC_URL,
  until,
  useHubSpotEngine,
} from './support.ts';

const fixture = useHubSpotEngine();
const settings = hubspotSettings(HUBSPOT_ENV, platformSettings(HUBSPOT_ENV))!;

/** The stored access token now has `seconds` left (HubSpot's expires_in counted from the install). */
async function expiresIn(portalId: number, seconds: number) {
  await fixture.engine.pool.query('UPDATE hubspot_portals SET access_expires_at = $2 WHERE portal_id = $1', [portalId, new Date(fixture.clock.now().getTime() + seconds * 1000)]);
}

function mockRefresh(portalId: number, accessToken: string) {
  return nock(API)
    .post('/oauth/2026-03/token', (body: Record<string, string>) => body.grant_type === 'refresh_token' && body.refresh_token === `refresh-${portalId}` && body.client_secret === CLIENT_SECRET)
    .once()
    .delay(100)
    .reply(200, { access_token: accessToken, refresh_token: `refresh-${portalId}`, expires_in: 1800, token_type: 'bearer' });
}

describe('access tokens', () => {
  it('keeps both tokens sealed in the database', async () => {
    const customer = await newCustomer(fixture);
    await connectPortal(fixture.engine.url, customer.account.id, 9001);
    const { rows } = await fixture.engine.pool.query('SELECT refresh_token, access_token FROM hubspot_portals WHERE portal_id = 9001');
    expect(rows[0].refresh_token).toMatch(/^v1\./);
    expect(JSON.stringify(rows)).not.toContain('refresh-9001');
    expect(JSON.stringify(rows)).not.toContain('access-9001');
    // A fresh token is used as it is: no call to HubSpot.
    expect(await new AccessTokens(fixture.engine.pool, settings, fixture.clock).get(9001)).toBe('access-9001');
  });

  it('refreshes an expiring token once when 20 callers in two processes ask at the same time, then again after 30 minutes', async () => {
    const customer = await newCustomer(fixture);
    // HubSpot gave a token with 4 minutes left: inside the 5-minute margin, so it is refreshed before use.
    await connectPortal(fixture.engine.url, customer.account.id, 9002);
    await expiresIn(9002, 240);
    const refresh = mockRefresh(9002, 'access-9002-b');
    const processes = [new AccessTokens(fixture.engine.pool, settings, fixture.clock), new AccessTokens(fixture.engine.pool, settings, fixture.clock)];
    const tokens = await Promise.all(Array.from({ length: 20 }, (_, i) => processes[i % 2]!.get(9002)));
    expect(new Set(tokens)).toEqual(new Set(['access-9002-b']));
    expect(refresh.isDone()).toBe(true);
    // Still fresh: nothing asked of HubSpot (nock would refuse a second refresh).
    expect(await processes[0]!.get(9002)).toBe('access-9002-b');
    fixture.clock.advance({ minutes: 26 });
    const again = mockRefresh(9002, 'access-9002-c');
    expect(await Promise.all([processes[0]!.get(9002), processes[1]!.get(9002)])).toEqual(['access-9002-c', 'access-9002-c']);
    expect(again.isDone()).toBe(true);
  });

  it('takes a refused refresh token for an uninstall: the portal is disconnected, its tokens dropped', async () => {
    const customer = await newCustomer(fixture);
    await connectPortal(fixture.engine.url, customer.account.id, 9003);
    await expiresIn(9003, 60);
    nock(API).post('/oauth/2026-03/token').reply(400, { status: 'BAD_REFRESH_TOKEN', message: 'missing or unknown refresh token' });
    const tokens = new AccessTokens(fixture.engine.pool, settings, fixture.clock);
    await expect(tokens.get(9003)).rejects.toBeInstanceOf(PortalDisconnected);
    const { rows } = await fixture.engine.pool.query('SELECT state, refresh_token, access_token, disconnect_reason FROM hubspot_portals WHERE portal_id = 9003');
    expect(rows[0]).toEqual({ state: 'disconnected', refresh_token: null, access_token: null, disconnect_reason: 'uninstalled' });
    await expect(tokens.get(9003)).rejects.toBeInstanceOf(PortalDisconnected);
  });

  it('leaves the portal connected when HubSpot is only failing (5xx): the caller fails and retries later', async () => {
    const customer = await newCustomer(fixture);
    await connectPortal(fixture.engine.url, customer.account.id, 9004);
    await expiresIn(9004, 60);
    nock(API).post('/oauth/2026-03/token').reply(502, 'Bad gateway');
    await expect(new AccessTokens(fixture.engine.pool, settings, fixture.clock).get(9004)).rejects.toThrow(/HubSpot token refresh/);
    const { rows } = await fixture.engine.pool.query('SELECT state FROM hubspot_portals WHERE portal_id = 9004');
    expect(rows[0].state).toBe('connected');
  });
});

describe('the hourly install check', () => {
  it('notices an uninstall in a quiet portal: a due token is refreshed, a refused refresh disconnects it; fresh tokens and HubSpot failures leave portals as they are', async () => {
    const customer = await newCustomer(fixture);
    for (const portalId of [9071, 9072, 9073]) await connectPortal(fixture.engine.url, customer.account.id, portalId);
    // 9071 was uninstalled in HubSpot an hour ago, and nothing has called HubSpot for it since.
    await expiresIn(9071, -1800);
    // 9072 is in use: its token is fresh (as are the other tests' portals). 9073's is due, and HubSpot is failing.
    await fixture.engine.pool.query('UPDATE hubspot_portals SET access_expires_at = $1 WHERE portal_id NOT IN (9071, 9073)', [new Date(fixture.clock.now().getTime() + 3600_000)]);
    await expiresIn(9073, -1800);
    nock(API)
      .post('/oauth/2026-03/token', (body: Record<string, string>) => body.refresh_token === 'refresh-9071')
      .reply(400, { status: 'BAD_REFRESH_TOKEN', message: 'missing or unknown refresh token', error: 'invalid_grant', error_description: 'missing or unknown refresh token' })
      .post('/oauth/2026-03/token', (body: Record<string, string>) => body.refresh_token === 'refresh-9073')
      .reply(503, 'unavailable');
    const result = await checkInstalls(fixture.engine.pool, new AccessTokens(fixture.engine.pool, settings, fixture.clock));
    expect(result.uninstalled).toEqual([9071]);
    expect(result.failed).toBe(1);
    expect(nock.pendingMocks()).toEqual([]);
    const { rows } = await fixture.engine.pool.query('SELECT portal_id::int, state, disconnect_reason FROM hubspot_portals WHERE portal_id IN (9071, 9072, 9073) ORDER BY portal_id');
    expect(rows).toEqual([
      { portal_id: 9071, state: 'disconnected', disconnect_reason: 'uninstalled' },
      { portal_id: 9072, state: 'connected', disconnect_reason: null },
      { portal_id: 9073, state: 'connected', disconnect_reason: null },
    ]);
  });
});

describe("HubSpot's OAuth API", () => {
  const form = { reqheaders: { 'content-type': /^application\/x-www-form-urlencoded/ } };

  it('is called on its date-versioned endpoints, every parameter (the client secret too) in a form body, none in the URL', async () => {
    // nock answers only these paths with no query string: a call to /oauth/v1, or credentials in the URL, finds no answer.
    const bodies: Record<string, string>[] = [];
    const keep = (body: Record<string, string>) => (bodies.push(body), true);
    const scope = nock(API, form)
      .post('/oauth/2026-03/token', keep)
      .reply(200, { access_token: 'a-1', refresh_token: 'r-1', expires_in: 1800, token_type: 'bearer', token_use: 'access_token' })
      .post('/oauth/2026-03/token', keep)
      .reply(200, { access_token: 'a-2', refresh_token: 'r-2', expires_in: 1700, token_type: 'bearer', token_use: 'access_token' })
      .post('/oauth/2026-03/token/introspect', keep)
      .reply(200, introspection('a-2', 9050))
      .post('/oauth/2026-03/token/revoke', keep)
      .reply(200);
    expect(await exchangeCode(settings, 'the-code')).toEqual({ accessToken: 'a-1', refreshToken: 'r-1', expiresIn: 1800 });
    expect(await refreshTokens(settings, 'r-1')).toEqual({ accessToken: 'a-2', refreshToken: 'r-2', expiresIn: 1700 });
    expect(await tokenInfo(settings, 'a-2')).toEqual({
      hubId: 9050,
      hubDomain: 'portal-9050.hubspot.com',
      appId: 777,
      scopes: ['crm.objects.contacts.read', 'crm.objects.contacts.write', 'crm.schemas.contacts.write', 'oauth'],
    });
    await revokeRefreshToken(settings, 'r-2');
    expect(scope.isDone()).toBe(true);
    const credentials = { client_id: CLIENT_ID, client_secret: CLIENT_SECRET };
    expect(bodies).toEqual([
      { grant_type: 'authorization_code', code: 'the-code', redirect_uri: `${PUBLIC_URL}/hubspot/oauth/callback`, ...credentials },
      { grant_type: 'refresh_token', refresh_token: 'r-1', ...credentials },
      { token: 'a-2', token_type_hint: 'access_token', ...credentials },
      { token: 'r-2', token_type_hint: 'refresh_token', ...credentials },
    ]);
  });

  it("keeps HubSpot's refusals as they were: status, body and Retry-After; an answer without tokens is not taken for one", async () => {
    nock(API).post('/oauth/2026-03/token').reply(429, { status: 'error', message: 'slow down' }, { 'retry-after': '7' });
    await expect(refreshTokens(settings, 'r')).rejects.toMatchObject({ name: 'HubSpotError', status: 429, retryAfter: 7, body: { status: 'error', message: 'slow down' } });
    nock(API).post('/oauth/2026-03/token').reply(200, { access_token: 'secret-access', expires_in: 1800 });
    const failure = await refreshTokens(settings, 'r').catch((error: Error) => error);
    expect(failure).toMatchObject({ name: 'HubSpotError', status: 0 });
    // Whatever came back is not repeated in the message (it may hold a token).
    expect((failure as Error).message).not.toContain('secret-access');
    nock(API).post('/oauth/2026-03/token/introspect').reply(200, { active: false });
    await expect(tokenInfo(settings, 'gone')).rejects.toMatchObject({ name: 'HubSpotError', status: 0 });
  });
});

describe('refreshing from the expiry', () => {
  it('refreshes a token that expires within 5 minutes before the job that needs it calls HubSpot, without waiting for a 401', async () => {
    const customer = await newCustomer(fixture);
    // HubSpot gives a token with 200 s left; the setup job needs it after the 5-minute margin has begun.
    const refresh = nock(API)
      .post('/oauth/2026-03/token', (body: Record<string, string>) => body.grant_type === 'refresh_token' && body.refresh_token === 'refresh-9060')
      .reply(200, { access_token: 'access-9060-fresh', refresh_token: 'refresh-9060', expires_in: 1800, token_type: 'bearer' });
    // Every setup call must carry the refreshed token: nock answers no other (a call with the old one would find no answer).
    const setup = mockSetup(undefined, false, 'access-9060-fresh');
    mockTokens('code-9060', 9060, { expiresIn: 200 });
    const { state, cookie } = await openInstallLink(installLink(linkSettings, customer.account.id, new Date()).url.replace(PUBLIC_URL, fixture.engine.url));
    expect((await callback(fixture.engine.url, { code: 'code-9060', state }, cookie)).status).toBe(200);
    await until(
      () => `setup with the refreshed token; still expected: ${setup.pendingMocks().join(', ')}`,
      async () => setup.isDone(),
    );
    expect(refresh.isDone()).toBe(true);
    const { rows } = await fixture.engine.pool.query('SELECT access_expires_at FROM hubspot_portals WHERE portal_id = 9060');
    expect(rows[0].access_expires_at.getTime() - fixture.clock.now().getTime()).toBeGreaterThan(25 * 60_000);
  });
});
