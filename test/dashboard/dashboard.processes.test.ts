/**
 * The dashboard in a real browser (Debian's Chromium driven by playwright-core), as an owner meets it:
 * the first-start link, setting a password, signing in, changing a setting, setting the product,
 * creating and revoking an API key; then every page at laptop and phone widths, in light and dark,
 * each checked by axe-core (no serious or critical violation) and kept as a screenshot in
 * test-artifacts/dashboard/ to look at.
 */
import { client, createCustomer, insertInvitation } from '@prospect-research/engine/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, checkPage, type ContextOptions, newContext as contextOn, useDashboard } from './support.ts';

const OWNER = { email: 'owner@acme.example', password: 'correct horse battery', name: 'Olga Owner' };

// No one is signed in by the harness here: signing in is what this file tests.
const dashboard = useDashboard({ worker: false });
let acme: { id: number; key: string };
let beta: { id: number };

/** A one-time link's token for `email` into `accountId` (what `prospect-engine users invite` makes; null: the first start's owner link). */
const invite = (email: string | null, accountId = acme.id) => insertInvitation(dashboard.engine.pool, { accountId, email, role: email === null ? 'owner' : 'member', validForMs: 3_600_000 });

beforeAll(async () => {
  const first = await createCustomer(dashboard.engine.pool, { name: 'Acme Sales', product: false, maxKeys: 3 });
  const second = await createCustomer(dashboard.engine.pool, { name: 'Beta Labs' });
  acme = { id: first.account.id, key: first.key };
  beta = { id: second.account.id };
});

/** A context that may use the clipboard (the API key's copy button). */
function newContext(options: ContextOptions = {}): Promise<BrowserContext> {
  return contextOn(dashboard.browser, dashboard.engine, { ...options, permissions: ['clipboard-read', 'clipboard-write'] });
}

