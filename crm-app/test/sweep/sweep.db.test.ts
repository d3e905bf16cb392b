/**
 * The sweep (sweep/sweepContacts.ts): changes of the properties the Autopilots read that no webhook
 * sends, found with HubSpot's CRM search among contacts modified since the portal's cursor, and handed
 * to the CRM port; and what the engine is told about how each portal watches (sweep/sweepPortals.ts).
 * HubSpot is nock's; the sweep is run by the tests, one run at a time, without waiting between requests.
 */
import { type CrmPort, crmPort, createLogger } from '@prospect-research/engine';
import { client } from '@prospect-research/engine/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { portalClient } from '../../src/hubspotApi.ts';
import { PAGES_PER_RUN, SEARCH_LAG_MS, SWEEP_WITHIN_MINUTES, sweepContacts, sweptProperties, WEBHOOK_PROPERTIES } from '../../src/sweep/sweepContacts.ts';
import { reportWatches, sweepPortals } from '../../src/sweep/sweepPortals.ts';
import { API, contactRecord, enrolContacts, event, everyone, leadsOf, nock, sendBatch, until, useHubSpotEngine } from '../support.ts';

const fixture = useHubSpotEngine();
const log = createLogger('silent');
// Tests move the clock on to let sweeps look further; HubSpot signs webhooks with the real time, which the app checks against it.
afterEach(() => fixture.clock.set(new Date()));

/** The catch-all Autopilot, ending a lead when its contact's `demo_status` becomes "done" (a property no webhook sends). */
const stopsOnDemo = {
  ...everyone,
  stop_conditions: {
    ...everyone.stop_conditions,
    property_changes: [
      { property: 'demo_status', value: 'done' },
      { property: 'lifecyclestage', value: 'customer' },
    ],
  },
};

interface SearchBody {
  filterGroups: { filters: { propertyName: string; operator: string; value: string }[] }[];
  sorts: { propertyName: string; direction: string }[];
  properties: string[];
  limit: number;
  after?: string;
}

interface Found {
  id: number;
  modified: Date;
  properties?: Record<string, string | null>;
}

interface Page {
  results?: Found[];
  /** HubSpot's `paging.next.after`: there is more. */
  after?: string;
  status?: number;
  headers?: Record<string, string>;
}

/** HubSpot's search answers for a portal, one page per request in order, keeping each request's body. */
function mockSearch(portalId: number, pages: Page[]) {
  const asked: SearchBody[] = [];
  const scope = nock(API, { reqheaders: { authorization: `Bearer access-${portalId}` } })
    .post('/crm/v3/objects/contacts/search', (body: Partial<SearchBody>) => {
      if (!Array.isArray(body?.filterGroups)) return false;
      asked.push(body as SearchBody);
      return true;
    })
    .times(pages.length)
    .reply(() => {
      const page = pages[asked.length - 1]!;
      if (page.status && page.status !== 200) return [page.status, { status: 'error', message: 'You have reached your secondly limit.', category: 'RATE_LIMITS' }, page.headers ?? {}];
      const results = (page.results ?? []).map((found) => ({
        id: String(found.id),
        properties: { hs_object_id: String(found.id), lastmodifieddate: found.modified.toISOString(), ...found.properties },
        createdAt: '2030-01-01T00:00:00.000Z',
        updatedAt: found.modified.toISOString(),
        archived: false,
      }));
      return [200, { total: results.length, results, ...(page.after ? { paging: { next: { after: page.after, link: '' } } } : {}) }];
    });
  return { scope, asked };
}

/** The CRM port the sweep hands changes to, keeping each call. */
function recordingPort() {
  const port = crmPort(fixture.engine.pool, fixture.clock);
  const calls: { id: string; changes: Record<string, unknown>; firstRead?: readonly string[] }[] = [];
  const recording: CrmPort = {
    ...port,
    contactPropertiesChanged: async (from, id, changes, options) => {
      calls.push({ id, changes, ...(options?.firstRead ? { firstRead: options.firstRead } : {}) });
      return port.contactPropertiesChanged(from, id, changes, options);
    },
  };
  return { port: recording, calls };
}

function sweep(portalId: number, port: CrmPort) {
  return sweepContacts({ pool: fixture.engine.pool, port, clock: fixture.clock, log, client: async (id) => portalClient({ apiBaseUrl: API }, `access-${id}`), pause: async () => {} }, portalId);
}

