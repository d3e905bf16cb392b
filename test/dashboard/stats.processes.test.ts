/**
 * The Stats page in a real browser (Debian's Chromium driven by playwright-core) against a real engine
 * on the demo seed (its Autopilots, leads, touches and credits of the last 60 days): an owner reads the
 * period's figures, a chart and the table beside it (each the engine's numbers for the period the page
 * asked for), narrows them to one Autopilot and picks a custom period; at
 * laptop and phone widths, light and dark, checked by axe-core and kept as screenshots in
 * test-artifacts/dashboard/.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkPage, useDashboard, VIEWPORTS } from './support.ts';

const dashboard = useDashboard({ seed: true, worker: false });

type Touches = Record<'email' | 'linkedin' | 'whatsapp' | 'telegram', { sent: number; skipped: number; held: number }>;
interface DailyStats {
  enrolled: number;
  responded: number;
  responded_rate: number | null;
  credits: number;
  end_reasons: Record<string, number>;
  touches: Touches;
  days: { date: string; enrolled: number; responded: number; credits: number; touches: Touches }[];
}

/** The numbers the engine answers the page's next request for the period's stats with: what the page must show. */
const nextAnswer = (page: Page, match: (query: URLSearchParams) => boolean = () => true): Promise<DailyStats> =>
  page
    .waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/autopilot/stats/daily' && match(url.searchParams);
    })
    .then((response) => response.json() as Promise<DailyStats>);

const count = (value: number) => value.toLocaleString('en-US');
const percent = (rate: number | null) => (rate === null ? '–' : rate.toLocaleString('en-US', { style: 'percent', maximumFractionDigits: 1 }));
const touchesSent = (touches: Touches) => Object.values(touches).reduce((sum, channel) => sum + channel.sent, 0);

/** The figure under `label` in the summary. */
const figure = (page: Page, label: string) => page.getByTestId('figures').getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').innerText();
/** The summary's figures as the page should show `stats`. */
const figuresOf = (stats: DailyStats) => ({
  Enrolled: count(stats.enrolled),
  Responded: count(stats.responded),
  'Responded rate': percent(stats.responded_rate),
  'Touches sent': count(touchesSent(stats.touches)),
  'Credits spent': count(stats.credits),
});
const LABELS = ['Enrolled', 'Responded', 'Responded rate', 'Touches sent', 'Credits spent'];
const shownFigures = async (page: Page) => Object.fromEntries(await Promise.all(LABELS.map(async (label) => [label, await figure(page, label)])));
/** The cells of a chart's table, row by row (its header first). */
const tableOf = (page: Page, chart: string) =>
  page
    .getByRole('region', { name: chart })
    .getByRole('table')
    .locator('tr')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())));

