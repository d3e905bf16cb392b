/** Contacts deleted or merged in HubSpot: what becomes of their leads. */
import { client } from '@prospect-research/engine/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API, connectPortal, contactRecord, event, newCustomer, nock, sendBatch, until, useHubSpotEngine } from './support.ts';

const fixture = useHubSpotEngine();

beforeAll(() => {
  nock.disableNetConnect();
  nock.enableNetConnect(/^(127\.0\.0\.1|localhost)/);
});
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

const everyone = {
  name: 'Everyone',
  enabled: true,
  fallback: false,
  filter: { match: 'all', rules: [] },
  channels: ['email'],
  tone: 'Friendly',
  goal: { type: 'meetings', calendar_link: 'https://cal.example.com/team' },
  lead_origin: 'You signed up on our site.',
  sequence: [{ day: 1, channel: 'email', kind: 'email', angle: 'Ask one question about their month-end close.', subject_angle: 'Month-end', signals: ['news'] }],
  stop_conditions: { reply: true, call_connected: true, meeting_booked: true, invite_accepted: false, property_changes: [] },
};

async function leads(accountId: number) {
  const { rows } = await fixture.engine.pool.query<{ contact_id: string; outcome: string; end_reason: string | null }>(
    'SELECT contact_id, outcome, end_reason FROM autopilot_leads WHERE account_id = $1 ORDER BY contact_id',
    [accountId],
  );
  return rows;
}

/** A connected portal whose account has a catch-all Autopilot, and `ids` enrolled from HubSpot creations. */
async function enrolled(portalId: number, ids: number[]) {
  const customer = await newCustomer(fixture);
  await connectPortal(fixture.engine.url, customer.account.id, portalId);
  const put = await client(fixture.engine.url, customer.key).request('PUT', '/autopilots/Everyone', { body: everyone });
  expect(put.status, JSON.stringify(put.body)).toBeLessThan(300);
  const created = new Date(fixture.clock.now().getTime() + 1000);
  for (const id of ids) {
    nock(API).post('/crm/v3/objects/contacts/batch/read').query(true).reply(200, { status: 'COMPLETE', results: [contactRecord(id, { email: `p${id}@acme-${id}.com` }, created)], startedAt: '', completedAt: '' });
    await sendBatch(fixture.engine.url, [event(portalId, 'contact.creation', id, created.getTime())]);
    await until(`contact ${id} enrolled`, async () => (await leads(customer.account.id)).some((lead) => lead.contact_id === String(id)));
  }
  return customer;
}

async function processed(portalId: number) {
  await until('events processed', async () => (await fixture.engine.pool.query('SELECT 1 FROM hubspot_events WHERE portal_id = $1 AND processed_at IS NULL', [portalId])).rows.length === 0);
}

describe('deletions and merges', () => {
  it('a contact deleted in HubSpot ends its lead as Closed (closed_manually); a deletion of a contact without a lead changes nothing', async () => {
    const customer = await enrolled(8001, [61]);
    await sendBatch(fixture.engine.url, [event(8001, 'contact.deletion', 61, Date.now()), event(8001, 'contact.deletion', 62, Date.now())]);
    await processed(8001);
    expect(await leads(customer.account.id)).toEqual([{ contact_id: '61', outcome: 'Closed', end_reason: 'closed_manually' }]);
    const { rows } = await fixture.engine.pool.query('SELECT object_id, outcome FROM hubspot_events WHERE portal_id = 8001 AND subscription_type = $1 ORDER BY object_id', ['contact.deletion']);
    expect(rows.map((row) => row.outcome)).toEqual(['lead_closed', 'no_active_lead']);
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
