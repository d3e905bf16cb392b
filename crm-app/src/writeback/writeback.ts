import type { Client } from '@hubspot/api-client';
import { addJob, type Clock, type Logger, type Pool } from '@prospect-research/engine';
import { retryAfterMs } from '../hubspotWait.ts';
import { connectedAccount } from '../portals.ts';
import { sourceName } from '../portalSource.ts';
import { type HubSpotError, hubspotError } from '../hubspotError.ts';
import { writebackJob } from '../tasks.ts';
import { type BatchProgress, batchUpdate, type ContactUpdate, type RequestBudget } from './batchUpdate.ts';

/** Contacts per batch-update request (HubSpot's most). */
export const BATCH_UPDATE_SIZE = 100;
/** Contacts one run writes at most (10 requests: a tenth of HubSpot's 100 requests per 10 s per portal). */
export const RUN_LIMIT = 1000;
/** The research summary written to a contact, at most (characters; HubSpot's text properties hold 65,536). */
export const SUMMARY_LIMIT = 1000;

/**
 * The brief's summary (`data.prospect.summary`) as plain text on one line, cut at a word before
 * SUMMARY_LIMIT characters (with an ellipsis) when longer; empty when the research has none. A brief
 * erased by retention keeps the summary last written: the contact's copy is the portal's.
 */
const SUMMARY = `CASE WHEN l.research_purged_at IS NOT NULL THEN coalesce(w.properties->>'prospect_research_research_summary', '')
    ELSE coalesce((SELECT CASE WHEN char_length(s) <= ${SUMMARY_LIMIT} THEN s ELSE regexp_replace(left(s, ${SUMMARY_LIMIT - 1}), '\\s+\\S*$', '') || '…' END
                   FROM btrim(regexp_replace(l.research_result->'prospect'->>'summary', '\\s+', ' ', 'g')) AS s), '') END`;

/**
 * A lead's state as our contact properties say it (empty text clears a property in HubSpot). Built in
 * SQL so that only the contacts whose values differ from what was last written are read.
 */
const DESIRED = `jsonb_build_object(
    'prospect_research_autopilot', l.autopilot_name,
    'prospect_research_outcome', l.outcome,
    'prospect_research_end_reason', coalesce(l.end_reason, ''),
    'prospect_research_research_status', coalesce(l.research_status, ''),
    'prospect_research_research_summary', ${SUMMARY},
    'prospect_research_last_touch', coalesce((extract(epoch FROM l.last_touch_sent_at) * 1000)::bigint::text, ''))`;

/**
 * The properties the portal's admins turned off on the settings page (portalSettings/), as `o.names`:
 * taken out of what is desired, so a property turned off is neither sent nor a reason to send the
 * contact. A contact is sent when what was last written (`w`) does not hold every desired value;
 * writes merge into `w`, so what was last written of a property turned off stays recorded: turned on
 * again, it is sent to every contact whose value differs by the next run, and a brief erased by
 * retention meanwhile keeps its summary. (A key `w` holds that is no longer desired, such as a
 * retired property's, is no reason to send.)
 */
const TURNED_OFF = `CROSS JOIN LATERAL (SELECT coalesce((SELECT s.writeback_off FROM hubspot_portal_settings s WHERE s.portal_id = $1), '{}') AS names) o`;

/**
 * The leads `l` (rows of the engine's `autopilot_crm_leads` view) of portal $1's contacts (account $2,
 * the portal's source $3) whose contact still exists in the portal as far as the app knows: not removed
 * (deleted in HubSpot: a lasting fact on the contact, `contact_removed_at`), not merged away. Nothing is
 * written to the others.
 */
export const IN_PORTAL = `l.account_id = $2 AND l.source = $3 AND l.contact_removed_at IS NULL AND l.contact_id ~ '^[0-9]{1,18}$'
       AND NOT EXISTS (SELECT 1 FROM hubspot_merged_contacts m WHERE m.portal_id = $1 AND m.merged_id = l.contact_id::bigint)`;

export interface WritebackDependencies {
  pool: Pool;
  clock: Clock;
  log: Logger;
  client(portalId: number): Promise<Client>;
}

/**
 * HubSpot requests one run makes at most: the 10 batches of RUN_LIMIT contacts, and as many again to
 * isolate contacts HubSpot refuses (batchUpdate.ts). What is left waits for the next minute's run, so a
 * portal whose every update is refused costs HubSpot at most this many failed requests a minute.
 */
