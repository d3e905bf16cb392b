/**
 * Pacing by HubSpot's rate-limit headers (X-HubSpot-RateLimit-Max, -Remaining, -Interval-Milliseconds,
 * -Daily-Remaining): one window per portal, shared by every job and process, read before each call.
 */
import { describe, expect, it } from 'vitest';
import { HubSpotError } from '../src/hubspotError.ts';
import { Pacer, rateWindowOf } from '../src/pacing.ts';
import { API, contactRecord, enrolContacts, event, nock, queueWriteback, sendBatch, storedBrief, until, useHubSpotEngine } from './support.ts';

const fixture = useHubSpotEngine();
const pool = () => fixture.engine.pool;

const rateHeaders = (remaining: number, intervalMs = 10_000, max = 100) => ({
  'X-HubSpot-RateLimit-Max': String(max),
  'X-HubSpot-RateLimit-Remaining': String(remaining),
  'X-HubSpot-RateLimit-Interval-Milliseconds': String(intervalMs),
});

/** A hand-moved wall clock, whose sleeps move it and are kept. */
function wallClock(start: number) {
  const clock = { at: start, slept: [] as number[] };
  return Object.assign(clock, {
    now: () => clock.at,
    sleep: async (ms: number) => {
      clock.slept.push(ms);
      clock.at += ms;
    },
  });
}

async function window(portalId: number) {
  const { rows } = await pool().query('SELECT max_requests, remaining, interval_ms, daily_remaining, sent FROM hubspot_rate_windows WHERE portal_id = $1', [portalId]);
  return rows[0];
}

describe('rateWindowOf', () => {
  it("reads HubSpot's headers from a fetch answer or the client's lower-cased ones, and nothing from an answer without them", () => {
    expect(rateWindowOf(new Headers(rateHeaders(42)))).toEqual({ max: 100, remaining: 42, intervalMs: 10_000, dailyRemaining: null });
    expect(
      rateWindowOf({ 'x-hubspot-ratelimit-max': '190', 'x-hubspot-ratelimit-remaining': '7', 'x-hubspot-ratelimit-interval-milliseconds': '10000', 'x-hubspot-ratelimit-daily-remaining': '1200' }),
    ).toEqual({ max: 190, remaining: 7, intervalMs: 10_000, dailyRemaining: 1200 });
    expect(rateWindowOf({ 'content-type': 'application/json' })).toBeUndefined();
    expect(rateWindowOf({ 'x-hubspot-ratelimit-max': 'lots', 'x-hubspot-ratelimit-remaining': '7', 'x-hubspot-ratelimit-interval-milliseconds': '10000' })).toBeUndefined();
  });
});

describe('the pacer', () => {
  it('counts the requests of every process against the latest window and, when the remaining ones run low, waits until its interval has passed', async () => {
    const clock = wallClock(Date.parse('2030-01-07T09:00:00Z'));
    const first = new Pacer(pool(), 8401, { now: clock.now, sleep: clock.sleep, longestSleepMs: 15_000 });
    const second = new Pacer(pool(), 8401, { now: clock.now, sleep: clock.sleep, longestSleepMs: 15_000 });
    // Nothing known yet: go.
    await first.before();
    await first.after(new Headers(rateHeaders(13)));
    // 13 left, 10 kept in hand (a tenth of 100): three more calls, from either process, then a wait.
    await first.before();
    await second.before();
    await first.before();
    expect(await window(8401)).toMatchObject({ remaining: 13, sent: 3 });
    expect(clock.slept).toEqual([]);
    clock.at += 4_000;
    await second.before();
    expect(clock.slept).toEqual([6_000]);
    // A later answer is the window now (its count of sent requests starts again); an answer observed earlier changes nothing.
    await second.after({ 'x-hubspot-ratelimit-max': '100', 'x-hubspot-ratelimit-remaining': '60', 'x-hubspot-ratelimit-interval-milliseconds': '10000' });
    const behind = new Pacer(pool(), 8401, { now: () => clock.at - 5_000 });
    await behind.after(new Headers(rateHeaders(1)));
    expect(await window(8401)).toMatchObject({ remaining: 60, sent: 0 });
  });

  it('fails the call with a 429 saying how long, rather than sleep long: the job queues itself for then', async () => {
    const clock = wallClock(Date.parse('2030-01-07T09:00:00Z'));
    const pacer = new Pacer(pool(), 8402, { now: clock.now, sleep: clock.sleep });
    await pacer.after(new Headers(rateHeaders(2)));
    clock.at += 1_500;
    const failure = await pacer.before().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(HubSpotError);
    expect(failure).toMatchObject({ status: 429, retryAfter: 9 });
    expect(clock.slept).toEqual([]);

    // A spent daily limit (API-key calls say it) holds the portal an hour: HubSpot resets it at the portal's midnight, which the app does not know.
    await pacer.after(new Headers({ 'X-HubSpot-RateLimit-Daily': '250000', 'X-HubSpot-RateLimit-Daily-Remaining': '0' }));
    expect(
      await pacer.before().then(
        () => undefined,
        (error: unknown) => error,
      ),
    ).toMatchObject({ status: 429, retryAfter: 3600 });
    expect(await window(8402)).toMatchObject({ daily_remaining: 0 });
  });
});

