/**
 * The Leads page, a lead's page and the Research page in a real browser (Debian's Chromium driven by
 * playwright-core) against a real engine with a worker, on the demo seed: an owner finds the seeded lead
 * of twelve touches by e-mail, filters and shares the view by its address, exports the same leads as
 * CSV, reads the lead's brief and timeline, closes it after confirming, and researches an address by
 * hand and reads it in the history; a member reads but starts no research. Each page at laptop and
 * phone widths, light and dark, checked by axe-core and kept as screenshots in test-artifacts/dashboard/.
 */
import { readFile } from 'node:fs/promises';
import { client, until } from '@prospect-research/engine/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, type SignedIn, useDashboard, VIEWPORTS } from './support.ts';

const dashboard = useDashboard({ seed: true, worker: true });

interface Lead {
  id: number;
  email: string;
  autopilot: string;
  outcome: string;
  end_reason: string | null;
  research_id: string | null;
  timeline: {
    type: string;
    step?: number;
    state?: string;
    body?: string | null;
    skip_reason?: string | null;
    skip_detail?: string | null;
    held_reason?: string | null;
    kind?: string;
    detail?: { text?: string };
  }[];
}

const api = () => client(dashboard.engine.url, dashboard.demo.key);
const leadOf = async (id: number) => (await api().request('GET', `/autopilot/leads/${id}`)).body as unknown as Lead;
/** The leads the engine lists first for `query`. */
const listed = async (query: string) => ((await api().request('GET', `/autopilot/leads?${query}`)).body as unknown as { leads: Lead[] }).leads;
/** A research's brief as the seed wrote it. */
const briefOf = async (researchId: string) =>
  (await dashboard.engine.pool.query<{ result: { prospect: { title: string } } }>('SELECT result FROM research_jobs WHERE id = $1', [researchId])).rows[0]!.result;

const leadRows = (page: Page) => page.getByRole('table', { name: 'Leads' }).locator('tbody tr');

