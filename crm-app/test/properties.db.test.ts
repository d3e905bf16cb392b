/**
 * The portal's contact properties kept in step with the engine (setup.ts): options from the engine's
 * own lists, an existing property brought in step with one update (the portal's own options kept), the
 * research link never created and relabelled where it exists, and portals set up by an earlier release
 * set up again once, without reinstalling.
 */
import { LEAD_END_REASONS, LEAD_OUTCOMES } from '@prospect-research/engine/autopilot-contract';
import { describe, expect, it } from 'vitest';
import { portalClient } from '../src/hubspotApi.ts';
import { CONTACT_PROPERTIES, PROPERTIES_VERSION, propertyUpdate, RESEARCH_STATUSES, RETIRED_PROPERTIES, setUpPortal } from '../src/setup.ts';
import { sweepPortals } from '../src/sweep/sweepPortals.ts';
import { API, connectPortal, newCustomer, nock, propertiesAsDefined, propertiesRead, until, useHubSpotEngine } from './support.ts';

const fixture = useHubSpotEngine();
const hubspot = portalClient({ apiBaseUrl: API }, 'access-test');
const CONNECTED = [{ id: 'f240bbac-87c9-4f6e-bf70-924b57d47db7', label: 'Connected', deleted: false }];

let nextPortal = 8100;
async function connected(options: { existing?: boolean } = {}) {
  const customer = await newCustomer(fixture);
  const portalId = ++nextPortal;
  await connectPortal(fixture.engine.url, customer.account.id, portalId, options);
  // Its setup job has made its calls; it records what it did right after.
  await until('the portal set up', async () => (await portalRow(portalId)).properties_version === PROPERTIES_VERSION);
  return { customer, portalId };
}

const portalRow = async (portalId: number) => (await fixture.engine.pool.query('SELECT properties_version, setup_queued_version FROM hubspot_portals WHERE portal_id = $1', [portalId])).rows[0];

/** Answers HubSpot's PATCHes of our properties (`times` of them), keeping what each asked, by property. */
function mockUpdates(times: number) {
  const updates: Record<string, Record<string, unknown>> = {};
  // nock hands a reply function no body with fetch: the matchers keep what was asked.
  let body: Record<string, unknown> = {};
  const scope = nock(API)
    .patch(/^\/crm\/v3\/properties\/contacts\/[a-z_]+/, (asked: Record<string, unknown>) => {
      body = asked;
      return true;
    })
    .times(times)
    .reply(200, (request: unknown) => {
      // nock 15 hands the reply function the fetch Request (its path in older nocks).
      const url = typeof request === 'string' ? request : (request as { url: string }).url;
      const name = url.split('?')[0]!.split('/').pop()!;
      updates[name] = body;
      return { name, ...body };
    });
  return { scope, updates };
}

describe('the properties a new install gets', () => {
  it("are created in our group with the engine's own outcomes, end reasons and research statuses; no research link", async () => {
    const { portalId } = await connected();
    await expect.poll(async () => portalRow(portalId)).toEqual({ properties_version: PROPERTIES_VERSION, setup_queued_version: null });
    // What setup creates, as it asks HubSpot.
    const created: Record<string, { groupName: string; type: string; options?: { value: string; label: string; displayOrder: number }[] }> = {};
    nock(API)
      .post('/crm/v3/properties/contacts/batch/read')
      .reply(200, propertiesRead([]))
      .post('/crm/v3/properties/contacts/groups')
      .reply(201, { name: 'prospect_research', label: 'Prospect Research', displayOrder: -1, archived: false })
      .post('/crm/v3/properties/contacts', (body: { name: string; groupName: string; type: string }) => {
        created[body.name] = body;
        return true;
      })
      .times(CONTACT_PROPERTIES.length)
      .reply(201, { name: 'x', label: 'x', type: 'string', fieldType: 'text', groupName: 'prospect_research', options: [] })
      .get('/calling/v1/dispositions')
      .reply(200, CONNECTED);
    const result = await setUpPortal(fixture.engine.pool, hubspot, portalId, fixture.clock.now());
    expect(result.created).toEqual(['prospect_research', ...CONTACT_PROPERTIES.map((property) => property.name)]);
    expect(Object.keys(created)).not.toContain('prospect_research_research_link');
    expect(Object.values(created).every((property) => property.groupName === 'prospect_research')).toBe(true);
    expect(created.prospect_research_end_reason!.options!.map((option) => option.value)).toEqual([...LEAD_END_REASONS]);
    expect(created.prospect_research_outcome!.options!.map((option) => option.value)).toEqual([...LEAD_OUTCOMES]);
    expect(created.prospect_research_research_status!.options!.map((option) => option.value)).toEqual(['queued', 'processing', 'completed', 'failed']);
    expect(RESEARCH_STATUSES).toEqual(['queued', 'processing', 'completed', 'failed']);
    expect(created.prospect_research_end_reason!.options![1]).toEqual({ value: 'call_connected', label: 'Call connected', displayOrder: 1, hidden: false });
    expect(nock.pendingMocks()).toEqual([]);
  });
});