describe('an owner on the Stats page', () => {
  const owner = dashboard.signedInForSuite('owner');
  let page: Page;
  beforeAll(() => {
    page = owner.page;
  });

  it("reads the last 30 days' figures, then a week's chart and the same numbers in the table beside it", async () => {
    await page.goto('/app/autopilots');
    const month = nextAnswer(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stats' }).click();
    await page.getByRole('heading', { name: 'Stats', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Leads per day' }).waitFor();
    const stats = await month;
    expect(stats.enrolled).toBeGreaterThan(0);
    await expect.poll(() => shownFigures(page)).toEqual(figuresOf(stats));

    const week = nextAnswer(page);
    await page.getByRole('radiogroup', { name: 'Period' }).getByText('7 days').click();
    await page.waitForURL(/period=7/);
    const days = (await week).days;
    await expect.poll(async () => (await tableOf(page, 'Leads per day')).length).toBe(days.length + 1);
    const leads = await tableOf(page, 'Leads per day');
    expect(leads[0]).toEqual(['Day', 'Enrolled', 'Responded']);
    // Oldest first, a row a day.
    expect(leads.slice(1).map((row) => row.slice(1))).toEqual(days.map((day) => [count(day.enrolled), count(day.responded)]));
    expect(leads[1]![0]).toContain(String(Number(days[0]!.date.slice(8))));
    // The chart draws the same days.
    await expect.poll(() => page.getByRole('region', { name: 'Leads per day' }).locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);

    const touches = await tableOf(page, 'Touches per day');
    expect(touches[0]!.slice(0, 4)).toEqual(['Day', 'E-mail sent', 'E-mail skipped', 'E-mail held']);
    expect(touches.slice(1).map((row) => row.slice(1, 4))).toEqual(days.map((day) => [day.touches.email.sent, day.touches.email.skipped, day.touches.email.held].map(count)));
    const busiest = days.reduce((most, day) => (day.credits > most.credits ? day : most));
    expect(await tableOf(page, 'Credits per day')).toContainEqual([expect.stringContaining(String(Number(busiest.date.slice(8)))), count(busiest.credits)]);
    const ended = (await tableOf(page, 'Why leads ended')).slice(1);
    const reasons = Object.values((await week).end_reasons ?? {}).filter((leads) => leads > 0);
    expect(ended.map((row) => row[1]).sort()).toEqual(reasons.map(count).sort());
    await checkPage(page, 'stats-light');
  });

  it('narrows the figures to one Autopilot, and switches the touches chart to those skipped', async () => {
    const [first, second] = dashboard.demo.autopilots;
    let answer = nextAnswer(page, (query) => query.get('autopilot') === first);
    await page.getByLabel('Autopilot').selectOption(first!);
    await page.waitForURL(/autopilot=/);
    const one = await answer;
    await expect.poll(() => shownFigures(page)).toEqual(figuresOf(one));

    answer = nextAnswer(page, (query) => query.get('autopilot') === second);
    await page.getByLabel('Autopilot').selectOption(second!);
    const other = await answer;
    await expect.poll(() => shownFigures(page)).toEqual(figuresOf(other));
    const touches = page.getByRole('region', { name: 'Touches per day' });
    await touches.getByRole('radiogroup', { name: 'Touches shown in the chart' }).getByText('Skipped').click();
    await expect
      .poll(() => touches.getByRole('img', { name: /^Stacked bar chart/ }).getAttribute('aria-label'))
      .toContain(`touches skipped per day by channel: E-mail ${count(other.touches.email.skipped)}`);
  });

  it('picks a custom period, and says so when nothing happened in it', async () => {
    await page.getByRole('radiogroup', { name: 'Period' }).getByText('Custom').click();
    await page.getByLabel('From', { exact: true }).fill('2021-03-01');
    await page.getByLabel('To', { exact: true }).fill('2021-03-31');
    await page.getByRole('heading', { name: 'Nothing happened in this period' }).waitFor();
    expect(await figure(page, 'Enrolled')).toBe('0');
    expect(page.url()).toContain('from=2021-03-01');
    await page.getByLabel('From', { exact: true }).fill('2019-01-01');
    await page.getByText('A period is at most 366 days; this one is 821').waitFor();
    expect(await page.getByTestId('figures').count()).toBe(0);
    await checkPage(page, 'stats-period-too-long-light', { fullPage: false });
  });
});

describe('the Stats page in dark', () => {
  it('at laptop width: charts beside their tables, with no accessibility problem', async () => {
    const { context, page } = await dashboard.signIn('admin', { colorScheme: 'dark' });
    await page.goto(`/app/stats?period=7&autopilot=${encodeURIComponent(dashboard.demo.autopilots[1]!)}`);
    const region = page.getByRole('region', { name: 'Leads per day' });
    await region.getByRole('table').waitFor();
    const chart = await region.getByRole('img', { name: /^Bar chart/ }).boundingBox();
    const table = await region.getByRole('table').boundingBox();
    expect(table!.x).toBeGreaterThan(chart!.x + chart!.width - 1);
    await checkPage(page, 'stats-dark');
    await context.close();
  });

  it('at phone width: each table under its chart, with no accessibility problem', async () => {
    const { context, page } = await dashboard.signIn('member', { viewport: VIEWPORTS.phone, colorScheme: 'dark' });
    await page.goto('/app/stats?period=7');
    await page.getByRole('region', { name: 'Leads per day' }).getByRole('table').waitFor();
    const region = page.getByRole('region', { name: 'Leads per day' });
    const chart = await region.getByRole('img', { name: /^Bar chart/ }).boundingBox();
    const table = await region.getByRole('table').boundingBox();
    expect(table!.y).toBeGreaterThan(chart!.y + chart!.height - 1);
    expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await checkPage(page, 'stats-member-dark');
    await context.close();
  });
});
