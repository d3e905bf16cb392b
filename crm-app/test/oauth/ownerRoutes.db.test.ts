/** What the dashboard's HubSpot page does for owners: an install link over HTTP, and disconnecting one of the account's portals. */
import { client } from '@prospect-research/engine/testing';
import { describe, expect, it } from 'vitest';
import { readInstallLink } from '../../src/oauth/links.ts';
import { API, connectPortal, linkSettings, newCustomer, nock, PUBLIC_URL, useHubSpotEngine } from '../support.ts';

const fixture = useHubSpotEngine();

describe('POST /hubspot/install-link', () => {
  it("answers a signed link for the caller's account, as the CLI prints it", async () => {
    const customer = await newCustomer(fixture);
    const answer = await client(fixture.engine.url, customer.key).request('POST', '/hubspot/install-link');
    expect(answer.status).toBe(200);
    const url = new URL(answer.body.url as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/hubspot/install`);
    expect(readInstallLink(linkSettings, Object.fromEntries(url.searchParams), new Date())).toEqual({ accountId: customer.account.id });
    expect(new Date(answer.body.expires_at as string).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  });
});

describe('POST /hubspot/portals/{portal_id}/disconnect', () => {
  it("uninstalls the app from the account's portal and drops its tokens; says so once it is already disconnected", async () => {
    const customer = await newCustomer(fixture);
    await connectPortal(fixture.engine.url, customer.account.id, 9301);
    const uninstall = nock(API).delete('/appinstalls/2026-03/external-install').reply(204);
    const api = client(fixture.engine.url, customer.key);
    const answer = await api.request('POST', '/hubspot/portals/9301/disconnect');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      portal_id: 9301,
      disconnected: true,
      hubspot: 'uninstalled',
      text: 'Portal 9301 is disconnected; the app was uninstalled from it in HubSpot (its admins get an e-mail).',
      problem: null,
    });
    expect(uninstall.isDone()).toBe(true);
    const listed = await api.request('GET', '/hubspot/portals');
    expect(listed.body.portals).toEqual([expect.objectContaining({ portal_id: 9301, state: 'disconnected', disconnect_reason: 'cli' })]);
    expect((await api.request('POST', '/hubspot/portals/9301/disconnect')).body).toMatchObject({ disconnected: false, hubspot: null, text: 'Portal 9301 was not connected: nothing changed.' });
  });

  it('refuses a portal of another account, or none, as not found, and takes nothing from it', async () => {
    const owner = await newCustomer(fixture);
    const stranger = await newCustomer(fixture);
    await connectPortal(fixture.engine.url, owner.account.id, 9302);
    for (const path of ['/hubspot/portals/9302/disconnect', '/hubspot/portals/9999/disconnect']) {
      const refused = await client(fixture.engine.url, stranger.key).request('POST', path);
      expect(refused.status).toBe(404);
      expect(refused.body.error).toBe('portal_not_found');
    }
    expect((await fixture.engine.pool.query('SELECT state FROM hubspot_portals WHERE portal_id = 9302')).rows[0].state).toBe('connected');
    for (const path of ['/hubspot/portals/0/disconnect', '/hubspot/portals/x1/disconnect'])
      expect((await client(fixture.engine.url, stranger.key).request('POST', path)).body.error).toBe('portal_not_found');
  });

  it('disconnects once when asked twice at once: the other answer says the portal was not connected', async () => {
    const customer = await newCustomer(fixture);
    await connectPortal(fixture.engine.url, customer.account.id, 9303);
    // One uninstall, slow enough that the second request arrives while the first holds the portal.
    const uninstall = nock(API, { reqheaders: { authorization: 'Bearer access-9303' } })
      .delete('/appinstalls/2026-03/external-install')
      .delay(300)
      .reply(204);
    const api = client(fixture.engine.url, customer.key);
    const answers = await Promise.all([api.request('POST', '/hubspot/portals/9303/disconnect'), api.request('POST', '/hubspot/portals/9303/disconnect')]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const bodies = answers.map((answer) => answer.body).sort((a, b) => Number(b.disconnected) - Number(a.disconnected));
    expect(bodies).toEqual([
      expect.objectContaining({ disconnected: true, hubspot: 'uninstalled' }),
      { portal_id: 9303, disconnected: false, hubspot: null, text: 'Portal 9303 was not connected: nothing changed.', problem: null },
    ]);
    expect(uninstall.isDone()).toBe(true);
    expect((await fixture.engine.pool.query('SELECT state, disconnect_reason FROM hubspot_portals WHERE portal_id = 9303')).rows[0]).toEqual({ state: 'disconnected', disconnect_reason: 'cli' });
  });

  it('leaves alone a portal another account claims between the check and the act, and asks nothing of HubSpot', async () => {
    const first = await newCustomer(fixture);
    const second = await newCustomer(fixture);
    await connectPortal(fixture.engine.url, first.account.id, 9304);
    // Any call to HubSpot would be refused by nock (no answer set up), and show as a disconnection that "failed".
    const holder = await fixture.engine.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM hubspot_portals WHERE portal_id = 9304 FOR UPDATE');
      const pending = client(fixture.engine.url, first.key).request('POST', '/hubspot/portals/9304/disconnect');
      // The request found the portal its account's, and now waits on the row this transaction holds.
      await expect
        .poll(async () => (await fixture.engine.pool.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%hubspot_portals%'")).rows[0].n, {
          timeout: 10_000,
        })
        .toBe(1);
      // Meanwhile the portal goes to the other account (as a reinstall through its link does).
      await holder.query("UPDATE hubspot_portals SET account_id = $1, installed_at = now() WHERE portal_id = 9304 AND state = 'connected'", [second.account.id]);
      await holder.query('COMMIT');
      const answer = await pending;
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ portal_id: 9304, disconnected: false, hubspot: null });
    } finally {
      await holder.query('ROLLBACK').catch(() => {});
      holder.release();
    }
    const { rows } = await fixture.engine.pool.query('SELECT account_id::int, state, refresh_token IS NOT NULL AS has_tokens FROM hubspot_portals WHERE portal_id = 9304');
    expect(rows[0]).toEqual({ account_id: second.account.id, state: 'connected', has_tokens: true });
    const listed = await client(fixture.engine.url, second.key).request('GET', '/hubspot/portals');
    expect(listed.body.portals).toEqual([expect.objectContaining({ portal_id: 9304, state: 'connected' })]);
  });
});