describe('an owner in the dashboard', () => {
  let page: Page;
  const api = () => client(dashboard.engine.url, acme.key);

  beforeAll(async () => {
    page = await (await newContext()).newPage();
    page.setDefaultTimeout(10_000);
  });

  afterEach(async (context) => {
    await page.screenshot({ path: `${ARTIFACTS}/flow-${context.task.name.replace(/[^\w]+/g, '-').slice(0, 60)}.png` });
  });

  it('is sent from / to the dashboard, and sets a password from the first-start link', async () => {
    await page.goto('/');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/sign-in');
    await page.goto(`/app/invitation/${await invite(null)}`);
    await page.getByText('You were invited to').waitFor();
    // The first start's link names no address: the owner gives the one to sign in with.
    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByLabel('Your name').fill(OWNER.name);
    await page.getByLabel(/^Password\W*$/).fill(OWNER.password);
    await page.getByLabel('Password again').fill(`${OWNER.password}!`);
    await expect.poll(() => page.getByText('The two passwords differ.').isVisible()).toBe(true);
    await page.getByLabel('Password again').fill(OWNER.password);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    // Signed in, the owner lands on the Autopilots, the dashboard's first page.
    await page.getByRole('heading', { name: 'Autopilots', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/autopilots');
  });

  it('changes a setting and the e-mail identity, with the signature block previewed as it is typed', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByLabel('Queue wait time').selectOption('12');
    await page.getByLabel('Skip free mailbox providers').check({ force: true });
    await page.getByLabel('Sender name').fill('Olga Owner');
    await page.getByLabel('Company').fill('Acme Sales');
    await page.getByLabel('Postal address').fill('Hauptstraße 1\n10115 Berlin');
    await page.getByLabel('Signature').fill('Olga\nHead of Sales');
    expect(await page.getByTestId('signature-preview').innerText()).toBe('-- \nOlga\nHead of Sales\n\nOlga Owner, Acme Sales\nHauptstraße 1\n10115 Berlin\nUnsubscribe: <link>');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect((await api().request('GET', '/autopilot/settings')).body).toMatchObject({
      queue_wait_hours: 12,
      skip_free_providers: true,
      email_signature: 'Olga\nHead of Sales',
      sender_identity: { name: 'Olga Owner', company: 'Acme Sales', postal_address: 'Hauptstraße 1\n10115 Berlin' },
      email_ready: true,
    });
  });

  it('shows the engine’s refusal of a setting in words', async () => {
    await page.getByLabel('Company').fill('');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('alert').filter({ hasText: 'company' }).waitFor();
  });

  it('sets the product from its empty state', async () => {
    await page.getByRole('link', { name: 'Product' }).click();
    await page.getByText('No product yet').waitFor();
    await page.getByRole('button', { name: 'Describe your product' }).click();
    await page.getByLabel('Name').fill('Ledgerly');
    await page.getByLabel('Description').fill('Accounts-payable automation for mid-sized manufacturers.');
    await page.getByLabel('Key features').fill('Invoice capture\nThree-way matching');
    await page.getByLabel('Customers').fill('CFOs of manufacturers');
    await page.getByRole('button', { name: 'Save product' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect((await api().request('GET', '/product')).body).toMatchObject({ name: 'Ledgerly', features: ['Invoice capture', 'Three-way matching'], customers: ['CFOs of manufacturers'] });
  });

  it('creates a key shown once with a copy button, and revokes it after a confirmation', async () => {
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByLabel("New key's label").fill('n8n production');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('new-key').innerText()).trim();
    expect(key).toMatch(/^pr_live_[A-Za-z0-9]{42}$/);
    await page.getByRole('button', { name: 'Copy key' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => (globalThis as any).navigator.clipboard.readText())).toBe(key);
    expect((await client(dashboard.engine.url, key).account()).status).toBe(200);
    await page.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: 'Revoke n8n production' }).click();
    await page.getByRole('button', { name: 'Keep it' }).click();
    expect((await client(dashboard.engine.url, key).account()).status).toBe(200);
    await page.getByRole('button', { name: 'Revoke n8n production' }).click();
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await page
      .getByRole('row', { name: /n8n production/ })
      .getByText(/^Revoked/)
      .waitFor();
    expect((await client(dashboard.engine.url, key).account()).body).toEqual({ error: 'invalid_key' });
  });

  it('shows the credits of the cycle and the plan', async () => {
    await page.getByRole('link', { name: 'Credits' }).click();
    await page.getByText('Used this cycle').waitFor();
    expect(await page.getByText('BDR', { exact: true }).isVisible()).toBe(true);
  });

  it('switches account, signs out, and signs in again', async () => {
    // The owner is also a member of Beta Labs (a membership the CLI's invitation would give).
    await dashboard.engine.pool.query(`INSERT INTO memberships (user_id, account_id, role) SELECT id, $1, 'owner' FROM users WHERE email = $2`, [beta.id, OWNER.email]);
    await page.reload();
    await page.getByLabel('Account', { exact: true }).selectOption({ label: 'Beta Labs' });
    await page.getByRole('link', { name: 'Product' }).click();
    // Beta Labs has the product createCustomer gives it, not the one just set for Acme.
    await expect.poll(() => page.getByLabel('Description').inputValue()).toBe('Accounts-payable automation for mid-sized manufacturers.');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByLabel(/^Password\W*$/).fill('wrong password!!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'do not match' }).waitFor();
    await page.getByLabel(/^Password\W*$/).fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Autopilots', level: 1 }).waitFor();
  });

  it('works by keyboard alone: the navigation is reached with Tab and followed with Enter', async () => {
    await page.goto('/app/settings');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    let reached = false;
    for (let i = 0; i < 15 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => (globalThis as any).document.activeElement?.textContent === 'API keys');
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
  });
});

describe('every page, in both themes', () => {
  // The signed-out pages first, then the rest with the context signed in.
  const PAGES = ['sign-in', 'invitation', 'settings', 'product', 'keys', 'credits', 'not-found'] as const;
  const HEADINGS: Record<(typeof PAGES)[number], string> = {
    'sign-in': 'Sign in',
    invitation: 'Set your password',
    settings: 'Settings',
    product: 'Product',
    keys: 'API keys',
    credits: 'Credits',
    'not-found': 'No such page',
  };

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`${colorScheme}: no serious accessibility problem at either width, and a screenshot of each`, { timeout: 300_000 }, async () => {
      const context = await newContext({ colorScheme });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      for (const name of PAGES) {
        if (name === 'settings') expect((await context.request.post('/auth/sign-in', { data: { email: OWNER.email, password: OWNER.password } })).status()).toBe(200);
        await page.goto(`/app/${name === 'invitation' ? `invitation/${await invite('new.member@acme.example')}` : name}`);
        await page.getByRole('heading', { name: HEADINGS[name], exact: true }).waitFor();
        await checkPage(page, `${name}-${colorScheme}`);
      }
      await context.close();
    });
  }
});
