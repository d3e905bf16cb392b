/**
 * The Autopilot's activity on HubSpot's contact timeline (src/timeline/): the engine's lead events of a
 * portal's contacts sent as app event occurrences, against a stand-in for HubSpot's app events API that
 * keeps what it took and, as HubSpot documents, takes an occurrence id once (a batch holding one it has
 * is refused with a 409 and nothing of it kept).
 */
import { createLogger, type Logger, type Pool } from '@prospect-research/engine';
import { seedTimeline } from '@prospect-research/engine/testing';
import { describe, expect, it } from 'vitest';
import { portalClient } from '../../src/hubspotApi.ts';
import { Pacer } from '../../src/pacing.ts';
import { disconnectPortal } from '../../src/portals.ts';
import type { Occurrence } from '../../src/timeline/appEvents.ts';
import { OCCURRENCES_PATH, sendTimeline, type TimelineResult } from '../../src/timeline/sendTimeline.ts';
import { API, connectPortal, contactRecord, enrolContacts, event, leadsOf, nock, sendBatch, until, useHubSpotEngine } from '../support.ts';
import { occurrenceProblems } from './appEventFiles.ts';

type Answer = number | 'take-then-503';

/**
 * HubSpot's app events API as a stand-in: each request's occurrences, what it keeps (by id), and the
 * answers to give first (an error status; 204 to answer as usual; or taking the batch and answering
 * 503 as if the answer were lost). Otherwise a batch holding an id it has is answered 409 and nothing of
 * it kept, and any other is kept whole (204).
 */
function fakeHubSpot(answers: Answer[] = []) {
  const requests: Occurrence[][] = [];
  const kept = new Map<string, Occurrence>();
  const scope = nock(API)
    .post(OCCURRENCES_PATH, (body: { inputs?: Occurrence[] }) => {
      if (!Array.isArray(body?.inputs)) return false;
      requests.push(body.inputs);
      return true;
    })
    .reply(() => {
      const inputs = requests.at(-1)!;
      const answer = answers.shift();
      if (answer === 'take-then-503') {
        for (const input of inputs) kept.set(input.id, input);
        return [503, { status: 'error', message: 'Service unavailable', category: 'INTERNAL_ERROR' }];
      }
      if (answer === 429) return [429, { status: 'error', message: 'You have reached your ten_secondly_rolling limit.', category: 'RATE_LIMITS' }, { 'Retry-After': '1' }];
      if (answer !== undefined && answer >= 300) return [answer, { status: 'error', message: 'Refused', category: 'VALIDATION_ERROR' }];
      if (inputs.some((input) => kept.has(input.id))) return [409, { status: 'error', message: 'An occurrence with this id exists', category: 'CONFLICT' }];
      for (const input of inputs) kept.set(input.id, input);
      return [204, ''];
    })
    .persist();
  return { requests, kept, scope, sent: () => requests.flat() };
}

const fixture = useHubSpotEngine({ HUBSPOT_APP_EVENTS: 'true' }, { events: true });
const pool = (): Pool => fixture.engine.pool;

async function grantTimeline(portalId: number) {
  await pool().query(`UPDATE hubspot_portals SET scopes = array_append(scopes, 'timeline') WHERE portal_id = $1 AND NOT 'timeline' = ANY(scopes)`, [portalId]);
}

async function leadId(accountId: number, contactId: string, source: string): Promise<number> {
  const { rows } = await pool().query<{ id: string }>('SELECT id FROM autopilot_leads WHERE account_id = $1 AND contact_id = $2 AND source = $3', [accountId, contactId, source]);
  return Number(rows[0]!.id);
}

/** The lead's first touch sent, as the sequence would send it: the engine writes `touch.sent`. */
async function sendTouch(lead: number, subject: string | null, sentAt: Date) {
  const { rowCount } = await pool().query(`UPDATE autopilot_touches SET state = 'sent', sent_at = $2, ended_at = $2, subject = $3 WHERE lead_id = $1 AND state = 'scheduled'`, [lead, sentAt, subject]);
  expect(rowCount).toBeGreaterThan(0);
}

