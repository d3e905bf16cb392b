import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from '@hubspot/api-client';
import { addJob, AppError, type Clock, type CrmPort, type Logger, type Pool, readWatchedProperties } from '@prospect-research/engine';
import { requestJson } from '../hubspotApi.ts';
import { HubSpotError } from '../hubspotError.ts';
import { retryAfterMs } from '../hubspotWait.ts';
import { portalSource } from '../portalSource.ts';
import { sweepJob } from '../tasks.ts';

/**
 * The contact properties whose changes HubSpot sends as they happen: the `contact.propertyChange`
 * subscriptions of `src/app/webhooks/webhooks-hsmeta.json` (test/project.db.test.ts checks the two agree).
 * Changes of any other property the Autopilots read are looked for by the sweep.
 */
export const WEBHOOK_PROPERTIES: readonly string[] = ['email', 'lifecyclestage', 'hs_lead_status', 'country', 'jobtitle', 'company', 'hubspot_owner_id'];

/** The sweep cron's period (`*\/5 * * * *`). */
export const SWEEP_EVERY_MINUTES = 5;
/**
 * HubSpot's search index lags behind its writes (seconds, at times more): a run looks only at contacts
 * modified at least this long ago, so one indexed late is not passed over.
 */
export const SEARCH_LAG_MS = 60_000;
/** How long after a change the sweep finds it at the latest, about: what the engine is told. */
export const SWEEP_WITHIN_MINUTES = SWEEP_EVERY_MINUTES + SEARCH_LAG_MS / 60_000;
/** Contacts per search request (HubSpot's most). */
export const PAGE_SIZE = 100;
/** Search requests per run; a portal with more to read runs again right after. */
export const PAGES_PER_RUN = 10;
/**
 * The sweep's own budget: at most one search request a second per portal, a fifth of what HubSpot's
 * search API allows a portal (about 5 a second), whatever else the portal's jobs are doing.
 */
export const SEARCH_SPACING_MS = 1000;
/** A portal's first sweep looks back to its install, at most this far. */
export const FIRST_LOOK_BACK_MS = 24 * 3600_000;
/** HubSpot's search answers at most 10,000 results of one query, however it is paged. */
export const SEARCH_RESULT_CAP = 10_000;

