/**
 * The Channels page in a real browser (Debian's Chromium driven by playwright-core) against a real
 * engine: an owner adds a mailbox whose SMTP server does not answer and sees its test stop at the
 * connect step, and one whose server refuses the login and sees it stop there in the server's words;
 * changes a mailbox's limit and removes it; connects a LinkedIn seat through
 * a local stand-in of Unipile's hosted authentication (the page opens the link, the stand-in's Connect
 * notifies the engine and comes back) and sees it listed as connected; reconnects a disconnected seat.
 * A member reads it all and changes nothing. The page at laptop and phone widths, light and dark,
 * checked by axe-core and kept as screenshots in test-artifacts/dashboard/.
 */
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { client, createCustomer, seedSeat, type TestEngine } from '@prospect-research/engine/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, accessibilityProblems, checkPage, type SignedIn, useDashboard, VIEWPORTS } from './support.ts';
import { type HostedAuthStandIn, startHostedAuthStandIn } from './unipileHostedAuthStandIn.ts';

const UNIPILE_KEY = 'stand-in-key';

let unipile: HostedAuthStandIn;
let acme: { id: number; key: string };
/** A port of 127.0.0.1 where nothing listens. */
let closedPort: number;
/** A local SMTP server (the smtp-server package) that refuses every login, as a wrong password is refused. */
let refusingSmtp: SMTPServer;
let refusingPort: number;

/** A port nothing listens on now (the engine takes it next, or the test keeps it closed). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The account's channels as an integrator would set them up through the API: a warming-up mailbox and
 * a WhatsApp seat Unipile lost (replaceable by the demo seed later).
 */
async function seedChannels(api: ReturnType<typeof client>, pool: TestEngine['pool'], accountId: number): Promise<{ lostSeatId: number }> {
  const mailbox = await api.request('POST', '/mailboxes', {
    body: {
      from_address: 'anna@acme.example',
      from_name: 'Anna Novak',
      smtp: { host: '127.0.0.1', port: closedPort, security: 'none', user: 'anna@acme.example', password: 'app-password' },
      imap: null,
      time_zone: 'Europe/Berlin',
      sending_hours: { start: '08:00', end: '18:00' },
      sending_days: ['mon', 'tue', 'wed', 'thu', 'fri'],
      daily_limit: 40,
      warmup: { start_per_day: 10, increase_per_day: 5 },
    },
  });
  expect(mailbox.status, JSON.stringify(mailbox.body)).toBe(201);
  const seat = await seedSeat(pool, accountId, { channel: 'whatsapp', unipile_account_id: 'unipile-whatsapp-lost', label: 'Sales WhatsApp', time_zone: 'Europe/Berlin' });
  await pool.query("UPDATE autopilot_seats SET status = 'disconnected', status_detail = 'credentials expired', status_changed_at = now() WHERE account_id = $1 AND id = $2", [accountId, seat.id]);
  return { lostSeatId: seat.id };
}

let lostSeatId: number;

beforeAll(async () => {
  unipile = await startHostedAuthStandIn({ apiKey: UNIPILE_KEY });
  closedPort = await freePort();
  refusingSmtp = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    disableReverseLookup: true,
    logger: false,
    onAuth: (_auth, _session, callback) => callback(Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 })),
  });
  await new Promise<void>((resolve) => refusingSmtp.listen(0, '127.0.0.1', resolve));
  refusingPort = (refusingSmtp.server.address() as { port: number }).port;
});

afterAll(async () => {
  await unipile?.close();
  await new Promise<void>((resolve) => (refusingSmtp ? refusingSmtp.close(() => resolve()) : resolve()));
});

// Its own account, not the seed's: the mailbox at a closed port, the seat Unipile lost and the stand-in's seats are what the page is about.
const dashboard = useDashboard(async () => {
  const port = await freePort();
  return {
    worker: false,
    env: { PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, UNIPILE_API_KEY: UNIPILE_KEY, UNIPILE_BASE_URL: unipile.url, EMAIL_ALLOW_PRIVATE_HOSTS: 'true' },
  };
});

