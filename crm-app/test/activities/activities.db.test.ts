/**
 * Calls, meetings and e-mail replies logged in HubSpot: HubSpot's generic webhook events for them,
 * the engagements read 100 at a time with their contacts, and the wins they are for the Autopilot.
 */
import { describe, expect, it } from 'vitest';
import { activityOf } from '../../src/activities/engagements.ts';
import { CONNECTED_DISPOSITION } from '../../src/setup.ts';
import { API, engagementCreated as created, enrolContacts, event, leadsOf, type Logged, mockEngagements, nock, sendBatch, until, useHubSpotEngine } from '../support.ts';

const fixture = useHubSpotEngine();

async function outcomes(portalId: number) {
  let jobs = '';
  await until(
    () => `the events of portal ${portalId} processed; jobs: ${jobs}`,
    async () => {
      jobs = JSON.stringify((await fixture.engine.pool.query('SELECT task_identifier, attempts, last_error FROM graphile_worker.jobs')).rows);
      return (await fixture.engine.pool.query('SELECT 1 FROM hubspot_events WHERE portal_id = $1 AND processed_at IS NULL', [portalId])).rows.length === 0;
    },
    20_000,
  );
  const { rows } = await fixture.engine.pool.query<{ object_id: string; outcome: string }>(
    `SELECT object_id::text, outcome FROM hubspot_events WHERE portal_id = $1 AND subscription_type LIKE 'object.%' ORDER BY occurred_at, event_id`,
    [portalId],
  );
  return rows.map((row) => `${row.object_id}:${row.outcome}`);
}

/** A time after the leads were enrolled (activities before enrolment never count). */
const later = (minutes: number) => new Date(fixture.clock.now().getTime() + minutes * 60_000).toISOString();

describe('engagements in the CRM port shape', () => {
  it('maps a call with a Connected outcome, a booked meeting and an incoming e-mail; an outgoing e-mail is none', () => {
    const connected = ['custom-1', CONNECTED_DISPOSITION];
    expect(activityOf('calls', { id: '1', properties: { hs_timestamp: '2030-01-07T10:00:00Z', hs_call_disposition: 'custom-1' } }, connected)).toEqual({
      type: 'call',
      occurredAt: new Date('2030-01-07T10:00:00.000Z'),
      id: 'call:1:connected',
      connected: true,
      disposition: 'custom-1',
    });
    expect(activityOf('calls', { id: '2', properties: { hs_timestamp: '1893924000000', hs_call_disposition: 'no-answer' } }, connected)).toMatchObject({ id: 'call:2', connected: false });
    expect(activityOf('meetings', { id: '3', properties: { hs_createdate: '2030-01-07T10:00:00Z', hs_meeting_start_time: '2030-01-09T15:00:00Z' } }, connected)).toEqual({
      type: 'meeting',
      occurredAt: new Date('2030-01-07T10:00:00.000Z'),
      id: 'meeting:3',
    });
    expect(activityOf('emails', { id: '4', properties: { hs_timestamp: '2030-01-07T10:00:00Z', hs_email_direction: 'INCOMING_EMAIL' } }, connected)).toMatchObject({ type: 'email_reply' });
    expect(activityOf('emails', { id: '5', properties: { hs_timestamp: '2030-01-07T10:00:00Z', hs_email_direction: 'EMAIL' } }, connected)).toBeUndefined();
    // An incoming e-mail's subject goes with it (the engine tells auto-replies by it); an empty one does not.
    expect(
      activityOf('emails', { id: '7', properties: { hs_timestamp: '2030-01-07T10:00:00Z', hs_email_direction: 'INCOMING_EMAIL', hs_email_subject: ' Automatic reply: Pricing ' } }, connected),
    ).toEqual({
      type: 'email_reply',
      occurredAt: new Date('2030-01-07T10:00:00.000Z'),
      id: 'email:7',
      subject: 'Automatic reply: Pricing',
    });
    expect(activityOf('emails', { id: '8', properties: { hs_timestamp: '2030-01-07T10:00:00Z', hs_email_direction: 'INCOMING_EMAIL', hs_email_subject: '' } }, connected)).not.toHaveProperty(
      'subject',
    );
    expect(activityOf('calls', { id: '6', properties: { hs_call_disposition: CONNECTED_DISPOSITION } }, connected)).toBeUndefined();
  });
});

