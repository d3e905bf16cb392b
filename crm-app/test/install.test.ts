/**
 * The install as a CRM admin goes through it, in a real browser (Debian's Chromium driven by
 * playwright-core): the install link's page, HubSpot's consent (a stand-in that answers as HubSpot's
 * authorize page does: back to the redirect URL with `code` and `state`, or with `error`), the
 * callback's success page and every error page. HubSpot's API is mocked with nock.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installLink } from '../src/oauth/links.ts';
import { API, CLIENT_ID, connectPortal, linkSettings, mockSetup, mockTokens, newCustomer, nock, PUBLIC_URL, until, useHubSpotEngine } from './support.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) console.warn(`crm-app install pages: no Chromium at ${CHROMIUM}, browser tests skipped (apt-get install chromium, or set CHROMIUM_PATH)`);

/** What the stand-in consent page does: `approve` sends `code` back, `deny` sends HubSpot's error. */
let consent: { mode: 'approve' | 'deny'; code: string } = { mode: 'approve', code: 'code-1' };
const asked: URLSearchParams[] = [];
let authorize: Server;
const env: Record<string, string> = {};

beforeAll(async () => {
  authorize = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://x').searchParams;
    asked.push(query);
    const back = new URL(`${fixture.engine.url}/hubspot/oauth/callback`);
    if (consent.mode === 'approve') back.searchParams.set('code', consent.code);
    else {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user denied access');
    }
    back.searchParams.set('state', query.get('state') ?? '');
    response.writeHead(302, { location: back.toString() }).end();
  });
  await new Promise<void>((resolve) => authorize.listen(0, '127.0.0.1', resolve));
  env.HUBSPOT_AUTHORIZE_URL = `http://127.0.0.1:${(authorize.address() as AddressInfo).port}/oauth/authorize`;
});

const fixture = useHubSpotEngine(env);

let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (haveChromium) browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}, 60_000);
afterEach(async () => {
  await page?.close();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => authorize?.close(resolve));
});

/** The link `hubspot install-link` prints, pointed at the test engine instead of PUBLIC_URL. */
function link(accountId: number, now = fixture.clock.now()) {
  return installLink(linkSettings, accountId, now).url.replace(PUBLIC_URL, fixture.engine.url);
}

async function open(url: string) {
  page = await browser.newPage();
  const response = await page.goto(url);
  return response!;
}

const heading = () => page.locator('h1').innerText();

