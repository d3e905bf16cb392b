/**
 * The settings page's endpoints as HubSpot calls them (`hubspot.fetch`, signed v3 by the tests' own
 * signer), and the same settings behind the API key: what a portal's admins see, what they may change,
 * and that a request HubSpot did not sign for a portal (tampered, stale, another secret, another
 * portal's) neither shows nor changes anything. Bodies that are not a change answer 400 in words.
 */
import { client } from '@prospect-research/engine/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { disconnectPortal } from '../../src/portals.ts';
import { WRITTEN_PROPERTIES } from '../../src/portalSettings/preferences.ts';
import { CLAIM_TEXT } from '../../src/portalSettings/view.ts';
import { CONTACT_PROPERTIES } from '../../src/setup.ts';
import { hubspotSignatureV3 } from '../hubspotSigner.ts';
import { APP_ID, CLIENT_SECRET, connectPortal, everyone, installFromHubSpot, newCustomer, PUBLIC_URL, useHubSpotEngine } from '../support.ts';

const fixture = useHubSpotEngine();
const pool = () => fixture.engine.pool;

interface Signed {
  portalId?: number | string;
  userId?: number;
  appId?: number;
  /** Sent (and signed) as is instead of `JSON.stringify(body)`. */
  raw?: string;
  timestamp?: number;
  secret?: string;
  /** Changes the address after signing (as an attacker would). */
  tamperPath?: (path: string) => string;
  tamperBody?: (body: string) => string;
}

/** A request as the settings page's `hubspot.fetch` makes it: portal, user and app in the query, signed v3 over PUBLIC_URL's address, the body and the time. */
async function signed(method: 'GET' | 'PUT', body?: unknown, options: Signed = {}) {
  const query = new URLSearchParams({ userId: String(options.userId ?? 501), userEmail: 'admin@acme.example', appId: String(options.appId ?? APP_ID), portalId: String(options.portalId) });
  const path = `/hubspot/settings?${query}`;
  const text = options.raw ?? (body === undefined ? '' : JSON.stringify(body));
  const timestamp = String(options.timestamp ?? fixture.clock.now().getTime());
  const signature = await hubspotSignatureV3(options.secret ?? CLIENT_SECRET, method, `${PUBLIC_URL}${path}`, text, timestamp);
  const answer = await fetch(`${fixture.engine.url}${options.tamperPath ? options.tamperPath(path) : path}`, {
    method,
    headers: { ...(text === '' ? {} : { 'content-type': 'application/json' }), 'x-hubspot-signature-v3': signature, 'x-hubspot-request-timestamp': timestamp },
    ...(text === '' && method === 'GET' ? {} : { body: options.tamperBody ? options.tamperBody(text) : text }),
  });
  const answered = await answer.text();
  return { status: answer.status, body: answered === '' ? undefined : (JSON.parse(answered) as Record<string, unknown>) };
}

const allOn = CONTACT_PROPERTIES.map((property) => ({ property: property.name, label: property.label, on: true }));

async function savedRow(portalId: number) {
  return (await pool().query('SELECT writeback_off, notes, updated_by_user_id FROM hubspot_portal_settings WHERE portal_id = $1', [portalId])).rows[0];
}

describe('GET /hubspot/settings (signed by HubSpot)', () => {
  it('shows the account the portal feeds, its Autopilots in routing order in words, how each stop property is watched, and everything on by default', async () => {
    const customer = await newCustomer(fixture);
    await connectPortal(fixture.engine.url, customer.account.id, 9401);
    const api = client(fixture.engine.url, customer.key);
    const dach = {
      ...everyone,
      name: 'DACH',
      filter: { match: 'all', rules: [{ property: 'country', operator: 'is', values: ['Germany', 'Austria'] }] },
      sequence: [...everyone.sequence, { day: 4, channel: 'email', kind: 'email', angle: 'A follow-up.', subject_angle: null, signals: [] }],
      stop_conditions: {
        ...everyone.stop_conditions,
        property_changes: [
          { property: 'hs_lead_status', value: null },
          { property: 'demo_booked', value: null },
        ],
      },
    };
    expect((await api.request('PUT', '/autopilots/DACH', { body: dach })).status).toBeLessThan(300);
    expect((await api.request('PUT', '/autopilots/Everyone', { body: { ...everyone, fallback: true } })).status).toBeLessThan(300);

    const answer = await signed('GET', undefined, { portalId: 9401 });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      portal_id: 9401,
      state: 'connected',
      account: { id: customer.account.id, name: customer.account.name },
      claim: null,
      autopilots: [
        { name: 'DACH', position: 1, fallback: false, takes: 'country is Germany or Austria', does: '2 touches over 4 days: e-mail' },
        { name: 'Everyone', position: 2, fallback: true, takes: 'every contact (catch-all)', does: '1 touch over 1 day: e-mail' },
      ],
      stop_properties: [
        { property: 'hs_lead_status', watched: 'webhook', text: 'HubSpot sends each change as it happens: a lead stops within seconds' },
        { property: 'demo_booked', watched: 'sweep', text: 'The app looks for changes every few minutes: a lead stops within about 6 minutes' },
      ],
      writeback: allOn,
      notes: true,
      updated_at: null,
    });
  });

  it('tells the admins of a portal no account has claimed yet how to claim it, and shows no Autopilot', async () => {
    await installFromHubSpot(fixture.engine.url, 9402);
    const answer = await signed('GET', undefined, { portalId: 9402 });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ portal_id: 9402, state: 'unclaimed', account: null, claim: CLAIM_TEXT, autopilots: [], stop_properties: [], writeback: allOn, notes: true });
    expect(CLAIM_TEXT).toContain('claim code');
  });
});

