/**
 * Installs HubSpot starts (its install URL, a marketplace listing: a callback without our `state`): the
 * portal is connected unclaimed, its page shows a one-time claim code, and an account attaches it with
 * the code through the API or the CLI. Until then its events are not taken.
 */
import { client } from '@prospect-research/engine/testing';
import { describe, expect, it } from 'vitest';
import { CLAIM_CODE_TTL_MS } from '../../src/oauth/claims.ts';
import { API, callback, connectPortal, contactRecord, event, everyone, hubspotCli, installFromHubSpot, leadsOf, newCustomer, nock, sendBatch, until, useHubSpotEngine } from '../support.ts';

const fixture = useHubSpotEngine();

const cli = (...args: string[]) => hubspotCli(fixture, ...args);

async function portal(portalId: number) {
  const { rows } = await fixture.engine.pool.query('SELECT account_id, state, refresh_token IS NOT NULL AS has_tokens FROM hubspot_portals WHERE portal_id = $1', [portalId]);
  return rows[0];
}

const claim = (key: string, body: unknown) => client(fixture.engine.url, key).request('POST', '/hubspot/portals/claim', { body });

describe('an install HubSpot started (no state)', () => {
  it('connects the portal unclaimed and sets it up; the page shows a one-time claim code, kept only as a hash', async () => {
    const installed = await installFromHubSpot(fixture.engine.url, 8101);
    expect(installed.status).toBe(200);
    expect(installed.html).toContain('HubSpot is connected: one step left');
    expect(installed.html).toContain('portal-8101.hubspot.com');
    expect(installed.claimCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/);
    // A page with a secret in it: never cached, and our address (with HubSpot's code) not sent to the links on it.
    expect(installed.headers.get('cache-control')).toBe('no-store');
    expect(installed.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await portal(8101)).toEqual({ account_id: null, state: 'unclaimed', has_tokens: true });
    const { rows } = await fixture.engine.pool.query('SELECT code_hash, expires_at, created_at FROM hubspot_claim_codes WHERE portal_id = 8101');
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).not.toContain(installed.claimCode!.replace(/-/g, ''));
    expect(rows[0].expires_at.getTime() - rows[0].created_at.getTime()).toBe(CLAIM_CODE_TTL_MS);
    const listed = await cli('hubspot', 'portals', 'list');
    expect(listed.json.portals).toContainEqual(expect.objectContaining({ portal_id: 8101, account_id: null, state: 'unclaimed', claim_code_expires_at: rows[0].expires_at.toISOString() }));
  });

  it("does not take an unclaimed portal's events (204, dropped); once claimed through the API its contacts reach the account's Autopilots", async () => {
    const customer = await newCustomer(fixture);
    expect((await client(fixture.engine.url, customer.key).request('PUT', '/autopilots/Everyone', { body: everyone })).status).toBeLessThan(300);
    const installed = await installFromHubSpot(fixture.engine.url, 8102);
    const created = fixture.clock.now().getTime() + 1000;
    const before = await sendBatch(fixture.engine.url, [event(8102, 'contact.creation', 501, created)]);
    expect(before.status).toBe(204);
    expect((await fixture.engine.pool.query('SELECT 1 FROM hubspot_events WHERE portal_id = 8102')).rows).toEqual([]);

    const claimed = await claim(customer.key, { claim_code: installed.claimCode!.toLowerCase() });
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({ portal_id: 8102, hub_domain: 'portal-8102.hubspot.com', account_id: customer.account.id, state: 'connected' });
    expect(await portal(8102)).toEqual({ account_id: customer.account.id, state: 'connected', has_tokens: true });
    const listed = await client(fixture.engine.url, customer.key).request('GET', '/hubspot/portals');
    expect(listed.body.portals).toEqual([expect.objectContaining({ portal_id: 8102, hub_domain: 'portal-8102.hubspot.com', state: 'connected' })]);

    nock(API)
      .post('/crm/v3/objects/contacts/batch/read')
      .query(true)
      .reply(200, { status: 'COMPLETE', results: [contactRecord(502, { email: 'p502@acme-502.com' }, new Date(created))], startedAt: '', completedAt: '' });
    expect((await sendBatch(fixture.engine.url, [event(8102, 'contact.creation', 502, created)])).status).toBe(204);
    await until('contact 502 enrolled', async () => (await leadsOf(fixture, customer.account.id)).some((lead) => lead.contact_id === '502'));
    // The event sent while unclaimed was not kept: its contact was never taken.
    expect((await leadsOf(fixture, customer.account.id)).map((lead) => lead.contact_id)).toEqual(['502']);
  });

  it('attaches a portal with `hubspot claim` on the CLI', async () => {
    const customer = await newCustomer(fixture);
    const installed = await installFromHubSpot(fixture.engine.url, 8103);
    const result = await cli('hubspot', 'claim', '--account', String(customer.account.id), '--code', installed.claimCode!);
    expect(result.code).toBe(0);
    expect(result.json).toMatchObject({ portal_id: 8103, account_id: customer.account.id, state: 'connected' });
    expect(await portal(8103)).toMatchObject({ account_id: customer.account.id, state: 'connected' });
    const again = await cli('hubspot', 'claim', '--account', String(customer.account.id), '--code', installed.claimCode!);
    expect(again.code).toBe(2);
    expect(again.json.error).toMatch(/used/);
  });

  it('refuses a malformed, a wrong, a used and an expired code, and a portal another account has', async () => {
    const [first, second] = [await newCustomer(fixture), await newCustomer(fixture)];
    expect((await claim(first.key, { claim_code: 'nope' })).body).toMatchObject({ error: 'invalid_claim_code' });
    expect((await claim(first.key, {})).status).toBe(400);
    expect((await claim(first.key, ['x'])).body.error).toBe('invalid_claim_code');
    expect((await claim(first.key, undefined)).body.error).toBe('invalid_claim_code');
    const wrong = await claim(first.key, { claim_code: 'ABCD-EFGH-JKMN-PQRS-TVWX' });
    expect([wrong.status, wrong.body.error]).toEqual([404, 'claim_code_not_found']);

    const used = await installFromHubSpot(fixture.engine.url, 8104);
    expect((await claim(first.key, { claim_code: used.claimCode })).status).toBe(200);
    const usedAgain = await claim(second.key, { claim_code: used.claimCode });
    expect([usedAgain.status, usedAgain.body.error]).toEqual([409, 'claim_code_used']);
    expect(await portal(8104)).toMatchObject({ account_id: first.account.id });

    const late = await installFromHubSpot(fixture.engine.url, 8105);
    const now = fixture.clock.now();
    fixture.clock.advance({ hours: 24, minutes: 1 });
    try {
      const expired = await claim(first.key, { claim_code: late.claimCode });
      expect([expired.status, expired.body.error]).toEqual([410, 'claim_code_expired']);
      expect(await portal(8105)).toMatchObject({ account_id: null, state: 'unclaimed' });
    } finally {
      fixture.clock.set(now);
    }

    // Attached to the first account through its install link meanwhile: the code shown earlier no longer takes it.
    const taken = await installFromHubSpot(fixture.engine.url, 8106);
    await connectPortal(fixture.engine.url, first.account.id, 8106);
    const other = await claim(second.key, { claim_code: taken.claimCode });
    expect([other.status, other.body.error]).toEqual([409, 'portal_claimed']);
    expect(await portal(8106)).toMatchObject({ account_id: first.account.id, state: 'connected' });
  });

  it('keeps a connected portal installed again from HubSpot with its account, and says so; an unclaimed one gets a new code that ends the old', async () => {
    const customer = await newCustomer(fixture);
    await connectPortal(fixture.engine.url, customer.account.id, 8107);
    const again = await installFromHubSpot(fixture.engine.url, 8107);
    expect(again.status).toBe(200);
    expect(again.claimCode).toBeUndefined();
    expect(again.html).toContain('HubSpot is connected again');
    expect(again.html).toContain(`is connected again to the Prospect Research account <strong data-account>${customer.account.name}</strong>`);
    expect(await portal(8107)).toEqual({ account_id: customer.account.id, state: 'connected', has_tokens: true });

    const first = await installFromHubSpot(fixture.engine.url, 8108);
    const second = await installFromHubSpot(fixture.engine.url, 8108);
    expect(second.claimCode).not.toBe(first.claimCode);
    expect((await claim(customer.key, { claim_code: first.claimCode })).body.error).toBe('claim_code_not_found');
    expect((await claim(customer.key, { claim_code: second.claimCode })).status).toBe(200);
  });

  it('connects a disconnected portal installed again from HubSpot unclaimed: whoever it fed before, it no longer does', async () => {
    const customer = await newCustomer(fixture);
    await connectPortal(fixture.engine.url, customer.account.id, 8109);
    await fixture.engine.pool.query(`UPDATE hubspot_portals SET state = 'disconnected', refresh_token = NULL, access_token = NULL WHERE portal_id = 8109`);
    const again = await installFromHubSpot(fixture.engine.url, 8109);
    expect(again.claimCode).toBeDefined();
    expect(await portal(8109)).toEqual({ account_id: null, state: 'unclaimed', has_tokens: true });
  });

  it('still refuses what it refused: a declined consent, no code, a failed exchange, a token HubSpot says is not active', async () => {
    const portals = async () => (await fixture.engine.pool.query('SELECT count(*)::int AS n FROM hubspot_portals')).rows[0].n as number;
    const before = await portals();
    expect((await callback(fixture.engine.url, {})).status).toBe(400);
    const declined = await fetch(`${fixture.engine.url}/hubspot/oauth/callback?error=access_denied`);
    expect(declined.status).toBe(400);
    nock(API).post('/oauth/2026-03/token').reply(400, { status: 'BAD_AUTH_CODE', message: 'code already used', error: 'invalid_grant' });
    expect((await callback(fixture.engine.url, { code: 'used' })).status).toBe(502);
    const inactive = nock(API)
      .post('/oauth/2026-03/token')
      .reply(200, { access_token: 'a', refresh_token: 'r', expires_in: 1800, token_type: 'bearer' })
      .post('/oauth/2026-03/token/introspect')
      .reply(200, { active: false });
    expect((await callback(fixture.engine.url, { code: 'inactive' })).status).toBe(502);
    expect(inactive.isDone()).toBe(true);
    expect(await portals()).toBe(before);
  });
});