describe.skipIf(!haveChromium)('the install pages in a browser', () => {
  it('connects a portal: the start page names the account and what the app may do, HubSpot asks, the success page names the portal', async () => {
    const customer = await newCustomer(fixture);
    const setup = mockSetup();
    mockTokens('code-1', 4242);
    consent = { mode: 'approve', code: 'code-1' };
    const start = await open(link(customer.account.id));
    expect(start.status()).toBe(200);
    expect(await heading()).toBe('Connect HubSpot to Prospect Research');
    expect(await page.locator('[data-account]').innerText()).toBe(customer.account.name);
    expect(await page.locator('li').allInnerTexts()).toEqual([
      'read your contacts, so new ones can enter an Autopilot (crm.objects.contacts.read)',
      "write each contact's Autopilot, outcome and research on it (crm.objects.contacts.write)",
      'create the "Prospect Research" contact properties those are written to (crm.schemas.contacts.write)',
    ]);
    await Promise.all([page.waitForURL(/\/hubspot\/oauth\/callback/), page.locator('#connect').click()]);
    expect(await heading()).toBe('HubSpot is connected');
    expect(await page.locator('[data-portal]').innerText()).toBe('portal-4242.hubspot.com');
    // HubSpot was asked for this app, these scopes, and to come back to the configured redirect URL.
    const query = asked.at(-1)!;
    expect(query.get('client_id')).toBe(CLIENT_ID);
    expect(query.get('scope')).toBe('crm.objects.contacts.read crm.objects.contacts.write crm.schemas.contacts.write');
    expect(query.get('redirect_uri')).toBe(`${PUBLIC_URL}/hubspot/oauth/callback`);
    const { rows } = await fixture.engine.pool.query('SELECT account_id, state FROM hubspot_portals WHERE portal_id = 4242');
    expect(rows).toEqual([{ account_id: customer.account.id, state: 'connected' }]);
    await until('the portal set up', async () => setup.isDone());
  });

  it('says nothing was connected when the admin declines on HubSpot', async () => {
    const customer = await newCustomer(fixture);
    consent = { mode: 'deny', code: '' };
    await open(link(customer.account.id));
    const [response] = await Promise.all([page.waitForResponse(/\/hubspot\/oauth\/callback/), page.locator('#connect').click()]);
    expect(response.status()).toBe(400);
    expect(await heading()).toBe('HubSpot was not connected');
    expect(await page.locator('[data-problem]').innerText()).toContain('nothing changed in your HubSpot account');
  });

  it('says HubSpot did not complete the connection when the token exchange fails, and connects nothing', async () => {
    const customer = await newCustomer(fixture);
    nock(API).post('/oauth/v1/token').reply(400, { status: 'BAD_AUTH_CODE', message: 'code already used' });
    consent = { mode: 'approve', code: 'used-code' };
    await open(link(customer.account.id));
    const [response] = await Promise.all([page.waitForResponse(/\/hubspot\/oauth\/callback/), page.locator('#connect').click()]);
    expect(response.status()).toBe(502);
    expect(await heading()).toBe('HubSpot did not complete the connection');
    const { rows } = await fixture.engine.pool.query('SELECT 1 FROM hubspot_portals WHERE account_id = $1', [customer.account.id]);
    expect(rows).toEqual([]);
  });

  it('refuses a changed install link, an expired one, and a link of an account that is gone', async () => {
    const customer = await newCustomer(fixture);
    const changed = link(customer.account.id).replace(`account=${customer.account.id}`, `account=${customer.account.id + 1}`);
    expect((await open(changed)).status()).toBe(400);
    expect(await heading()).toBe('This install link does not work');
    await page.close();
    const old = link(customer.account.id, new Date(fixture.clock.now().getTime() - 8 * 24 * 3600_000));
    expect((await open(old)).status()).toBe(410);
    expect(await heading()).toBe('This install link has expired');
    await page.close();
    expect((await open(link(987654))).status()).toBe(404);
    expect(await heading()).toBe('This account no longer exists');
  });

  it('refuses a changed state and one older than 30 minutes, and never asks HubSpot for tokens then', async () => {
    const customer = await newCustomer(fixture);
    await open(link(customer.account.id));
    const href = (await page.locator('#connect').getAttribute('href'))!;
    const state = new URL(href).searchParams.get('state')!;
    await page.close();
    const tampered = state.replace(/^\d+/, String(customer.account.id + 1));
    expect((await open(`${fixture.engine.url}/hubspot/oauth/callback?code=abc&state=${encodeURIComponent(tampered)}`)).status()).toBe(400);
    expect(await heading()).toBe('This sign-in could not be checked');
    await page.close();
    fixture.clock.advance({ minutes: 31 });
    expect((await open(`${fixture.engine.url}/hubspot/oauth/callback?code=abc&state=${encodeURIComponent(state)}`)).status()).toBe(400);
    expect(await heading()).toBe('This sign-in took too long');
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('refuses to move a connected portal to another account, naming the command that disconnects it', async () => {
    const first = await newCustomer(fixture);
    await connectPortal(fixture.engine.url, first.account.id, 4343);
    const second = await newCustomer(fixture);
    mockTokens('code-2', 4343);
    consent = { mode: 'approve', code: 'code-2' };
    await open(link(second.account.id));
    const [response] = await Promise.all([page.waitForResponse(/\/hubspot\/oauth\/callback/), page.locator('#connect').click()]);
    expect(response.status()).toBe(409);
    expect(await page.locator('[data-problem]').innerText()).toContain('prospect-engine hubspot disconnect --portal 4343');
    const { rows } = await fixture.engine.pool.query('SELECT account_id FROM hubspot_portals WHERE portal_id = 4343');
    expect(rows).toEqual([{ account_id: first.account.id }]);
  });
});