beforeAll(async () => {
  const customer = await createCustomer(dashboard.engine.pool, { name: 'Acme Sales' });
  acme = { id: customer.account.id, key: customer.key };
  ({ lostSeatId } = await seedChannels(client(dashboard.engine.url, acme.key), dashboard.engine.pool, acme.id));
});

const mailboxCard = (page: Page, address: string) => page.getByRole('article', { name: address });
const seatCard = (page: Page, label: string) => page.getByRole('article', { name: label });
const stepStatus = (card: ReturnType<Page['getByRole']>, server: string) =>
  card
    .getByRole('list', { name: `${server} test steps` })
    .locator('li')
    .evaluateAll((items) => items.map((item) => `${item.getAttribute('data-step')}: ${item.getAttribute('data-status')}`));

/** Adds a mailbox through the page's form, sending through 127.0.0.1:`port` without TLS and reading no replies, and saves and tests it. */
async function addMailbox(page: Page, mailbox: { address: string; name?: string; port: number; password: string }): Promise<void> {
  await page.getByRole('button', { name: 'Add mailbox' }).click();
  const form = page.getByRole('dialog', { name: 'Add a mailbox' });
  await form.getByLabel('Sends from (address)').fill(mailbox.address);
  if (mailbox.name) await form.getByLabel('Sender name').fill(mailbox.name);
  await form.getByLabel('SMTP host').fill('127.0.0.1');
  await form.getByLabel('SMTP port').fill(String(mailbox.port));
  await form.getByLabel('SMTP security').click();
  await page.getByRole('option', { name: 'None (a local test server only)' }).click();
  await form.getByLabel('SMTP password').fill(mailbox.password);
  await form.getByRole('switch', { name: /Read replies/ }).uncheck({ force: true });
  await form.getByRole('button', { name: 'Save and test' }).click();
  await form.waitFor({ state: 'detached' });
}

