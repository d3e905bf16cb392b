import { describe, expect, it } from 'vitest';
import { leadOfToken, unsubscribeToken, unsubscribeUrl } from '../../../src/autopilot/outcomes/unsubscribe.ts';
import { Secrets } from '../../../src/platform/secrets.ts';
import { events, leadRow, PUBLIC_URL, queuedJobs, SECRET_KEY, touchStates, useOutcomesEngine } from './support.ts';

const { fixture, newCustomer } = useOutcomesEngine();
const secrets = new Secrets(Buffer.from(SECRET_KEY, 'base64'));

async function open(method: 'GET' | 'POST' | 'HEAD', path: string, init: { body?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${fixture.engine.url}${path}`, { method, body: init.body, headers: init.headers, redirect: 'manual' });
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

describe('unsubscribe links', () => {
  it('are the public URL, the lead id and its signature; only a signature of this purpose and key verifies', () => {
    const url = unsubscribeUrl(PUBLIC_URL, secrets, 42);
    expect(url).toMatch(/^https:\/\/engine\.example\.com\/unsubscribe\/42\.[A-Za-z0-9_-]{43}$/);
    expect(leadOfToken(secrets, unsubscribeToken(secrets, 42))).toBe(42);
    expect(leadOfToken(secrets, `43.${unsubscribeToken(secrets, 42).split('.')[1]}`)).toBeUndefined();
    expect(leadOfToken(secrets, `42.${secrets.sign('mailbox-password', '42')}`)).toBeUndefined();
    expect(leadOfToken(new Secrets(Buffer.alloc(32, 9)), unsubscribeToken(secrets, 42))).toBeUndefined();
  });

  it('GET shows a confirmation page with a button and changes nothing (mail scanners open links)', async () => {
    const { autopilot, lead, api } = await newCustomer();
    await api.patchSettings({ sender_identity: { name: 'Mara', company: 'Ledgerly <GmbH>', postal_address: 'Hauptstr. 1, Berlin' } });
    const { leadId } = await lead(await autopilot());
    const page = await open('GET', new URL(unsubscribeUrl(PUBLIC_URL, secrets, leadId)).pathname);
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
    expect(page.text).toContain('<form method="post">');
    expect(page.text).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(page.text).toContain('from Ledgerly &lt;GmbH&gt;');
    expect(await leadRow(fixture.engine.pool, leadId)).toMatchObject({ outcome: 'Active' });
  });

  it('a one-click POST (RFC 8058) ends the lead at once (Closed, unsubscribed) and removes its queued touches; again answers the same', async () => {
    const { autopilot, lead } = await newCustomer();
    const { leadId, touchIds } = await lead(await autopilot());
    const path = new URL(unsubscribeUrl(PUBLIC_URL, secrets, leadId)).pathname;
    const first = await open('POST', path, { body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(first.status).toBe(200);
    expect(first.text).toContain('You are unsubscribed');
    expect(await leadRow(fixture.engine.pool, leadId)).toMatchObject({ outcome: 'Closed', end_reason: 'unsubscribed' });
    expect(await touchStates(fixture.engine.pool, leadId)).toEqual(['cancelled', 'cancelled']);
    expect(await queuedJobs(fixture.engine.pool, touchIds)).toBe(0);

    const again = await open('POST', path, {
      body: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(again.status).toBe(200);
    expect(again.text).toContain('You are unsubscribed');
    expect(await events(fixture.engine.pool, leadId)).toHaveLength(1);
  });

  it('a one-click POST in any body type, or none, unsubscribes (the docs promise any): text/plain, JSON, malformed JSON, an image, no content type', async () => {
    const { autopilot, lead } = await newCustomer();
    const posts: { body?: string; headers?: Record<string, string> }[] = [
      { body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'text/plain' } },
      { body: '{"List-Unsubscribe":"One-Click"}', headers: { 'content-type': 'application/json' } },
      { body: '{"List-Unsubscribe":', headers: { 'content-type': 'application/json; charset=utf-8' } },
      { body: 'GIF89a\u0000\u0001', headers: { 'content-type': 'image/gif' } },
      { body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'x/y; a=' } },
      {},
    ];
    for (const post of posts) {
      const { leadId } = await lead(await autopilot());
      const answer = await open('POST', new URL(unsubscribeUrl(PUBLIC_URL, secrets, leadId)).pathname, post);
      expect({ post, status: answer.status, page: answer.text.includes('You are unsubscribed') }).toEqual({ post, status: 200, page: true });
      expect(await leadRow(fixture.engine.pool, leadId)).toMatchObject({ outcome: 'Closed', end_reason: 'unsubscribed' });
    }
    // A body beyond the one-click limit is still refused (413), and ends nothing.
    const { leadId } = await lead(await autopilot());
    const big = await open('POST', new URL(unsubscribeUrl(PUBLIC_URL, secrets, leadId)).pathname, { body: 'x'.repeat(10_000), headers: { 'content-type': 'text/plain' } });
    expect(big.status).toBe(413);
    expect(await leadRow(fixture.engine.pool, leadId)).toMatchObject({ outcome: 'Active' });
  });

  it('does not retract a win: a lead that replied stays Responded', async () => {
    const { autopilot, lead, http } = await newCustomer();
    const { leadId, contactId } = await lead(await autopilot());
    await http.request('POST', `/autopilot/contacts/${contactId}/activities`, { body: { type: 'email_reply', occurred_at: '2030-01-08T00:00:00Z' } });
    const done = await open('POST', new URL(unsubscribeUrl(PUBLIC_URL, secrets, leadId)).pathname);
    expect(done.status).toBe(200);
    expect(await leadRow(fixture.engine.pool, leadId)).toMatchObject({ outcome: 'Responded', end_reason: 'replied' });
  });

  it('answers a bad token with a 404 page, never a 500, and changes nothing', async () => {
    const { autopilot, lead } = await newCustomer();
    const { leadId } = await lead(await autopilot());
    const good = unsubscribeToken(secrets, leadId);
    const bad = [
      'nonsense',
      `${leadId}`,
      `${leadId}.`,
      `${leadId}.${'A'.repeat(43)}`,
      `${leadId + 1}.${good.split('.')[1]}`,
      `${good}x`,
      `0.${good.split('.')[1]}`,
      `99999999999999999999.${good.split('.')[1]}`,
      '%00%ED%A0%80',
      '%E2%80%AE%F0%9F%98%80',
      'a'.repeat(90),
      `${leadId}.${secrets.sign('unsubscribe', String(leadId + 1))}`,
    ];
    for (const token of bad) {
      for (const method of ['GET', 'POST'] as const) {
        const page = await open(method, `/unsubscribe/${token}`, method === 'POST' ? { body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {});
        expect(page.status, `${method} ${token}`).toBeGreaterThanOrEqual(400);
        expect(page.status, `${method} ${token}`).toBeLessThan(500);
      }
    }
    expect((await open('GET', `/unsubscribe/${bad[3]}`)).text).toContain('This link does not work');
    expect(await leadRow(fixture.engine.pool, leadId)).toMatchObject({ outcome: 'Active' });
  });

  it('a valid signature for a lead that is gone answers 404', async () => {
    const page = await open('POST', `/unsubscribe/${unsubscribeToken(secrets, 2_000_000_000)}`);
    expect(page.status).toBe(404);
  });
});

describe('unsubscribe links without SECRET_KEY', () => {
  const bare = useOutcomesEngine({ env: { SECRET_KEY: '' } });

  it('answer every token with the 404 page (no link could have been made) and end nothing', async () => {
    const { autopilot, lead } = await bare.newCustomer();
    const { leadId } = await lead(await autopilot());
    for (const method of ['GET', 'POST'] as const) {
      const response = await fetch(`${bare.fixture.engine.url}/unsubscribe/${unsubscribeToken(secrets, leadId)}`, { method });
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('This link does not work');
    }
    expect(await leadRow(bare.fixture.engine.pool, leadId)).toMatchObject({ outcome: 'Active' });
  });
});
