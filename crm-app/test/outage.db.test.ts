/**
 * HubSpot unavailable: down for an hour, or answering 429 over and over. Webhooks are still answered
 * and stored, jobs wait (as HubSpot says, or at most 5 minutes) instead of spending their attempts, and
 * once HubSpot answers again every event is applied once and every change is written.
 */
import { describe, expect, it } from 'vitest';
import { LONGEST_WAIT_MS } from '../src/hubspotWait.ts';
import { CONNECTED_DISPOSITION } from '../src/setup.ts';
import { API, contactRecord, engagementCreated, enrolContacts, event, leadsOf, mockBatchUpdates, mockEngagements, nock, queueWriteback, sendBatch, until, useHubSpotEngine } from './support.ts';

const fixture = useHubSpotEngine();

interface QueuedJob {
  payload: { portalId: number };
  run_at: Date;
  attempts: number;
  last_error: string | null;
}

async function eventsJob(portalId: number): Promise<QueuedJob | undefined> {
  const { rows } = await fixture.engine.pool.query<QueuedJob>('SELECT payload, run_at, attempts, last_error FROM graphile_worker._private_jobs WHERE key = $1', [`hubspot_events:${portalId}`]);
  return rows[0];
}

/** What graphile-worker does when a job's time comes: here, now. */
async function runNow(key: string) {
  await fixture.engine.pool.query('UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = $1', [key]);
}

/** A batch as HubSpot sends it at the test clock's time (its signature is checked against that clock). */
const send = (events: unknown[]) => sendBatch(fixture.engine.url, events, { timestamp: fixture.clock.now().getTime() });

/** What became of the portal's events that occurred from `since` on, in the order they occurred (null: not yet). */
async function outcomes(portalId: number, since = 0) {
  const { rows } = await fixture.engine.pool.query<{ object_id: string; outcome: string | null }>(
    'SELECT object_id::text, outcome FROM hubspot_events WHERE portal_id = $1 AND occurred_at >= $2 ORDER BY occurred_at, event_id',
    [portalId, new Date(since)],
  );
  return rows.map((row) => `${row.object_id}:${row.outcome}`);
}

describe('HubSpot down for an hour', () => {
  it('loses nothing: batches are answered and stored, the events job asks again at most every 5 minutes, and once HubSpot is back every event is applied once and every lead still in HubSpot written in one request', async () => {
    const portalId = 9201;
    const customer = await enrolContacts(fixture, portalId, [401, 402]);
    const t0 = fixture.clock.now().getTime();

    const asked: number[] = [];
    nock(API)
      .persist()
      .post(/.*/)
      .query(true)
      .reply(503, () => {
        asked.push(Date.now());
        return { status: 'error', message: 'Service Unavailable' };
      });

    // An hour, ten minutes at a time: what happens in HubSpot meanwhile, and each try the jobs make.
    const happenings: Record<number, unknown[]> = {
      10: [event(portalId, 'contact.creation', 403, t0 + 10 * 60_000)],
      20: [engagementCreated(portalId, 'calls', 9301, t0 + 20 * 60_000)],
      30: [event(portalId, 'contact.deletion', 402, t0 + 30 * 60_000)],
    };
    let tries = 0;
    const waits: number[] = [];
    for (let minute = 10; minute <= 60; minute += 10) {
      fixture.clock.set(new Date(t0 + minute * 60_000));
      if (happenings[minute]) expect((await send(happenings[minute]!)).status).toBe(204);
      await runNow(`hubspot_events:${portalId}`);
      const now = fixture.clock.now().getTime();
      await until(`the events job's try ${tries + 1}`, async () => asked.length > tries && ((await eventsJob(portalId))?.run_at.getTime() ?? 0) > now);
      tries += 1;
      const job = (await eventsJob(portalId))!;
      // It waits rather than fail: no attempt spent.
      expect(job).toMatchObject({ attempts: 0, last_error: null });
      waits.push(job.run_at.getTime() - now);
    }
    // Half as long as the events have waited, from 5 seconds to at most 5 minutes.
    expect(waits).toEqual([5_000, 5 * 60_000, 5 * 60_000, 5 * 60_000, 5 * 60_000, 5 * 60_000]);
    expect(Math.max(...waits)).toBe(LONGEST_WAIT_MS);
    expect(await outcomes(portalId, t0 + 60_000)).toEqual(['403:null', '9301:null', '402:null']);
    expect(await leadsOf(fixture, customer.account.id)).toEqual([
      { contact_id: '401', outcome: 'Active', end_reason: null },
      { contact_id: '402', outcome: 'Active', end_reason: null },
    ]);
    // One try, one request (the first that fails ends the try): HubSpot is not hammered while it is down.
    expect(asked.length).toBe(tries);

    // HubSpot is back.
    nock.cleanAll();
    const refreshed = nock(API)
      .post('/oauth/2026-03/token', (body: Record<string, string>) => body.grant_type === 'refresh_token' && body.refresh_token === `refresh-${portalId}`)
      .reply(200, { access_token: 'access-after-outage', refresh_token: 'refresh-after-outage', expires_in: 1800, token_type: 'bearer' });
    const read = nock(API)
      .post('/crm/v3/objects/contacts/batch/read')
      .query(true)
      .reply(200, { status: 'COMPLETE', results: [contactRecord(403, { email: 'p403@acme-403.com' }, new Date(t0 + 10 * 60_000))], startedAt: '', completedAt: '' });
    const calls = mockEngagements('calls', { '9301': { properties: { hs_timestamp: new Date(t0 + 20 * 60_000).toISOString(), hs_call_disposition: CONNECTED_DISPOSITION }, contacts: [401] } });
    await runNow(`hubspot_events:${portalId}`);
    await until('the events applied', async () => !(await outcomes(portalId, t0 + 60_000)).some((outcome) => outcome.endsWith(':null')));
    expect(await outcomes(portalId, t0 + 60_000)).toEqual(['403:taken', '9301:ended_lead', '402:lead_closed']);
    expect([refreshed.isDone(), read.isDone(), calls.scope.isDone()]).toEqual([true, true, true]);
    await until('403 enrolled', async () => (await leadsOf(fixture, customer.account.id)).length === 3);
    expect(await leadsOf(fixture, customer.account.id)).toEqual([
      { contact_id: '401', outcome: 'Responded', end_reason: 'call_connected' },
      { contact_id: '402', outcome: 'Closed', end_reason: 'closed_manually' },
      { contact_id: '403', outcome: 'Active', end_reason: null },
    ]);

    // The writeback the minute cron queues: what an hour of changes left, in one request.
    const { bodies } = mockBatchUpdates();
    await queueWriteback(fixture, portalId);
    await until('written', async () => bodies.length === 1);
    const written = Object.fromEntries(bodies[0]!.inputs.map((input) => [input.id, [input.properties.prospect_research_outcome, input.properties.prospect_research_end_reason]]));
    // 402 is gone from HubSpot: nothing is written to it.
    expect(written).toEqual({ '401': ['Responded', 'call_connected'], '403': ['Active', ''] });
  });
});

