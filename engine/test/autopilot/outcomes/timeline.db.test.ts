import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { autopilotStatsListSchema, autopilotStatsSchema, leadClosedSchema, leadDetailSchema, type TimelineEntry } from '../../../src/autopilot/contract.ts';
import { leadOutcomes } from '../../../src/autopilot/outcomes/signals.ts';
import { leadRow, queuedJobs, useOutcomesEngine } from './support.ts';

const { clock, fixture, newCustomer } = useOutcomesEngine();

const ajv = new Ajv({ strict: true });
const isDetail = ajv.compile(leadDetailSchema);
const isClosed = ajv.compile(leadClosedSchema);
const isStatsList = ajv.compile(autopilotStatsListSchema);
const isStats = ajv.compile(autopilotStatsSchema);

const summary = (entry: TimelineEntry) => {
  switch (entry.type) {
    case 'touch':
      return `${entry.at} touch ${entry.step} ${entry.channel} ${entry.state}${entry.skip_reason ? ` ${entry.skip_reason}` : ''}`;
    case 'event':
      return `${entry.at} event ${entry.kind} ${entry.effect}`;
    case 'ended':
      return `${entry.at} ended ${entry.outcome} ${entry.end_reason}`;
    case 'enrolled':
      return `${entry.at} enrolled ${entry.autopilot}`;
  }
};

describe('GET /autopilot/leads/{id}', () => {
  it('answers the lead with its timeline in time order: enrolment, touches sent and skipped, events, the end, the touches it cancelled', async () => {
    clock.set('2030-01-07T09:00:00Z');
    const { autopilot, lead, accountId, http } = await newCustomer();
    const { leadId, touchIds } = await lead(await autopilot({ channels: ['email', 'linkedin'], stop_conditions: { call_connected: false } }), [
      { channel: 'email' },
      { channel: 'linkedin', kind: 'connection_request', day: 2 },
      { channel: 'email', day: 3 },
      { channel: 'linkedin', kind: 'message', day: 4 },
    ]);
    const pool = fixture.engine.pool;
    // Step 1 went out at 10:05 with its message; the linkedin request was skipped (no profile) the next day.
    await pool.query(
      `UPDATE autopilot_touches SET state = 'sent', sent_at = '2030-01-07T10:05:00Z', ended_at = '2030-01-07T10:05:00Z', subject = 'Your pricing guide', body = 'Hi Jana, ...', message_id = '<m1@x>' WHERE id = $1`,
      [touchIds[0]],
    );
    await pool.query(`UPDATE autopilot_touches SET state = 'skipped', skip_reason = 'no_network_profile', ended_at = '2030-01-08T10:00:00Z' WHERE id = $1`, [touchIds[1]]);
    await pool.query(`UPDATE autopilot_touches SET due_at = '2030-01-09T14:00:00Z', held_reason = 'daily limit of the mailbox reached' WHERE id = $1`, [touchIds[2]]);
    clock.set('2030-01-08T12:00:00Z');
    const call = await http.request('POST', `/autopilot/contacts/c-1/activities`, { body: { type: 'call', occurred_at: '2030-01-08T11:00:00Z', connected: true, disposition: 'Connected' } });
    expect(call.body.effect).toBe('recorded');
    clock.set('2030-01-09T08:00:00Z');
    await leadOutcomes(pool, clock).replied({ accountId, leadId, channel: 'email', occurredAt: new Date('2030-01-09T07:30:00Z'), dedupeKey: '<r1@acme>', text: 'Yes please.' });

    const reply = await http.request('GET', `/autopilot/leads/${leadId}`);
    expect(reply.status).toBe(200);
    expect(isDetail(reply.body), JSON.stringify(isDetail.errors)).toBe(true);
    expect(reply.body).toMatchObject({ id: leadId, outcome: 'Responded', end_reason: 'replied', ended_at: '2030-01-09T08:00:00.000+00:00' });
    const timeline = reply.body.timeline as TimelineEntry[];
    expect(timeline.map(summary)).toEqual([
      '2030-01-07T09:00:00.000+00:00 enrolled EMEA SaaS',
      '2030-01-07T10:05:00.000+00:00 touch 1 email sent',
      '2030-01-08T10:00:00.000+00:00 touch 2 linkedin skipped no_network_profile',
      '2030-01-08T11:00:00.000+00:00 event call recorded',
      '2030-01-09T07:30:00.000+00:00 event reply ended_lead',
      '2030-01-09T08:00:00.000+00:00 ended Responded replied',
      '2030-01-09T08:00:00.000+00:00 touch 3 email cancelled',
      '2030-01-09T08:00:00.000+00:00 touch 4 linkedin cancelled',
    ]);
    expect(timeline[1]).toMatchObject({ subject: 'Your pricing guide', body: 'Hi Jana, ...', sent_at: '2030-01-07T10:05:00.000+00:00', planned_at: '2030-01-07T10:00:00.000+00:00', day: 1 });
    expect(timeline[6]).toMatchObject({ held_reason: 'daily limit of the mailbox reached', due_at: '2030-01-09T14:00:00.000+00:00', planned_at: '2030-01-09T10:00:00.000+00:00' });
    expect(timeline[3]).toMatchObject({ detail: { source: 'crm', connected: true, disposition: 'Connected' }, received_at: '2030-01-08T12:00:00.000+00:00' });
    expect(timeline[4]).toMatchObject({ channel: 'email', end_reason: 'replied', detail: { text: 'Yes please.' } });
  });

  it('shows touches still to go at their due time', async () => {
    clock.set('2030-01-07T09:00:00Z');
    const { autopilot, lead, http } = await newCustomer();
    const { leadId } = await lead(await autopilot());
    const timeline = (await http.request('GET', `/autopilot/leads/${leadId}`)).body.timeline as TimelineEntry[];
    expect(timeline.map(summary)).toEqual([
      '2030-01-07T09:00:00.000+00:00 enrolled EMEA SaaS',
      '2030-01-07T10:00:00.000+00:00 touch 1 email scheduled',
      '2030-01-09T10:00:00.000+00:00 touch 2 email scheduled',
    ]);
  });

  it("answers 404 lead_not_found for another account's lead and for ids that cannot be a lead's", async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const { leadId } = await owner.lead(await owner.autopilot());
    for (const id of [String(leadId), '0', '-1', 'abc', '1e3', '99999999999999999999', '%00']) {
      const reply = await other.http.request('GET', `/autopilot/leads/${id}`);
      expect(reply.status, id).toBe(404);
      expect(['lead_not_found', 'not_found']).toContain(reply.body.error);
    }
  });
});