describe('PUT /hubspot/settings (signed by HubSpot)', () => {
  it('turns a property and notes off and on again, records who saved, and answers the settings as saved', async () => {
    const customer = await newCustomer(fixture);
    await connectPortal(fixture.engine.url, customer.account.id, 9403);
    const off = await signed('PUT', { writeback: { prospect_research_research_summary: false, prospect_research_last_touch: false }, notes: false }, { portalId: 9403, userId: 777001 });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({
      writeback: allOn.map((entry) => (['prospect_research_research_summary', 'prospect_research_last_touch'].includes(entry.property) ? { ...entry, on: false } : entry)),
      notes: false,
      notes_text: 'No research notes are written. Briefs completed while notes are off never get one, also after notes are turned on again.',
      updated_at: expect.any(String),
    });
    expect(await savedRow(9403)).toEqual({ writeback_off: ['prospect_research_research_summary', 'prospect_research_last_touch'], notes: false, updated_by_user_id: 777001 });
    // Only what the change names changes.
    const again = await signed('PUT', { writeback: { prospect_research_last_touch: true } }, { portalId: 9403 });
    expect((again.body!.writeback as { property: string; on: boolean }[]).filter((entry) => !entry.on).map((entry) => entry.property)).toEqual(['prospect_research_research_summary']);
    expect(again.body!.notes).toBe(false);
    expect((await signed('GET', undefined, { portalId: 9403 })).body).toEqual(again.body);
  });

  it('applies two changes saved at once, each to what the other left', async () => {
    const customer = await newCustomer(fixture);
    await connectPortal(fixture.engine.url, customer.account.id, 9404);
    const answers = await Promise.all([
      signed('PUT', { notes: false }, { portalId: 9404 }),
      signed('PUT', { writeback: { prospect_research_outcome: false } }, { portalId: 9404 }),
      signed('PUT', { writeback: { prospect_research_autopilot: false } }, { portalId: 9404 }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const row = await savedRow(9404);
    expect(row.notes).toBe(false);
    expect([...row.writeback_off].sort()).toEqual(['prospect_research_autopilot', 'prospect_research_outcome']);
  });

  it('refuses a body that is not a change with 400 and every problem in words, and changes nothing', async () => {
    const customer = await newCustomer(fixture);
    await connectPortal(fixture.engine.url, customer.account.id, 9405);
    const fields =
      'prospect_research_autopilot, prospect_research_outcome, prospect_research_end_reason, prospect_research_research_status, prospect_research_research_summary, prospect_research_last_touch';
    const cases: [string, string][] = [
      ['{}', 'Nothing to change: name the properties to turn on or off, such as {"writeback": {"prospect_research_research_summary": false}}, or {"notes": false}'],
      ['[]', 'The settings to change are a set of fields (a JSON object), such as {"notes": false}'],
      ['"notes"', 'The settings to change are a set of fields (a JSON object), such as {"notes": false}'],
      ['null', 'The request has no body: send the settings to change as JSON, such as {"notes": false}'],
      ['{"notes": "no"}', '"notes" must be true or false, not the text "no"'],
      ['{"notes": 0}', '"notes" must be true or false, not the number 0'],
      ['{"writeback": {"prospect_research_outcome": "off"}}', '"writeback.prospect_research_outcome" must be true or false, not the text "off"'],
      ['{"writeback": {"email": false}}', `"writeback.email" is not a field here; the fields are ${fields}`],
      ['{"writeback": []}', '"writeback" must be a set of fields (an object), not a list'],
      ['{"writeback": null}', '"writeback" must be a set of fields (an object), not null'],
      ['{"note": false}', '"note" is not a field of this document (did you mean "notes"?); the fields are writeback, notes'],
      ['{"notes": false, "portal_id": 9406}', '"portal_id" is not a field of this document; the fields are writeback, notes'],
    ];
    for (const [raw, words] of cases) {
      const answer = await signed('PUT', undefined, { portalId: 9405, raw });
      expect(answer.status, raw).toBe(400);
      expect(answer.body!.error, raw).toBe('invalid_settings');
      expect(
        (answer.body!.problems as { message: string }[]).map((problem) => problem.message),
        raw,
      ).toEqual([words]);
    }
    // Not JSON at all, or no body: the platform's answers, never a 500.
    const broken = await signed('PUT', undefined, { portalId: 9405, raw: '{"notes": fal' });
    expect([broken.status, broken.body!.error]).toEqual([400, 'invalid_json']);
    const empty = await signed('PUT', undefined, { portalId: 9405, raw: '' });
    expect([empty.status, empty.body!.error]).toEqual([415, 'unsupported_media_type']);
    expect(await savedRow(9405)).toBeUndefined();
  });
});

describe('any signed body', () => {
  it('answers the settings as saved or 400 with problems in words, never a 5xx, and saves only what a valid change says', async () => {
    const customer = await newCustomer(fixture);
    await connectPortal(fixture.engine.url, customer.account.id, 9411);
    const name = fc.oneof(fc.constantFrom(...WRITTEN_PROPERTIES), fc.constantFrom('email', '__proto__', 'constructor', ''), fc.string({ maxLength: 20 }));
    const value = fc.oneof({ arbitrary: fc.boolean(), weight: 4 }, { arbitrary: fc.jsonValue({ maxDepth: 1 }), weight: 1 });
    const change = fc.record(
      { writeback: fc.oneof({ arbitrary: fc.dictionary(name, value, { maxKeys: 4 }), weight: 4 }, { arbitrary: fc.jsonValue({ maxDepth: 1 }), weight: 1 }), notes: value },
      { requiredKeys: [] },
    );
    const body = fc.oneof(
      { arbitrary: change.map((given) => JSON.stringify(given)), weight: 6 },
      { arbitrary: fc.jsonValue({ maxDepth: 2 }).map((given) => JSON.stringify(given)), weight: 2 },
      { arbitrary: fc.constantFrom('{', '{"writeback": {"__proto__": {"notes": false}}}', '{"notes": false, "notes": "x"}', '"\u0000"'), weight: 1 },
    );
    await fc.assert(
      fc.asyncProperty(body, async (raw) => {
        const before = await savedRow(9411);
        const answer = await signed('PUT', undefined, { portalId: 9411, raw });
        const seen = `${raw.slice(0, 200)} -> ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
        expect([200, 400], seen).toContain(answer.status);
        const after = await savedRow(9411);
        if (answer.status === 400) {
          expect(['invalid_settings', 'invalid_json'], seen).toContain(answer.body!.error);
          expect(after, seen).toEqual(before);
          return;
        }
        const given = JSON.parse(raw) as { writeback?: Record<string, boolean>; notes?: boolean };
        for (const [property, on] of Object.entries(given.writeback ?? {})) expect(after.writeback_off.includes(property), seen).toBe(!on);
        if (given.notes !== undefined) expect(after.notes, seen).toBe(given.notes);
        expect(
          after.writeback_off.every((property: string) => WRITTEN_PROPERTIES.includes(property)),
          seen,
        ).toBe(true);
      }),
      { seed: 26, numRuns: 60 },
    );
  });
});

describe('who may see and change a portal’s settings', () => {
  it('refuses a tampered, stale, future or otherwise-signed request with 401, and a portal that never installed the app with 404', async () => {
    const customer = await newCustomer(fixture);
    await connectPortal(fixture.engine.url, customer.account.id, 9407);
    const now = fixture.clock.now().getTime();
    const refused = [
      await signed('PUT', { notes: false }, { portalId: 9407, tamperBody: () => '{"notes":true}' }),
      await signed('PUT', { notes: false }, { portalId: 9407, tamperPath: (path) => path.replace('userId=501', 'userId=502') }),
      await signed('PUT', { notes: false }, { portalId: 9407, timestamp: now - 6 * 60_000 }),
      await signed('PUT', { notes: false }, { portalId: 9407, timestamp: now + 6 * 60_000 }),
      await signed('PUT', { notes: false }, { portalId: 9407, secret: 'another-apps-secret' }),
      await signed('GET', undefined, { portalId: 9407, secret: 'another-apps-secret' }),
      await signed('PUT', { notes: false }, { portalId: 9407, appId: APP_ID + 1 }),
    ];
    expect(refused.map((answer) => [answer.status, answer.body?.error])).toEqual(Array(refused.length).fill([401, 'invalid_signature']));
    const unsigned = await fetch(`${fixture.engine.url}/hubspot/settings?portalId=9407`);
    expect(unsigned.status).toBe(401);
    expect(await savedRow(9407)).toBeUndefined();
    const stranger = await signed('GET', undefined, { portalId: 9499 });
    expect([stranger.status, stranger.body?.error]).toEqual([404, 'portal_not_found']);
  });

  it("never shows or changes another portal's settings: the portal is the one HubSpot signed for", async () => {
    const first = await newCustomer(fixture);
    const second = await newCustomer(fixture);
    await connectPortal(fixture.engine.url, first.account.id, 9408);
    await connectPortal(fixture.engine.url, second.account.id, 9409);
    expect((await client(fixture.engine.url, second.key).request('PUT', '/autopilots/Everyone', { body: everyone })).status).toBeLessThan(300);
    // Portal 9408's admin names 9409 after HubSpot signed: refused, nothing changed.
    const swapped = await signed('PUT', { notes: false }, { portalId: 9408, tamperPath: (path) => path.replace('portalId=9408', 'portalId=9409') });
    expect(swapped.status).toBe(401);
    // Signed for 9408: only 9408 changes, and what it shows is its own account's.
    const own = await signed('PUT', { notes: false }, { portalId: 9408 });
    expect(own.body).toMatchObject({ portal_id: 9408, account: { id: first.account.id }, autopilots: [] });
    expect(await savedRow(9409)).toBeUndefined();
    expect((await signed('GET', undefined, { portalId: 9409 })).body).toMatchObject({ portal_id: 9409, account: { id: second.account.id }, notes: true, autopilots: [{ name: 'Everyone' }] });
  });
});

describe('GET/PUT /hubspot/portals/{portal_id}/settings (behind the API key)', () => {
  it("shows and changes the settings of the account's own portal, and refuses any other as not found", async () => {
    const owner = await newCustomer(fixture);
    const stranger = await newCustomer(fixture);
    await connectPortal(fixture.engine.url, owner.account.id, 9410);
    const api = client(fixture.engine.url, owner.key);
    const changed = await api.request('PUT', '/hubspot/portals/9410/settings', { body: { writeback: { prospect_research_end_reason: false } } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ portal_id: 9410, account: { id: owner.account.id } });
    expect(await savedRow(9410)).toEqual({ writeback_off: ['prospect_research_end_reason'], notes: true, updated_by_user_id: null });
    expect((await signed('GET', undefined, { portalId: 9410 })).body).toEqual((await api.request('GET', '/hubspot/portals/9410/settings')).body);
    for (const path of ['/hubspot/portals/9410/settings', '/hubspot/portals/9999/settings', '/hubspot/portals/0/settings', '/hubspot/portals/x/settings']) {
      for (const method of ['GET', 'PUT'] as const) {
        const refused = await client(fixture.engine.url, stranger.key).request(method, path, method === 'PUT' ? { body: { notes: false } } : {});
        expect([refused.status, refused.body.error], `${method} ${path}`).toEqual([404, 'portal_not_found']);
      }
    }
    const empty = await api.request('PUT', '/hubspot/portals/9410/settings', { body: {} });
    expect([empty.status, empty.body.error]).toEqual([400, 'invalid_settings']);
    const bad = await api.request('PUT', '/hubspot/portals/9410/settings', { body: { notes: 'off' } });
    expect([bad.status, bad.body.error]).toEqual([400, 'invalid_settings']);
    expect(await savedRow(9410)).toMatchObject({ notes: true });
  });

  it('shows a disconnected portal as watching nothing, keeps its settings, and HubSpot can no longer ask for them', async () => {
    const customer = await newCustomer(fixture);
    await connectPortal(fixture.engine.url, customer.account.id, 9412);
    const api = client(fixture.engine.url, customer.key);
    const stops = { ...everyone.stop_conditions, property_changes: [{ property: 'lifecyclestage', value: null }] };
    expect((await api.request('PUT', '/autopilots/Everyone', { body: { ...everyone, stop_conditions: stops } })).status).toBeLessThan(300);
    expect((await signed('PUT', { notes: false }, { portalId: 9412 })).status).toBe(200);
    await disconnectPortal(pool(), 9412, 'cli', new Date());
    const answer = await api.request('GET', '/hubspot/portals/9412/settings');
    expect(answer.body).toMatchObject({
      state: 'disconnected',
      notes: false,
      stop_properties: [{ property: 'lifecyclestage', watched: 'not_watched', text: 'The portal is not connected: its changes do not reach the Autopilots' }],
    });
    expect((await signed('GET', undefined, { portalId: 9412 })).status).toBe(404);
  });
});
