/**
 * How CRM sources watch properties (intake/sourceWatches.ts): what a CRM app reports, an Autopilot's
 * answer saying per stop property how each source watches it (with a warning for one a connected source
 * does not watch), the properties an account's Autopilots read, and the CRM port's first reading of a
 * property, which never ends a lead.
 */
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { autopilotViewSchema } from '../../../src/autopilot/contract.ts';
import { crmPort } from '../../../src/autopilot/intake/crmPort.ts';
import { readSourceWatches, readWatchedProperties, reportSourceWatches } from '../../../src/autopilot/intake/sourceWatches.ts';
import { leadRow, useOutcomesEngine } from '../outcomes/support.ts';

const { clock, fixture, newCustomer } = useOutcomesEngine();
const isView = new Ajv({ strict: false }).compile(autopilotViewSchema);

const stopProblems = (body: Record<string, unknown>) => (body.problems as { path: string }[]).filter((problem) => problem.path.startsWith('/stop_conditions'));

const stops = (...properties: string[]) => ({
  reply: true,
  call_connected: true,
  meeting_booked: true,
  invite_accepted: false,
  property_changes: properties.map((property) => ({ property, value: null })),
});

describe('an Autopilot answer: how its stop properties are watched', () => {
  it('says nothing while no CRM source reported how it watches, nor for an Autopilot without property stops', async () => {
    const { api, autopilot } = await newCustomer();
    await autopilot();
    const answer = await api.get('EMEA SaaS');
    expect(answer.body).not.toHaveProperty('stop_properties');
    expect(stopProblems(answer.body)).toEqual([]);
  });

  it('says per stop property and source: webhook, sweep or not watched (a warning when a connected source does not watch it); a disconnected source watches nothing', async () => {
    const { api, accountId, autopilot } = await newCustomer();
    await autopilot({ stop_conditions: stops('lifecyclestage', 'hs_analytics_num_visits', 'LifecycleStage') });
    const now = clock.now();
    await reportSourceWatches(
      fixture.engine.pool,
      'crm:',
      [
        { accountId, source: 'crm:1', webhook: ['LIFECYCLESTAGE', 'email'], sweepMinutes: 5, active: true },
        { accountId, source: 'crm:2', webhook: ['email'], sweepMinutes: null, active: true },
        { accountId, source: 'crm:3', webhook: ['lifecyclestage'], sweepMinutes: 5, active: false },
      ],
      now,
    );
    const answer = await api.get('EMEA SaaS');
    expect(isView(answer.body), JSON.stringify(isView.errors)).toBe(true);
    expect(answer.body.stop_properties).toEqual([
      {
        property: 'lifecyclestage',
        sources: [
          { source: 'crm:1', watched: 'webhook', within_minutes: 0, text: 'crm:1 sends each change of "lifecyclestage" as it happens (webhook): within seconds' },
          { source: 'crm:2', watched: 'not_watched', within_minutes: null, text: 'crm:2 does not watch "lifecyclestage": a change there never ends a lead' },
          { source: 'crm:3', watched: 'not_watched', within_minutes: null, text: 'crm:3 reads nothing now (disconnected): a change of "lifecyclestage" there does not reach the Autopilot' },
        ],
      },
      {
        property: 'hs_analytics_num_visits',
        sources: [
          { source: 'crm:1', watched: 'sweep', within_minutes: 5, text: 'crm:1 looks for changes of "hs_analytics_num_visits" every few minutes (sweep): within about 5 minutes' },
          expect.objectContaining({ source: 'crm:2', watched: 'not_watched' }),
          expect.objectContaining({ source: 'crm:3', watched: 'not_watched' }),
        ],
      },
    ]);
    // Only the connected source that does not watch a property is a warning, once per property.
    expect(stopProblems(answer.body)).toEqual([
      {
        severity: 'warning',
        path: '/stop_conditions/property_changes/0',
        message: 'Changes of "lifecyclestage" are not watched in crm:2: this stop condition never ends a lead whose contact comes from there',
      },
      {
        severity: 'warning',
        path: '/stop_conditions/property_changes/1',
        message: 'Changes of "hs_analytics_num_visits" are not watched in crm:2: this stop condition never ends a lead whose contact comes from there',
      },
    ]);
    // The list says the same; an answer sent back as a document is taken unchanged.
    const listed = await api.list();
    expect((listed.body.autopilots as { stop_properties?: unknown }[])[0]!.stop_properties).toEqual(answer.body.stop_properties);
    const again = await api.put('EMEA SaaS', answer.body);
    expect(again.status).toBe(200);
    expect(again.body.revision).toBe(answer.body.revision);
  });

  it('follows what the app reports: a source no longer reported is forgotten, other prefixes and accounts are left alone', async () => {
    const { api, accountId, autopilot } = await newCustomer();
    const other = await newCustomer();
    await autopilot();
    const pool = fixture.engine.pool;
    await reportSourceWatches(pool, 'crm:', [{ accountId, source: 'crm:1', webhook: [], sweepMinutes: 5, active: true }], clock.now());
    await reportSourceWatches(pool, 'other:', [{ accountId, source: 'other:1', webhook: [], sweepMinutes: null, active: true }], clock.now());
    await reportSourceWatches(pool, 'crm:', [{ accountId: other.accountId, source: 'crm:1', webhook: ['lifecyclestage'], sweepMinutes: null, active: true }], clock.now());
    expect((await readSourceWatches(pool, accountId)).map((watch) => watch.source)).toEqual(['other:1']);
    expect(await readSourceWatches(pool, other.accountId)).toEqual([{ accountId: other.accountId, source: 'crm:1', webhook: ['lifecyclestage'], sweepMinutes: null, active: true }]);
    expect((await api.get('EMEA SaaS')).body.stop_properties).toEqual([{ property: 'lifecyclestage', sources: [expect.objectContaining({ source: 'other:1', watched: 'not_watched' })] }]);
    await expect(reportSourceWatches(pool, 'crm', [], clock.now())).rejects.toThrow(/prefix/);
    await expect(reportSourceWatches(pool, 'crm:', [{ accountId, source: 'other:2', webhook: [], sweepMinutes: null, active: true }], clock.now())).rejects.toThrow(/not a source of crm:/);
  });
});

