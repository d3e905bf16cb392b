/**
 * What a CRM app reads back of the Autopilot without reading its tables: the CRM port's reads
 * (intake/crmReads.ts) and the `autopilot_crm_leads` view the engine keeps stable (migration 0019).
 */
import { describe, expect, it } from 'vitest';
import { crmPort } from '../../../src/autopilot/intake/crmPort.ts';
import { useOutcomesEngine } from '../outcomes/support.ts';

const { clock, fixture, newCustomer } = useOutcomesEngine();
const port = () => crmPort(fixture.engine.pool, clock);
const api = (accountId: number) => ({ accountId, source: 'api' });

describe("the CRM port's reads", () => {
  it("answers the properties held of the contacts asked for, by id: not those removed, unknown ones or another source's", async () => {
    const { accountId, autopilot, lead } = await newCustomer();
    const autopilotId = await autopilot();
    const kept = await lead(autopilotId, [], { lifecyclestage: 'lead', industry: 'Logistics' });
    const removed = await lead(autopilotId, [], { lifecyclestage: 'customer' });
    await fixture.engine.pool.query('UPDATE autopilot_contacts SET removed_at = $3 WHERE account_id = $1 AND contact_id = $2', [accountId, removed.contactId, clock.now()]);
    const held = await port().heldProperties(api(accountId), [kept.contactId, removed.contactId, 'never-sent']);
    expect([...held.keys()]).toEqual([kept.contactId]);
    expect(held.get(kept.contactId)).toEqual({ email: kept.email, lifecyclestage: 'lead', industry: 'Logistics' });
    expect(await port().heldProperties({ accountId, source: 'hubspot:1' }, [kept.contactId])).toEqual(new Map());
  });

  it('answers, of several contacts, the one whose active lead was enrolled first; none when no lead is active', async () => {
    const { accountId, autopilot, lead } = await newCustomer();
    const autopilotId = await autopilot();
    const first = await lead(autopilotId, []);
    clock.advance({ minutes: 1 });
    const second = await lead(autopilotId, []);
    clock.advance({ minutes: 1 });
    const third = await lead(autopilotId, []);
    const ids = [third.contactId, second.contactId, first.contactId];
    expect(await port().firstEnrolledActive(api(accountId), ids)).toBe(first.contactId);
    await fixture.engine.pool.query(`UPDATE autopilot_leads SET outcome = 'Closed', end_reason = 'closed_manually', ended_at = $2 WHERE id = $1`, [first.leadId, clock.now()]);
    expect(await port().firstEnrolledActive(api(accountId), ids)).toBe(second.contactId);
    expect(await port().firstEnrolledActive(api(accountId), [first.contactId, 'never-sent'])).toBeUndefined();
  });
});

describe('the autopilot_crm_leads view', () => {
  it('has the columns the engine keeps stable for CRM apps', async () => {
    const { rows } = await fixture.engine.pool.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = 'autopilot_crm_leads' ORDER BY ordinal_position`);
    expect(rows.map((row) => row.column_name)).toEqual([
      'lead_id',
      'account_id',
      'source',
      'contact_id',
      'contact_removed_at',
      'autopilot_name',
      'outcome',
      'end_reason',
      'enrolled_at',
      'research_id',
      'research_status',
      'research_finished_at',
      'research_purged_at',
      'research_empty_reason',
      'research_result',
      'last_touch_sent_at',
    ]);
  });

  it("shows a lead with its contact's removal, its Autopilot's name and when its last touch was sent", async () => {
    const { accountId, autopilot, lead } = await newCustomer();
    const { leadId, contactId, touchIds } = await lead(await autopilot({ name: 'DACH logistics' }));
    const row = async () => (await fixture.engine.pool.query('SELECT * FROM autopilot_crm_leads WHERE lead_id = $1', [leadId])).rows[0];
    expect(await row()).toMatchObject({
      lead_id: leadId,
      account_id: accountId,
      source: 'api',
      contact_id: contactId,
      contact_removed_at: null,
      autopilot_name: 'DACH logistics',
      outcome: 'Active',
      end_reason: null,
      research_id: null,
      research_status: null,
      research_result: null,
      last_touch_sent_at: null,
    });
    const sentAt = clock.now();
    await fixture.engine.pool.query(`UPDATE autopilot_touches SET state = 'sent', sent_at = $2, ended_at = $2 WHERE id = $1`, [touchIds[0], sentAt]);
    await fixture.engine.pool.query('UPDATE autopilot_contacts SET removed_at = $3 WHERE account_id = $1 AND contact_id = $2', [accountId, contactId, sentAt]);
    expect(await row()).toMatchObject({ last_touch_sent_at: sentAt, contact_removed_at: sentAt });
  });
});