export const RUN_REQUEST_LIMIT = 30;

/**
 * The contacts HubSpot refused (hubspot_refused) whose refusal still stands: their desired values are the
 * ones refused, and the portal has not been set up again since (which may have given a property the
 * option it lacked). Joined as `f`, with the portal as `p`.
 */
const REFUSAL_STANDS = `f.properties_md5 = md5(d.properties::text) AND (p.setup_at IS NULL OR f.refused_at >= p.setup_at)`;

export interface WritebackResult {
  /** Contacts whose values HubSpot took. */
  written: number;
  /** Contacts HubSpot refused for good this run (with its reason, in hubspot_refused). */
  refused: number;
  /** Contacts left for the next run (HubSpot could not answer for them, or the run's requests ran out). */
  pending: number;
  requests: number;
  rateLimited: boolean;
}

/**
 * Writes the leads of a portal's account to their HubSpot contacts: every lead whose Autopilot,
 * outcome, end reason, research status, research summary or last touch differs from what was last
 * written (of the properties the portal has not turned off: only those are sent), 100 contacts per batch update. State, not events: however many times a lead changed since the last run, its
 * contact gets one update with the latest values; a failed run leaves the difference for the next.
 * What HubSpot refuses for good (a contact it no longer has, a value it does not take) is isolated
 * (batchUpdate.ts), recorded with HubSpot's words (hubspot_refused) and logged, and not sent again until
 * the contact's values change or the portal is set up again; contacts refused before are sent after the
 * others, in batches of their own. A 429 stops the run and queues the next after HubSpot's Retry-After.
 * Contacts deleted or merged away in HubSpot are not written. Every contact of a run ends written,
 * refused with a reason, or pending for the next run.
 */
export async function writeBack(deps: WritebackDependencies, portalId: number): Promise<WritebackResult> {
  const { pool, clock, log } = deps;
  const result: WritebackResult = { written: 0, refused: 0, pending: 0, requests: 0, rateLimited: false };
  const accountId = await connectedAccount(pool, portalId);
  if (accountId === undefined) return result;
  const { rows } = await pool.query<ContactUpdate & { refused_before: boolean }>(
    `SELECT l.contact_id, d.properties, f.contact_id IS NOT NULL AS refused_before
     FROM autopilot_crm_leads l
     JOIN hubspot_portals p ON p.portal_id = $1
     LEFT JOIN hubspot_written w ON w.portal_id = $1 AND w.contact_id = l.contact_id
     LEFT JOIN hubspot_refused f ON f.portal_id = $1 AND f.contact_id = l.contact_id
     ${TURNED_OFF}
     CROSS JOIN LATERAL (SELECT ${DESIRED} - o.names AS properties) d
     WHERE ${IN_PORTAL} AND d.properties <> '{}' AND NOT coalesce(w.properties @> d.properties, false) AND NOT coalesce(${REFUSAL_STANDS}, false)
     ORDER BY f.contact_id IS NOT NULL, l.lead_id LIMIT ${RUN_LIMIT}`,
    [portalId, accountId, sourceName(portalId)],
  );
  if (rows.length === 0) return result;
  const client = await deps.client(portalId);
  const progress: BatchProgress = {
    written: async (updates) => {
      if (updates.length === 0) return;
      const contacts = JSON.stringify(updates.map(({ contact_id, properties }) => ({ contact_id, properties })));
      await pool.query(
        `WITH written AS (
           INSERT INTO hubspot_written (portal_id, contact_id, properties, written_at)
           SELECT $1, w.contact_id, w.properties, $3 FROM jsonb_to_recordset($2::jsonb) AS w (contact_id text, properties jsonb)
           ON CONFLICT (portal_id, contact_id) DO UPDATE SET properties = hubspot_written.properties || excluded.properties, written_at = excluded.written_at
           RETURNING contact_id)
         DELETE FROM hubspot_refused f USING written WHERE f.portal_id = $1 AND f.contact_id = written.contact_id`,
        [portalId, contacts, clock.now()],
      );
      result.written += updates.length;
    },
    refused: async (updates, refusal) => {
      if (updates.length === 0) return;
      await pool.query(
        `INSERT INTO hubspot_refused (portal_id, contact_id, properties_md5, status, category, message, refused_at)
         SELECT $1, f.contact_id, md5(f.properties::text), $3, $4, $5, $6 FROM jsonb_to_recordset($2::jsonb) AS f (contact_id text, properties jsonb)
         ON CONFLICT (portal_id, contact_id) DO UPDATE SET properties_md5 = excluded.properties_md5, status = excluded.status, category = excluded.category,
           message = excluded.message, refused_at = excluded.refused_at`,
        [portalId, JSON.stringify(updates), refusal.status, refusal.category, refusal.message, clock.now()],
      );
      result.refused += updates.length;
      log.warn({ portalId, contactIds: updates.map((update) => update.contact_id), ...refusal }, 'HubSpot refused contact updates: recorded, not sent again until their values change');
    },
  };
  // Contacts refused before go in batches of their own, after the others: if HubSpot refuses them again, the others are not split for them.
  const batches = [rows.filter((row) => !row.refused_before), rows.filter((row) => row.refused_before)].flatMap((group) =>
    Array.from({ length: Math.ceil(group.length / BATCH_UPDATE_SIZE) }, (_, i) =>
      group.slice(i * BATCH_UPDATE_SIZE, (i + 1) * BATCH_UPDATE_SIZE).map(({ contact_id, properties }) => ({ contact_id, properties })),
    ),
  );
  const budget: RequestBudget = { made: 0, limit: RUN_REQUEST_LIMIT };
  try {
    for (const batch of batches) await batchUpdate(client, batch, progress, budget);
  } catch (error) {
    const failure = hubspotError('contacts batch update', error);
    if (failure.status !== 429) throw failure;
    const waitMs = await writeBackAfter(deps, portalId, failure);
    log.warn({ portalId, waitMs, written: result.written }, 'HubSpot rate limit: writeback continues after Retry-After');
    result.rateLimited = true;
  } finally {
    result.requests = budget.made;
    result.pending = rows.length - result.written - result.refused;
  }
  if (result.rateLimited) return result;
  if (result.pending > 0) log.info({ portalId, pending: result.pending, requests: result.requests }, 'contacts left for the next writeback run');
  // More than one run's worth: the rest right away (unless some were left: they wait for the next minute's run).
  else if (rows.length === RUN_LIMIT) await addJob(pool, 'hubspot_writeback', { portalId }, writebackJob(portalId));
  return result;
}

