/**
 * The install as a CRM admin goes through it, in a real browser (Debian's Chromium driven by
 * playwright-core): the install link's page, HubSpot's consent (a stand-in that answers as HubSpot's
 * authorize page does: back to the redirect URL with `code` and `state`, or with `error`), the
 * callback's success page and every error page. HubSpot's API is mocked with nock.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installLink } from '../../src/oauth/links.ts';
import { API, CLIENT_ID, connectPortal, linkSettings, mockSetup, mockTokens, newCustomer, nock, PUBLIC_URL, until, useHubSpotEngine } from '../support.ts';

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

/** Opens `url` in a new browser profile (a context of its own: no cookies), or in `context` when given. */
async function open(url: string, context?: BrowserContext) {
  page = context ? await context.newPage() : await browser.newPage();
  const response = await page.goto(url);
  return response!;
}

/** Clicks "Connect HubSpot": the stand-in consent page sends the browser back to the callback, whose answer this is. */
async function connect() {
  const [response] = await Promise.all([page.waitForResponse(/\/hubspot\/oauth\/callback/), page.locator('#connect').click()]);
  await page.waitForLoadState();
  return response;
}

const portalRow = async (portalId: number) => (await fixture.engine.pool.query('SELECT account_id, state FROM hubspot_portals WHERE portal_id = $1', [portalId])).rows;

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
    expect(await page.locator('[data-scopes] li').allInnerTexts()).toEqual([
      'read your contacts, so new ones can enter an Autopilot, and the calls, meetings and e-mails logged on them (of an e-mail only its direction and time), so a reply, a connected call or a booked meeting can end a sequence (crm.objects.contacts.read)',
      "write each contact's Autopilot, outcome and research on it, and log each research brief as a note on the contact (crm.objects.contacts.write)",
      'create the "Prospect Research" contact properties those are written to (crm.schemas.contacts.write)',
      'uninstall itself from your HubSpot account when the app is disconnected on the Prospect Research side (oauth)',
      "show on each contact's timeline the Autopilot's touches sent, the contact's reply and how the sequence ended (timeline)",
    ]);
    // The one the admin may leave out: the subject of logged e-mails, which tells auto-replies apart.
    expect(await page.locator('[data-optional-scopes] li').allInnerTexts()).toEqual([
      "read the subject of e-mails logged on your contacts (never their body), so an out-of-office or another automatic reply is never taken for the contact's answer (sales-email-read)",
    ]);
    // What the app does, in words, with where to read more.
    expect(await page.locator('[data-does]').innerText()).toMatch(/logged as a note[\s\S]*Calls, meetings and e-mails logged on your contacts are read/);
    expect(await page.locator('[data-docs]').getAttribute('href')).toBe(`${PUBLIC_URL}/hubspot/help`);
    await Promise.all([page.waitForURL(/\/hubspot\/oauth\/callback/), page.locator('#connect').click()]);
    expect(await heading()).toBe('HubSpot is connected');
    expect(await page.locator('[data-portal]').innerText()).toBe('portal-4242.hubspot.com');
    // HubSpot was asked for this app, these scopes, and to come back to the configured redirect URL.
    const query = asked.at(-1)!;
    expect(query.get('client_id')).toBe(CLIENT_ID);
    expect(query.get('scope')).toBe('crm.objects.contacts.read crm.objects.contacts.write crm.schemas.contacts.write oauth timeline');
    expect(query.get('optional_scope')).toBe('sales-email-read');
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
    nock(API).post('/oauth/2026-03/token').reply(400, { status: 'BAD_AUTH_CODE', message: 'code already used' });
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

  it("refuses a state carried to another browser, with or without a cookie of its own: a customer's consent link cannot take an admin's portal", async () => {
    const customer = await newCustomer(fixture);
    // The customer opens their install link and sends the consent link (with its state) to a HubSpot admin.
    await open(link(customer.account.id));
    const consentLink = (await page.locator('#connect').getAttribute('href'))!;
    await page.close();
    mockTokens('code-admin', 4601);
    consent = { mode: 'approve', code: 'code-admin' };
    // The admin's browser never opened that install link: no install cookie at all.
    page = await browser.newPage();
    const [bare] = await Promise.all([page.waitForResponse(/\/hubspot\/oauth\/callback/), page.goto(consentLink)]);
    expect(bare.status()).toBe(400);
    await page.waitForLoadState();
    expect(await heading()).toBe('This sign-in was started in another browser');
    expect(await page.locator('[data-problem]').innerText()).toContain('Open your install link in this browser');
    await page.close();
    // The admin's browser has an install cookie of its own (it opened another install link): still refused.
    const admin = await browser.newContext();
    try {
      await open(link((await newCustomer(fixture)).account.id), admin);
      expect((await admin.cookies()).map((cookie) => [cookie.name, cookie.httpOnly, cookie.sameSite, cookie.secure])).toEqual([['__Host-prospect_hubspot_install', true, 'Lax', true]]);
      await page.close();
      page = await admin.newPage();
      const [response] = await Promise.all([page.waitForResponse(/\/hubspot\/oauth\/callback/), page.goto(consentLink)]);
      expect(response.status()).toBe(400);
      expect(await heading()).toBe('This sign-in was started in another browser');
    } finally {
      await page.close();
      await admin.close();
    }
    // HubSpot was never asked for tokens, and nothing was connected.
    expect(nock.pendingMocks().length).toBe(2);
    expect(await portalRow(4601)).toEqual([]);
  });

  it('refuses a state used before: the callback address opened again does nothing', async () => {
    const customer = await newCustomer(fixture);
    const setup = mockSetup();
    mockTokens('code-once', 4602);
    consent = { mode: 'approve', code: 'code-once' };
    const context = await browser.newContext();
    try {
      await open(link(customer.account.id), context);
      expect((await connect()).status()).toBe(200);
      const callbackUrl = page.url();
      await until('the portal set up', async () => setup.isDone());
      const again = await page.goto(callbackUrl);
      expect(again!.status()).toBe(400);
      expect(await heading()).toBe('This sign-in was already used');
    } finally {
      await page.close();
      await context.close();
    }
    expect(await portalRow(4602)).toEqual([{ account_id: customer.account.id, state: 'connected' }]);
  });

  it('lets an install link connect one portal: a second portal is refused, the first one connects again', async () => {
    const customer = await newCustomer(fixture);
    const shared = link(customer.account.id);
    let setup = mockSetup();
    mockTokens('code-first', 4603);
    consent = { mode: 'approve', code: 'code-first' };
    await open(shared);
    expect((await connect()).status()).toBe(200);
    expect(await heading()).toBe('HubSpot is connected');
    await until('the portal set up', async () => setup.isDone());
    await page.close();

    // Someone else with the same link, another HubSpot account.
    mockTokens('code-second', 4604);
    consent = { mode: 'approve', code: 'code-second' };
    await open(shared);
    expect((await connect()).status()).toBe(409);
    expect(await heading()).toBe('This install link already connected another HubSpot account');
    expect(await portalRow(4604)).toEqual([]);
    await page.close();

    // The first HubSpot account again, with the same link: fine, and the page says what happened.
    setup = mockSetup(undefined, true);
    mockTokens('code-third', 4603);
    consent = { mode: 'approve', code: 'code-third' };
    await open(shared);
    expect((await connect()).status()).toBe(200);
    expect(await heading()).toBe('HubSpot is connected again');
    expect(await page.locator('main').innerText()).toContain(`connected again to the Prospect Research account ${customer.account.name}`);
    await until('the portal checked again', async () => setup.isDone());
    expect(await portalRow(4603)).toEqual([{ account_id: customer.account.id, state: 'connected' }]);
  });

  it('connects a portal installed from HubSpot itself (no state) and shows its claim code', async () => {
    const setup = mockSetup();
    mockTokens('code-marketplace', 4605);
    expect((await open(`${fixture.engine.url}/hubspot/oauth/callback?code=code-marketplace`)).status()).toBe(200);
    expect(await heading()).toBe('HubSpot is connected: one step left');
    expect(await page.locator('[data-claim-code]').innerText()).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
    expect(await page.locator('main').innerText()).toContain('prospect-engine hubspot claim');
    await until('the portal set up', async () => setup.isDone());
    expect(await portalRow(4605)).toEqual([{ account_id: null, state: 'unclaimed' }]);
  });
});
