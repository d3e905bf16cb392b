/**
 * The Autopilot editor in a real browser (Debian's Chromium driven by playwright-core) against a real
 * engine: an owner builds the two Autopilots of docs/autopilot.md's worked example ("from an empty
 * account to an enrolled lead") by clicking, watches a field's problem come and go as they type, reads the
 * preview against the worked example's contacts, and saves; the saved documents are the worked
 * example's. A member reads an Autopilot and cannot change it. Both pages are checked by axe-core at
 * laptop and phone widths in light and dark, and kept as screenshots in test-artifacts/dashboard/.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { client, createCustomer } from '@prospect-research/engine/testing';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, checkPage, type ContextOptions, ROOT, type SignedIn, useDashboard } from './support.ts';

/** The worked example "from an empty account to an enrolled lead", read from the guide itself: its two Autopilots and its three contacts. */
function workedExample() {
  const docs = readFileSync(`${ROOT}docs/autopilot.md`, 'utf8');
  const emea = JSON.parse(/```json\n(\{"name": "EMEA SaaS"[\s\S]*?)\n```/.exec(docs)![1]!) as Record<string, unknown>;
  const section = docs.slice(docs.indexOf('## Worked example: from an empty account to an enrolled lead'));
  const everyone = JSON.parse(/autopilots\/Everyone%20else"[^\n]*\n\s*-d '([^']*)'/.exec(section)![1]!) as Record<string, unknown>;
  // The contacts' `created_at` is the shell's `$NOW`, spliced between quotes: now, as the guide's run takes it.
  const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const sent = /POST \$URL\/autopilot\/contacts[^\n]*-d '([\s\S]*?\]\})'/.exec(section)![1]!;
  const contacts = JSON.parse(sent.replaceAll("'$NOW'", now)) as { contacts: unknown[] };
  return { emea, everyone: { name: 'Everyone else', ...everyone }, contacts };
}
const EXAMPLE = workedExample();

const dashboard = useDashboard({ worker: false });
let acme: { id: number; key: string };
let reference: { key: string };

beforeAll(async () => {
  const first = await createCustomer(dashboard.engine.pool, { name: 'Acme Sales' });
  acme = { id: first.account.id, key: first.key };
  // The worked example applied through the API, in an account of its own: what the clicks must produce.
  reference = { key: (await createCustomer(dashboard.engine.pool, { name: 'Reference' })).key };
});

/** A browser context signed in to Acme Sales as a new user of that role, through the engine's own invitation route. */
function signedIn(role: 'owner' | 'member', options: ContextOptions = {}): Promise<SignedIn> {
  return dashboard.signIn(role, { accountId: acme.id, email: `${role}.${randomBytes(4).toString('hex')}@acme.example`, ...options });
}

/** The parts of an Autopilot answer the editor writes: the document, without what the list or the engine decides. */
function written(view: Record<string, unknown>) {
  const { id: _id, enabled: _enabled, enabled_at: _at, created_at: _created, updated_at: _updated, problems: _problems, stop_properties: _stops, ...document } = view;
  return document;
}

const rule = (page: Page, n: number) => page.getByRole('group', { name: `Rule ${n}` });
const step = (page: Page, n: number) => page.getByRole('group', { name: `Step ${n}` });

async function setProperty(scope: Locator, name: string): Promise<void> {
  await scope.getByLabel('Property').first().fill(name);
  await scope.getByLabel('Property').first().press('Escape');
}

describe('an owner building the worked example in the Autopilot editor', () => {
  let page: Page;
  const api = () => client(dashboard.engine.url, acme.key);

  beforeAll(async () => {
    // The worked example's first steps, through the API: skip free mailboxes, then its three contacts.
    expect((await api().request('PATCH', '/autopilot/settings', { body: { skip_free_providers: true, excluded_domains: ['competitor.io'] } })).status).toBe(200);
    expect((await api().request('POST', '/autopilot/contacts', { body: EXAMPLE.contacts })).status).toBe(202);
    const ref = client(dashboard.engine.url, reference.key);
    for (const document of [EXAMPLE.emea, EXAMPLE.everyone]) {
      expect((await ref.request('PUT', `/autopilots/${encodeURIComponent(document.name as string)}`, { body: document })).status).toBe(201);
    }
    ({ page } = await signedIn('owner'));
  });

  it('builds "EMEA SaaS" field by field, sees problems come and go as it is typed, and its preview against the contacts received', { timeout: 120_000 }, async () => {
    await page.goto('/app/autopilots/new');
    await page.getByRole('heading', { name: 'New Autopilot' }).waitFor();
    await page.getByLabel(/^Name/).fill('EMEA SaaS');

    await page.getByRole('button', { name: 'Add rule' }).click();
    await setProperty(rule(page, 1), 'country');
    // The property is suggested with what recent contacts hold.
    await rule(page, 1)
      .getByText(/3 recent contacts, such as/)
      .waitFor();
    const values = rule(page, 1).getByLabel('Values').first();
    await values.fill('Germany');
    await values.press('Enter');
    await values.fill('France');
    await values.press('Enter');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await setProperty(rule(page, 2), 'numberofemployees');
    await rule(page, 2).getByLabel('Operator', { exact: true }).selectOption({ label: 'is between' });
    await rule(page, 2).getByLabel('From', { exact: true }).fill('50');
    // One bound only: the engine's own words appear beside the rule, and go once the second is typed.
    const oneBound = rule(page, 2).getByText('Rule 2 (numberofemployees between): "between" takes exactly two values', { exact: false });
    await oneBound.waitFor();
    await rule(page, 2).getByLabel('To', { exact: true }).fill('500');
    await oneBound.waitFor({ state: 'hidden' });

    await page.getByLabel('Tone', { exact: true }).selectOption('Friendly');
    await page.getByLabel('Goal', { exact: true }).selectOption({ label: 'Meetings: book a call' });
    const needsLink = page.getByText('Blocks enabling: The meetings goal needs "calendar_link"', { exact: false });
    await needsLink.waitFor();
    await page.getByLabel('Calendar link', { exact: true }).fill('https://cal.example.com/team');
    await needsLink.waitFor({ state: 'hidden' });
    await page.getByLabel('Lead origin', { exact: true }).fill('You downloaded our pricing guide last week.');

    await page.getByRole('button', { name: 'Add step' }).click();
    await step(page, 1).getByLabel('Angle', { exact: true }).fill('Thank them for the guide; ask how they price today.');
    await step(page, 1).getByLabel('Subject angle', { exact: true }).fill('Their pricing guide');
    await step(page, 1).getByText('Their posts').click();
    await step(page, 1).getByText('News', { exact: true }).click();

    await page.getByLabel('An accepted connection request').uncheck();
    await page.getByRole('button', { name: 'Add property change' }).click();
    await page.getByLabel('Property 1', { exact: true }).fill('lifecyclestage');
    await page.getByLabel('Value 1', { exact: true }).fill('customer');

    // The preview: Jana matches and would be enrolled, Luc's company is too big, the Gmail address is skipped.
    const counts = page.getByTestId('preview-counts');
    await expect.poll(() => counts.innerText()).toMatch(/^1\s+would match\s+1\s+would enrol\s+1\s+still waiting\s+1\s+skipped$/);
    const jana = page.getByRole('row', { name: /jana\.weber@acme-logistik\.de/ });
    await jana.getByText('country is Germany or France: yes, the contact says Germany').waitFor();
    await jana.getByText('numberofemployees is between 50 and 500: yes, the contact says 120').waitFor();
    await page
      .getByRole('row', { name: /luc@lumiere\.fr/ })
      .getByText('numberofemployees is between 50 and 500: no, the contact says 2000')
      .waitFor();
    await page.getByLabel('Updating the preview').waitFor({ state: 'hidden' });
    await page.screenshot({ path: `${ARTIFACTS}/autopilot-editor-flow-emea.png`, fullPage: true });

    await page.getByRole('button', { name: 'Create Autopilot' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved: revision 1.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/autopilots/EMEA%20SaaS');
    await page.getByRole('heading', { name: 'EMEA SaaS' }).waitFor();
  });

  it('builds the "Everyone else" fallback, a catch-all', { timeout: 60_000 }, async () => {
    await page.goto('/app/autopilots/new');
    await page.getByLabel(/^Name/).fill('Everyone else');
    // Space on the focused switch: a click may land on the fixed header the switch scrolls under.
    await page.getByRole('switch', { name: /^Fallback/ }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByLabel(/^Fallback/).isChecked()).toBe(true);
    await page.getByLabel('Tone', { exact: true }).selectOption('Direct');
    await page.getByRole('button', { name: 'Add step' }).click();
    await step(page, 1).getByLabel('Angle', { exact: true }).fill('A short, useful note.');
    await page.getByText(/No rules: this Autopilot matches every lead/).waitFor();
    // "EMEA SaaS" is not switched on yet (the list does that): the fallback would get both routable contacts.
    await expect.poll(() => page.getByTestId('preview-counts').innerText()).toMatch(/^2\s+would match\s+2\s+would enrol\s+0\s+still waiting\s+1\s+skipped$/);
    await page.getByRole('button', { name: 'Create Autopilot' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved: revision 1.' }).waitFor();
  });

  it('saved the worked example’s documents exactly', async () => {
    const ref = client(dashboard.engine.url, reference.key);
    for (const name of ['EMEA SaaS', 'Everyone else']) {
      const path = `/autopilots/${encodeURIComponent(name)}`;
      expect(written((await api().request('GET', path)).body), name).toEqual(written((await ref.request('GET', path)).body));
    }
  });

  it('asks before leaving unsaved changes, and saves a change as the next revision', { timeout: 60_000 }, async () => {
    await page.goto('/app/autopilots/EMEA%20SaaS');
    await page.getByLabel('Lead origin', { exact: true }).fill('You downloaded our pricing guide.');
    await page.getByText('Unsaved changes').waitFor();
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: 'All Autopilots' }).click();
    expect(asked).toMatch(/^Leave without saving\?/);
    expect(new URL(page.url()).pathname).toBe('/app/autopilots/EMEA%20SaaS');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved: revision 2.' }).waitFor();
    expect((await api().request('GET', '/autopilots/EMEA%20SaaS')).body).toMatchObject({ revision: 2, lead_origin: 'You downloaded our pricing guide.' });
    await page.getByLabel('Lead origin', { exact: true }).fill('You downloaded our pricing guide last week.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved: revision 3.' }).waitFor();
  });
});

describe('the editor by keyboard', () => {
  it('adds, fills and reorders steps with the keyboard alone', { timeout: 60_000 }, async () => {
    const { context, page } = await signedIn('owner');
    await page.goto('/app/autopilots/new');
    await page.getByRole('heading', { name: 'New Autopilot' }).waitFor();
    for (const angle of ['First note', 'Second note']) {
      await page.getByRole('button', { name: 'Add step' }).focus();
      await page.keyboard.press('Enter');
      const steps = page.getByRole('group', { name: /^Step \d+$/ });
      await steps.last().getByLabel('Angle', { exact: true }).focus();
      await page.keyboard.type(angle);
    }
    await page.getByRole('button', { name: 'Move step 2 up' }).focus();
    await page.keyboard.press('Enter');
    expect(await step(page, 1).getByLabel('Angle', { exact: true }).inputValue()).toBe('Second note');
    // Space toggles a research signal, as on any checkbox.
    await step(page, 1).getByRole('checkbox', { name: 'News' }).focus();
    await page.keyboard.press('Space');
    expect(await step(page, 1).getByRole('checkbox', { name: 'News' }).isChecked()).toBe(true);
    await context.close();
  });
});

describe('a member', () => {
  it('reads an Autopilot in the editor but cannot change it, and the API refuses them', { timeout: 60_000 }, async () => {
    const { context, page } = await signedIn('member');
    await page.goto('/app/autopilots/EMEA%20SaaS');
    await page.getByRole('heading', { name: 'EMEA SaaS' }).waitFor();
    await page.getByText('Members can read Autopilots; admins and owners change them.').waitFor();
    expect(await page.getByLabel('Lead origin', { exact: true }).inputValue()).toBe('You downloaded our pricing guide last week.');
    await expect.poll(() => page.getByLabel('Lead origin', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add step' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
    const session = (await (await context.request.get('/auth/session')).json()) as { csrf_token: string };
    const refused = await context.request.put('/autopilots/EMEA%20SaaS', { data: EXAMPLE.emea, headers: { 'x-csrf-token': session.csrf_token } });
    expect({ status: refused.status(), body: await refused.json() }).toMatchObject({ status: 403, body: { error: 'forbidden', required_role: 'admin' } });
    await context.close();
  });
});

describe('the editor, in both themes', () => {
  const PAGES = { 'autopilot-new': ['/app/autopilots/new', 'New Autopilot'], 'autopilot-edit': ['/app/autopilots/EMEA%20SaaS', 'EMEA SaaS'] } as const;
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`${colorScheme}: no serious accessibility problem at either width, and a screenshot of each`, { timeout: 300_000 }, async () => {
      const { context, page } = await signedIn('owner', { colorScheme });
      page.setDefaultTimeout(15_000);
      for (const [name, [path, heading]] of Object.entries(PAGES)) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading, exact: true }).waitFor();
        await page.getByRole('heading', { name: 'Preview' }).waitFor();
        await page.getByLabel('Updating the preview').waitFor({ state: 'hidden' });
        await checkPage(page, `${name}-${colorScheme}`);
      }
      await context.close();
    });
  }
});
