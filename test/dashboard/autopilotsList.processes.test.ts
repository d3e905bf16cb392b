/**
 * The Autopilots list in a real browser (Debian's Chromium driven by playwright-core) against a real
 * engine with a worker: Autopilots made through the API as an integrator would, then an owner switches
 * one on, reorders them by dragging and by keyboard, sees contacts enrolled and archives one; a member
 * sees it all and changes nothing; another account sees none of it. The page at laptop and phone
 * widths, light and dark, checked by axe-core and kept as screenshots in test-artifacts/dashboard/.
 */
import { client, createCustomer, until } from '@prospect-research/engine/testing';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkPage, type SignedIn, useDashboard } from './support.ts';

const dashboard = useDashboard({ worker: true });
let acme: { id: number; key: string };
let beta: { id: number };

const STEP = { day: 1, channel: 'email', kind: 'email', angle: 'A short note on their latest news.' };
/** An Autopilot document as an integrator sends it: e-mail, engaging, on `filter`. */
const document = (filter: unknown, changes: Record<string, unknown> = {}) => ({
  enabled: false,
  filter,
  channels: ['email'],
  tone: 'Friendly',
  goal: { type: 'engage' },
  sequence: [STEP],
  ...changes,
});
const country = (name: string) => ({ match: 'all', rules: [{ property: 'country', operator: 'is', values: [name] }] });

const api = () => client(dashboard.engine.url, acme.key);
const put = (name: string, body: unknown) => api().request('PUT', `/autopilots/${encodeURIComponent(name)}`, { body });
const liveNames = async () => ((await api().request('GET', '/autopilots')).body as { autopilots: { name: string }[] }).autopilots.map((autopilot) => autopilot.name);
const cardNames = (page: Page) => page.getByTestId('autopilot').getByRole('link').allInnerTexts();
/** The names on the page once it shows `count` of them. */
const shownNames = async (page: Page, count: number) => {
  await page
    .getByTestId('autopilot')
    .nth(count - 1)
    .waitFor();
  return cardNames(page);
};

beforeAll(async () => {
  const first = await createCustomer(dashboard.engine.pool, { name: 'Acme Sales' });
  const second = await createCustomer(dashboard.engine.pool, { name: 'Beta Labs' });
  acme = { id: first.account.id, key: first.key };
  beta = { id: second.account.id };
  for (const [name, body] of [
    ['DACH', document(country('Germany'))],
    ['US Enterprise', document(country('United States'), { enabled: true })],
    ['Webinar guests', document({ match: 'all', rules: [{ property: 'source', operator: 'contains', values: ['webinar'] }] })],
    ['Draft', document({ match: 'all', rules: [] }, { goal: { type: 'meetings' } })],
  ] as const) {
    expect((await put(name, body)).status).toBe(201);
  }
}, 120_000);