describe('an owner on the Channels page', () => {
  let owner: SignedIn;
  let page: Page;

  beforeAll(async () => {
    owner = await dashboard.signIn('owner', { accountId: acme.id });
    page = owner.page;
    page.setDefaultTimeout(15_000);
  });

  it('is in the navigation, and lists the mailbox with its schedule, today’s use and the warm-up ahead', async () => {
    await page.goto('/app/autopilots');
    await page.getByRole('link', { name: 'Channels' }).click();
    await page.getByRole('heading', { name: 'Channels', level: 1 }).waitFor();
    // The pointer leaves the navigation, as a reader's does (a hovered link is drawn otherwise).
    await page.mouse.move(900, 10);
    const card = mailboxCard(page, 'anna@acme.example');
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain('Anna Novak');
    expect(text).toContain('08:00–18:00 (Europe/Berlin)');
    expect(text).toContain('Daily limit: 40 e-mails');
    expect(text).toContain('Sent: 0 of 10 today');
    expect(text).toMatch(/Warming up: 10 today, 5 more each day; the full 40 from /);
    await checkPage(page, 'channels-light');
  });

  it('adds a mailbox whose SMTP server does not answer, and its test stops at the connect step with why', async () => {
    await addMailbox(page, { address: 'ben@acme.example', name: 'Ben Ortiz', port: closedPort, password: 'not-checked' });

    const card = mailboxCard(page, 'ben@acme.example');
    await card.getByRole('list', { name: 'SMTP test steps' }).waitFor();
    expect(await stepStatus(card, 'SMTP')).toEqual(['address: ok', 'connect: failed', 'tls: skipped', 'login: skipped']);
    expect(await card.locator('[data-step="connect"]').innerText()).toContain('nothing answers at the SMTP host and port (connection refused)');
    expect(await card.innerText()).toContain('IMAP: none, so replies are not read.');
    expect(await accessibilityProblems(page)).toEqual([]);
    await card.screenshot({ path: `${ARTIFACTS}/channels-mailbox-test-failed.png` });
  });

  it('adds a mailbox whose SMTP server refuses the login, and its test stops at the login step in the server’s words', async () => {
    await addMailbox(page, { address: 'cleo@acme.example', port: refusingPort, password: 'wrong-password' });

    const card = mailboxCard(page, 'cleo@acme.example');
    await card.getByRole('list', { name: 'SMTP test steps' }).waitFor();
    expect(await stepStatus(card, 'SMTP')).toEqual(['address: ok', 'connect: ok', 'tls: skipped', 'login: failed']);
    const login = await card.locator('[data-step="login"]').innerText();
    expect(login).toContain('the SMTP server refused the login');
    expect(login).toContain('535 5.7.8 Authentication credentials invalid');
    expect(await card.innerText()).not.toContain('wrong-password');
    await page.getByRole('button', { name: 'Remove cleo@acme.example' }).click();
    await page.getByRole('dialog', { name: 'Remove this mailbox?' }).getByRole('button', { name: 'Remove mailbox' }).click();
    await card.waitFor({ state: 'detached' });
  });

  it('changes the mailbox’s limit and hours', async () => {
    await page.getByRole('button', { name: 'Change ben@acme.example' }).click();
    const form = page.getByRole('dialog', { name: 'Change ben@acme.example' });
    await form.getByLabel('E-mails a day (once warmed up)').fill('80');
    await form.getByLabel('Until').fill('16:30');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    const card = mailboxCard(page, 'ben@acme.example');
    await expect.poll(() => card.innerText()).toContain('Daily limit: 80 e-mails');
    expect(await card.innerText()).toContain('–16:30');
    const saved = await client(dashboard.engine.url, acme.key).request('GET', '/mailboxes');
    expect((saved.body as any).mailboxes.find((mailbox: any) => mailbox.from_address === 'ben@acme.example')).toMatchObject({ daily_limit: 80, sending_hours: { end: '16:30' } });
  });

  it('removes the mailbox after asking', async () => {
    await page.getByRole('button', { name: 'Remove ben@acme.example' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this mailbox?' });
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Remove ben@acme.example' }).click();
    await page.getByRole('dialog', { name: 'Remove this mailbox?' }).getByRole('button', { name: 'Remove mailbox' }).click();
    await mailboxCard(page, 'ben@acme.example').waitFor({ state: 'detached' });
    expect(await page.getByTestId('mailbox').count()).toBe(1);
  });

  it('connects a LinkedIn seat through Unipile’s hosted authentication and sees it connected', async () => {
    await page.getByRole('button', { name: 'Connect a seat' }).click();
    const form = page.getByRole('dialog', { name: 'Connect a seat' });
    await form.getByLabel('Name').fill('Anna (LinkedIn)');
    await form.getByLabel('Connection requests a day').fill('60');
    await form.getByRole('button', { name: 'Continue to Unipile' }).click();

    await page.waitForURL(`${unipile.url}/hosted/**`);
    await page.getByRole('heading', { name: 'Connect your LINKEDIN account' }).waitFor();
    await page.getByRole('button', { name: 'Connect' }).click();

    await page.waitForURL('**/app/channels?seat=connected');
    await page.getByRole('status').filter({ hasText: 'Seat connected' }).waitFor();
    const card = seatCard(page, 'Anna (LinkedIn)');
    await card.waitFor();
    expect(await card.innerText()).toMatch(/\bconnected\b/i);
    expect(await card.innerText()).toContain('60 connection requests a day');
    expect(await card.innerText()).toContain('Connection requests: 0 of 60 today');

    const link = unipile.links.at(-1)!;
    expect(link.request).toMatchObject({ type: 'create', providers: ['LINKEDIN'] });
    expect(link.notified).toMatchObject({ status: 200, body: { result: 'seat_created' } });
    const { rows } = await dashboard.engine.pool.query('SELECT account_id::int, unipile_account_id FROM autopilot_seats WHERE label = $1', ['Anna (LinkedIn)']);
    expect(rows).toEqual([{ account_id: acme.id, unipile_account_id: link.connectedAccountId }]);
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('reconnects the seat Unipile lost', async () => {
    const card = seatCard(page, 'Sales WhatsApp');
    expect(await card.innerText()).toMatch(/disconnected/i);
    expect(await card.innerText()).toContain('credentials expired');
    await page.getByRole('button', { name: 'Reconnect Sales WhatsApp' }).click();
    await page.waitForURL(`${unipile.url}/hosted/**`);
    expect(unipile.links.at(-1)!.request).toMatchObject({ type: 'reconnect', providers: ['WHATSAPP'], reconnect_account: 'unipile-whatsapp-lost' });
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.waitForURL('**/app/channels?seat=connected');
    expect(unipile.links.at(-1)!.notified).toMatchObject({ status: 200, body: { result: 'seat_reconnected', seat_id: lostSeatId } });
    await expect.poll(() => seatCard(page, 'Sales WhatsApp').innerText(), { timeout: 10_000 }).not.toMatch(/disconnected/i);
    const seat = await client(dashboard.engine.url, acme.key).request('GET', `/seats/${lostSeatId}`);
    expect(seat.body).toMatchObject({ status: 'connected', status_detail: null });
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`reads well at both widths in ${colorScheme}`, async () => {
      const { context, page: view } = await dashboard.signIn('owner', { accountId: acme.id, colorScheme });
      await view.goto('/app/channels');
      await seatCard(view, 'Anna (LinkedIn)').waitFor();
      await mailboxCard(view, 'anna@acme.example').getByRole('button', { name: 'Test connection of anna@acme.example' }).click();
      await mailboxCard(view, 'anna@acme.example').getByRole('list', { name: 'SMTP test steps' }).waitFor();
      await checkPage(view, `channels-${colorScheme}`, { fits: true });
      // The two forms, as an owner fills them in.
      for (const [button, dialog, name] of [
        ['Add mailbox', 'Add a mailbox', 'add-mailbox'],
        ['Connect a seat', 'Connect a seat', 'connect-seat'],
      ] as const) {
        await view.getByRole('button', { name: button }).click();
        const form = view.getByRole('dialog', { name: dialog });
        await form.waitFor();
        await checkPage(view, `channels-${name}-${colorScheme}`, { fullPage: false });
        await form.getByRole('button', { name: 'Cancel' }).click();
        await form.waitFor({ state: 'detached' });
      }
      await context.close();
    }, 60_000);
  }
});

describe('a member on the Channels page', () => {
  it('reads the mailboxes and seats, and finds nothing to change', async () => {
    const { context, page } = await dashboard.signIn('member', { accountId: acme.id, viewport: VIEWPORTS.phone });
    await page.goto('/app/channels');
    await seatCard(page, 'Anna (LinkedIn)').waitFor();
    await mailboxCard(page, 'anna@acme.example').waitFor();
    expect(await page.getByText('You can read the channels; admins and owners change them.').isVisible()).toBe(true);
    for (const name of [
      'Add mailbox',
      'Connect a seat',
      'Test connection of anna@acme.example',
      'Change anna@acme.example',
      'Remove anna@acme.example',
      'Reconnect Anna (LinkedIn)',
      'Remove Anna (LinkedIn)',
    ]) {
      expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    }
    // The engine says the same: a member's change is refused.
    expect((await context.request.post('/seats/connect', { data: { channel: 'telegram', label: 'x', time_zone: 'UTC' } })).status()).toBe(403);
    await checkPage(page, 'channels-member');
    await context.close();
  }, 60_000);
});