export interface SweepDependencies {
  pool: Pool;
  port: CrmPort;
  clock: Clock;
  log: Logger;
  client(portalId: number): Promise<Client>;
  /** Waits between two search requests (tests pass one that does not wait). */
  pause?(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface SweepResult {
  requests: number;
  /** Contacts HubSpot answered (the portal's, modified in the window), and those of them the Autopilot knows. */
  read: number;
  known: number;
  /** Contacts handed to the CRM port with a change, and with only properties read for the first time. */
  changed: number;
  firstRead: number;
  /** Where the cursor now stands. */
  since: Date | null;
  rateLimited: boolean;
  /** The properties looked at (the Autopilots' that no webhook sends). */
  properties: string[];
}

/**
 * The properties the sweep reads for a portal's account: those the rules of its enabled Autopilots and
 * the stop conditions of its live ones name, lower-case (HubSpot's internal names are), but the ones a
 * webhook sends.
 */
export async function sweptProperties(pool: Pool, accountId: number): Promise<string[]> {
  const { rules, stops } = await readWatchedProperties(pool, accountId);
  const webhook = new Set(WEBHOOK_PROPERTIES);
  return [...new Set([...stops, ...rules].map((name) => name.toLowerCase()))].filter((name) => !webhook.has(name)).sort();
}

interface SearchAnswer {
  total?: number;
  results?: { id?: unknown; properties?: Record<string, unknown>; updatedAt?: unknown }[];
  paging?: { next?: { after?: unknown } };
}

interface Cursor {
  since: Date;
  after: string | null;
}

/** A stored or answered value as text, the way two are compared: nothing (null, absent) is empty. */
function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(text).join(';');
  return String(value);
}

/** The name under which a contact holds a property, whatever its case; undefined when it never held it. */
function keyOf(properties: Record<string, unknown>, name: string): string | undefined {
  if (Object.hasOwn(properties, name)) return name;
  return Object.keys(properties).find((key) => key.toLowerCase() === name);
}

const modifiedAt = (contact: NonNullable<SearchAnswer['results']>[number]): number => {
  const at = Date.parse(String(contact.properties?.lastmodifieddate ?? contact.updatedAt ?? ''));
  return Number.isFinite(at) ? at : Number.NaN;
};

/**
 * Looks for changes of the properties no webhook sends (`sweptProperties`) among the portal's contacts
 * modified since its cursor: HubSpot's CRM search (`POST /crm/v3/objects/contacts/search`), contacts
 * with `lastmodifieddate` at or after the cursor and before a minute ago (the index lags), oldest
 * first, 100 a page, those properties only. Each contact the Autopilot knows in the portal's source
 * (not removed) is compared with what it holds: the properties that differ go to the CRM port's
 * `contactPropertiesChanged` (a contact still being routed is looked at again; a stop condition may end
 * its lead); one it never held is handed as read for the first time (stored, never a stop). Nothing
 * differs, nothing is handed.
 *
 * The cursor moves after each page, only past what was processed: to the last contact's modification
 * time (the next page asks from that instant again, so contacts sharing it are read twice, never
 * missed); when a whole page shares one instant, HubSpot's `after` pages through that instant. So every
 * search starts from the cursor and never runs into HubSpot's 10,000-result cap (more than 10,000
 * contacts modified in one millisecond: the rest of that millisecond is passed over, with a warning).
 * At most PAGES_PER_RUN requests a run, one a second; more to read queues the next run at once. A 429
 * stops the run, the cursor where it was, and queues the next run when Retry-After says. Without any
 * property to sweep no request is made and the cursor follows the clock.
 */
export async function sweepContacts(deps: SweepDependencies, portalId: number, signal?: AbortSignal): Promise<SweepResult> {
  const { pool, clock, log } = deps;
  const result: SweepResult = { requests: 0, read: 0, known: 0, changed: 0, firstRead: 0, since: null, rateLimited: false, properties: [] };
  const portal = (await pool.query<{ account_id: string; installed_at: Date }>(`SELECT account_id, installed_at FROM hubspot_portals WHERE portal_id = $1 AND state = 'connected'`, [portalId]))
    .rows[0];
  if (!portal) return result;
  const from = portalSource(Number(portal.account_id), portalId);
  const properties = await sweptProperties(pool, from.accountId);
  result.properties = properties;
  const now = clock.now();
  const until = new Date(now.getTime() - SEARCH_LAG_MS);
  let cursor = await readCursor(pool, portalId, new Date(Math.max(portal.installed_at.getTime(), now.getTime() - FIRST_LOOK_BACK_MS)));
  const save = async (read: number, changed: number) => {
    await pool.query(`UPDATE hubspot_sweeps SET since = $2, after = $3, properties = $4, swept_at = $5, contacts_read = contacts_read + $6, changes = changes + $7 WHERE portal_id = $1`, [
      portalId,
      cursor.since,
      cursor.after,
      properties,
      clock.now(),
      read,
      changed,
    ]);
  };
  if (properties.length === 0) {
    // Nothing to look for: the changes meanwhile matter to no Autopilot.
    if (cursor.since < until) cursor = { since: until, after: null };
    await save(0, 0);
    result.since = cursor.since;
    return result;
  }
  const pause = deps.pause ?? ((ms, abort) => sleep(ms, undefined, { signal: abort }));
  let client: Client | undefined;
  while (result.requests < PAGES_PER_RUN && (cursor.since < until || cursor.after !== null)) {
    if (signal?.aborted) break;
    if (result.requests > 0) {
      try {
        await pause(SEARCH_SPACING_MS, signal);
      } catch {
        break;
      }
    }
    client ??= await deps.client(portalId);
    let answer: SearchAnswer;
    result.requests += 1;
    try {
      answer = (await requestJson(client, 'contacts search', 'POST', '/crm/v3/objects/contacts/search', searchBody(properties, cursor, until))) as SearchAnswer;
    } catch (error) {
      if (error instanceof HubSpotError && error.status === 429) {
        const waitMs = retryAfterMs(error);
        await addJob(pool, 'hubspot_sweep_contacts', { portalId }, { ...sweepJob(portalId), runAt: new Date(clock.now().getTime() + waitMs) });
        log.warn({ portalId, waitMs }, 'HubSpot rate limit: the sweep continues after Retry-After');
        result.rateLimited = true;
        break;
      }
      throw error;
    }
    const contacts = (answer.results ?? []).filter((contact) => typeof contact.id === 'string' && Number.isFinite(modifiedAt(contact)));
    const handed = await handChanges(deps, from, properties, contacts);
    result.read += contacts.length;
    result.known += handed.known;
    result.changed += handed.changed;
    result.firstRead += handed.firstRead;
    cursor = nextCursor(cursor, contacts, answer, until, (instant) =>
      log.warn({ portalId, instant: instant.toISOString() }, `more than ${SEARCH_RESULT_CAP} HubSpot contacts modified at one instant: the rest of it is not swept`),
    );
    await save(contacts.length, handed.changed);
  }
  if (!result.rateLimited && !signal?.aborted && (cursor.since < until || cursor.after !== null) && result.requests >= PAGES_PER_RUN) {
    await addJob(pool, 'hubspot_sweep_contacts', { portalId }, { ...sweepJob(portalId), runAt: new Date(clock.now().getTime() + SEARCH_SPACING_MS) });
  }
  result.since = cursor.since;
  return result;
}

async function readCursor(pool: Pool, portalId: number, start: Date): Promise<Cursor> {
  await pool.query('INSERT INTO hubspot_sweeps (portal_id, since) VALUES ($1, $2) ON CONFLICT (portal_id) DO NOTHING', [portalId, start]);
  const { rows } = await pool.query<{ since: Date; after: string | null }>('SELECT since, after FROM hubspot_sweeps WHERE portal_id = $1', [portalId]);
  return { since: rows[0]!.since, after: rows[0]!.after };
}

/** The search: contacts modified in [cursor, until), oldest first, with the swept properties and their modification time. */
export function searchBody(properties: string[], cursor: Cursor, until: Date) {
  return {
    filterGroups: [
      {
        filters: [
          { propertyName: 'lastmodifieddate', operator: 'GTE', value: String(cursor.since.getTime()) },
          { propertyName: 'lastmodifieddate', operator: 'LT', value: String(until.getTime()) },
        ],
      },
    ],
    sorts: [{ propertyName: 'lastmodifieddate', direction: 'ASCENDING' }],
    properties: [...properties, 'lastmodifieddate'],
    limit: PAGE_SIZE,
    ...(cursor.after === null ? {} : { after: cursor.after }),
  };
}

/**
 * Where the next page starts: the window is done when HubSpot has no next page; otherwise from the
 * last contact's modification time (asked again from that instant); when the whole page shares the
 * cursor's instant, on through that instant with HubSpot's `after`, up to its 10,000-result cap.
 */
function nextCursor(cursor: Cursor, contacts: NonNullable<SearchAnswer['results']>, answer: SearchAnswer, until: Date, passedOver: (instant: Date) => void): Cursor {
  const next = answer.paging?.next?.after;
  if (next === undefined || next === null) return { since: until, after: null };
  const last = contacts.length === 0 ? cursor.since : new Date(Math.max(...contacts.map(modifiedAt)));
  if (last.getTime() > cursor.since.getTime()) return { since: last, after: null };
  const offset = Number(next);
  if (Number.isSafeInteger(offset) && offset + PAGE_SIZE <= SEARCH_RESULT_CAP) return { since: cursor.since, after: String(next) };
  passedOver(cursor.since);
  return { since: new Date(cursor.since.getTime() + 1), after: null };
}

/** Compares each contact the Autopilot knows with what it holds, and hands what differs to the CRM port. */
async function handChanges(
  { port }: SweepDependencies,
  from: ReturnType<typeof portalSource>,
  properties: string[],
  contacts: NonNullable<SearchAnswer['results']>,
): Promise<{ known: number; changed: number; firstRead: number }> {
  const counts = { known: 0, changed: 0, firstRead: 0 };
  if (contacts.length === 0) return counts;
  const known = await port.heldProperties(
    from,
    contacts.map((contact) => String(contact.id)),
  );
  for (const contact of contacts) {
    const held = known.get(String(contact.id));
    if (!held) continue;
    counts.known += 1;
    const answered = contact.properties ?? {};
    const changes: Record<string, string | null> = {};
    const firstRead: string[] = [];
    for (const name of properties) {
      // A property the portal does not have is not answered: nothing to compare.
      if (!Object.hasOwn(answered, name)) continue;
      const value = answered[name] === null || answered[name] === undefined ? null : text(answered[name]);
      const key = keyOf(held, name);
      if (key === undefined) {
        changes[name] = value;
        firstRead.push(name);
      } else if (text(held[key]) !== text(value)) {
        changes[key] = value;
      }
    }
    if (Object.keys(changes).length === 0) continue;
    try {
      await port.contactPropertiesChanged(from, String(contact.id), changes, firstRead.length > 0 ? { firstRead } : undefined);
    } catch (error) {
      // Removed meanwhile (deleted, merged away): nothing to change.
      if (error instanceof AppError && error.code === 'contact_not_found') continue;
      throw error;
    }
    if (Object.keys(changes).length > firstRead.length) counts.changed += 1;
    else counts.firstRead += 1;
  }
  return counts;
}