/** A reply on `channel` ending the lead, as the channel's reply would (its timeline record, then the lead's end: `lead.responded`). */
async function reply(accountId: number, lead: number, channel: 'email' | 'linkedin', at: Date) {
  await seedTimeline(pool(), accountId, lead, { events: [{ kind: 'reply', channel, at, effect: 'ended_lead', endReason: 'replied', detail: { text: 'Yes, call me Tuesday.' } }] });
  await pool().query(`UPDATE autopilot_leads SET outcome = 'Responded', end_reason = 'replied', ended_at = $2 WHERE id = $1`, [lead, at]);
}

async function close(lead: number, reason: string, at: Date) {
  await pool().query(`UPDATE autopilot_leads SET outcome = 'Closed', end_reason = $2, ended_at = $3 WHERE id = $1`, [lead, reason, at]);
}

async function cursorOf(portalId: number) {
  const { rows } = await pool().query<{ after_seq: string; blocked: string | null }>('SELECT after_seq::text AS after_seq, blocked FROM hubspot_timeline WHERE portal_id = $1', [portalId]);
  return rows[0];
}

/** The outbox position of the portal's latest touch sent or lead's end. */
async function lastEventSeq(portalId: number): Promise<string> {
  const { rows } = await pool().query<{ seq: string | null }>(`SELECT max(seq)::text AS seq FROM events WHERE contact_source = $1 AND type IN ('touch.sent', 'lead.responded', 'lead.closed')`, [
    `hubspot:${portalId}`,
  ]);
  return rows[0]!.seq ?? '0';
}

/** The portal's timeline job, queued as the minute's cron does, and waited for until it has passed every event and none is pending. */
async function runTimeline(portalId: number) {
  await pool().query(`SELECT graphile_worker.add_job('hubspot_timeline', json_build_object('portalId', $1::bigint), job_key := 'hubspot_timeline:' || $1, queue_name := 'hubspot_timeline:' || $1)`, [
    portalId,
  ]);
  await settled(portalId);
}

/** Waits until the portal's cursor is past every event and no timeline job of it is pending. */
async function settled(portalId: number) {
  const last = await lastEventSeq(portalId);
  let seen: unknown;
  await until(
    () => `the timeline of portal ${portalId} past ${last}, its job done: ${JSON.stringify(seen)}`,
    async () => {
      const cursor = await cursorOf(portalId);
      const { rows: jobs } = await pool().query(`SELECT attempts, last_error FROM graphile_worker.jobs WHERE task_identifier = 'hubspot_timeline' AND key = $1`, [`hubspot_timeline:${portalId}`]);
      seen = { cursor, jobs };
      return cursor?.after_seq === last && jobs.length === 0;
    },
    30_000,
  );
}

/** A logger that keeps its warnings. */
function keepingLogger(): { log: Logger; warnings: string[] } {
  const warnings: string[] = [];
  const log = createLogger('silent');
  const child = Object.create(log) as Logger;
  child.warn = ((first: unknown, second?: unknown) => void warnings.push(typeof first === 'string' ? first : String(second))) as Logger['warn'];
  return { log: child, warnings };
}

/** One run in this process (for runs that send nothing and queue nothing), with its warnings. */
async function runHere(portalId: number): Promise<TimelineResult & { warnings: string[] }> {
  const { log, warnings } = keepingLogger();
  const result = await sendTimeline({ pool: pool(), clock: fixture.clock, log, client: async (id) => portalClient({ apiBaseUrl: API }, `access-${id}`, new Pacer(pool(), id)) }, portalId);
  return { ...result, warnings };
}

