/**
 * The Contacts page in a real browser (Debian's Chromium driven by playwright-core) against a real
 * engine with a worker, on the demo seed: an owner finds the seeded waiting contact by e-mail and reads
 * why it waits, filters the abandoned ones from the address, and assigns one after seeing its credit
 * cost; a member reads the same and is offered nothing to change. The pages at laptop and phone widths,
 * light and dark, checked by axe-core and kept as screenshots in test-artifacts/dashboard/.
 */
import { client } from '@prospect-research/engine/testing';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkPage, useDashboard } from './support.ts';

const dashboard = useDashboard({ seed: true, worker: true });

interface Contact {
  id: string;
  email: string | null;
  state: string;
  reason: string | null;
  autopilot: string | null;
  properties: Record<string, unknown>;
  explanation: { text: string; autopilots: { autopilot: string; pass: string; outcome: string; rules: { text: string }[] }[] };
}

const api = () => client(dashboard.engine.url, dashboard.demo.key);
const contactOf = async (id: string) => (await api().request('GET', `/autopilot/contacts/${id}`)).body as unknown as Contact;
const credits = async () => ((await api().request('GET', '/account')).body as { credits: { used: number; limit: number; remaining: number } }).credits;
/** The contacts the engine lists first (newest first) for `query`. */
const listed = async (query: string) => ((await api().request('GET', `/autopilot/contacts?${query}`)).body as { contacts: Contact[] }).contacts;