describe('setting up a portal that has our properties', () => {
  it('makes one read and no change when they are as defined', async () => {
    const { portalId } = await connected({ existing: true });
    await expect.poll(async () => (await portalRow(portalId)).properties_version).toBe(PROPERTIES_VERSION);
  });

  it("updates only what differs, in one request each: a missing end reason and our label back, the portal's own option kept; the research link relabelled, never archived", async () => {
    const { portalId } = await connected({ existing: true });
    const endReason = CONTACT_PROPERTIES.find((property) => property.name === 'prospect_research_end_reason')!;
    const older = endReason.options!.filter((option) => option.value !== 'autopilot_archived');
    const theirs = { value: 'lost_to_competitor', label: 'Lost to a competitor', displayOrder: 11, hidden: false, description: 'Added by the portal' };
    nock(API)
      .post('/crm/v3/properties/contacts/batch/read')
      .reply(
        200,
        propertiesRead([
          ...propertiesAsDefined({
            prospect_research_end_reason: { options: [...older, theirs] },
            prospect_research_outcome: { label: 'Outcome (renamed by an admin)' },
          }),
          {
            name: 'prospect_research_research_link',
            label: 'Research link',
            type: 'string',
            fieldType: 'text',
            groupName: 'prospect_research',
            description: 'Where the whole research brief is read.',
            options: [],
          },
        ]),
      )
      .get('/calling/v1/dispositions')
      .reply(200, CONNECTED);
    const { scope, updates } = mockUpdates(3);
    const result = await setUpPortal(fixture.engine.pool, hubspot, portalId, fixture.clock.now());
    expect(scope.isDone()).toBe(true);
    expect(result).toMatchObject({ created: [], updated: ['prospect_research_outcome', 'prospect_research_end_reason', 'prospect_research_research_link'], conflicting: [] });
    expect(updates.prospect_research_outcome).toEqual({ label: 'Autopilot outcome' });
    expect(updates.prospect_research_end_reason).toEqual({
      options: [...endReason.options!, { ...theirs, displayOrder: LEAD_END_REASONS.length }],
    });
    expect(updates.prospect_research_research_link).toEqual({ label: RETIRED_PROPERTIES[0]!.label, description: RETIRED_PROPERTIES[0]!.description });
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('takes a 409 (created meanwhile) as existing, compares it and leaves a property of another type alone', async () => {
    const { portalId } = await connected({ existing: true });
    const [autopilot, outcome, ...rest] = propertiesAsDefined();
    nock(API)
      .post('/crm/v3/properties/contacts/batch/read')
      .reply(200, propertiesRead([{ ...outcome, type: 'string', fieldType: 'text', options: [] }, ...rest]))
      .post('/crm/v3/properties/contacts/groups')
      .reply(409, { status: 'error', category: 'OBJECT_ALREADY_EXISTS' })
      .post('/crm/v3/properties/contacts', (body: { name?: string }) => body.name === 'prospect_research_autopilot')
      .reply(409, { status: 'error', category: 'OBJECT_ALREADY_EXISTS' })
      .get('/crm/v3/properties/contacts/prospect_research_autopilot')
      .query(true)
      .reply(200, { ...autopilot, description: 'An older description' })
      .get('/calling/v1/dispositions')
      .reply(200, CONNECTED);
    const { updates } = mockUpdates(1);
    const result = await setUpPortal(fixture.engine.pool, hubspot, portalId, fixture.clock.now());
    expect(result).toMatchObject({ created: [], updated: ['prospect_research_autopilot'], conflicting: ['prospect_research_outcome'] });
    expect(updates).toEqual({ prospect_research_autopilot: { description: CONTACT_PROPERTIES[0]!.description } });
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('compares labels, descriptions, groups and options; hidden options of ours count as different', () => {
    const [, outcome] = CONTACT_PROPERTIES;
    expect(propertyUpdate(outcome!, { name: outcome!.name, label: outcome!.label, description: outcome!.description, groupName: outcome!.groupName, options: outcome!.options })).toBeUndefined();
    expect(propertyUpdate(outcome!, { name: outcome!.name, label: outcome!.label, description: outcome!.description, groupName: 'contactinformation', options: outcome!.options })).toEqual({
      groupName: 'prospect_research',
    });
    const hidden = outcome!.options!.map((option) => (option.value === 'Failed' ? { ...option, hidden: true } : option));
    expect(propertyUpdate(outcome!, { name: outcome!.name, label: outcome!.label, description: outcome!.description, groupName: outcome!.groupName, options: hidden })).toEqual({
      options: outcome!.options,
    });
  });
});

describe('portals set up by an earlier release', () => {
  it('are set up again once, from the sweep cron, without reinstalling; a setup that keeps failing is not queued again', async () => {
    const { portalId } = await connected({ existing: true });
    const other = await connected({ existing: true });
    const pool = fixture.engine.pool;
    // As an earlier release left them: no version recorded.
    await pool.query('UPDATE hubspot_portals SET properties_version = NULL WHERE portal_id = ANY($1::bigint[])', [[portalId, other.portalId]]);
    // Each portal's calls carry its own access token (support.ts mockTokens).
    nock(API, { reqheaders: { authorization: `Bearer access-${portalId}` } })
      .post('/crm/v3/properties/contacts/batch/read')
      .reply(200, propertiesRead(propertiesAsDefined()))
      .get('/calling/v1/dispositions')
      .reply(200, CONNECTED);
    // The other portal's setup fails for good (HubSpot refuses it).
    nock(API, { reqheaders: { authorization: `Bearer access-${other.portalId}` } })
      .post('/crm/v3/properties/contacts/batch/read')
      .times(30)
      .reply(403, { status: 'error', category: 'MISSING_SCOPES' });
    const first = await sweepPortals(pool, fixture.clock.now());
    expect(first.setUp.filter((id) => id === portalId || id === other.portalId).sort()).toEqual([portalId, other.portalId].sort());
    await until('the first portal set up again', async () => (await portalRow(portalId)).properties_version === PROPERTIES_VERSION);
    await until(
      "the other portal's setup refused",
      async () => ((await pool.query(`SELECT attempts FROM graphile_worker.jobs WHERE key = $1`, [`hubspot_setup:${other.portalId}`])).rows[0]?.attempts ?? 0) >= 1,
    );
    expect(await portalRow(other.portalId)).toEqual({ properties_version: null, setup_queued_version: PROPERTIES_VERSION });
    const second = await sweepPortals(pool, fixture.clock.now());
    expect(second.setUp).not.toContain(portalId);
    expect(second.setUp).not.toContain(other.portalId);
    await pool.query(`SELECT graphile_worker.remove_job($1)`, [`hubspot_setup:${other.portalId}`]);
    nock.cleanAll();
  });
});