describe("the Autopilot's activity on the HubSpot timeline", () => {
  it("sends a touch sent, a reply and a lead's end each as one occurrence with its properties, once", async () => {
    const portalId = 9401;
    const customer = await enrolContacts(fixture, portalId, [501, 502, 503]);
    await grantTimeline(portalId);
    const source = `hubspot:${portalId}`;
    const [touched, replied, closed] = await Promise.all(['501', '502', '503'].map((id) => leadId(customer.account.id, id, source)));
    await sendTouch(touched!, 'Month-end <close>\n  in [five] days', new Date('2030-01-07T10:00:00.000Z'));
    await reply(customer.account.id, replied!, 'email', new Date('2030-01-07T11:00:00.000Z'));
    await close(closed!, 'sequence_ended', new Date('2030-01-07T12:00:00.000Z'));
    const { rows: ids } = await pool().query<{ id: string; type: string }>(
      `SELECT id, type FROM events WHERE contact_source = $1 AND type IN ('touch.sent', 'lead.responded', 'lead.closed') ORDER BY seq`,
      [source],
    );
    expect(ids.map((row) => row.type)).toEqual(['touch.sent', 'lead.responded', 'lead.closed']);
    const hubspot = fakeHubSpot();
    await runTimeline(portalId);
    expect(hubspot.requests).toHaveLength(1);
    expect(hubspot.sent()).toEqual([
      {
        eventTypeName: 'prospect_research_touch_sent',
        id: ids[0]!.id,
        objectId: '501',
        timestamp: '2030-01-07T10:00:00.000Z',
        // Step 1 is the first; the subject on one line, with nothing a template could take for markup.
        properties: { autopilot: 'Everyone', step: 1, channel: 'email', subject: 'Month-end ‹close› in (five) days' },
      },
      { eventTypeName: 'prospect_research_reply', id: `${ids[1]!.id}-reply`, objectId: '502', timestamp: '2030-01-07T11:00:00.000Z', properties: { autopilot: 'Everyone', channel: 'email' } },
      {
        eventTypeName: 'prospect_research_lead_ended',
        id: ids[1]!.id,
        objectId: '502',
        timestamp: '2030-01-07T11:00:00.000Z',
        properties: { autopilot: 'Everyone', outcome: 'Responded', end_reason: 'replied' },
      },
      {
        eventTypeName: 'prospect_research_lead_ended',
        id: ids[2]!.id,
        objectId: '503',
        timestamp: '2030-01-07T12:00:00.000Z',
        properties: { autopilot: 'Everyone', outcome: 'Closed', end_reason: 'sequence_ended' },
      },
    ]);
    // Each as its event type declares it (what HubSpot validates), and never the reply's words.
    for (const occurrence of hubspot.sent()) expect(occurrenceProblems(occurrence), occurrence.id).toEqual([]);
    expect(JSON.stringify(hubspot.sent())).not.toContain('Tuesday');
    // A later run has nothing more to send.
    await runTimeline(portalId);
    expect(hubspot.requests).toHaveLength(1);
  });

  it('shows a reply logged in HubSpot as such, and nothing for a contact deleted in HubSpot', async () => {
    const portalId = 9402;
    const customer = await enrolContacts(fixture, portalId, [511, 512]);
    await grantTimeline(portalId);
    const source = `hubspot:${portalId}`;
    const logged = await leadId(customer.account.id, '511', source);
    // A reply the CRM logged has no channel of the engine's.
    await seedTimeline(pool(), customer.account.id, logged, { events: [{ kind: 'reply', channel: null, at: new Date('2030-01-07T11:00:00Z'), effect: 'ended_lead', endReason: 'replied' }] });
    await pool().query(`UPDATE autopilot_leads SET outcome = 'Responded', end_reason = 'replied', ended_at = '2030-01-07T11:00:00Z' WHERE id = $1`, [logged]);
    // Contact 512 deleted in HubSpot: its lead ends closed_manually, and nothing is written to it any more.
    nock(API)
      .post('/crm/v3/objects/contacts/batch/read')
      .query(true)
      .reply(200, { status: 'COMPLETE', results: [contactRecord(512, {})], startedAt: '', completedAt: '' });
    await sendBatch(fixture.engine.url, [event(portalId, 'contact.deletion', 512, Date.now())]);
    await until('contact 512 removed', async () => (await leadsOf(fixture, customer.account.id)).some((lead) => lead.contact_id === '512' && lead.end_reason === 'closed_manually'));
    const hubspot = fakeHubSpot();
    await runTimeline(portalId);
    expect(hubspot.sent().map((occurrence) => [occurrence.eventTypeName, occurrence.objectId, occurrence.properties.channel ?? occurrence.properties.end_reason])).toEqual([
      ['prospect_research_reply', '511', 'hubspot'],
      ['prospect_research_lead_ended', '511', 'replied'],
    ]);
  });

  it("sends each portal only its own contacts' events, though they share an account and contact ids", async () => {
    const [first, second] = [9411, 9412];
    const customer = await enrolContacts(fixture, first, [601]);
    await connectPortal(fixture.engine.url, customer.account.id, second);
    await grantTimeline(first);
    await grantTimeline(second);
    // The same contact id created in the second portal: a contact, and a lead, of its own.
    nock(API)
      .post('/crm/v3/objects/contacts/batch/read')
      .query(true)
      .reply(200, { status: 'COMPLETE', results: [contactRecord(601, { email: 'other@beta.example' })], startedAt: '', completedAt: '' });
    await sendBatch(fixture.engine.url, [event(second, 'contact.creation', 601, Date.now())]);
    await until('contact 601 enrolled from the second portal', async () => (await pool().query(`SELECT 1 FROM autopilot_leads WHERE source = $1`, [`hubspot:${second}`])).rows.length === 1);
    await sendTouch(await leadId(customer.account.id, '601', `hubspot:${first}`), 'For the first portal', new Date('2030-01-07T10:00:00Z'));
    await close(await leadId(customer.account.id, '601', `hubspot:${second}`), 'closed_manually', new Date('2030-01-07T10:30:00Z'));
    const firstHubSpot = fakeHubSpot();
    await runTimeline(first);
    expect(firstHubSpot.sent().map((occurrence) => [occurrence.eventTypeName, occurrence.objectId])).toEqual([['prospect_research_touch_sent', '601']]);
    nock.cleanAll();
    const secondHubSpot = fakeHubSpot();
    await runTimeline(second);
    expect(secondHubSpot.sent().map((occurrence) => [occurrence.eventTypeName, occurrence.properties.end_reason])).toEqual([['prospect_research_lead_ended', 'closed_manually']]);
  });

  it('after a 429 waits for Retry-After and sends each occurrence once', async () => {
    const portalId = 9421;
    const customer = await enrolContacts(fixture, portalId, [701, 702]);
    await grantTimeline(portalId);
    for (const id of ['701', '702']) await sendTouch(await leadId(customer.account.id, id, `hubspot:${portalId}`), `Hello ${id}`, new Date('2030-01-07T10:00:00Z'));
    const hubspot = fakeHubSpot([429]);
    // The 429 stops the run without failing it (no attempt spent), the cursor where it was, and queues the next after Retry-After.
    const limited = await runHere(portalId);
    expect(limited).toMatchObject({ sent: 0, requests: 1, rateLimited: true });
    expect(limited.warnings).toEqual(['HubSpot rate limit: the timeline continues after Retry-After']);
    expect(await cursorOf(portalId)).toMatchObject({ after_seq: '0' });
    await settled(portalId);
    // The same two occurrences twice (refused, then taken); HubSpot keeps each once.
    expect(hubspot.requests.map((inputs) => inputs.map((input) => input.objectId))).toEqual([
      ['701', '702'],
      ['701', '702'],
    ]);
    expect(hubspot.requests[0]).toEqual(hubspot.requests[1]);
    expect([...hubspot.kept.values()].map((occurrence) => occurrence.objectId)).toEqual(['701', '702']);
  });

  it('loses nothing and shows nothing twice when a run fails mid-way, even after HubSpot took the batch whose answer was lost', async () => {
    const portalId = 9431;
    const customer = await enrolContacts(fixture, portalId, [801]);
    await grantTimeline(portalId);
    const lead = await leadId(customer.account.id, '801', `hubspot:${portalId}`);
    // 130 touches sent to one contact: two requests (100, then 30).
    const at = new Date('2030-01-07T10:00:00Z');
    await seedTimeline(pool(), customer.account.id, lead, {
      touches: Array.from({ length: 130 }, (_, index) => ({ step: index + 2, channel: 'email' as const, kind: 'email' as const, plannedAt: at, state: 'scheduled' as const })),
    });
    await pool().query(`UPDATE autopilot_touches SET state = 'sent', sent_at = $2, ended_at = $2, subject = 'Touch ' || step WHERE lead_id = $1 AND state = 'scheduled'`, [lead, at]);
    // The first request is taken; HubSpot takes the second and its answer is lost (a 503); the job fails, and its retry sends those 30 again.
    const hubspot = fakeHubSpot([204, 'take-then-503']);
    await runTimeline(portalId);
    const expected = (await pool().query<{ id: string }>(`SELECT id FROM events WHERE contact_source = $1 AND type = 'touch.sent' ORDER BY seq`, [`hubspot:${portalId}`])).rows.map((row) => row.id);
    expect(expected).toHaveLength(131);
    expect([...hubspot.kept.keys()].sort()).toEqual([...expected].sort());
    expect(hubspot.requests[0]).toHaveLength(100);
    expect(hubspot.requests[1]).toHaveLength(31);
    // Sent again after the failure, never a second time once HubSpot had answered that it took them.
    const counts = new Map<string, number>();
    for (const occurrence of hubspot.sent()) counts.set(occurrence.id, (counts.get(occurrence.id) ?? 0) + 1);
    expect(expected.slice(0, 100).every((id) => counts.get(id) === 1)).toBe(true);
    expect(expected.slice(100).every((id) => (counts.get(id) ?? 0) >= 2)).toBe(true);
    // The failure was the job's (graphile-worker retried it), and the cursor is past every event.
    expect((await cursorOf(portalId))?.after_seq).toBe(await lastEventSeq(portalId));
  });

  it('shows each occurrence once when two runs of a portal meet (one queued by hand beside its own)', async () => {
    const portalId = 9435;
    const customer = await enrolContacts(fixture, portalId, [851, 852, 853]);
    await grantTimeline(portalId);
    for (const id of ['851', '852', '853']) await sendTouch(await leadId(customer.account.id, id, `hubspot:${portalId}`), `Hello ${id}`, new Date('2030-01-07T10:00:00Z'));
    const hubspot = fakeHubSpot();
    const runs = await Promise.all([runHere(portalId), runHere(portalId)]);
    expect([...hubspot.kept.values()].map((occurrence) => occurrence.objectId).sort()).toEqual(['851', '852', '853']);
    // Whichever ran second (if it read the events before the first moved the cursor) was told by HubSpot it had them: nothing refused.
    expect(runs.map((run) => run.refused)).toEqual([0, 0]);
    expect((await cursorOf(portalId))?.after_seq).toBe(await lastEventSeq(portalId));
  });

  it('records an occurrence HubSpot refuses for good and sends the others', async () => {
    const portalId = 9441;
    const customer = await enrolContacts(fixture, portalId, [901, 902, 903]);
    await grantTimeline(portalId);
    for (const id of ['901', '902', '903']) await sendTouch(await leadId(customer.account.id, id, `hubspot:${portalId}`), `Hello ${id}`, new Date('2030-01-07T10:00:00Z'));
    // The batch refused (400), then its first half taken, then the second half (903 alone) refused.
    const hubspot = fakeHubSpot([400, 204, 400]);
    await runTimeline(portalId);
    expect(hubspot.requests.map((inputs) => inputs.map((input) => input.objectId))).toEqual([['901', '902', '903'], ['901', '902'], ['903']]);
    expect([...hubspot.kept.values()].map((occurrence) => occurrence.objectId).sort()).toEqual(['901', '902']);
    const { rows } = await pool().query('SELECT contact_id, status, category FROM hubspot_timeline_refused WHERE portal_id = $1', [portalId]);
    expect(rows).toEqual([{ contact_id: '903', status: 400, category: 'VALIDATION_ERROR' }]);
  });

  it('sends nothing to a disconnected portal', async () => {
    const portalId = 9451;
    const customer = await enrolContacts(fixture, portalId, [911]);
    await grantTimeline(portalId);
    await sendTouch(await leadId(customer.account.id, '911', `hubspot:${portalId}`), 'Hello', new Date('2030-01-07T10:00:00Z'));
    await disconnectPortal(pool(), portalId, 'cli', new Date());
    // nock answers nothing here: a request would fail the run.
    const result = await runHere(portalId);
    expect(result).toMatchObject({ sent: 0, refused: 0, requests: 0 });
    expect(await cursorOf(portalId)).toBeUndefined();
  });

  it('sends nothing to a portal installed before the app asked for the timeline scope, says so once, and sends all of it once the scope is granted', async () => {
    const portalId = 9461;
    const customer = await enrolContacts(fixture, portalId, [921]);
    await sendTouch(await leadId(customer.account.id, '921', `hubspot:${portalId}`), 'Hello', new Date('2030-01-07T10:00:00Z'));
    const first = await runHere(portalId);
    expect(first).toMatchObject({ sent: 0, requests: 0, blocked: 'missing_scope' });
    expect(first.warnings).toEqual([expect.stringMatching(/lacks the "timeline" scope.*until an admin installs the app again/)]);
    expect((await runHere(portalId)).warnings).toEqual([]);
    expect(await cursorOf(portalId)).toMatchObject({ after_seq: '0', blocked: 'missing_scope' });
    await grantTimeline(portalId);
    const hubspot = fakeHubSpot();
    await runTimeline(portalId);
    expect(hubspot.sent().map((occurrence) => occurrence.objectId)).toEqual(['921']);
    expect(await cursorOf(portalId)).toMatchObject({ blocked: null });
  });

  it('stops for a portal HubSpot refuses app events (403) until it is installed again', async () => {
    const portalId = 9471;
    const customer = await enrolContacts(fixture, portalId, [931]);
    await grantTimeline(portalId);
    await sendTouch(await leadId(customer.account.id, '931', `hubspot:${portalId}`), 'Hello', new Date('2030-01-07T10:00:00Z'));
    const hubspot = fakeHubSpot([403]);
    const refused = await runHere(portalId);
    expect(refused).toMatchObject({ sent: 0, requests: 1, blocked: 'forbidden' });
    expect(refused.warnings).toEqual([expect.stringMatching(/refused app events for this portal \(403\)/)]);
    // Not asked again while the install is the same.
    expect(await runHere(portalId)).toMatchObject({ requests: 0, blocked: 'forbidden' });
    await pool().query('UPDATE hubspot_portals SET installed_at = now() + interval $$1 second$$ WHERE portal_id = $1', [portalId]);
    await runTimeline(portalId);
    expect(hubspot.requests).toHaveLength(2);
    expect([...hubspot.kept.values()].map((occurrence) => occurrence.objectId)).toEqual(['931']);
  });
});