describe('an owner on the Contacts page', () => {
  const owner = dashboard.signedInForSuite('owner');
  let page: Page;
  beforeAll(() => {
    page = owner.page;
  });

  it('lists the contacts newest first, a page at a time, with where routing put each', async () => {
    const [newest] = await listed('limit=1');
    await page.goto('/app/contacts');
    await page.getByRole('heading', { name: 'Contacts' }).waitFor();
    const table = page.getByRole('table', { name: 'Contacts' });
    await table.getByRole('link', { name: newest!.email! }).waitFor();
    // A header and a page of 50 of the seed's 10,000.
    expect(await table.getByRole('row').count()).toBe(51);
    expect(await table.getByRole('row').nth(1).innerText()).toContain(newest!.email);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Contacts', exact: true }).getAttribute('aria-current')).toBe('page');
  });

  it('finds the waiting contact by e-mail and reads why it waits', async () => {
    const waiting = await contactOf(dashboard.demo.waitingContact!.id);
    const search = waiting.email!.slice(0, 12).toUpperCase();
    await page.getByRole('searchbox', { name: 'Search' }).fill(search);
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(search);
    const table = page.getByRole('table', { name: 'Contacts' });
    const matching = await listed(`search=${encodeURIComponent(search)}&limit=50`);
    await expect.poll(() => table.getByRole('row').count()).toBe(matching.length + 1);
    await table.getByRole('link', { name: waiting.email! }).click();

    await page.getByRole('heading', { name: waiting.email! }).waitFor();
    const { firstname, lastname } = waiting.properties as { firstname: string; lastname: string };
    expect(await page.getByText(`${firstname} ${lastname} · CRM id ${waiting.id}`).count()).toBe(1);
    expect(await page.getByTestId('decision').innerText()).toMatch(/^No Autopilot matches yet: waiting in the queue until .+ \(queue wait 6 hours\)/);
    expect(await page.getByText('Waits in the queue until').count()).toBe(1);
    // Every Autopilot checked, each with the rules that did not hold in the engine's words (the fallback's turn comes when the wait ends).
    expect(waiting.explanation.autopilots.filter((checked) => checked.outcome === 'no_match').length).toBeGreaterThan(0);
    for (const checked of waiting.explanation.autopilots.filter((autopilot) => autopilot.outcome === 'no_match')) {
      const card = page.getByLabel(`${checked.autopilot}, ${checked.pass} pass`);
      const read = (await card.innerText()).toLowerCase();
      expect(read).toContain('does not match');
      for (const rule of checked.rules) expect(read).toContain(rule.text.toLowerCase());
    }
    expect(await page.getByRole('heading', { name: 'Route it by hand' }).count()).toBe(0);
    await checkPage(page, 'contact-waiting-light');

    await page.goBack();
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe(search);
  });

  it('filters the abandoned ones from the address, and assigns one after seeing its credit cost', async () => {
    const abandoned = await contactOf(dashboard.demo.abandonedContact!.id);
    await page.goto(`/app/contacts?state=abandoned&search=${encodeURIComponent(abandoned.email!)}`);
    const table = page.getByRole('table', { name: 'Contacts' });
    await table.getByRole('link', { name: abandoned.email! }).waitFor();
    expect(await table.getByRole('row').count()).toBe(2);
    expect(await page.getByRole('combobox', { name: 'State' }).inputValue()).toBe('Abandoned');
    await table.getByRole('link', { name: abandoned.email! }).click();

    await page.getByRole('heading', { name: 'Route it by hand' }).waitFor();
    expect(await page.getByTestId('decision').innerText()).toContain('The queue wait of 6 hours ended');
    const before = await credits();
    const target = dashboard.demo.autopilots[1]!;
    await page.getByRole('combobox', { name: 'Autopilot to assign it to' }).click();
    await page.getByRole('option', { name: target }).click();
    await page.getByRole('button', { name: 'Assign' }).click();
    const dialog = page.getByRole('dialog', { name: `Assign to ${target}?` });
    await dialog.getByTestId('credit-cost').waitFor();
    expect(await dialog.getByTestId('credit-cost').innerText()).toBe(`This takes 1 credit (${before.remaining.toLocaleString('en-US')} of ${before.limit.toLocaleString('en-US')} left this cycle).`);
    expect(await dialog.innerText()).toContain(`It would be enrolled in ${target} and researched.`);
    // Seeing the cost spent nothing.
    expect((await credits()).used).toBe(before.used);
    await checkPage(page, 'contact-assign-light', { fullPage: false });

    await dialog.getByRole('button', { name: 'Enrol for 1 credit' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('status')
      .filter({ hasText: `Enrolled in "${target}"` })
      .waitFor();
    expect(await page.getByRole('link', { name: /^Lead \d+, Active$/ }).getAttribute('href')).toMatch(/^\/app\/leads\/\d+$/);
    expect(await contactOf(abandoned.id)).toMatchObject({ state: 'enrolled', reason: 'assigned', autopilot: target });
    expect((await credits()).used).toBe(before.used + 1);
  });

  it('says in the engine’s words why a reprocess cannot enrol', async () => {
    const [other] = (await listed('state=abandoned&limit=5')).filter((contact) => contact.id !== dashboard.demo.abandonedContact!.id);
    const dryRun = (await api().request('POST', `/autopilot/contacts/${other!.id}/reprocess?dry_run=true`)).body as { message: string };
    await page.goto(`/app/contacts/${other!.id}`);
    await page.getByRole('button', { name: 'Reprocess' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reprocess this contact?' });
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').innerText()).toContain(dryRun.message.replace(/^contact "\d+" /, ''));
    expect(await dialog.getByRole('button', { name: 'Enrol' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});

describe('a member on the Contacts page', () => {
  it('reads an abandoned contact and is offered nothing to change; the engine refuses the change', async () => {
    const [abandoned] = await listed('state=abandoned&limit=1');
    const { context, page, csrf } = await dashboard.signIn('member', { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    await page.goto(`/app/contacts/${abandoned!.id}`);
    await page.getByText('An owner or admin may reprocess it or assign it to an Autopilot').waitFor();
    expect(await page.getByRole('button', { name: /^(Reprocess|Assign)$/ }).count()).toBe(0);
    const refused = await context.request.post(`/autopilot/contacts/${abandoned!.id}/assign`, { data: { autopilot: dashboard.demo.autopilots[0] }, headers: { 'x-csrf-token': csrf } });
    expect(refused.status()).toBe(403);
    await context.close();
  });
});

describe('the pages in both themes', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`${colorScheme}: no serious accessibility problem at either width, and a screenshot of each`, { timeout: 120_000 }, async () => {
      const [abandoned] = await listed('state=abandoned&limit=1');
      const [newest] = await listed('limit=1');
      const { context, page } = await dashboard.signIn('admin', { colorScheme });
      for (const [name, path, ready] of [
        ['contacts', '/app/contacts', newest!.email!],
        ['contact', `/app/contacts/${abandoned!.id}`, 'Route it by hand'],
        ['contact-waiting', `/app/contacts/${dashboard.demo.waitingContact!.id}`, 'Autopilots checked, in order'],
      ] as const) {
        await page.goto(path);
        await page.getByText(ready, { exact: true }).first().waitFor();
        await checkPage(page, `${name}-${colorScheme}`);
      }
      await context.close();
    });
  }
});
