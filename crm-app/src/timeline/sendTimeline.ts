import type { Client } from '@hubspot/api-client';
import { addJob, type Clock, type Logger, type Pool, readSourceEvents, type SourceEvent } from '@prospect-research/engine';
import { requestJson } from '../hubspotApi.ts';
import { HubSpotError, hubspotError } from '../hubspotError.ts';
import { retryAfterMs } from '../hubspotWait.ts';
import { sourceName } from '../portalSource.ts';
import { timelineJob } from '../tasks.ts';
import { type Occurrence, occurrencesOf } from './appEvents.ts';

/** HubSpot's app events API, batch form (the developer platform's "Send event occurrences"). */
export const OCCURRENCES_PATH = '/integrators/timeline/v4/events/batch';
/** The scope HubSpot requires of an app with app events (its `requiredScopes`), without which it takes no occurrence. */
export const TIMELINE_SCOPE = 'timeline';
/** Occurrences per request (HubSpot's batch APIs take 100; each engine event gives one or two). */
export const OCCURRENCES_PER_REQUEST = 100;
/** Requests one run makes at most (a tenth of a portal's 100 per 10 s); more waits for a run queued at once. */
export const RUN_REQUEST_LIMIT = 10;

export interface TimelineDependencies {
  pool: Pool;
  clock: Clock;
  log: Logger;
  client(portalId: number): Promise<Client>;
}

export type TimelineBlock = 'missing_scope' | 'forbidden' | 'events_off';

export interface TimelineResult {
  /** Occurrences HubSpot took (or already had: one sent again after a lost answer). */
  sent: number;
  /** Occurrences HubSpot refused for good (recorded in hubspot_timeline_refused). */
  refused: number;
  /** Engine events with nothing to show: their contact deleted or merged away in HubSpot. */
  skipped: number;
  requests: number;
  rateLimited: boolean;
  /** Why nothing was sent, when nothing could be. */
  blocked?: TimelineBlock;
}

/** Why nothing is sent, in words, for the log. */
export const BLOCKED_WORDS: Record<TimelineBlock, string> = {
  missing_scope: `the portal's token lacks the "${TIMELINE_SCOPE}" scope (installed before the app asked for it): nothing is sent to its contacts' timelines until an admin installs the app again`,
  forbidden: 'HubSpot refused app events for this portal (403): nothing is sent until the app is installed again in it (or HubSpot approves app events for the app)',
  events_off: "this engine keeps no lead events (its events module is not running): nothing is sent to HubSpot's timelines",
};

interface Chunk {
  /** The outbox position of the chunk's last event: the cursor once the chunk is settled. */
  lastSeq: string;
  /** Its occurrences in the order of their events, each with its event's position. */
  items: { seq: string; occurrence: Occurrence }[];
  /** How many of its first items are settled (taken, or refused for good): always a prefix, as halves go in order. */
  settled: number;
}

/**
 * Where the cursor may go once a chunk's first `settled` items are: past the chunk when all are; past
 * the last event all of whose occurrences are settled otherwise (an event's reply and lead's end go
 * together); undefined when none is.
 */
function settledSeq(chunk: Chunk): string | undefined {
  if (chunk.settled >= chunk.items.length) return chunk.lastSeq;
  if (chunk.settled === 0) return undefined;
  const last = chunk.items[chunk.settled - 1]!.seq;
  if (chunk.items[chunk.settled]!.seq !== last) return last;
  const whole = chunk.items.slice(0, chunk.settled).findLast((item) => item.seq !== last);
  return whole?.seq;
}

/** Stops a run whose request budget is spent; what is left waits for the next run. */
class BudgetSpent extends Error {}
/** HubSpot refused the portal's app events (403): the run stops with nothing more sent. */
class Forbidden extends Error {}

/**
 * Carries the Autopilot's activity on a portal's contacts onto their HubSpot timelines as app events:
 * each touch sent, each reply and each lead's end (appEvents.ts), read from the engine's lead events of
 * the portal's source (`hubspot:<portal>`; `readSourceEvents`) after the portal's cursor, oldest first,
 * in requests of up to 100 occurrences. The cursor (`hubspot_timeline.after_seq`) moves only past
 * events whose occurrences are settled: taken by HubSpot, refused by it for good (recorded), or with
 * nothing to show (a contact deleted or merged away in HubSpot). So nothing is lost when HubSpot fails
 * or the process dies mid-run: the rest is sent again, with the same ids, and HubSpot keeps the first
 * occurrence of an id (a 409 for one it has is taken as sent).
 *
 * - 429 (HubSpot's, or the pacer's): the run stops and the next is queued after Retry-After.
 * - 401, 408, 5xx, no answer: the job fails (graphile-worker retries it; the minute's cron queues it too).
 * - 403: the portal is `forbidden` until installed again, logged once.
 * - another 4xx: the request is halved until the occurrence HubSpot refuses is alone; it is recorded
 *   (status and category, not HubSpot's words) and passed.
 *
 * Nothing is sent to a portal not connected, one whose token lacks the `timeline` scope, or when the
 * engine keeps no lead events; the latter two are logged once, when they begin.
 */
