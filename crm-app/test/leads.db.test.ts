/** Contacts deleted or merged in HubSpot: what becomes of their leads. */
import { client } from '@prospect-research/engine/testing';
import { describe, expect, it } from 'vitest';
import { CONNECTED_DISPOSITION } from '../src/setup.ts';
import {
  API,
  connectPortal,
  contactRecord,
  engagementCreated,
  enrolContacts,
  event,
  everyone,
  leadsOf,
  mockBatchUpdates,
  mockEngagements,
  newCustomer,
  nock,
  queueWriteback,
  sendBatch,
  until,
  useHubSpotEngine,
} from './support.ts';

const fixture = useHubSpotEngine();

const leads = (accountId: number) => leadsOf(fixture, accountId);
const enrolled = (portalId: number, ids: number[]) => enrolContacts(fixture, portalId, ids);

async function processed(portalId: number) {
  await until('events processed', async () => (await fixture.engine.pool.query('SELECT 1 FROM hubspot_events WHERE portal_id = $1 AND processed_at IS NULL', [portalId])).rows.length === 0);
}

describe('deletions and merges', () => {
  it('a contact deleted in HubSpot ends its lead as Closed (closed_manually), withdraws one still being routed, and changes nothing for one never taken', async () => {
    const customer = await enrolled(8001, [61]);
    // 63 has no address: it waits for one.
    nock(API)
      .post('/crm/v3/objects/contacts/batch/read')
      .query(true)
      .reply(200, { status: 'COMPLETE', results: [contactRecord(63, { email: null })], startedAt: '', completedAt: '' });
    await sendBatch(fixture.engine.url, [event(8001, 'contact.creation', 63, Date.now())]);
    await until('63 routed', async () => (await client(fixture.engine.url, customer.key).request('GET', '/autopilot/contacts/63?source=hubspot:8001')).body.state === 'waiting');
    expect((await client(fixture.engine.url, customer.key).request('GET', '/autopilot/contacts/63?source=hubspot:8001')).body).toMatchObject({ state: 'waiting', reason: 'no_email' });
    await sendBatch(fixture.engine.url, [event(8001, 'contact.deletion', 61, Date.now()), event(8001, 'contact.deletion', 62, Date.now()), event(8001, 'contact.deletion', 63, Date.now())]);
    await processed(8001);
    expect(await leads(customer.account.id)).toEqual([{ contact_id: '61', outcome: 'Closed', end_reason: 'closed_manually' }]);
    const { rows } = await fixture.engine.pool.query('SELECT object_id, outcome FROM hubspot_events WHERE portal_id = 8001 AND subscription_type = $1 ORDER BY object_id', ['contact.deletion']);
    expect(rows.map((row) => row.outcome)).toEqual(['lead_closed', 'unknown_contact', 'withdrawn']);
    expect((await client(fixture.engine.url, customer.key).request('GET', '/autopilot/contacts/63?source=hubspot:8001')).body).toMatchObject({
      state: 'abandoned',
      reason: 'removed_in_crm',
      lead: null,
    });
  });

  it('contacts merged in HubSpot keep one lead, the one enrolled first; the merged-away id is recorded as naming the survivor', async () => {
    const customer = await enrolled(8002, [71, 72]);
    await sendBatch(fixture.engine.url, [event(8002, 'contact.merge', 72, Date.now(), { primaryObjectId: 72, mergedObjectIds: [71], newObjectId: 72, numberOfPropertiesMoved: 3 })]);
    await processed(8002);
    expect(await leads(customer.account.id)).toEqual([
      { contact_id: '71', outcome: 'Active', end_reason: null },
      { contact_id: '72', outcome: 'Closed', end_reason: 'closed_manually' },
    ]);
    const { rows } = await fixture.engine.pool.query('SELECT merged_id, primary_id FROM hubspot_merged_contacts WHERE portal_id = 8002');
    expect(rows).toEqual([{ merged_id: 71, primary_id: 72 }]);
  });
});