describe('an owner on the Leads, lead and Research pages', () => {
  const owner = dashboard.signedInForSuite('owner');
  let page: Page;
  beforeAll(() => {
    page = owner.page;
  });

  it('lists the leads newest first, and loads the next page by its cursor', async () => {
    const [newest] = await listed('limit=1');
    await page.goto('/app/leads');
    await page.getByRole('heading', { name: 'Leads', level: 1 }).waitFor();
    await leadRows(page).nth(49).waitFor();
    expect(await leadRows(page).count()).toBe(50);
    expect(await leadRows(page).first().innerText()).toContain(newest!.email);
    await page.getByRole('button', { name: 'Load more' }).click();
    await leadRows(page).nth(99).waitFor();
    expect(await leadRows(page).count()).toBe(100);
    await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
    await checkPage(page, 'leads-light');
  });

  it('finds a lead by e-mail in any case, keeps the filters in the address, and Back undoes one', async () => {
    const { email } = dashboard.demo.lead;
    const search = email.toUpperCase();
    await page.getByLabel('E-mail', { exact: true }).fill(search);
    await until('the search in the address', async () => new URL(page.url()).searchParams.get('email') === search);
    // The previous page stays listed until the search's answer comes: a loaded machine takes a while.
    await expect.poll(() => leadRows(page).count(), { timeout: 15_000 }).toBe(1);
    await page.getByLabel('Outcome', { exact: true }).selectOption('Active');
    const params = () => Object.fromEntries(new URL(page.url()).searchParams);
    await until('the outcome in the address', async () => params().outcome === 'Active');
    expect(params()).toEqual({ email: search, outcome: 'Active' });
    expect(await leadRows(page).first().innerText()).toContain(email);
    await page.getByLabel('Outcome', { exact: true }).selectOption('Closed');
    await page.getByText('No leads match these filters').waitFor();
    await page.goBack();
    await until('Back to restore the outcome', async () => params().outcome === 'Active');
    await expect.poll(() => leadRows(page).count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByLabel('Outcome', { exact: true }).inputValue()).toBe('Active');

    // The address shared with someone else opens the same view.
    const oldest = await listed('end_reason=sequence_ended&sort=oldest&limit=50');
    const other = await owner.context.newPage();
    await other.goto('/app/leads?end_reason=sequence_ended&sort=oldest');
    await leadRows(other).first().waitFor();
    expect(await leadRows(other).count()).toBe(oldest.length);
    expect(await leadRows(other).first().innerText()).toContain(oldest[0]!.email);
    await other.close();
  });

  it('exports the same filtered leads as CSV', async () => {
    const lead = await leadOf(dashboard.demo.lead.id);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('leads.csv');
    const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe('id,email,autopilot,outcome,end_reason,enrolled_at,ended_at,enrolled_by,contact_source,contact_id,research_id');
    expect(lines).toHaveLength(2);
    expect(lines[1]!.startsWith(`${lead.id},${lead.email},${lead.autopilot},Active,`)).toBe(true);
  });

  it("opens the lead, and reads its brief with each fact's source and its timeline of 12 touches", async () => {
    const lead = await leadOf(dashboard.demo.lead.id);
    const touches = lead.timeline.filter((entry) => entry.type === 'touch');
    expect(touches).toHaveLength(dashboard.demo.lead.touches);
    await page.getByRole('link', { name: lead.email }).click();
    await page.getByRole('heading', { name: lead.email, level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Timeline' }).waitFor();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    expect(await timeline.getByText(/^Step \d+:/).count()).toBe(dashboard.demo.lead.touches);
    const text = await timeline.innerText();
    const sent = touches.filter((touch) => touch.body);
    expect(sent.length).toBeGreaterThan(0);
    for (const touch of sent) expect(text).toContain(touch.body!.split('\n')[0]);
    for (const touch of touches.filter((entry) => entry.skip_reason)) {
      expect(text).toContain(`Skipped: ${touch.skip_reason!.replaceAll('_', ' ')}${touch.skip_detail ? ` (${touch.skip_detail})` : ''}`);
    }
    for (const touch of touches.filter((entry) => entry.held_reason)) expect(text).toContain(`Held back: ${touch.held_reason}`);
    for (const event of lead.timeline.filter((entry) => entry.type === 'event' && entry.detail?.text)) expect(text).toContain(event.detail!.text);

    const brief = page.getByTestId('brief');
    await brief.waitFor();
    const prospect = await brief.getByRole('region', { name: 'The prospect' }).innerText();
    expect(prospect).toContain((await briefOf(lead.research_id!)).prospect.title);
    expect(prospect).toMatch(/Source: Apollo, \w{3} \d{1,2}, \d{4}/);
    expect(await brief.getByRole('region', { name: 'Decision makers' }).count()).toBe(1);
    await checkPage(page, 'lead-light');
  });

  it('closes the lead after a confirmation that it cannot be undone, and shows it closed', async () => {
    await page.getByRole('button', { name: 'Close lead' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close this lead?' });
    expect(await dialog.innerText()).toContain('This cannot be undone.');
    await dialog.getByRole('button', { name: 'Close lead' }).click();
    await page.getByRole('status').filter({ hasText: 'Closed manually: its queued touches are cancelled.' }).waitFor();
    await page.getByRole('heading', { name: 'Timeline' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Close lead' }).count()).toBe(0);
    expect(await page.getByText('Closed by hand').first().isVisible()).toBe(true);
    expect(await leadOf(dashboard.demo.lead.id)).toMatchObject({ outcome: 'Closed', end_reason: 'closed_manually' });
  });

  it('marks a win on a lead’s timeline', async () => {
    const [won] = await listed('end_reason=meeting_booked&limit=1');
    await page.goto(`/app/leads/${won!.id}`);
    await page.getByRole('heading', { name: 'Timeline' }).waitFor();
    expect(await page.getByText('Win', { exact: true }).count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByRole('status', { name: 'Wins' }).innerText()).toMatch(/^Meeting booked on \w{3} \d{1,2}, \d{4}/m);
    expect(await page.getByRole('button', { name: 'Close lead' }).count()).toBe(0);
    await checkPage(page, 'lead-won-light');
  });

  it('says so when a lead has no research', async () => {
    // The seed researches every lead: this one's research is erased, as a deletion request would.
    const [lead] = await listed('outcome=Closed&limit=1');
    await dashboard.engine.pool.query('UPDATE autopilot_leads SET research_id = NULL WHERE id = $1', [lead!.id]);
    await page.goto(`/app/leads/${lead!.id}`);
    await page.getByText('This lead has no research').waitFor();
  });

  it('researches an address by hand, polls it to its brief, and reads it in the history with its cost', async () => {
    const before = ((await api().request('GET', '/research?limit=1')).body as unknown as { researches: { research_id: string; email: string }[] }).researches[0]!;
    await page.goto('/app/research');
    await page.getByRole('heading', { name: 'Research', level: 1 }).waitFor();
    const left = Number((await page.getByText(/credits left this cycle/).innerText()).match(/([\d,]+) credits left/)![1]!.replaceAll(',', ''));
    await page.getByLabel('Work e-mail').fill('max@nordwind.example');
    await page.getByRole('button', { name: 'Research' }).click();
    await page.getByRole('heading', { name: 'Brief: max@nordwind.example' }).waitFor();
    await page.getByText('Nothing found about this prospect').waitFor();
    await page.getByText(`${(left - 1).toLocaleString('en-US')} credits left this cycle`).waitFor();
    const history = page.getByRole('table', { name: 'Researches' });
    const first = history.locator('tbody tr').first();
    await expect.poll(() => first.innerText()).toMatch(/max@nordwind\.example\s+completed[\s\S]*\s1$/i);
    expect(await history.locator('tbody tr').nth(1).innerText()).toContain(before.email);

    // The seed's newest research from the history, in the same brief.
    await history.getByRole('button', { name: before.email }).first().click();
    await page.getByRole('heading', { name: `Brief: ${before.email}` }).waitFor();
    expect(await page.getByTestId('brief').getByRole('region', { name: 'The prospect' }).innerText()).toContain((await briefOf(before.research_id)).prospect.title);
    await checkPage(page, 'research-light');
  });
});

describe('the pages at phone width in dark, and for a member', () => {
  let member: SignedIn;

  beforeAll(async () => {
    member = await dashboard.signIn('member', { viewport: VIEWPORTS.phone, colorScheme: 'dark' });
  });

  afterAll(() => member.context.close());

  it.each([
    ['leads', '/app/leads', 'Leads'],
    ['lead', () => `/app/leads/${dashboard.demo.lead.id}`, 'Timeline'],
    ['research', `/app/research?id=`, 'History'],
  ] as const)('shows the %s page whole, with no serious accessibility problem', async (name, path, heading) => {
    const { page } = member;
    await page.goto(typeof path === 'function' ? path() : path);
    await page.getByRole('heading', { name: heading }).first().waitFor();
    if (name === 'research') {
      await page.getByText('You are a member of this account').waitFor();
      expect(await page.getByRole('button', { name: 'Research' }).count()).toBe(0);
      await page.getByRole('table', { name: 'Researches' }).waitFor();
    }
    if (name === 'lead') await page.getByTestId('brief').waitFor();
    if (name === 'leads') {
      // A card a lead, not a table, at phone width.
      await page.getByRole('list', { name: 'Leads' }).getByRole('listitem').first().waitFor();
      expect(await page.getByRole('list', { name: 'Leads' }).getByRole('listitem').count()).toBe(50);
      expect(await page.getByRole('table', { name: 'Leads' }).isVisible()).toBe(false);
    }
    expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await checkPage(page, `${name}-dark`);
  });
});
