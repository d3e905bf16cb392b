/** A portal's setup on install, the CLI (install-link, portals list, disconnect) and the module's settings. */
import { engineModules, platformSettings, runCli } from '@prospect-research/engine';
import { describe, expect, it } from 'vitest';
import { readInstallLink } from '../src/oauth/links.ts';
import { hubspotSettings } from '../src/settings.ts';
import { CONNECTED_DISPOSITION } from '../src/setup.ts';
import { API, connectPortal, HUBSPOT_ENV, hubspotCli, installFromHubSpot, linkSettings, mockSetup, newCustomer, nock, PUBLIC_URL, until, useHubSpotEngine } from './support.ts';

const fixture = useHubSpotEngine();

const cli = (...args: string[]) => hubspotCli(fixture, ...args);

describe('setup on install', () => {
  it('finds the properties already there (one read, nothing created), and recognises Connected by id when relabelled and by label when added', async () => {
    const customer = await newCustomer(fixture);
    // connectPortal waits until every one of these calls was made.
    await connectPortal(fixture.engine.url, customer.account.id, 7001, {
      existing: true,
      dispositions: [
        { id: CONNECTED_DISPOSITION, label: 'Spoke with them', deleted: false },
        { id: 'custom-1', label: ' connected ', deleted: false },
        { id: 'old-1', label: 'Connected', deleted: true },
        { id: '73a0d17f-1163-4015-bdd5-ec830791da20', label: 'No answer', deleted: false },
      ],
    });
    await expect
      .poll(async () => (await fixture.engine.pool.query('SELECT connected_dispositions FROM hubspot_portals WHERE portal_id = 7001')).rows[0].connected_dispositions)
      .toEqual([CONNECTED_DISPOSITION, 'custom-1']);
  });
});