describe('writeback', () => {
  const mockUpdates = (times = 1, status = 200, headers: Record<string, string> = {}) => mockBatchUpdates({ times, status, headers });

  async function written(portalId: number) {
    const { rows } = await fixture.engine.pool.query<{ contact_id: string; properties: Record<string, string> }>(
      'SELECT contact_id, properties FROM hubspot_written WHERE portal_id = $1 ORDER BY contact_id',
      [portalId],
    );
    return rows;
  }

  const queue = (portalId: number) => queueWriteback(fixture, portalId);

  async function jobErrors() {
    const { rows } = await fixture.engine.pool.query(`SELECT last_error FROM graphile_worker.jobs WHERE task_identifier = 'hubspot_writeback' AND last_error IS NOT NULL`);
    return rows;
  }

  it('writes each lead once in one batch request, then only the contact whose lead changed, with its latest values', async () => {
    const customer = await enrolled(8003, [81, 82, 83]);
    const first = mockUpdates();
    await queue(8003);
    await until('the leads written', async () => (await written(8003)).length === 3);
    expect(first.bodies).toHaveLength(1);
    expect(first.bodies[0]!.inputs.map((input) => input.id).sort()).toEqual(['81', '82', '83']);
    expect(first.bodies[0]!.inputs[0]!.properties).toMatchObject({ prospect_research_autopilot: 'Everyone', prospect_research_outcome: 'Active', prospect_research_end_reason: '' });
    expect(first.bodies[0]!.inputs[0]!.properties.prospect_research_research_status).toMatch(/^(completed|failed)$/);

    // Two changes of lead 82 before the next run: one update, the last values.
    const { rows } = await fixture.engine.pool.query('SELECT id FROM autopilot_leads WHERE account_id = $1 AND contact_id = $2', [customer.account.id, '82']);
    await fixture.engine.pool.query(`UPDATE autopilot_leads SET outcome = 'Responded', end_reason = 'replied', ended_at = now() WHERE id = $1`, [rows[0].id]);
    await fixture.engine.pool.query(`UPDATE autopilot_leads SET end_reason = 'call_connected' WHERE id = $1`, [rows[0].id]);
    const second = mockUpdates();
    await queue(8003);
    await until('lead 82 written', async () => (await written(8003)).find((row) => row.contact_id === '82')!.properties.prospect_research_outcome === 'Responded');
    expect(second.bodies).toEqual([{ inputs: [{ id: '82', properties: expect.objectContaining({ prospect_research_outcome: 'Responded', prospect_research_end_reason: 'call_connected' }) }] }]);

    // Nothing changed: no request (nock has none to answer, so one would fail the job).
    await queue(8003);
    await until('the job done', async () => (await fixture.engine.pool.query(`SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = 'hubspot_writeback'`)).rows.length === 0);
    expect(await jobErrors()).toEqual([]);
  });

  it('never writes to a contact deleted in HubSpot, however long ago: the deletion outlives its event', async () => {
    const customer = await enrolled(8005, [95, 96]);
    mockUpdates();
    await queue(8005);
    await until('both written', async () => (await written(8005)).length === 2);
    await sendBatch(fixture.engine.url, [event(8005, 'contact.deletion', 95, Date.now())]);
    await processed(8005);
    expect((await leads(customer.account.id)).find((lead) => lead.contact_id === '95')).toMatchObject({ outcome: 'Closed', end_reason: 'closed_manually' });
    // A week on, the sweep purges processed events (EVENT_RETENTION_DAYS): the deletion event is gone.
    await fixture.engine.pool.query('DELETE FROM hubspot_events WHERE portal_id = 8005');
    // Lead 95 now says Closed, which was never written: still nothing goes to HubSpot (nock has no answer).
    await queue(8005);
    await until('the job done', async () => (await fixture.engine.pool.query(`SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = 'hubspot_writeback'`)).rows.length === 0);
    expect(await jobErrors()).toEqual([]);
    expect((await written(8005)).find((row) => row.contact_id === '95')!.properties.prospect_research_outcome).toBe('Active');
  });

  it('waits as HubSpot says on a 429 (Retry-After) and writes the update then, losing nothing', async () => {
    const customer = await enrolled(8004, [91]);
    const limited = mockUpdates(1, 429, { 'Retry-After': '1' });
    const then = mockUpdates();
    await queue(8004);
    await until('written after the 429', async () => (await written(8004)).length === 1);
    expect(limited.bodies).toHaveLength(1);
    expect(then.bodies).toHaveLength(1);
    expect(then.bodies[0]!.inputs[0]).toMatchObject({ id: '91', properties: { prospect_research_outcome: 'Active' } });
    expect(customer.account.id).toBeGreaterThan(0);
  });
});