describe("pacing the portal's jobs", () => {
  it('holds the notes of the writeback and the events job once an answer says few requests are left, spending no attempt, and goes on once the window has passed', async () => {
    const portalId = 8403;
    const customer = await enrolContacts(fixture, portalId, [431]);
    const { rows } = await pool().query<{ research_id: string }>('SELECT research_id FROM autopilot_leads WHERE account_id = $1 AND contact_id = $2', [customer.account.id, '431']);
    await pool().query(`UPDATE research_jobs SET status = 'completed', error = NULL, result = $2, empty_reason = NULL, finished_at = now() WHERE id = $1`, [
      rows[0]!.research_id,
      JSON.stringify(storedBrief().stored),
    ]);
    fixture.clock.set(new Date());

    // The property update is answered with 4 requests left of 100 in a window of a minute.
    const update = nock(API).post('/crm/v3/objects/contacts/batch/update').reply(200, { status: 'COMPLETE', results: [], startedAt: '', completedAt: '' }, rateHeaders(4, 60_000));
    const note = nock(API).post('/crm/v3/objects/notes').reply(201, { id: '9431', properties: {}, createdAt: '2026-11-22T03:06:21.000Z', updatedAt: '2026-11-22T03:06:21.000Z', archived: false });
    const read = nock(API)
      .post('/crm/v3/objects/contacts/batch/read')
      .query(true)
      .reply(200, { status: 'COMPLETE', results: [contactRecord(432, { email: 'p432@acme-432.com' })], startedAt: '', completedAt: '' });

    const job = async (key: string) =>
      (await pool().query<{ run_at: Date; attempts: number; last_error: string | null }>('SELECT run_at, attempts, last_error FROM graphile_worker._private_jobs WHERE key = $1', [key])).rows[0];
    const waitsAboutAMinute = async (key: string) => {
      const queued = await job(key);
      const waitMs = (queued?.run_at.getTime() ?? 0) - fixture.clock.now().getTime();
      return queued?.attempts === 0 && queued.last_error === null && waitMs > 50_000 && waitMs <= 60_000;
    };

    await queueWriteback(fixture, portalId);
    await until('the writeback queued again for when the window has passed', async () => update.isDone() && (await waitsAboutAMinute(`hubspot_writeback:${portalId}`)));
    expect(note.isDone()).toBe(false);
    expect((await pool().query('SELECT 1 FROM hubspot_notes WHERE portal_id = $1', [portalId])).rows).toEqual([]);
    expect(await window(portalId)).toMatchObject({ max_requests: 100, remaining: 4, interval_ms: 60_000 });

    // A new contact meanwhile: the events job, another job of the same portal, waits too.
    expect((await sendBatch(fixture.engine.url, [event(portalId, 'contact.creation', 432, Date.now())])).status).toBe(204);
    await until('the events job waiting', async () => waitsAboutAMinute(`hubspot_events:${portalId}`));
    expect(read.isDone()).toBe(false);

    // The minute passes.
    await pool().query(`UPDATE hubspot_rate_windows SET observed_at = observed_at - interval '61 seconds' WHERE portal_id = $1`, [portalId]);
    await pool().query('UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = ANY($1)', [[`hubspot_writeback:${portalId}`, `hubspot_events:${portalId}`]]);
    await until('the note created and the contact read', async () => note.isDone() && read.isDone() && (await job(`hubspot_writeback:${portalId}`)) === undefined);
    expect((await pool().query('SELECT note_id FROM hubspot_notes WHERE portal_id = $1', [portalId])).rows).toEqual([{ note_id: '9431' }]);
  });
});