describe('POST /autopilot/leads/{id}/close', () => {
  it('closes an active lead by hand (Closed, closed_manually, queued touches gone); closing again changes nothing', async () => {
    const { autopilot, lead, http } = await newCustomer();
    const { leadId, touchIds } = await lead(await autopilot());
    const reply = await http.request('POST', `/autopilot/leads/${leadId}/close`);
    expect(reply.status).toBe(200);
    expect(isClosed(reply.body), JSON.stringify(isClosed.errors)).toBe(true);
    expect(reply.body).toMatchObject({ closed: true, lead: { id: leadId, outcome: 'Closed', end_reason: 'closed_manually' } });
    expect(await queuedJobs(fixture.engine.pool, touchIds)).toBe(0);
    const again = await http.request('POST', `/autopilot/leads/${leadId}/close`, { body: { anything: true } });
    expect(again.body).toMatchObject({ closed: false, lead: { outcome: 'Closed', end_reason: 'closed_manually' } });
    expect(again.body.text).toContain('stays as it was');
  });

  it('after a win changes nothing: the lead stays Responded, and the answer says so', async () => {
    const { autopilot, lead, http } = await newCustomer();
    const { leadId, contactId } = await lead(await autopilot());
    await http.request('POST', `/autopilot/contacts/${contactId}/activities`, { body: { type: 'meeting', occurred_at: '2031-01-01T00:00:00Z' } });
    const reply = await http.request('POST', `/autopilot/leads/${leadId}/close`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ closed: false, lead: { outcome: 'Responded', end_reason: 'meeting_booked' } });
    expect(reply.body.text).toBe('The lead had ended before (Responded, meeting_booked) and stays as it was: closing it changes nothing.');
    expect(await leadRow(fixture.engine.pool, leadId)).toMatchObject({ outcome: 'Responded', end_reason: 'meeting_booked' });
  });

  it("answers 404 for another account's lead and leaves it alone", async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const { leadId } = await owner.lead(await owner.autopilot());
    const reply = await other.http.request('POST', `/autopilot/leads/${leadId}/close`);
    expect(reply).toMatchObject({ status: 404, body: { error: 'lead_not_found' } });
    expect(await leadRow(fixture.engine.pool, leadId)).toMatchObject({ outcome: 'Active' });
  });
});

describe('stats', () => {
  it("count each Autopilot's leads by outcome; responded rate = responded / enrolled", async () => {
    const { autopilot, lead, http, accountId, api } = await newCustomer();
    const emea = await autopilot();
    const quiet = await autopilot({ name: 'Quiet' });
    const gone = await autopilot({ name: 'Gone' });
    const leads = await Promise.all([lead(emea), lead(emea), lead(emea), lead(emea)]);
    await lead(gone);
    const signals = leadOutcomes(fixture.engine.pool, clock);
    await signals.replied({ accountId, leadId: leads[0]!.leadId, channel: 'email', occurredAt: clock.now(), dedupeKey: 'a' });
    await http.request('POST', `/autopilot/contacts/${leads[1]!.contactId}/activities`, { body: { type: 'meeting', occurred_at: '2031-01-01T00:00:00Z' } });
    await http.request('POST', `/autopilot/leads/${leads[2]!.leadId}/close`);
    await api.delete('Gone');

    const reply = await http.request('GET', '/autopilot/stats');
    expect(reply.status).toBe(200);
    expect(isStatsList(reply.body), JSON.stringify(isStatsList.errors)).toBe(true);
    expect(reply.body.autopilots).toEqual([
      { autopilot: 'EMEA SaaS', autopilot_id: emea, archived: false, enrolled: 4, active: 1, responded: 2, closed: 1, failed: 0, responded_rate: 0.5 },
      { autopilot: 'Quiet', autopilot_id: quiet, archived: false, enrolled: 0, active: 0, responded: 0, closed: 0, failed: 0, responded_rate: null },
      { autopilot: 'Gone', autopilot_id: gone, archived: true, enrolled: 1, active: 0, responded: 0, closed: 1, failed: 0, responded_rate: 0 },
    ]);
    const one = await http.request('GET', '/autopilots/emea%20saas/stats');
    expect(isStats(one.body), JSON.stringify(isStats.errors)).toBe(true);
    expect(one.body).toMatchObject({ autopilot: 'EMEA SaaS', responded_rate: 0.5 });
    expect(await http.request('GET', '/autopilots/Gone/stats')).toMatchObject({ status: 404, body: { error: 'autopilot_not_found' } });
    expect(await http.request('GET', `/autopilots/${'x'.repeat(101)}/stats`)).toMatchObject({ status: 404 });
  });
});