describe('a 429 storm', () => {
  it('the events job waits what Retry-After says each time, spending no attempt, batches arriving meanwhile do not pull it forward, and the contact is taken once HubSpot lets it', async () => {
    const portalId = 9202;
    fixture.clock.set(new Date());
    const customer = await enrolContacts(fixture, portalId, [411]);
    let requests = 0;
    const limited = (retryAfter: string) =>
      nock(API)
        .post('/crm/v3/objects/contacts/batch/read', () => {
          requests += 1;
          return true;
        })
        .query(true)
        .reply(429, { status: 'error', message: 'You have reached your ten_secondly_rolling limit.', category: 'RATE_LIMITS' }, { 'Retry-After': retryAfter });
    limited('3600');
    expect((await send([event(portalId, 'contact.creation', 412, Date.now())])).status).toBe(204);
    await until('the first 429', async () => requests === 1 && ((await eventsJob(portalId))?.run_at.getTime() ?? 0) > Date.now() + 60_000);
    const waiting = (await eventsJob(portalId))!;
    expect(waiting).toMatchObject({ attempts: 0, last_error: null });
    expect(Math.round((waiting.run_at.getTime() - fixture.clock.now().getTime()) / 1000)).toBe(3600);
    // Another batch while it waits: stored, and the job keeps its time.
    expect((await send([event(portalId, 'contact.creation', 413, Date.now())])).status).toBe(204);
    expect((await eventsJob(portalId))!.run_at).toEqual(waiting.run_at);
    expect(requests).toBe(1);

    for (let i = 0; i < 4; i++) limited('1');
    const read = nock(API)
      .post('/crm/v3/objects/contacts/batch/read')
      .query(true)
      .reply(200, {
        status: 'COMPLETE',
        results: [contactRecord(412, { email: 'p412@acme-412.com' }), contactRecord(413, { email: 'p413@acme-413.com' })],
        startedAt: '',
        completedAt: '',
      });
    await runNow(`hubspot_events:${portalId}`);
    await until('taken after the storm', async () => (await outcomes(portalId)).every((outcome) => outcome.endsWith(':taken')), 30_000);
    expect(read.isDone()).toBe(true);
    expect(requests).toBe(5);
    await until('the events job done', async () => (await eventsJob(portalId)) === undefined);
    await until('both enrolled', async () => (await leadsOf(fixture, customer.account.id)).length === 3);
  });
});

describe('the app uninstalled in HubSpot', () => {
  it('is noticed at the next call: the refused token is refreshed, the refused refresh disconnects the portal, its events are dropped', async () => {
    const portalId = 9203;
    fixture.clock.set(new Date());
    const customer = await enrolContacts(fixture, portalId, [421]);
    // The access token is still fresh for the engine, but HubSpot no longer takes it.
    const refusedRead = nock(API)
      .post('/crm/v3/objects/contacts/batch/read')
      .query(true)
      .reply(401, { status: 'error', message: 'Authentication credentials not found.', category: 'INVALID_AUTHENTICATION' });
    const refusedRefresh = nock(API)
      .post('/oauth/2026-03/token', (body: Record<string, string>) => body.grant_type === 'refresh_token')
      .reply(400, { status: 'BAD_REFRESH_TOKEN', message: 'missing or unknown refresh token' });
    expect((await send([event(portalId, 'contact.creation', 422, Date.now())])).status).toBe(204);
    await until('the 401', async () => refusedRead.isDone());
    await until(
      'the next try',
      async () => {
        await runNow(`hubspot_events:${portalId}`);
        return (await outcomes(portalId)).includes('422:portal_disconnected');
      },
      30_000,
    );
    expect(refusedRefresh.isDone()).toBe(true);
    const { rows } = await fixture.engine.pool.query('SELECT state, refresh_token, access_token, disconnect_reason FROM hubspot_portals WHERE portal_id = $1', [portalId]);
    expect(rows[0]).toEqual({ state: 'disconnected', refresh_token: null, access_token: null, disconnect_reason: 'uninstalled' });
    // Its contacts are no longer taken; its leads stay as they were.
    expect((await send([event(portalId, 'contact.creation', 423, Date.now())])).status).toBe(204);
    expect((await outcomes(portalId)).filter((outcome) => outcome.startsWith('423:'))).toEqual([]);
    expect(await leadsOf(fixture, customer.account.id)).toEqual([{ contact_id: '421', outcome: 'Active', end_reason: null }]);
  });
});