describe('prospect-engine hubspot', () => {
  it('install-link prints a signed link to PUBLIC_URL for an existing account, valid 7 days', async () => {
    const customer = await newCustomer(fixture);
    const result = await cli('hubspot', 'install-link', '--account', String(customer.account.id));
    expect(result.code).toBe(0);
    const url = new URL(result.json.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/hubspot/install`);
    expect(readInstallLink(linkSettings, Object.fromEntries(url.searchParams), new Date())).toEqual({ accountId: customer.account.id });
    expect(new Date(result.json.expires_at).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect((await cli('hubspot', 'install-link', '--account', '987654')).code).toBe(2);
  });

  it('portals list shows each portal and its account; disconnect uninstalls the app in HubSpot and drops its tokens', async () => {
    const customer = await newCustomer(fixture);
    await connectPortal(fixture.engine.url, customer.account.id, 7002);
    const listed = await cli('hubspot', 'portals', 'list');
    expect(listed.json.portals).toContainEqual(expect.objectContaining({ portal_id: 7002, account_id: customer.account.id, hub_domain: 'portal-7002.hubspot.com', state: 'connected' }));
    const uninstall = nock(API, { reqheaders: { authorization: 'Bearer access-7002' } })
      .delete('/appinstalls/2026-03/external-install')
      .reply(204);
    expect((await cli('hubspot', 'disconnect', '7002')).json).toEqual({ portal_id: 7002, disconnected: true, hubspot: 'uninstalled' });
    expect(uninstall.isDone()).toBe(true);
    expect((await cli('hubspot', 'disconnect', '--portal', '7002')).json).toEqual({ portal_id: 7002, disconnected: false });
    const { rows } = await fixture.engine.pool.query('SELECT state, refresh_token, access_token, disconnect_reason FROM hubspot_portals WHERE portal_id = 7002');
    expect(rows[0]).toEqual({ state: 'disconnected', refresh_token: null, access_token: null, disconnect_reason: 'cli' });
  });

  it('disconnect revokes the refresh token when HubSpot cannot uninstall the app (an install from before the oauth scope), and disconnects all the same', async () => {
    const customer = await newCustomer(fixture);
    await connectPortal(fixture.engine.url, customer.account.id, 7003);
    const calls = nock(API)
      .delete('/appinstalls/2026-03/external-install')
      .reply(403, { status: 'error', message: "This app hasn't been granted all required scopes to make this call.", category: 'MISSING_SCOPES' })
      .post(
        '/oauth/2026-03/token/revoke',
        (body: Record<string, string>) => body.token === 'refresh-7003' && body.token_type_hint === 'refresh_token' && body.client_secret === HUBSPOT_ENV.HUBSPOT_CLIENT_SECRET,
      )
      .reply(200);
    const result = await cli('hubspot', 'disconnect', '7003');
    expect(result.json).toEqual({ portal_id: 7003, disconnected: true, hubspot: 'token_revoked' });
    expect(result.stderr).toContain('MISSING_SCOPES');
    expect(calls.isDone()).toBe(true);
    const { rows } = await fixture.engine.pool.query('SELECT state, refresh_token FROM hubspot_portals WHERE portal_id = 7003');
    expect(rows[0]).toEqual({ state: 'disconnected', refresh_token: null });
  });

  it('disconnect drops the tokens here even when HubSpot is down, and says an admin should uninstall the app there', async () => {
    const customer = await newCustomer(fixture);
    await connectPortal(fixture.engine.url, customer.account.id, 7004);
    nock(API).delete('/appinstalls/2026-03/external-install').reply(503, 'unavailable').post('/oauth/2026-03/token/revoke').reply(503, 'unavailable');
    const result = await cli('hubspot', 'disconnect', '--portal', '7004');
    expect(result.json).toEqual({ portal_id: 7004, disconnected: true, hubspot: 'failed' });
    expect(result.stderr).toContain('HTTP 503');
    let text = '';
    await runCli(['hubspot', 'disconnect', '--portal', '7004'], await engineModules(), {
      env: { ...HUBSPOT_ENV, DATABASE_URL: fixture.database.url, LOG_LEVEL: 'warn' },
      stdout: (t) => void (text += t),
      stderr: () => {},
    });
    expect(text).toContain('portal 7004 was not connected');
    expect((await fixture.engine.pool.query('SELECT state FROM hubspot_portals WHERE portal_id = 7004')).rows[0].state).toBe('disconnected');
  });

  it("disconnect refreshes a due access token with the portal's refresh token before uninstalling, and takes a refused refresh for an uninstall already done", async () => {
    const customer = await newCustomer(fixture);
    // Access tokens with a minute left: inside the 5-minute margin, so the disconnection refreshes first.
    const due = (portalId: number) => fixture.engine.pool.query('UPDATE hubspot_portals SET access_expires_at = $2 WHERE portal_id = $1', [portalId, new Date(Date.now() + 60_000)]);
    await connectPortal(fixture.engine.url, customer.account.id, 7007);
    await due(7007);
    const calls = nock(API)
      .post('/oauth/2026-03/token', (body: Record<string, string>) => body.grant_type === 'refresh_token' && body.refresh_token === 'refresh-7007')
      .reply(200, { access_token: 'access-7007-b', refresh_token: 'refresh-7007', expires_in: 1800, token_type: 'bearer' })
      .delete('/appinstalls/2026-03/external-install')
      .matchHeader('authorization', 'Bearer access-7007-b')
      .reply(204);
    expect((await cli('hubspot', 'disconnect', '--portal', '7007')).json).toEqual({ portal_id: 7007, disconnected: true, hubspot: 'uninstalled' });
    expect(calls.isDone()).toBe(true);

    await connectPortal(fixture.engine.url, customer.account.id, 7008);
    await due(7008);
    nock(API).post('/oauth/2026-03/token').reply(400, { status: 'BAD_REFRESH_TOKEN', message: 'missing or unknown refresh token' });
    expect((await cli('hubspot', 'disconnect', '--portal', '7008')).json).toEqual({ portal_id: 7008, disconnected: true, hubspot: 'already_uninstalled' });
    const { rows } = await fixture.engine.pool.query('SELECT state, refresh_token, disconnect_reason FROM hubspot_portals WHERE portal_id = 7008');
    expect(rows[0]).toEqual({ state: 'disconnected', refresh_token: null, disconnect_reason: 'uninstalled' });
  });

  it('disconnect uninstalls an unclaimed portal too', async () => {
    await installFromHubSpot(fixture.engine.url, 7005);
    const uninstall = nock(API, { reqheaders: { authorization: 'Bearer access-7005' } })
      .delete('/appinstalls/2026-03/external-install')
      .reply(204);
    expect((await cli('hubspot', 'disconnect', '--portal', '7005')).json).toEqual({ portal_id: 7005, disconnected: true, hubspot: 'uninstalled' });
    expect(uninstall.isDone()).toBe(true);
    expect((await fixture.engine.pool.query('SELECT state, account_id FROM hubspot_portals WHERE portal_id = 7005')).rows[0]).toEqual({ state: 'disconnected', account_id: null });
  });

  it("setup queues a connected portal's setup again now; a portal not connected gets none", async () => {
    const customer = await newCustomer(fixture);
    await connectPortal(fixture.engine.url, customer.account.id, 7006, { existing: true });
    const again = mockSetup(undefined, true);
    expect((await cli('hubspot', 'setup', '7006')).json).toEqual({ portal_id: 7006, queued: true });
    await until(
      () => `the setup run again; HubSpot calls still expected: ${again.pendingMocks().join(', ')}`,
      async () => again.isDone(),
    );
    expect((await cli('hubspot', 'setup', '--portal', '7999')).json).toEqual({ portal_id: 7999, queued: false });
  });

  it('refuses with the reason when the app is off', async () => {
    let stderr = '';
    const code = await runCli(['hubspot', 'portals', 'list'], await engineModules(), {
      env: { DATABASE_URL: fixture.database.url, LOG_LEVEL: 'warn' },
      stdout: () => {},
      stderr: (text) => void (stderr += text),
    });
    expect(code).toBe(2);
    expect(stderr).toContain('the hubspot feature is off');
  });
});

describe('settings', () => {
  const read = (env: Record<string, string>) => hubspotSettings(env, platformSettings(env));

  it('is off without HUBSPOT_CLIENT_ID and HUBSPOT_CLIENT_SECRET, and on with defaults from PUBLIC_URL when they are set', () => {
    expect(read({})).toBeUndefined();
    const settings = read(HUBSPOT_ENV)!;
    expect(settings).toMatchObject({
      clientId: 'client-id-1',
      appId: 777,
      redirectUrl: `${PUBLIC_URL}/hubspot/oauth/callback`,
      scopes: ['crm.objects.contacts.read', 'crm.objects.contacts.write', 'crm.schemas.contacts.write', 'oauth', 'timeline'],
      authorizeUrl: 'https://app.hubspot.com/oauth/authorize',
    });
    const { HUBSPOT_API_BASE_URL: _, ...withoutBase } = HUBSPOT_ENV;
    expect(read(withoutBase)!.apiBaseUrl).toBe('https://api.hubapi.com');
    expect(read({ ...HUBSPOT_ENV, HUBSPOT_SCOPES: 'crm.objects.contacts.read, oauth', HUBSPOT_REDIRECT_URL: 'https://x.example/cb' })).toMatchObject({
      scopes: ['crm.objects.contacts.read', 'oauth'],
      redirectUrl: 'https://x.example/cb',
    });
  });

  it('asks for sales-email-read as an optional scope unless told otherwise; a scope that cannot be one is refused', () => {
    expect(read(HUBSPOT_ENV)!.optionalScopes).toEqual(['sales-email-read']);
    expect(read({ ...HUBSPOT_ENV, HUBSPOT_OPTIONAL_SCOPES: '' })!.optionalScopes).toEqual([]);
    // A scope required already is not asked for twice.
    expect(read({ ...HUBSPOT_ENV, HUBSPOT_SCOPES: 'crm.objects.contacts.read sales-email-read', HUBSPOT_OPTIONAL_SCOPES: 'sales-email-read,tickets' })).toMatchObject({
      scopes: ['crm.objects.contacts.read', 'sales-email-read'],
      optionalScopes: ['tickets'],
    });
    expect(() => read({ ...HUBSPOT_ENV, HUBSPOT_OPTIONAL_SCOPES: 'sales email read!' })).toThrow(/HUBSPOT_OPTIONAL_SCOPES .* "read!" is not one/);
  });

  it('links the install pages to the help page the app serves, or to the documentation and support given', () => {
    expect(read(HUBSPOT_ENV)).toMatchObject({ docsUrl: `${PUBLIC_URL}/hubspot/help`, supportUrl: undefined });
    expect(read({ ...HUBSPOT_ENV, HUBSPOT_DOCS_URL: 'https://docs.example.com/hubspot', HUBSPOT_SUPPORT_URL: 'mailto:help@example.com' })).toMatchObject({
      docsUrl: 'https://docs.example.com/hubspot',
      supportUrl: 'mailto:help@example.com',
    });
  });

  it('names the variable that is missing or wrong', () => {
    const { HUBSPOT_CLIENT_SECRET: _s, ...noSecret } = HUBSPOT_ENV;
    expect(() => read(noSecret)).toThrow(/HUBSPOT_CLIENT_SECRET is not/);
    const { HUBSPOT_APP_ID: _a, ...noApp } = HUBSPOT_ENV;
    expect(() => read(noApp)).toThrow(/HUBSPOT_APP_ID/);
    const { SECRET_KEY: _k, ...noKey } = HUBSPOT_ENV;
    expect(() => read(noKey)).toThrow(/SECRET_KEY/);
    expect(() => read({ ...HUBSPOT_ENV, HUBSPOT_API_BASE_URL: 'ftp://x' })).toThrow(/HUBSPOT_API_BASE_URL/);
    expect(() => read({ ...HUBSPOT_ENV, HUBSPOT_SCOPES: 'crm.objects<script>' })).toThrow(/HUBSPOT_SCOPES/);
    expect(() => read({ ...HUBSPOT_ENV, HUBSPOT_DOCS_URL: 'javascript:alert(1)' })).toThrow(/HUBSPOT_DOCS_URL/);
    expect(() => read({ ...HUBSPOT_ENV, HUBSPOT_SUPPORT_URL: 'javascript:alert(1)' })).toThrow(/HUBSPOT_SUPPORT_URL/);
    expect(() => read({ ...HUBSPOT_ENV, HUBSPOT_SUPPORT_URL: 'mailto:nobody' })).toThrow(/HUBSPOT_SUPPORT_URL/);
    expect(() => read({ ...HUBSPOT_ENV, HUBSPOT_APP_EVENTS: 'yes' })).toThrow('HUBSPOT_APP_EVENTS must be true or false, got "yes"');
  });

  it('sends app events to the contact timelines only when HUBSPOT_APP_EVENTS is true (HubSpot must approve them first)', () => {
    expect(read(HUBSPOT_ENV)!.appEvents).toBe(false);
    expect(read({ ...HUBSPOT_ENV, HUBSPOT_APP_EVENTS: 'true' })!.appEvents).toBe(true);
    expect(read({ ...HUBSPOT_ENV, HUBSPOT_APP_EVENTS: 'FALSE' })!.appEvents).toBe(false);
  });
});
