/**
 * The HubSpot page in a real browser against the seeded engine with the HubSpot app (HubSpot itself is
 * nock's): an owner of the Demo account creates an install link, claims a portal installed from
 * HubSpot (installedFromHubSpot, as the app's callback stores one) with the code its
 * page showed (a wrong code first, refused in the engine's words), sees it listed and disconnects it
 * after a confirmation; a member sees the portals and changes nothing. Checked by axe-core at laptop and
 * phone widths, light and dark, kept as screenshots in test-artifacts/dashboard/.
 */
import { createHash } from 'node:crypto';
import { engineModules, Secrets } from '@prospect-research/engine';
import nock from 'nock';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, useDashboard, VIEWPORTS } from './support.ts';

const PORTAL = 4242;
const API = 'https://api.hubspot.test';
/** The engine's HubSpot app (the extension it finds beside it), with HubSpot's API on nock's host. */
const HUBSPOT_ENV = { HUBSPOT_CLIENT_ID: 'client-id-1', HUBSPOT_CLIENT_SECRET: 'client-secret-1', HUBSPOT_APP_ID: '777', HUBSPOT_API_BASE_URL: API };
/** The claim code the install page showed the HubSpot admin (Crockford's base32, as the app makes them). */
const CLAIM_CODE = 'K7QF-2MZP-9XRT-4WBN-H8CD';

/**
 * A portal installed from HubSpot and not claimed yet, with its tokens and claim code, as the app's OAuth callback stores it
 * (crm-app/src/portals.ts, connectFromHubSpot; oauth/claims.ts, issueClaimCode).
 */
async function installedFromHubSpot(portalId: number): Promise<void> {
  const secrets = new Secrets(dashboard.secretKey);
  const now = new Date();
  await dashboard.engine.pool.query(
    `INSERT INTO hubspot_portals (portal_id, account_id, hub_domain, scopes, state, refresh_token, access_token, access_expires_at, installed_at)
     VALUES ($1, NULL, $2, $3, 'unclaimed', $4, $5, $6, $7)`,
    [
      portalId,
      `portal-${portalId}.hubspot.com`,
      ['crm.objects.contacts.read'],
      secrets.seal('hubspot-token', `refresh-${portalId}`),
      secrets.seal('hubspot-token', `access-${portalId}`),
      new Date(now.getTime() + 1_800_000),
      now,
    ],
  );
  const hash = createHash('sha256').update(CLAIM_CODE.replace(/-/g, '')).digest('hex');
  await dashboard.engine.pool.query('INSERT INTO hubspot_claim_codes (code_hash, portal_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    hash,
    portalId,
    now,
    new Date(now.getTime() + 86_400_000),
  ]);
}

/** What a person sees on a portal's row. */
const portalRow = (page: Page) => page.getByTestId('portal').filter({ hasText: `portal-${PORTAL}.hubspot.com` });

beforeAll(() => {
  if (!nock.isActive()) nock.activate();
  nock.disableNetConnect();
  nock.enableNetConnect(/^(127\.0\.0\.1|localhost)/);
});

afterAll(() => {
  nock.cleanAll();
  nock.enableNetConnect();
});

// The seeded engine with the HubSpot app beside it; the portal installed from HubSpot is the test's own (the seed has none to claim).
const dashboard = useDashboard({ seed: true, worker: false, modules: (await engineModules()).filter((module) => module.name === 'hubspot'), env: HUBSPOT_ENV });

describe('an owner on the HubSpot page', () => {
  it('creates an install link, claims a portal installed from HubSpot, and disconnects it', async () => {
    const { context, page } = await dashboard.signIn('owner');
    const accountId = dashboard.demo.accountId;
    await page.goto('/app/autopilots');
    await page.getByRole('link', { name: 'HubSpot' }).click();
    await expect.poll(() => page.url()).toMatch(/\/app\/hubspot$/);
    await page.getByText('No portal yet').waitFor();

    await page.getByRole('button', { name: 'Create install link' }).click();
    expect(await page.getByTestId('install-link').innerText()).toMatch(new RegExp(`/hubspot/install\\?account=${accountId}&expires=\\d+&link=`));
    await page.getByText(/^Works until /).waitFor();

    await installedFromHubSpot(PORTAL);
    await page.getByLabel('Claim code').fill('AAAA-BBBB-CCCC-DDDD-EEEE');
    await page.getByRole('button', { name: 'Claim portal' }).click();
    expect(await page.getByRole('alert').innerText()).toMatch(/claim code/i);

    await page.getByLabel('Claim code').fill(CLAIM_CODE.toLowerCase());
    await page.getByRole('button', { name: 'Claim portal' }).click();
    await page.getByText(`portal-${PORTAL}.hubspot.com now sends its contacts to this account.`).waitFor();
    await portalRow(page).getByText('Connected', { exact: true }).waitFor();
    expect(await portalRow(page).innerText()).toContain(`Hub ID ${PORTAL}`);

    await checkPage(page, 'hubspot-light');

    const uninstall = nock(API).delete('/appinstalls/2026-03/external-install').reply(204);
    await page.getByRole('button', { name: `Disconnect portal-${PORTAL}.hubspot.com` }).click();
    const dialog = page.getByRole('dialog', { name: 'Disconnect this portal?' });
    await dialog.getByText('its new contacts are no longer taken').waitFor();
    await dialog.getByRole('button', { name: 'Disconnect portal' }).click();
    await page.getByText(`Portal ${PORTAL} is disconnected; the app was uninstalled from it in HubSpot (its admins get an e-mail).`).waitFor();
    await portalRow(page).getByText('Disconnected', { exact: true }).waitFor();
    expect(await portalRow(page).innerText()).toContain('disconnected from here');
    expect(uninstall.isDone()).toBe(true);
    expect(
      await portalRow(page)
        .getByRole('button', { name: /Disconnect/ })
        .count(),
    ).toBe(0);
    await context.close();
  }, 60_000);
});

describe('a member on the HubSpot page', () => {
  it('sees the portals at phone width in dark, and can neither create links, claim nor disconnect', async () => {
    const { context, page } = await dashboard.signIn('member', { viewport: VIEWPORTS.phone, colorScheme: 'dark' });
    await page.goto('/app/hubspot');
    await portalRow(page).getByText('Disconnected', { exact: true }).waitFor();
    await page.getByText("Only the account's owner can create install links.").waitFor();
    await page.getByText('Only admins and owners can claim a portal.').waitFor();
    expect(await page.getByRole('button', { name: /Create install link|Claim portal|Disconnect/ }).count()).toBe(0);
    await checkPage(page, 'hubspot-member-dark');
    await context.close();
  }, 60_000);
});