describe('app events off, or an engine without lead events', () => {
  const bare = useHubSpotEngine();

  it('sends nothing while HUBSPOT_APP_EVENTS is off, the cursor left where it was', async () => {
    const portalId = 9491;
    const customer = await enrolContacts(bare, portalId, [951]);
    await bare.engine.pool.query(`UPDATE hubspot_portals SET scopes = array_append(scopes, 'timeline') WHERE portal_id = $1`, [portalId]);
    const { rows } = await bare.engine.pool.query<{ id: string }>('SELECT id FROM autopilot_leads WHERE account_id = $1', [customer.account.id]);
    await bare.engine.pool.query(`UPDATE autopilot_touches SET state = 'sent', sent_at = now(), ended_at = now() WHERE lead_id = $1`, [rows[0]!.id]);
    // nock answers nothing: a request would fail the job.
    await bare.engine.pool.query(`SELECT graphile_worker.add_job('hubspot_timeline', json_build_object('portalId', $1::bigint), job_key := 'hubspot_timeline:' || $1)`, [portalId]);
    await until('the timeline job done', async () => (await bare.engine.pool.query(`SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = 'hubspot_timeline'`)).rows.length === 0);
    expect((await bare.engine.pool.query('SELECT 1 FROM hubspot_timeline WHERE portal_id = $1', [portalId])).rows).toEqual([]);
  });

  it('sends nothing and says why', async () => {
    const portalId = 9481;
    await enrolContacts(bare, portalId, [941]);
    await bare.engine.pool.query(`UPDATE hubspot_portals SET scopes = array_append(scopes, 'timeline') WHERE portal_id = $1`, [portalId]);
    // The test databases hold every module's tables; an engine composed without the events module has no outbox.
    await bare.engine.pool.query('ALTER TABLE events RENAME TO events_elsewhere');
    try {
      const { log, warnings } = keepingLogger();
      const result = await sendTimeline({ pool: bare.engine.pool, clock: bare.clock, log, client: async (id) => portalClient({ apiBaseUrl: API }, `access-${id}`) }, portalId);
      expect(result).toMatchObject({ sent: 0, requests: 0, blocked: 'events_off' });
      expect(warnings).toEqual([expect.stringMatching(/keeps no lead events/)]);
    } finally {
      await bare.engine.pool.query('ALTER TABLE events_elsewhere RENAME TO events');
    }
  });
});
