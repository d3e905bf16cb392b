/**
 * The Webhooks page in a real browser (Debian's Chromium driven by playwright-core) against a real
 * engine with a worker and a local receiver: an owner creates a webhook to the receiver, copies its
 * secret from the one view of it, sends a test event and sees it delivered while the receiver gets a
 * request signed as Standard Webhooks says; a failing webhook shows its error and is deleted after a
 * confirmation; the event feed and credit alerts; a member sees it all and changes nothing. At laptop
 * and phone widths, light and dark, checked by axe-core and kept as screenshots in test-artifacts/dashboard/.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { client } from '@prospect-research/engine/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems, checkPage, type SignedIn, useDashboard, VIEWPORTS } from './support.ts';

// The seeded engine; the receiver on 127.0.0.1 is the test's own (the seed's webhook points at a host that does not exist).
const dashboard = useDashboard({ seed: true, worker: true, env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' } });
const SEEDED_WEBHOOK = 'https://hooks.demo.example/prospect-research';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The webhooks' target: records each request; `/down` answers 503, anything else 204. */
const received: Received[] = [];
let receiver: Server;
let receiverUrl: string;

/** Whether `headers` sign `body` with `secret` as the Standard Webhooks specification says (HMAC-SHA256 over id.timestamp.body). */
function signedWith(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((signature) => {
      const [version, value] = signature.split(',');
      const given = Buffer.from(value ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = request.url === '/down' ? 503 : 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => receiver?.close(resolve)));

const webhookCard = (page: Page, url: string) => page.getByRole('article', { name: `Webhook ${url}` });

describe('an owner on the Webhooks page', () => {
  let owner: SignedIn;
  let page: Page;
  let secret: string;

  beforeAll(async () => {
    owner = await dashboard.signIn('owner', { permissions: ['clipboard-read', 'clipboard-write'] });
    page = owner.page;
  });

  it('creates a webhook and sees its signing secret once, with a way to copy it', async () => {
    await page.goto('/app/autopilots');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await webhookCard(page, SEEDED_WEBHOOK).waitFor();

    await page.getByLabel('Address').fill(`${receiverUrl}/hook`);
    const events = page.getByRole('group', { name: 'Events' });
    expect(await events.getByRole('checkbox', { checked: true }).count()).toBe(2);
    await events.getByRole('checkbox', { name: /touch\.sent/ }).check();
    await page.getByRole('button', { name: 'Create webhook' }).click();

    const dialog = page.getByRole('dialog', { name: 'Webhook created: copy its signing secret' });
    await dialog.waitFor();
    await dialog.getByText('This secret is not shown again').waitFor();
    secret = await dialog.getByTestId('webhook-secret').innerText();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{44}$/);
    await dialog.getByRole('button', { name: 'Copy secret' }).click();
    await dialog.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    expect(await page.evaluate(() => (globalThis as any).navigator.clipboard.readText())).toBe(secret);
    await checkPage(page, 'webhooks-secret', { fullPage: false });
    await dialog.getByRole('button', { name: 'I have copied it' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const card = webhookCard(page, `${receiverUrl}/hook`);
    await card.waitFor();
    expect(await card.innerText()).toContain('lead.responded');
    expect(await card.innerText()).toContain('touch.sent');
    expect(await page.content()).not.toContain(secret);
  });

  it('sends a test event and sees its delivery succeed, while the receiver gets a correctly signed request', async () => {
    const card = webhookCard(page, `${receiverUrl}/hook`);
    await card.getByRole('button', { name: `Send test event to ${receiverUrl}/hook` }).click();
    await card
      .getByRole('status')
      .getByText(/Test event queued/)
      .waitFor();
    const delivered = card.getByRole('table', { name: 'Deliveries' }).getByRole('row').filter({ hasText: 'webhook.test' });
    await delivered.getByText('Delivered').waitFor({ timeout: 20_000 });
    const cells = await delivered.getByRole('cell').allInnerTexts();
    expect(cells[2]).toBe('1');
    expect(cells[3]).toBe('–');

    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.path).toBe('/hook');
    expect(signedWith(secret, request!.headers, request!.body)).toBe(true);
    expect(signedWith(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, request!.headers, request!.body)).toBe(false);
    const event = JSON.parse(request!.body) as { id: string; type: string };
    expect(event.type).toBe('webhook.test');
    expect(request!.headers['webhook-id']).toBe(event.id);
    expect(cells[0]).toContain(event.id);
    await card.getByText(/last delivered [A-Z]/).waitFor();
    await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
    await checkPage(page, 'webhooks-light');
  });

  it("shows a failing webhook's error, and deletes it once confirmed", async () => {
    await page.getByLabel('Address').fill(`${receiverUrl}/down`);
    const autopilot = dashboard.demo.autopilots[1]!;
    await page.getByRole('combobox', { name: 'Autopilot' }).selectOption(autopilot);
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await page.getByRole('button', { name: 'I have copied it' }).click();
    const card = webhookCard(page, `${receiverUrl}/down`);
    await card.getByText(`Only ${autopilot}`, { exact: false }).first().waitFor();
    await card.getByRole('button', { name: `Send test event to ${receiverUrl}/down` }).click();
    const failed = card.getByRole('table', { name: 'Deliveries' }).getByRole('row').filter({ hasText: 'webhook.test' });
    await failed.getByText('Failed').waitFor({ timeout: 20_000 });
    expect(await failed.innerText()).toContain('HTTP 503');

    await card.getByRole('button', { name: `Delete webhook ${receiverUrl}/down` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this webhook?' });
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await card.count()).toBe(1);
    await card.getByRole('button', { name: `Delete webhook ${receiverUrl}/down` }).click();
    await dialog.getByRole('button', { name: 'Delete webhook' }).click();
    await card.waitFor({ state: 'detached' });
    // The seed's and the one made above.
    expect(await page.getByTestId('webhook').count()).toBe(2);
  });

  it('reads the event feed, and turns credit alerts on and off', async () => {
    await page.getByRole('tab', { name: 'Event feed' }).click();
    await page.waitForURL(/tab=events/);
    const rows = page.getByRole('table', { name: 'Events' }).getByRole('row');
    await rows.nth(2).waitFor();
    // The account's latest events, as GET /events?order=newest answers them.
    const { events } = (await client(dashboard.engine.url, dashboard.demo.key).request('GET', '/events?order=newest&limit=2')).body as unknown as { events: { type: string }[] };
    expect(await rows.nth(1).innerText()).toContain(events[0]!.type);
    expect(await rows.nth(2).innerText()).toContain(events[1]!.type);
    expect(await page.getByRole('table', { name: 'Events' }).innerText()).not.toContain('webhook.test');

    await page.getByRole('tab', { name: 'Credit alerts' }).click();
    await page.getByText('No e-mail goes out when credits reach 75% or 95%.', { exact: false }).waitFor();
    await page.getByLabel('Send them to').fill('ops@acme.example');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText("An e-mail goes to ops@acme.example when the cycle's use reaches 75% and 95%", { exact: false }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Turn off' }).click();
    await page.getByText('No e-mail goes out', { exact: false }).waitFor();
  });

  afterAll(() => owner?.context.close());
});

describe('a member on the Webhooks page, at phone width in dark', () => {
  it('sees the webhooks and their deliveries, and can change nothing', async () => {
    const { context, page } = await dashboard.signIn('member', { viewport: VIEWPORTS.phone, colorScheme: 'dark' });
    await page.goto('/app/webhooks');
    const card = webhookCard(page, `${receiverUrl}/hook`);
    await card.waitFor();
    await page.getByText('You are a member of this account').waitFor();
    expect(await page.getByRole('button', { name: 'Create webhook' }).count()).toBe(0);
    expect(await card.getByRole('button', { name: /Send test event|Delete webhook/ }).count()).toBe(0);
    await card.getByRole('button', { name: `Show deliveries of ${receiverUrl}/hook` }).click();
    await card.getByRole('table', { name: 'Deliveries' }).getByText('Delivered', { exact: true }).waitFor();
    expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await checkPage(page, 'webhooks-member-dark');
    await page.getByRole('tab', { name: 'Event feed' }).click();
    await page.getByRole('table', { name: 'Events' }).waitFor();
    await checkPage(page, 'webhooks-events-member-dark');

    await page.getByRole('tab', { name: 'Credit alerts' }).click();
    await page.getByText("Where credit alerts go is the owner's to change.").waitFor();
    expect(await page.getByLabel('Send them to').count()).toBe(0);
    await context.close();
  });
});