describe('end to end: a signed batch of 100 new contacts to outcomes on the portal', () => {
  it('routes them (enrolled, skipped, waiting), writes the 50 leads back in one batch request, and a Connected call logged on one ends its lead as Responded and writes that back', async () => {
    const customer = await newCustomer(fixture);
    const portalId = 8100;
    await connectPortal(fixture.engine.url, customer.account.id, portalId);
    const api = client(fixture.engine.url, customer.key);
    expect(
      (await api.request('PUT', '/autopilots/Germany', { body: { ...everyone, name: 'Germany', filter: { match: 'all', rules: [{ property: 'country', operator: 'is', values: ['Germany'] }] } } }))
        .status,
    ).toBeLessThan(300);
    expect((await api.request('PATCH', '/autopilot/settings', { body: { excluded_domains: ['competitor.example'] } })).status).toBe(200);
    const created = new Date(fixture.clock.now().getTime() + 1000);
    // 50 in Germany, 20 in Germany at an excluded domain, 30 in France.
    const people = Array.from({ length: 100 }, (_, i) => {
      const id = 20_000 + i;
      if (i < 50) return contactRecord(id, { email: `p${i}@firm${i}.de`, country: 'Germany' }, created);
      if (i < 70) return contactRecord(id, { email: `p${i}@competitor.example`, country: 'Germany' }, created);
      return contactRecord(id, { email: `p${i}@firm${i}.fr`, country: 'France' }, created);
    });
    const read = nock(API).post('/crm/v3/objects/contacts/batch/read').query(true).reply(200, { status: 'COMPLETE', results: people, startedAt: '', completedAt: '' });
    const reply = await sendBatch(
      fixture.engine.url,
      people.map((person) => event(portalId, 'contact.creation', Number(person.id), created.getTime())),
    );
    expect(reply.status).toBe(204);
    const states = async () =>
      Object.fromEntries(
        (
          await fixture.engine.pool.query<{ key: string; n: number }>(
            `SELECT state || coalesce(':' || reason, '') AS key, count(*)::int AS n FROM autopilot_contacts WHERE account_id = $1 GROUP BY 1`,
            [customer.account.id],
          )
        ).rows.map((row) => [row.key, row.n]),
      );
    let now: Record<string, number> = {};
    await until(
      () => `routing; now ${JSON.stringify(now)}`,
      async () => {
        now = await states();
        return now['enrolled:matched'] === 50 && now['skipped:excluded_domain'] === 20;
      },
    );
    expect(read.isDone()).toBe(true);
    expect(await states()).toEqual({ 'enrolled:matched': 50, 'skipped:excluded_domain': 20, 'waiting:no_match': 30 });
    await until(
      'research done',
      async () => (await fixture.engine.pool.query(`SELECT 1 FROM research_jobs WHERE account_id = $1 AND status IN ('queued', 'processing')`, [customer.account.id])).rows.length === 0,
    );

    const { bodies } = mockBatchUpdates();
    await queueWriteback(fixture, portalId);
    await until('written', async () => (await fixture.engine.pool.query('SELECT 1 FROM hubspot_written WHERE portal_id = $1', [portalId])).rows.length === 50);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.inputs).toHaveLength(50);
    expect(new Set(bodies[0]!.inputs.map((input) => input.properties.prospect_research_autopilot))).toEqual(new Set(['Germany']));

    // A rep logs a Connected call on one of them in HubSpot: the lead ends as a win and the next run writes it.
    const winner = 20_007;
    const callAt = new Date(fixture.clock.now().getTime() + 3600_000).toISOString();
    mockEngagements('calls', { '777001': { properties: { hs_timestamp: callAt, hs_call_disposition: CONNECTED_DISPOSITION }, contacts: [winner] } });
    expect((await sendBatch(fixture.engine.url, [engagementCreated(portalId, 'calls', 777_001)])).status).toBe(204);
    await until('the lead won', async () => (await leadsOf(fixture, customer.account.id)).find((lead) => lead.contact_id === String(winner))?.outcome === 'Responded');
    const { rows: queued } = await fixture.engine.pool.query(
      `SELECT count(*)::int AS n FROM autopilot_touches t JOIN autopilot_leads l ON l.id = t.lead_id WHERE l.account_id = $1 AND l.contact_id = $2 AND t.state = 'scheduled'`,
      [customer.account.id, String(winner)],
    );
    expect(queued[0].n).toBe(0);
    const win = mockBatchUpdates();
    await queueWriteback(fixture, portalId);
    await until('the win written', async () => win.bodies.length === 1);
    expect(win.bodies[0]!.inputs).toEqual([{ id: String(winner), properties: expect.objectContaining({ prospect_research_outcome: 'Responded', prospect_research_end_reason: 'call_connected' }) }]);
  });
});
