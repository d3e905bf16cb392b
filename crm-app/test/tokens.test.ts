/** Access tokens refreshed before their 30 minutes end, once per portal however many ask at once; refresh tokens sealed at rest. */
import { platformSettings } from '@prospect-research/engine';
import { describe, expect, it } from 'vitest';
import { AccessTokens, PortalDisconnected } from '../src/portals.ts';
import { hubspotSettings } from '../src/settings.ts';
import { API, CLIENT_SECRET, connectPortal, HUBSPOT_ENV, newCustomer, nock, useHubSpotEngine } from './support.ts';

const fixture = useHubSpotEngine();
const settings = hubspotSettings(HUBSPOT_ENV, platformSettings(HUBSPOT_ENV))!;

/** The stored access token now has `seconds` left (HubSpot's expires_in counted from the install). */
async function expiresIn(portalId: number, seconds: number) {
  await fixture.engine.pool.query('UPDATE hubspot_portals SET access_expires_at = $2 WHERE portal_id = $1', [portalId, new Date(fixture.clock.now().getTime() + seconds * 1000)]);
}

function mockRefresh(portalId: number, accessToken: string) {
  return nock(API)
    .post('/oauth/v1/token', (body: Record<string, string>) => body.grant_type === 'refresh_token' && body.refresh_token === `refresh-${portalId}` && body.client_secret === CLIENT_SECRET)
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
    nock(API).post('/oauth/v1/token').reply(400, { status: 'BAD_REFRESH_TOKEN', message: 'missing or unknown refresh token' });
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
    nock(API).post('/oauth/v1/token').reply(502, 'Bad gateway');
    await expect(new AccessTokens(fixture.engine.pool, settings, fixture.clock).get(9004)).rejects.toThrow(/HubSpot token refresh/);
    const { rows } = await fixture.engine.pool.query('SELECT state FROM hubspot_portals WHERE portal_id = 9004');
    expect(rows[0].state).toBe('connected');
  });
});