describe('an owner on the Autopilots list', () => {
  let owner: SignedIn;
  let page: Page;

  beforeAll(async () => {
    owner = await dashboard.signIn('owner', { accountId: acme.id, email: 'owner@acme.example' });
    page = owner.page;
  });

  it('is where / leads, and lists the Autopilots in routing order with their filters in words', async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Autopilots' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/autopilots');
    expect(await shownNames(page, 4)).toEqual(['DACH', 'US Enterprise', 'Webinar guests', 'Draft']);
    expect(await page.getByRole('listitem', { name: 'Webinar guests' }).innerText()).toContain('Filter: source contains "webinar"');
    expect(await page.getByRole('listitem', { name: 'Draft' }).innerText()).toMatch(/blocks switching on/i);
    expect(await page.getByRole('switch', { name: 'US Enterprise on' }).isChecked()).toBe(true);
  });

  it('switches one on by clicking, and shows in the engine’s words why another cannot be', async () => {
    // A click, not check(): the switch shows the engine's answer, which check() does not wait for.
    await page.getByRole('switch', { name: 'DACH on' }).click({ force: true });
    await expect.poll(async () => ((await api().request('GET', '/autopilots/DACH')).body as { enabled: boolean }).enabled).toBe(true);
    await expect.poll(() => page.getByRole('switch', { name: 'DACH on' }).isChecked()).toBe(true);

    await page.getByRole('switch', { name: 'Draft on' }).click({ force: true });
    const refusal = page.getByRole('alert').filter({ hasText: 'Draft was not switched on' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('The meetings goal needs "calendar_link"');
    expect(await page.getByRole('switch', { name: 'Draft on' }).isChecked()).toBe(false);
    await refusal.getByRole('button', { name: 'Dismiss' }).click();
  });

  it('reorders by dragging a card’s handle', async () => {
    await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
    const handle = page.getByRole('button', { name: 'Reorder US Enterprise' });
    const from = (await handle.boundingBox())!;
    const target = (await page.getByRole('listitem', { name: 'DACH' }).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(from.x + from.width / 2, target.y + 5, { steps: 10 });
    await page.mouse.up();
    await expect.poll(liveNames).toEqual(['US Enterprise', 'DACH', 'Webinar guests', 'Draft']);
    expect(await cardNames(page)).toEqual(['US Enterprise', 'DACH', 'Webinar guests', 'Draft']);
  });

  it('reorders by keyboard: Space on the handle, the arrow keys, Space to drop', async () => {
    await page.getByRole('button', { name: 'Reorder Draft' }).focus();
    await page.keyboard.press('Space');
    await page.getByText(/Picked up Draft, at position 4 of 4/).waitFor({ state: 'attached' });
    // As a person would: an arrow key at a time, watching where it would go, until it is there.
    const announcement = page.locator('[id^=DndLiveRegion]');
    for (let presses = 0; presses < 6 && !(await announcement.innerText()).includes('would move to position 2 of 4'); presses++) {
      const before = await announcement.innerText();
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => announcement.innerText(), { timeout: 2_000 }).not.toBe(before);
    }
    await page.keyboard.press('Space');
    await expect.poll(liveNames).toEqual(['US Enterprise', 'Draft', 'DACH', 'Webinar guests']);
    await page.getByText(/Draft dropped at position 2 of 4/).waitFor({ state: 'attached' });

    // The move buttons do the same, for those who would rather not drag at all.
    await page.getByRole('button', { name: 'Move Draft down' }).press('Enter');
    await expect.poll(liveNames).toEqual(['US Enterprise', 'DACH', 'Draft', 'Webinar guests']);
  });

  it('shows the contacts each Autopilot enrolled, routed by the worker', async () => {
    const now = new Date().toISOString();
    const contact = (id: string, countryName: string) => ({ id, created_at: now, properties: { email: `${id}@${id}-gmbh.example`, firstname: id, country: countryName } });
    const sent = await api().request('POST', '/autopilot/contacts', { body: { contacts: [contact('jana', 'Germany'), contact('lukas', 'Germany'), contact('amy', 'United States')] } });
    expect(sent.status).toBe(202);
    await until('the three contacts enrolled', async () => {
      const stats = (await api().request('GET', '/autopilot/stats')).body as { autopilots: { autopilot: string; enrolled: number }[] };
      return stats.autopilots.reduce((sum, each) => sum + each.enrolled, 0) === 3;
    });
    await page.reload();
    const dach = page.getByRole('listitem', { name: 'DACH' });
    await dach.getByText('Enrolled').waitFor();
    await expect.poll(() => dach.innerText()).toMatch(/Enrolled\s+2/);
    expect(await page.getByRole('listitem', { name: 'US Enterprise' }).innerText()).toMatch(/Enrolled\s+1\s+Responded\s+0%/);
  });

  it('archives one after saying what happens to its active leads', async () => {
    await page.getByRole('button', { name: 'Archive DACH' }).click();
    const dialog = page.getByRole('dialog', { name: 'Archive DACH?' });
    expect(await dialog.innerText()).toContain('Its 2 active leads end at once, closed with "Its Autopilot was archived".');
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    expect(await liveNames()).toContain('DACH');

    await page.getByRole('button', { name: 'Archive DACH' }).click();
    await dialog.getByRole('button', { name: 'Archive Autopilot' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => cardNames(page)).toEqual(['US Enterprise', 'Draft', 'Webinar guests']);
    expect(await liveNames()).toEqual(['US Enterprise', 'Draft', 'Webinar guests']);
    const { leads } = (await api().request('GET', '/autopilot/leads')).body as { leads: { autopilot: string; outcome: string; end_reason: string | null }[] };
    expect(leads.filter((lead) => lead.autopilot === 'DACH').map((lead) => [lead.outcome, lead.end_reason])).toEqual([
      ['Closed', 'autopilot_archived'],
      ['Closed', 'autopilot_archived'],
    ]);

    // Mantine's switch lays its input over the label; the list it shows is what tells it worked.
    await page.getByRole('switch', { name: 'Show archived Autopilots' }).click({ force: true });
    const archived = page.getByRole('list', { name: 'Archived Autopilots' });
    await archived.getByText('DACH').waitFor();
    expect(new URL(page.url()).search).toBe('?archived=true');
    expect(await archived.getByRole('switch').count()).toBe(0);
  });
});

describe('who else sees the list', () => {
  it('a member sees it read-only, and the engine refuses their change', async () => {
    const { context, page, csrf } = await dashboard.signIn('member', { accountId: acme.id, email: 'mia@acme.example' });
    await page.goto('/app/autopilots');
    await page.getByText('You are a member of this account').waitFor();
    expect(await shownNames(page, 3)).toEqual(['US Enterprise', 'Draft', 'Webinar guests']);
    expect(await page.getByRole('switch', { name: 'US Enterprise on' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: /^(Archive|Move|Reorder) / }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'New Autopilot' }).count()).toBe(0);

    const refused = await context.request.put('/autopilots/order', { data: { names: ['Webinar guests'] }, headers: { 'x-csrf-token': csrf } });
    expect(refused.status()).toBe(403);
    expect(await liveNames()).toEqual(['US Enterprise', 'Draft', 'Webinar guests']);
    await context.close();
  });

  it('a user of another account sees none of them', async () => {
    const { context, page } = await dashboard.signIn('owner', { accountId: beta.id, email: 'bo@beta.example' });
    await page.goto('/app/autopilots');
    await page.getByText('No Autopilots yet').waitFor();
    expect(await page.getByRole('link', { name: 'New Autopilot' }).count()).toBeGreaterThan(0);
    expect((await context.request.get('/autopilots/US%20Enterprise')).status()).toBe(404);
    expect(await (await context.request.get('/autopilot/stats')).json()).toEqual({ autopilots: [] });
    await context.close();
  });
});

describe('the page in both themes', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`${colorScheme}: no serious accessibility problem at either width, and a screenshot of each`, { timeout: 120_000 }, async () => {
      const { context, page } = await dashboard.signIn('admin', { accountId: acme.id, email: `admin-${colorScheme}@acme.example`, colorScheme });
      await page.goto('/app/autopilots?archived=true');
      await page.getByRole('list', { name: 'Archived Autopilots' }).waitFor();
      await checkPage(page, `autopilots-${colorScheme}`);
      await context.close();
    });
  }
});