describe('calls, meetings and replies logged in HubSpot', () => {
  it("a call with the portal's relabelled Connected outcome ends the lead as Responded (call_connected); one that did not connect is only recorded", async () => {
    const portalId = 9101;
    const customer = await enrolContacts(fixture, portalId, [301, 302], {
      dispositions: [
        { id: 'custom-1', label: 'Connected', deleted: false },
        { id: 'no-answer', label: 'No answer', deleted: false },
      ],
    });
    mockEngagements('calls', {
      '5001': { properties: { hs_timestamp: later(5), hs_call_disposition: 'custom-1' }, contacts: [301] },
      '5002': { properties: { hs_timestamp: later(6), hs_call_disposition: 'no-answer' }, contacts: [302] },
    });
    expect((await sendBatch(fixture.engine.url, [created(portalId, 'calls', 5001), created(portalId, 'calls', 5002)])).status).toBe(204);
    expect(await outcomes(portalId)).toEqual(['5001:ended_lead', '5002:recorded']);
    expect(await leadsOf(fixture, customer.account.id)).toEqual([
      { contact_id: '301', outcome: 'Responded', end_reason: 'call_connected' },
      { contact_id: '302', outcome: 'Active', end_reason: null },
    ]);
  });

  it('a call logged first and given its Connected outcome later counts then; HubSpot redelivering either changes nothing', async () => {
    const portalId = 9102;
    const customer = await enrolContacts(fixture, portalId, [311]);
    mockEngagements('calls', { '5101': { properties: { hs_timestamp: later(5) }, contacts: [311] } });
    const logged = created(portalId, 'calls', 5101);
    await sendBatch(fixture.engine.url, [logged]);
    expect(await outcomes(portalId)).toEqual(['5101:recorded']);
    mockEngagements('calls', { '5101': { properties: { hs_timestamp: later(5), hs_call_disposition: CONNECTED_DISPOSITION }, contacts: [311] } });
    const outcome = event(portalId, 'object.propertyChange', 5101, Date.now() + 1000, { objectTypeId: '0-48', propertyName: 'hs_call_disposition', propertyValue: CONNECTED_DISPOSITION });
    await sendBatch(fixture.engine.url, [outcome, logged]);
    expect(await outcomes(portalId)).toEqual(['5101:recorded', '5101:ended_lead']);
    expect(await leadsOf(fixture, customer.account.id)).toEqual([{ contact_id: '311', outcome: 'Responded', end_reason: 'call_connected' }]);
    // The same call read again (another change of its outcome): the activity was logged, nothing changes.
    mockEngagements('calls', { '5101': { properties: { hs_timestamp: later(5), hs_call_disposition: CONNECTED_DISPOSITION }, contacts: [311] } });
    await sendBatch(fixture.engine.url, [{ ...outcome, eventId: outcome.eventId + 100_000, occurredAt: outcome.occurredAt + 1 }]);
    expect((await outcomes(portalId)).at(-1)).toBe('5101:duplicate');
  });

  it('a meeting booked ends the lead (meeting_booked), an incoming e-mail ends it (replied), an outgoing one is ignored', async () => {
    const portalId = 9103;
    const customer = await enrolContacts(fixture, portalId, [321, 322, 323]);
    mockEngagements('meetings', { '5201': { properties: { hs_createdate: later(5), hs_timestamp: later(60 * 24), hs_meeting_start_time: later(60 * 24) }, contacts: [321] } });
    mockEngagements('emails', {
      '5301': { properties: { hs_timestamp: later(7), hs_email_direction: 'INCOMING_EMAIL' }, contacts: [322] },
      '5302': { properties: { hs_timestamp: later(8), hs_email_direction: 'EMAIL' }, contacts: [323] },
    });
    await sendBatch(fixture.engine.url, [created(portalId, 'meetings', 5201), created(portalId, 'emails', 5301), created(portalId, 'emails', 5302)]);
    expect(await outcomes(portalId)).toEqual(['5201:ended_lead', '5301:ended_lead', '5302:ignored']);
    expect(await leadsOf(fixture, customer.account.id)).toEqual([
      { contact_id: '321', outcome: 'Responded', end_reason: 'meeting_booked' },
      { contact_id: '322', outcome: 'Responded', end_reason: 'replied' },
      { contact_id: '323', outcome: 'Active', end_reason: null },
    ]);
  });

  it("an incoming e-mail an auto-responder wrote (its subject) is recorded as an auto-reply and ends nothing; the person's reply after it wins", async () => {
    const portalId = 9107;
    const customer = await enrolContacts(fixture, portalId, [361, 362, 363]);
    const read = mockEngagements('emails', {
      '5701': { properties: { hs_timestamp: later(5), hs_email_direction: 'INCOMING_EMAIL', hs_email_subject: 'Automatic reply: Your pricing guide' }, contacts: [361] },
      '5702': { properties: { hs_timestamp: later(6), hs_email_direction: 'INCOMING_EMAIL', hs_email_subject: 'Abwesenheitsnotiz: Ihre Preisliste' }, contacts: [362] },
      '5703': { properties: { hs_timestamp: later(7), hs_email_direction: 'INCOMING_EMAIL', hs_email_subject: 'Re: Your pricing guide' }, contacts: [363] },
    });
    await sendBatch(fixture.engine.url, [created(portalId, 'emails', 5701), created(portalId, 'emails', 5702), created(portalId, 'emails', 5703)]);
    expect(await outcomes(portalId)).toEqual(['5701:auto_reply', '5702:auto_reply', '5703:ended_lead']);
    expect(read.properties[0]).toContain('hs_email_subject');
    expect(await leadsOf(fixture, customer.account.id)).toEqual([
      { contact_id: '361', outcome: 'Active', end_reason: null },
      { contact_id: '362', outcome: 'Active', end_reason: null },
      { contact_id: '363', outcome: 'Responded', end_reason: 'replied' },
    ]);
    const { rows } = await fixture.engine.pool.query(
      `SELECT l.contact_id, e.kind, e.effect, e.detail FROM autopilot_lead_events e JOIN autopilot_leads l ON l.id = e.lead_id WHERE l.account_id = $1 ORDER BY l.contact_id`,
      [customer.account.id],
    );
    expect(rows).toMatchObject([
      {
        contact_id: '361',
        kind: 'reply',
        effect: 'recorded',
        detail: { source: 'crm', id: 'email:5701', subject: 'Automatic reply: Your pricing guide', auto_reply: 'its subject "Automatic reply: Your pricing guide"' },
      },
      { contact_id: '362', kind: 'reply', effect: 'recorded', detail: { auto_reply: 'its subject "Abwesenheitsnotiz: Ihre Preisliste"' } },
      { contact_id: '363', kind: 'reply', effect: 'ended_lead', detail: { subject: 'Re: Your pricing guide' } },
    ]);
    // The person's own answer after the out-of-office ends the lead.
    mockEngagements('emails', { '5704': { properties: { hs_timestamp: later(60), hs_email_direction: 'INCOMING_EMAIL', hs_email_subject: 'RE: Your pricing guide' }, contacts: [361] } });
    await sendBatch(fixture.engine.url, [created(portalId, 'emails', 5704)]);
    expect((await outcomes(portalId)).at(-1)).toBe('5704:ended_lead');
    expect((await leadsOf(fixture, customer.account.id))[0]).toEqual({ contact_id: '361', outcome: 'Responded', end_reason: 'replied' });
  });

  it('a call before the enrolment, on a contact the app never took, on no contact, or deleted before it was read, changes no lead', async () => {
    const portalId = 9104;
    const customer = await enrolContacts(fixture, portalId, [331]);
    mockEngagements('calls', {
      '5401': { properties: { hs_timestamp: later(-60 * 24), hs_call_disposition: CONNECTED_DISPOSITION }, contacts: [331] },
      '5402': { properties: { hs_timestamp: later(5), hs_call_disposition: CONNECTED_DISPOSITION }, contacts: [999_999] },
      '5403': { properties: { hs_timestamp: later(5), hs_call_disposition: CONNECTED_DISPOSITION }, contacts: [] },
    });
    await sendBatch(fixture.engine.url, [created(portalId, 'calls', 5401), created(portalId, 'calls', 5402), created(portalId, 'calls', 5403), created(portalId, 'calls', 5404)]);
    expect(await outcomes(portalId)).toEqual(['5401:before_enrolment', '5402:no_contact', '5403:no_contact', '5404:not_found']);
    expect(await leadsOf(fixture, customer.account.id)).toEqual([{ contact_id: '331', outcome: 'Active', end_reason: null }]);
  });

  it('a call on the contact that remains after a merge reaches the lead kept under the merged-away id', async () => {
    const portalId = 9105;
    const customer = await enrolContacts(fixture, portalId, [341, 342]);
    // 341 was enrolled first: its lead stays, under its id, though HubSpot now calls the contact 342.
    await sendBatch(fixture.engine.url, [event(portalId, 'contact.merge', 342, Date.now(), { primaryObjectId: 342, mergedObjectIds: [341], newObjectId: 342 })]);
    await until('merged', async () => (await fixture.engine.pool.query('SELECT 1 FROM hubspot_merged_contacts WHERE portal_id = $1', [portalId])).rows.length === 1);
    mockEngagements('calls', { '5501': { properties: { hs_timestamp: later(5), hs_call_disposition: CONNECTED_DISPOSITION }, contacts: [342] } });
    await sendBatch(fixture.engine.url, [created(portalId, 'calls', 5501, Date.now() + 1000)]);
    expect(await outcomes(portalId)).toEqual(['5501:ended_lead']);
    expect(await leadsOf(fixture, customer.account.id)).toEqual([
      { contact_id: '341', outcome: 'Responded', end_reason: 'call_connected' },
      { contact_id: '342', outcome: 'Closed', end_reason: 'closed_manually' },
    ]);
  });

  it('reads 150 logged calls in two batch reads and two association reads, and retries when HubSpot fails', async () => {
    const portalId = 9106;
    const customer = await enrolContacts(fixture, portalId, [351]);
    const logged: Logged = Object.fromEntries(
      Array.from({ length: 150 }, (_, i) => [String(6000 + i), { properties: { hs_timestamp: later(5 + i), hs_call_disposition: 'no-answer' }, contacts: [351] }]),
    );
    nock(API).post('/crm/v3/objects/calls/batch/read').query(true).reply(503, { status: 'error', message: 'down' });
    const { scope, asked } = mockEngagements('calls', logged, 2);
    await sendBatch(
      fixture.engine.url,
      Object.keys(logged)
        .slice(0, 90)
        .map((id) => created(portalId, 'calls', Number(id))),
    );
    await sendBatch(
      fixture.engine.url,
      Object.keys(logged)
        .slice(90)
        .map((id) => created(portalId, 'calls', Number(id))),
    );
    const done = await outcomes(portalId);
    expect(done).toHaveLength(150);
    expect(new Set(done.map((outcome) => outcome.split(':')[1]))).toEqual(new Set(['recorded']));
    expect(scope.isDone()).toBe(true);
    expect(asked.map((ids) => ids.length).reduce((a, b) => a + b)).toBe(150);
    const { rows } = await fixture.engine.pool.query(`SELECT count(*)::int AS n FROM autopilot_lead_events e JOIN autopilot_leads l ON l.id = e.lead_id WHERE l.account_id = $1 AND e.kind = 'call'`, [
      customer.account.id,
    ]);
    expect(rows[0].n).toBe(150);
  });
});
