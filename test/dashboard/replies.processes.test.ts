/**
 * The Replies inbox in a real browser (Debian's Chromium driven by playwright-core) against a real
 * engine with a worker, on the demo seed: a reply a CRM posts through the API to a seeded lead arrives
 * in the open inbox on its own, with its lead, its Autopilot and the touch it answered; an auto-reply is
 * shown apart, never as a reply.
 * The page at laptop and phone widths, light and dark, checked by axe-core and kept as screenshots in
 * test-artifacts/dashboard/.
 */
import { client, createCustomer } from '@prospect-research/engine/testing';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkPage, useDashboard } from './support.ts';

const dashboard = useDashboard({ seed: true, worker: true });

interface Touch {
  type: string;
  step: number;
  channel: string;
  state: string;
  subject: string | null;
  sent_at: string | null;
}

const api = () => client(dashboard.engine.url, dashboard.demo.key);
const activity = (contactId: string, body: Record<string, unknown>) =>
  api().request('POST', `/autopilot/contacts/${contactId}/activities`, { body: { type: 'email_reply', occurred_at: new Date().toISOString(), ...body } });

/** Active leads of the seed with an e-mail sent and nothing answered yet, the newest first: what a reply can come to. */
async function leadsToReplyTo(): Promise<{ id: number; contactId: string; email: string; autopilot: string; answered: Touch }[]> {
  const { rows } = await dashboard.engine.pool.query<{ id: number; contact_id: string; email: string; autopilot: string }>(
    `SELECT l.id::int, l.contact_id, c.email, a.name AS autopilot
     FROM autopilot_leads l JOIN autopilot_contacts c USING (account_id, source, contact_id) JOIN autopilots a ON a.id = l.autopilot_id
     WHERE l.account_id = $1 AND l.outcome = 'Active' AND EXISTS (SELECT 1 FROM autopilot_touches t WHERE t.lead_id = l.id AND t.channel = 'email' AND t.state = 'sent')
     ORDER BY l.id DESC LIMIT 2`,
    [dashboard.demo.accountId],
  );
  return Promise.all(
    rows.map(async (row) => {
      const { timeline } = (await api().request('GET', `/autopilot/leads/${row.id}`)).body as unknown as { timeline: Touch[] };
      const sent = timeline.filter((entry) => entry.type === 'touch' && entry.channel === 'email' && entry.state === 'sent');
      const answered = sent.sort((a, b) => Date.parse(b.sent_at!) - Date.parse(a.sent_at!))[0]!;
      return { id: row.id, contactId: row.contact_id, email: row.email, autopilot: row.autopilot, answered };
    }),
  );
}

describe('a member on the Replies inbox', () => {
  const member = dashboard.signedInForSuite('member');
  let page: Page;
  beforeAll(() => {
    page = member.page;
  });

  it('starts empty on an account with no reply yet, and says what will show there', async () => {
    const empty = await createCustomer(dashboard.engine.pool, { name: 'Empty' });
    const { context, page: other } = await dashboard.signIn('member', { accountId: empty.account.id });
    await other.goto('/app/replies');
    await other.getByRole('heading', { name: 'Replies', level: 1 }).waitFor();
    await other.getByText('No replies yet.', { exact: false }).waitFor();
    await context.close();
  });

  it('sees a reply arrive on its own after the CRM posts it, with its lead, Autopilot and the touch it answered', { timeout: 40_000 }, async () => {
    const [lead] = await leadsToReplyTo();
    await page.goto('/app/replies');
    const inbox = page.getByRole('list', { name: 'Replies' });
    await inbox.getByRole('listitem').first().waitFor();
    const text = `Thursday at 10 works for me (${lead!.email}).`;
    expect((await activity(lead!.contactId, { id: 'r-1', text, subject: `Re: ${lead!.answered.subject}` })).status).toBe(202);
    // No reload: the inbox asks again every 15 seconds.
    await inbox.getByText(text).waitFor({ timeout: 25_000 });
    const entry = inbox.getByRole('listitem').first();
    const read = await entry.innerText();
    expect(read).toContain(text);
    expect(read).toContain(lead!.email);
    expect(read).toContain(lead!.autopilot);
    expect(read).toMatch(/E-mail/i);
    expect(read).toContain(`Answering step ${lead!.answered.step} (E-mail, “${lead!.answered.subject}”)`);
    expect(await entry.getByRole('link', { name: lead!.email }).getAttribute('href')).toBe(`/app/leads/${lead!.id}`);
  });

  it('shows an auto-reply apart, never among the replies', { timeout: 40_000 }, async () => {
    const [, lead] = await leadsToReplyTo();
    const text = `I am out of the office until Monday (${lead!.email}).`;
    const auto = await activity(lead!.contactId, { id: 'r-2', text, subject: `Automatic reply: ${lead!.answered.subject}` });
    expect(auto.body.effect).toBe('auto_reply');
    await page.getByText('Auto-replies', { exact: true }).click();
    expect(new URL(page.url()).searchParams.get('kind')).toBe('auto_reply');
    const autoReplies = page.getByRole('list', { name: 'Auto-replies' });
    await autoReplies.getByText(text).waitFor();
    expect(await autoReplies.getByRole('listitem').first().innerText()).toContain(`An auto-reply: its subject "Automatic reply: ${lead!.answered.subject}"`);

    await page.getByText('Replies', { exact: true }).last().click();
    const replies = page.getByRole('list', { name: 'Replies' });
    await replies.getByText('Thursday at 10 works for me').waitFor();
    expect(await replies.innerText()).not.toContain(text);
  });
});

describe('the page in both themes', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`${colorScheme}: no serious accessibility problem at either width, and a screenshot of each`, { timeout: 120_000 }, async () => {
      const { context, page } = await dashboard.signIn('owner', { colorScheme });
      for (const [name, path, ready] of [
        ['replies', '/app/replies', 'Thursday at 10 works for me'],
        ['replies-auto', '/app/replies?kind=auto_reply', 'I am out of the office until Monday'],
      ] as const) {
        await page.goto(path);
        await page.getByText(ready).waitFor();
        await checkPage(page, `${name}-${colorScheme}`);
      }
      await context.close();
    });
  }
});