/**
 * What each of the portal's contacts should say now (the values writeback sends when they differ from
 * what was last written), by contact id: for checking a portal against HubSpot (the bench does).
 */
export async function desiredValues(pool: Pool, portalId: number): Promise<Map<string, Record<string, string>>> {
  const accountId = await connectedAccount(pool, portalId);
  if (accountId === undefined) return new Map();
  const { rows } = await pool.query<ContactUpdate>(
    `SELECT l.contact_id, ${DESIRED} - o.names AS properties
     FROM autopilot_crm_leads l
     LEFT JOIN hubspot_written w ON w.portal_id = $1 AND w.contact_id = l.contact_id
     ${TURNED_OFF}
     WHERE ${IN_PORTAL}`,
    [portalId, accountId, sourceName(portalId)],
  );
  return new Map(rows.map((row) => [row.contact_id, row.properties]));
}

/** After a 429: the portal's next writeback queued when HubSpot's Retry-After says (hubspotWait.ts). Answers the wait in ms. */
export async function writeBackAfter(deps: Pick<WritebackDependencies, 'pool' | 'clock'>, portalId: number, failure: HubSpotError): Promise<number> {
  const waitMs = retryAfterMs(failure);
  await addJob(deps.pool, 'hubspot_writeback', { portalId }, { ...writebackJob(portalId), runAt: new Date(deps.clock.now().getTime() + waitMs) });
  return waitMs;
}

/** Processed webhook events are kept this long (HubSpot redelivers for 24 hours; staleness looks back as far). */
export const EVENT_RETENTION_DAYS = 7;

/** Every connected portal's writeback, queued (one pending per portal); processed events past retention deleted. */
export async function queueWritebacks(pool: Pool): Promise<number> {
  await pool.query(`DELETE FROM hubspot_events WHERE processed_at < now() - make_interval(days => ${EVENT_RETENTION_DAYS})`);
  const { rows } = await pool.query<{ portal_id: string }>(`SELECT portal_id FROM hubspot_portals WHERE state = 'connected'`);
  for (const row of rows) await addJob(pool, 'hubspot_writeback', { portalId: Number(row.portal_id) }, writebackJob(Number(row.portal_id)));
  return rows.length;
}