export async function sendTimeline(deps: TimelineDependencies, portalId: number): Promise<TimelineResult> {
  const { pool, clock, log } = deps;
  const result: TimelineResult = { sent: 0, refused: 0, skipped: 0, requests: 0, rateLimited: false };
  const { rows: portals } = await pool.query<{ account_id: string; scopes: string[]; installed_at: Date | null }>(
    `SELECT account_id, scopes, installed_at FROM hubspot_portals WHERE portal_id = $1 AND state = 'connected'`,
    [portalId],
  );
  const portal = portals[0];
  if (!portal) return result;
  const accountId = Number(portal.account_id);
  const { rows: cursors } = await pool.query<{ after_seq: string; blocked: TimelineBlock | null; blocked_at: Date | null }>(
    `INSERT INTO hubspot_timeline (portal_id, updated_at) VALUES ($1, $2) ON CONFLICT (portal_id) DO UPDATE SET portal_id = excluded.portal_id
     RETURNING after_seq::text AS after_seq, blocked, blocked_at`,
    [portalId, clock.now()],
  );
  const cursor = cursors[0]!;
  const block = async (why: TimelineBlock) => {
    result.blocked = why;
    const { rowCount } = await pool.query(`UPDATE hubspot_timeline SET blocked = $2, blocked_at = $3, updated_at = $3 WHERE portal_id = $1 AND blocked IS DISTINCT FROM $2`, [
      portalId,
      why,
      clock.now(),
    ]);
    if (rowCount) log.warn({ portalId, blocked: why }, `HubSpot timeline: ${BLOCKED_WORDS[why]}`);
    return result;
  };
  if (!portal.scopes.includes(TIMELINE_SCOPE)) return block('missing_scope');
  // Refused by HubSpot since the portal was last installed: not asked again until it is installed anew.
  if (cursor.blocked === 'forbidden' && cursor.blocked_at && (!portal.installed_at || portal.installed_at <= cursor.blocked_at)) {
    result.blocked = 'forbidden';
    return result;
  }
  let afterSeq = cursor.after_seq;
  let client: Client | undefined;
  const budget = { made: 0 };
  try {
    for (;;) {
      const page = await readSourceEvents(pool, { accountId, source: sourceName(portalId), afterSeq, limit: OCCURRENCES_PER_REQUEST });
      if (!page.available) return await block('events_off');
      if (cursor.blocked !== null) {
        await pool.query('UPDATE hubspot_timeline SET blocked = NULL, blocked_at = NULL WHERE portal_id = $1', [portalId]);
        cursor.blocked = null;
      }
      if (page.events.length === 0) break;
      const gone = await goneContacts(pool, portalId, page.events);
      for (const chunk of chunksOf(page.events, gone, result)) {
        // The cursor follows what is settled as it is, so a run stopped mid-chunk (its budget, a failure) resumes there.
        const settle = async (count: number) => {
          chunk.settled += count;
          const seq = settledSeq(chunk);
          if (seq === undefined || seq === afterSeq) return;
          // Never back: a run queued by hand beside the portal's own (outside its queue) may have gone further.
          await pool.query('UPDATE hubspot_timeline SET after_seq = greatest(after_seq, $2::bigint), updated_at = $3 WHERE portal_id = $1', [portalId, seq, clock.now()]);
          afterSeq = seq;
        };
        if (chunk.items.length === 0) await settle(0);
        else {
          client ??= await deps.client(portalId);
          await sendChunk(deps, client, portalId, chunk.items, budget, result, settle);
        }
      }
      if (page.events.length < OCCURRENCES_PER_REQUEST) break;
      if (budget.made >= RUN_REQUEST_LIMIT) throw new BudgetSpent();
    }
  } catch (error) {
    if (error instanceof BudgetSpent) {
      // More than one run's worth: the rest in a run of its own, paced like every call of the portal.
      await addJob(pool, 'hubspot_timeline', { portalId }, timelineJob(portalId));
    } else if (error instanceof Forbidden) {
      await block('forbidden');
    } else {
      if (!(error instanceof HubSpotError) || error.status !== 429) throw error;
      const waitMs = retryAfterMs(error);
      await addJob(pool, 'hubspot_timeline', { portalId }, { ...timelineJob(portalId), runAt: new Date(clock.now().getTime() + waitMs) });
      log.warn({ portalId, waitMs, sent: result.sent }, 'HubSpot rate limit: the timeline continues after Retry-After');
      result.rateLimited = true;
    }
  } finally {
    result.requests = budget.made;
  }
  return result;
}