const cursorOf = async (portalId: number) => (await fixture.engine.pool.query('SELECT since, after, properties, contacts_read, changes FROM hubspot_sweeps WHERE portal_id = $1', [portalId])).rows[0];
const filterValue = (body: SearchBody, operator: string) => Number(body.filterGroups[0]!.filters.find((filter) => filter.operator === operator)!.value);
const ms = (from: Date, offset: number) => new Date(from.getTime() + offset);
const lead = async (accountId: number, id: number) => (await leadsOf(fixture, accountId)).find((row) => row.contact_id === String(id))!;
const sweepJobs = async (portalId: number) => (await fixture.engine.pool.query<{ run_at: Date }>(`SELECT run_at FROM graphile_worker.jobs WHERE key = $1`, [`hubspot_sweep:${portalId}`])).rows;
const dropSweepJob = (portalId: number) => fixture.engine.pool.query('SELECT graphile_worker.remove_job($1)', [`hubspot_sweep:${portalId}`]);

let nextPortal = 9100;

describe('the sweep', () => {
  it('reads only what no webhook sends, hands a first reading as such, a real change as a change (the lead ends), and nothing when nothing changed; the cursor is kept across runs', async () => {
    const portalId = ++nextPortal;
    // Contacts enrolled before the Autopilot stopped on demo_status: they were never read with it.
    const customer = await enrolContacts(fixture, portalId, [1, 2]);
    const put = await client(fixture.engine.url, customer.key).request('PUT', '/autopilots/Everyone', { body: stopsOnDemo });
    expect(put.status).toBe(200);
    const { port, calls } = recordingPort();
    expect(await sweptProperties(fixture.engine.pool, customer.account.id)).toEqual(['demo_status']);
    // The first sweep looks back to the install; HubSpot's index is given a minute.
    const installed = fixture.clock.now();
    const start = fixture.clock.advance({ minutes: 5 });

    // Run 1: contact 1 (enrolled before the stop held a value for it) has demo_status "scheduled"; 999 is no contact of ours.
    const first = mockSearch(portalId, [
      {
        results: [
          { id: 1, modified: ms(start, -120_000), properties: { demo_status: 'scheduled' } },
          { id: 999, modified: ms(start, -110_000), properties: { demo_status: 'done' } },
        ],
      },
    ]);
    expect(await sweep(portalId, port)).toMatchObject({ requests: 1, read: 2, known: 1, changed: 0, firstRead: 1, rateLimited: false, properties: ['demo_status'] });
    const [body] = first.asked;
    expect(body).toEqual({
      filterGroups: [
        {
          filters: [
            { propertyName: 'lastmodifieddate', operator: 'GTE', value: String(installed.getTime()) },
            { propertyName: 'lastmodifieddate', operator: 'LT', value: String(start.getTime() - SEARCH_LAG_MS) },
          ],
        },
      ],
      sorts: [{ propertyName: 'lastmodifieddate', direction: 'ASCENDING' }],
      properties: ['demo_status', 'lastmodifieddate'],
      limit: 100,
    });
    expect(calls).toEqual([{ id: '1', changes: { demo_status: 'scheduled' }, firstRead: ['demo_status'] }]);
    expect((await lead(customer.account.id, 1)).outcome).toBe('Active');
    expect(await cursorOf(portalId)).toMatchObject({ since: new Date(start.getTime() - SEARCH_LAG_MS), after: null, properties: ['demo_status'], contacts_read: 2, changes: 0 });

    // Run 2, five minutes later: from where run 1 stopped; contact 1 unchanged: no call.
    fixture.clock.advance({ minutes: 5 });
    const second = mockSearch(portalId, [{ results: [{ id: 1, modified: ms(start, 30_000), properties: { demo_status: 'scheduled' } }] }]);
    await sweep(portalId, port);
    expect(filterValue(second.asked[0]!, 'GTE')).toBe(start.getTime() - SEARCH_LAG_MS);
    expect(filterValue(second.asked[0]!, 'LT')).toBe(fixture.clock.now().getTime() - SEARCH_LAG_MS);
    expect(calls).toHaveLength(1);

    // Run 3: now "done": a change, which ends the lead.
    fixture.clock.advance({ minutes: 5 });
    mockSearch(portalId, [
      {
        results: [
          { id: 1, modified: ms(start, 330_000), properties: { demo_status: 'done' } },
          { id: 2, modified: ms(start, 340_000), properties: { demo_status: null } },
        ],
      },
    ]);
    expect(await sweep(portalId, port)).toMatchObject({ known: 2, changed: 1, firstRead: 1 });
    expect(calls.slice(1)).toEqual([
      { id: '1', changes: { demo_status: 'done' } },
      { id: '2', changes: { demo_status: null }, firstRead: ['demo_status'] },
    ]);
    expect(await lead(customer.account.id, 1)).toMatchObject({ outcome: 'Closed', end_reason: 'property_changed' });
    expect((await lead(customer.account.id, 2)).outcome).toBe('Active');
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('takes a contact created while the stop was set as holding nothing: its first value is a change', async () => {
    const portalId = ++nextPortal;
    let asked: string[] = [];
    const customer = await enrolContacts(fixture, portalId, [], { autopilot: stopsOnDemo });
    // A creation after the Autopilot: read with demo_status, which HubSpot leaves out when empty.
    nock(API)
      .post('/crm/v3/objects/contacts/batch/read', (body: { properties?: string[] }) => {
        asked = body.properties ?? [];
        return true;
      })
      .query(true)
      .reply(200, { status: 'COMPLETE', results: [contactRecord(7, { email: 'p7@acme-7.com' }, new Date(fixture.clock.now().getTime() + 1000))], startedAt: '', completedAt: '' });
    await sendBatch(fixture.engine.url, [event(portalId, 'contact.creation', 7, fixture.clock.now().getTime() + 1000)]);
    await until('contact 7 enrolled', async () => (await leadsOf(fixture, customer.account.id)).some((row) => row.contact_id === '7'));
    expect(asked).toContain('demo_status');
    const { rows } = await fixture.engine.pool.query(`SELECT properties FROM autopilot_contacts WHERE account_id = $1 AND contact_id = '7'`, [customer.account.id]);
    expect(rows[0].properties).toMatchObject({ demo_status: null });
    const { port, calls } = recordingPort();
    fixture.clock.advance({ minutes: 5 });
    mockSearch(portalId, [{ results: [{ id: 7, modified: ms(fixture.clock.now(), -61_000), properties: { demo_status: 'done' } }] }]);
    expect(await sweep(portalId, port)).toMatchObject({ changed: 1, firstRead: 0 });
    expect(calls).toEqual([{ id: '7', changes: { demo_status: 'done' } }]);
    expect(await lead(customer.account.id, 7)).toMatchObject({ outcome: 'Closed', end_reason: 'property_changed' });
  });

  it("pages from the cursor: a new search from the last contact's time after each page, HubSpot's `after` through contacts sharing one instant", async () => {
    const portalId = ++nextPortal;
    const customer = await enrolContacts(fixture, portalId, [5], { autopilot: stopsOnDemo });
    const { port, calls } = recordingPort();
    const t0 = ms(fixture.clock.now(), -50 * 60_000);
    const t1 = ms(t0, 1000);
    const filler = (from: number, count: number, at: (index: number) => Date) =>
      Array.from({ length: count }, (_, index) => ({ id: 100_000 + from + index, modified: at(index), properties: { demo_status: 'x' } }));
    const search = mockSearch(portalId, [
      // Page 1: 100 contacts up to t1, more to come.
      { results: filler(0, 100, (index) => (index < 99 ? ms(t0, index) : t1)), after: '100' },
      // Page 2, asked from t1: 100 contacts all modified at t1.
      { results: filler(100, 100, () => t1), after: '100' },
      // Page 3, still at t1, past the first 100 of them: the rest, our contact 5 among them, and the end.
      { results: [...filler(200, 29, () => t1), { id: 5, modified: ms(t1, 5), properties: { demo_status: 'done' } }] },
    ]);
    await fixture.engine.pool.query('INSERT INTO hubspot_sweeps (portal_id, since) VALUES ($1, $2) ON CONFLICT (portal_id) DO UPDATE SET since = excluded.since', [portalId, t0]);
    const result = await sweep(portalId, port);
    expect(result).toMatchObject({ requests: 3, read: 230, known: 1, changed: 1 });
    expect(search.asked.map((body) => [filterValue(body, 'GTE'), body.after ?? null])).toEqual([
      [t0.getTime(), null],
      [t1.getTime(), null],
      [t1.getTime(), '100'],
    ]);
    expect(calls).toEqual([{ id: '5', changes: { demo_status: 'done' } }]);
    expect(await cursorOf(portalId)).toMatchObject({ since: new Date(fixture.clock.now().getTime() - SEARCH_LAG_MS), after: null, contacts_read: 230 });
    expect((await lead(customer.account.id, 5)).outcome).toBe('Closed');
  });

  it('passes over the rest of one instant when more than 10,000 contacts share it (HubSpot answers no further), and goes on after it', async () => {
    const portalId = ++nextPortal;
    await enrolContacts(fixture, portalId, [], { autopilot: stopsOnDemo });
    const { port } = recordingPort();
    const t = ms(fixture.clock.now(), -30 * 60_000);
    await fixture.engine.pool.query(
      `INSERT INTO hubspot_sweeps (portal_id, since, after) VALUES ($1, $2, '9900') ON CONFLICT (portal_id) DO UPDATE SET since = excluded.since, after = excluded.after`,
      [portalId, t],
    );
    const same = Array.from({ length: 100 }, (_, index) => ({ id: 300_000 + index, modified: t }));
    const search = mockSearch(portalId, [{ results: same, after: '10000' }, { results: [] }]);
    await sweep(portalId, port);
    expect(search.asked.map((body) => [filterValue(body, 'GTE'), body.after ?? null])).toEqual([
      [t.getTime(), '9900'],
      [t.getTime() + 1, null],
    ]);
  });

  it('stops after its pages for the run and queues the next right away; a 429 keeps the cursor and queues the next run when Retry-After says', async () => {
    const portalId = ++nextPortal;
    await enrolContacts(fixture, portalId, [], { autopilot: stopsOnDemo });
    const { port } = recordingPort();
    const real = fixture.clock.now();
    // A day ahead, so the worker leaves the runs this test queues to the test.
    fixture.clock.advance({ days: 1 });
    try {
      const t0 = ms(fixture.clock.now(), -3 * 3600_000);
      await fixture.engine.pool.query('INSERT INTO hubspot_sweeps (portal_id, since) VALUES ($1, $2) ON CONFLICT (portal_id) DO UPDATE SET since = excluded.since', [portalId, t0]);
      const page = (n: number): Page => ({ results: [{ id: 200_000 + n, modified: ms(t0, (n + 1) * 60_000) }], after: String((n + 1) * 100) });
      const full = mockSearch(
        portalId,
        Array.from({ length: PAGES_PER_RUN }, (_, n) => page(n)),
      );
      expect(await sweep(portalId, port)).toMatchObject({ requests: PAGES_PER_RUN, rateLimited: false });
      expect(full.asked.map((body) => filterValue(body, 'GTE'))).toEqual(Array.from({ length: PAGES_PER_RUN }, (_, n) => (n === 0 ? t0.getTime() : t0.getTime() + n * 60_000)));
      const cursor = ms(t0, PAGES_PER_RUN * 60_000);
      expect((await cursorOf(portalId)).since).toEqual(cursor);
      expect((await sweepJobs(portalId))[0]!.run_at.getTime()).toBe(fixture.clock.now().getTime() + 1000);

      // The next run: one page, then HubSpot's rate limit.
      const limited = mockSearch(portalId, [page(PAGES_PER_RUN), { status: 429, headers: { 'retry-after': '120' } }]);
      expect(await sweep(portalId, port)).toMatchObject({ requests: 2, rateLimited: true });
      expect(filterValue(limited.asked[0]!, 'GTE')).toBe(cursor.getTime());
      const kept = ms(t0, (PAGES_PER_RUN + 1) * 60_000);
      expect(await cursorOf(portalId)).toMatchObject({ since: kept, after: null });
      expect((await sweepJobs(portalId))[0]!.run_at.getTime()).toBe(fixture.clock.now().getTime() + 120_000);

      // And after it, from the same place.
      const after = mockSearch(portalId, [{ results: [] }]);
      await sweep(portalId, port);
      expect(filterValue(after.asked[0]!, 'GTE')).toBe(kept.getTime());
    } finally {
      await dropSweepJob(portalId);
      fixture.clock.set(real);
    }
  });

  it('asks nothing when no Autopilot reads a property no webhook sends: the cursor follows the clock', async () => {
    const portalId = ++nextPortal;
    await enrolContacts(fixture, portalId, [], { autopilot: { ...everyone, stop_conditions: { ...everyone.stop_conditions, property_changes: [{ property: 'LifecycleStage', value: 'customer' }] } } });
    const { port, calls } = recordingPort();
    fixture.clock.advance({ minutes: 5 });
    // Any request would find no answer in nock and fail the run.
    expect(await sweep(portalId, port)).toMatchObject({ requests: 0, properties: [] });
    expect((await cursorOf(portalId)).since).toEqual(new Date(fixture.clock.now().getTime() - SEARCH_LAG_MS));
    expect(calls).toEqual([]);
  });
});

describe('how each portal watches, as the engine is told and an Autopilot says', () => {
  it('webhook properties at once, any other by the sweep, nothing from a disconnected portal; the project subscribes to exactly the webhook properties', async () => {
    const portalId = ++nextPortal;
    const customer = await enrolContacts(fixture, portalId, [], { autopilot: stopsOnDemo });
    await reportWatches(fixture.engine.pool, fixture.clock.now());
    const api = client(fixture.engine.url, customer.key);
    const answer = await api.request('GET', '/autopilots/Everyone');
    const source = `hubspot:${portalId}`;
    expect(answer.body.stop_properties).toEqual([
      { property: 'demo_status', sources: [{ source, watched: 'sweep', within_minutes: SWEEP_WITHIN_MINUTES, text: expect.stringContaining('(sweep)') }] },
      { property: 'lifecyclestage', sources: [{ source, watched: 'webhook', within_minutes: 0, text: expect.stringContaining('(webhook)') }] },
    ]);
    expect((answer.body.problems as { path: string }[]).filter((problem) => problem.path.startsWith('/stop_conditions'))).toEqual([]);
    expect(WEBHOOK_PROPERTIES).toContain('lifecyclestage');

    await fixture.engine.pool.query(`UPDATE hubspot_portals SET state = 'disconnected', refresh_token = NULL, access_token = NULL WHERE portal_id = $1`, [portalId]);
    await reportWatches(fixture.engine.pool, fixture.clock.now());
    const after = await api.request('GET', '/autopilots/Everyone');
    expect((after.body.stop_properties as { sources: { watched: string }[] }[]).map((property) => property.sources[0]!.watched)).toEqual(['not_watched', 'not_watched']);
    // A disconnected portal sweeps nothing.
    expect(await sweep(portalId, recordingPort().port)).toMatchObject({ requests: 0 });
  });

  it("the sweep cron queues each connected portal's sweep, which the worker runs: a stop property changed in HubSpot ends its lead", async () => {
    const portalId = ++nextPortal;
    const customer = await enrolContacts(fixture, portalId, [11], { autopilot: stopsOnDemo });
    fixture.clock.advance({ minutes: 5 });
    // The other tests' portals disconnected, so that only this one asks HubSpot.
    await fixture.engine.pool.query(`UPDATE hubspot_portals SET state = 'disconnected', refresh_token = NULL, access_token = NULL WHERE portal_id <> $1`, [portalId]);
    const search = mockSearch(portalId, [{ results: [{ id: 11, modified: ms(fixture.clock.now(), -90_000), properties: { demo_status: 'done' } }] }]);
    expect(await sweepPortals(fixture.engine.pool, fixture.clock.now())).toEqual({ setUp: [], swept: 1 });
    let jobs = '';
    await until(
      () => `the lead ended by the sweep; jobs: ${jobs}`,
      async () => {
        jobs = JSON.stringify((await fixture.engine.pool.query(`SELECT key, attempts, last_error FROM graphile_worker.jobs WHERE key = $1`, [`hubspot_sweep:${portalId}`])).rows);
        // The lead ends before the run saves its cursor: wait for both.
        return (await lead(customer.account.id, 11)).outcome === 'Closed' && (await cursorOf(portalId)).changes === 1;
      },
    );
    expect(await lead(customer.account.id, 11)).toMatchObject({ end_reason: 'property_changed' });
    expect(search.asked).toHaveLength(1);
    expect(await cursorOf(portalId)).toMatchObject({ changes: 1 });
  });
});