describe("the properties an account's Autopilots read", () => {
  it('are the rules of enabled Autopilots and the stop properties of live ones, each once whatever its case', async () => {
    const { api, accountId, autopilot } = await newCustomer();
    await autopilot({ stop_conditions: stops('lifecyclestage', 'Lifecyclestage', 'hs_lead_status') });
    await autopilot({ name: 'Off', enabled: false, filter: { match: 'all', rules: [{ property: 'industry', operator: 'is_known' }] }, stop_conditions: stops('demo_done') });
    await autopilot({ name: 'Gone', filter: { match: 'all', rules: [{ property: 'city', operator: 'is_known' }] }, stop_conditions: stops('archived_stop') });
    expect((await api.delete('Gone')).status).toBe(200);
    const read = await readWatchedProperties(fixture.engine.pool, accountId);
    expect(read.rules.sort()).toEqual(['country', 'numberofemployees']);
    expect(read.stops.sort()).toEqual(['demo_done', 'hs_lead_status', 'lifecyclestage']);
  });
});

describe('the CRM port: a property read for the first time', () => {
  it('is stored but never ends a lead; its next real change does', async () => {
    const { accountId, autopilot, lead } = await newCustomer();
    const { leadId, contactId } = await lead(await autopilot({ stop_conditions: stops('demo_done') }));
    const port = crmPort(fixture.engine.pool, clock);
    const from = { accountId, source: 'api' };
    const first = await port.contactPropertiesChanged(from, contactId, { Demo_Done: 'yes', city: 'Berlin' }, { firstRead: ['demo_done'] });
    expect(first).not.toHaveProperty('ended_lead');
    expect(await leadRow(fixture.engine.pool, leadId)).toMatchObject({ outcome: 'Active' });
    const { rows } = await fixture.engine.pool.query('SELECT properties FROM autopilot_contacts WHERE account_id = $1 AND contact_id = $2', [accountId, contactId]);
    expect(rows[0].properties).toMatchObject({ Demo_Done: 'yes', city: 'Berlin' });
    const changed = await port.contactPropertiesChanged(from, contactId, { Demo_Done: 'no' });
    expect(changed).toMatchObject({ ended_lead: { id: leadId, end_reason: 'property_changed', property: 'demo_done' } });
  });
});
