/**
 * readSourceEvents: the lead events of one source's contacts, as a CRM app reads them to show them on
 * its own records (the HubSpot app's timeline), on leads written straight into the tables.
 */
import { describe, expect, it } from 'vitest';
import { accountsModule } from '../../src/accounts/module.ts';
import { autopilotModule } from '../../src/autopilot/module.ts';
import { eventsModule } from '../../src/events/module.ts';
import { readSourceEvents } from '../../src/events/sourceEvents.ts';
import { researchModule } from '../../src/research/module.ts';
import { autopilotApi, catchAll } from '../autopilot/support.ts';
import { createCustomer, useEngine } from '../support/engine.ts';
import { seedLeads, seedTimeline } from '../support/leads.ts';

const fixture = useEngine({ modules: [accountsModule(), researchModule(), autopilotModule(), eventsModule()] });
const pool = () => fixture.engine.pool;
const at = (hour: number) => new Date(Date.UTC(2030, 0, 7, hour));

describe('readSourceEvents', () => {
  it("reads one source's touches sent and leads' ends, oldest first after a position, with a reply's channel and a removed contact said", async () => {
    const customer = await createCustomer(pool(), { name: 'Source reader' });
    const autopilot = (await autopilotApi(fixture.engine.url, customer.key).put('Germany', catchAll('Germany', { enabled: false }))).body as { id: number };
    const [touched, replied, loggedReply, closed, elsewhere] = await seedLeads(
      pool(),
      customer.account.id,
      autopilot.id,
      ['a', 'b', 'c', 'd', 'e'].map((name) => ({ email: `${name}@acme.example`, enrolledAt: at(8) })),
    );
    const { rows: contacts } = await pool().query<{ id: string; contact_id: string }>('SELECT id, contact_id FROM autopilot_leads WHERE account_id = $1 ORDER BY id', [customer.account.id]);
    // Four of them a CRM's (their leads follow their contacts' source), one the API's.
    await pool().query(`UPDATE autopilot_contacts SET source = 'hubspot:77' WHERE account_id = $1 AND contact_id <> $2`, [customer.account.id, contacts[4]!.contact_id]);
    for (const lead of [touched!, elsewhere!]) await seedTimeline(pool(), customer.account.id, lead, { touches: [{ step: 1, channel: 'email', kind: 'email', plannedAt: at(9), state: 'scheduled' }] });
    await pool().query(`UPDATE autopilot_touches SET state = 'sent', sent_at = $2, ended_at = $2, subject = 'Pricing' WHERE lead_id = ANY($1::bigint[])`, [[touched, elsewhere], at(10)]);
    await seedTimeline(pool(), customer.account.id, replied!, { events: [{ kind: 'reply', channel: 'linkedin', at: at(11), effect: 'ended_lead', endReason: 'replied' }] });
    await seedTimeline(pool(), customer.account.id, loggedReply!, { events: [{ kind: 'reply', channel: null, at: at(11), effect: 'ended_lead', endReason: 'replied' }] });
    await pool().query(`UPDATE autopilot_leads SET outcome = 'Responded', end_reason = 'replied', ended_at = $2 WHERE id = ANY($1::bigint[])`, [[replied, loggedReply], at(11)]);
    await pool().query(`UPDATE autopilot_leads SET outcome = 'Closed', end_reason = 'closed_manually', ended_at = $2 WHERE id = $1`, [closed, at(12)]);
    await pool().query('UPDATE autopilot_contacts SET removed_at = $2 WHERE account_id = $1 AND contact_id = $3', [customer.account.id, at(12), contacts[3]!.contact_id]);

    const page = await readSourceEvents(pool(), { accountId: customer.account.id, source: 'hubspot:77', afterSeq: '0', limit: 10 });
    expect(page.available).toBe(true);
    // Enrolments are not read; the API's contact is not this source's.
    expect(page.events.map((event) => [event.type, event.contactId, event.replyChannel, event.contactRemoved])).toEqual([
      ['touch.sent', contacts[0]!.contact_id, undefined, false],
      ['lead.responded', contacts[1]!.contact_id, 'linkedin', false],
      ['lead.responded', contacts[2]!.contact_id, null, false],
      ['lead.closed', contacts[3]!.contact_id, undefined, true],
    ]);
    expect(page.events[0]).toMatchObject({ autopilot: 'Germany', occurredAt: at(10), leadId: touched, data: { step: 0, channel: 'email', subject: 'Pricing' } });
    expect(page.events[3]).toMatchObject({ data: { outcome: 'Closed', end_reason: 'closed_manually' } });
    expect(page.events.every((event) => /^[0-9]+$/.test(event.seq) && event.id.startsWith('evt_'))).toBe(true);
    // After a position, and at most `limit`.
    const next = await readSourceEvents(pool(), { accountId: customer.account.id, source: 'hubspot:77', afterSeq: page.events[1]!.seq, limit: 1 });
    expect(next.events.map((event) => event.id)).toEqual([page.events[2]!.id]);
    // Another account's events are never read, whatever the source.
    const other = await createCustomer(pool(), { name: 'Other' });
    expect((await readSourceEvents(pool(), { accountId: other.account.id, source: 'hubspot:77', afterSeq: '0', limit: 10 })).events).toEqual([]);
    expect((await readSourceEvents(pool(), { accountId: customer.account.id, source: 'api', afterSeq: '0', limit: 10 })).events.map((event) => event.type)).toEqual(['touch.sent']);
  });

  it('says the outbox is not there when the engine runs without its events module', async () => {
    // The test databases hold every module's tables: without the module's migrations there is no events table.
    await pool().query('ALTER TABLE events RENAME TO events_elsewhere');
    try {
      expect(await readSourceEvents(pool(), { accountId: 1, source: 'hubspot:77', afterSeq: '0', limit: 10 })).toEqual({ available: false, events: [] });
    } finally {
      await pool().query('ALTER TABLE events_elsewhere RENAME TO events');
    }
  });
});