/** Of the page's contacts, those deleted (removed in the engine) or merged away in HubSpot, or whose id HubSpot cannot have: nothing is shown on them. */
async function goneContacts(pool: Pool, portalId: number, events: SourceEvent[]): Promise<Set<string>> {
  const gone = new Set(events.filter((event) => event.contactRemoved || !/^[0-9]{1,18}$/.test(event.contactId)).map((event) => event.contactId));
  const ids = [...new Set(events.map((event) => event.contactId).filter((id) => !gone.has(id)))];
  const { rows } = await pool.query<{ merged_id: string }>('SELECT merged_id::text FROM hubspot_merged_contacts WHERE portal_id = $1 AND merged_id = ANY($2::bigint[])', [portalId, ids]);
  for (const row of rows) gone.add(row.merged_id);
  return gone;
}

/** The page's events in chunks of at most OCCURRENCES_PER_REQUEST occurrences, an event's occurrences never split. */
function chunksOf(events: SourceEvent[], gone: Set<string>, result: TimelineResult): Chunk[] {
  const chunks: Chunk[] = [];
  let current: Chunk | undefined;
  for (const event of events) {
    const occurrences = gone.has(event.contactId) ? [] : occurrencesOf(event);
    if (occurrences.length === 0) result.skipped++;
    if (!current || current.items.length + occurrences.length > OCCURRENCES_PER_REQUEST) {
      current = { lastSeq: event.seq, items: [], settled: 0 };
      chunks.push(current);
    }
    current.items.push(...occurrences.map((occurrence) => ({ seq: event.seq, occurrence })));
    current.lastSeq = event.seq;
  }
  return chunks;
}

/**
 * Sends occurrences in one request and settles each: taken, or refused for good (recorded). A 4xx that
 * is not about the portal as a whole halves the request until the occurrence refused is alone; a 409
 * for one alone means HubSpot has it already (an earlier answer was lost). Anything else is thrown,
 * with what was settled before it kept (`settle`, in order).
 */
async function sendChunk(
  deps: TimelineDependencies,
  client: Client,
  portalId: number,
  items: Chunk['items'],
  budget: { made: number },
  result: TimelineResult,
  settle: (count: number) => Promise<void>,
): Promise<void> {
  if (budget.made >= RUN_REQUEST_LIMIT) throw new BudgetSpent();
  budget.made++;
  try {
    await requestJson(client, 'app events', 'POST', OCCURRENCES_PATH, { inputs: items.map((item) => item.occurrence) });
    result.sent += items.length;
    await settle(items.length);
    return;
  } catch (error) {
    const failure = hubspotError('app events', error);
    if (failure.status === 403) throw new Forbidden();
    if (!refusesOccurrences(failure)) throw failure;
    if (items.length > 1) {
      const half = Math.ceil(items.length / 2);
      await sendChunk(deps, client, portalId, items.slice(0, half), budget, result, settle);
      await sendChunk(deps, client, portalId, items.slice(half), budget, result, settle);
      return;
    }
    const { occurrence } = items[0]!;
    if (failure.status === 409) {
      result.sent++;
      await settle(1);
      return;
    }
    const category = typeof (failure.body as { category?: unknown } | undefined)?.category === 'string' ? (failure.body as { category: string }).category : null;
    await deps.pool.query(
      `INSERT INTO hubspot_timeline_refused (portal_id, occurrence_id, contact_id, status, category, refused_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (portal_id, occurrence_id) DO UPDATE SET status = excluded.status, category = excluded.category, refused_at = excluded.refused_at`,
      [portalId, occurrence.id, occurrence.objectId, failure.status, category, deps.clock.now()],
    );
    result.refused++;
    deps.log.warn(
      { portalId, occurrenceId: occurrence.id, eventType: occurrence.eventTypeName, contactId: occurrence.objectId, status: failure.status, category },
      'HubSpot refused an app event occurrence: recorded, not sent again',
    );
    await settle(1);
  }
}

/** A 4xx about the occurrences sent, not about the portal or HubSpot's state (401 token, 403 scope or approval, 408, 429). */
const refusesOccurrences = (failure: HubSpotError) => failure.status >= 400 && failure.status < 500 && ![401, 403, 408, 429].includes(failure.status);

/** Every connected portal's timeline job, queued (one pending per portal). */
export async function queueTimelines(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ portal_id: string }>(`SELECT portal_id FROM hubspot_portals WHERE state = 'connected'`);
  for (const row of rows) await addJob(pool, 'hubspot_timeline', { portalId: Number(row.portal_id) }, timelineJob(Number(row.portal_id)));
  return rows.length;
}
