import type { Client } from '@hubspot/api-client';
import { addJob, type Clock, type Logger, type Pool } from '@prospect-research/engine';
import { retryAfterMs } from '../hubspotWait.ts';
import { connectedAccount } from '../portals.ts';
import { sourceName } from '../portalSource.ts';
import { bounded, HubSpotError, hubspotError } from '../hubspotApi.ts';
import { writebackJob } from '../tasks.ts';

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
const SUMMARY = `CASE WHEN r.purged_at IS NOT NULL THEN coalesce(w.properties->>'prospect_research_research_summary', '')
    ELSE coalesce((SELECT CASE WHEN char_length(s) <= ${SUMMARY_LIMIT} THEN s ELSE regexp_replace(left(s, ${SUMMARY_LIMIT - 1}), '\\s+\\S*$', '') || '…' END
                   FROM btrim(regexp_replace(r.result->'prospect'->>'summary', '\\s+', ' ', 'g')) AS s), '') END`;

/**
 * A lead's state as our contact properties say it (empty text clears a property in HubSpot). Built in
 * SQL so that only the contacts whose values differ from what was last written are read.
 */
const DESIRED = `jsonb_build_object(
    'prospect_research_autopilot', a.name,
    'prospect_research_outcome', l.outcome,
    'prospect_research_end_reason', coalesce(l.end_reason, ''),
    'prospect_research_research_status', coalesce(r.status, ''),
    'prospect_research_research_summary', ${SUMMARY},
    'prospect_research_last_touch', coalesce((SELECT (extract(epoch FROM max(t.sent_at)) * 1000)::bigint::text FROM autopilot_touches t WHERE t.lead_id = l.id AND t.state = 'sent'), ''))`;

/** The lead `l` joined to its contact `c`. */
export const LEAD_CONTACT = 'JOIN autopilot_contacts c ON c.account_id = l.account_id AND c.source = l.source AND c.contact_id = l.contact_id';

/**
 * The leads `l` (joined to their contact `c`) of portal $1's contacts (account $2, the portal's source
 * $3) whose contact still exists in the portal as far as the app knows: not removed (deleted in
 * HubSpot: a lasting fact on the contact, `removed_at`), not merged away. Nothing is written to the others.
 */
export const IN_PORTAL = `l.account_id = $2 AND l.source = $3 AND c.removed_at IS NULL AND l.contact_id ~ '^[0-9]{1,18}$'
       AND NOT EXISTS (SELECT 1 FROM hubspot_merged_contacts m WHERE m.portal_id = $1 AND m.merged_id = l.contact_id::bigint)`;

export interface WritebackDependencies {
  pool: Pool;
  clock: Clock;
  log: Logger;
  client(portalId: number): Promise<Client>;
}

/**
 * Writes the leads of a portal's account to their HubSpot contacts: every lead whose Autopilot,
 * outcome, end reason, research status, research summary or last touch differs from what was last
 * written, 100 contacts per batch update. State, not events: however many times a lead changed since the last run, its
 * contact gets one update with the latest values; a failed run leaves the difference for the next.
 * A 429 stops the run and queues the next after HubSpot's Retry-After. Contacts deleted or merged away
 * in HubSpot are not written. Answers the contacts written, the requests made and whether HubSpot
 * asked us to wait.
 */
export async function writeBack(deps: WritebackDependencies, portalId: number): Promise<{ written: number; requests: number; rateLimited: boolean }> {
  const { pool, clock } = deps;
  const accountId = await connectedAccount(pool, portalId);
  if (accountId === undefined) return { written: 0, requests: 0, rateLimited: false };
  const { rows } = await pool.query<{ contact_id: string; properties: Record<string, string> }>(
    `SELECT l.contact_id, d.properties
     FROM autopilot_leads l ${LEAD_CONTACT}
     JOIN autopilots a ON a.id = l.autopilot_id
     LEFT JOIN research_jobs r ON r.id = l.research_id
     LEFT JOIN hubspot_written w ON w.portal_id = $1 AND w.contact_id = l.contact_id
     CROSS JOIN LATERAL (SELECT ${DESIRED} AS properties) d
     WHERE ${IN_PORTAL} AND w.properties IS DISTINCT FROM d.properties
     ORDER BY l.id LIMIT ${RUN_LIMIT}`,
    [portalId, accountId, sourceName(portalId)],
  );
  if (rows.length === 0) return { written: 0, requests: 0, rateLimited: false };
  const client = await deps.client(portalId);
  let written = 0;
  let requests = 0;
  for (let start = 0; start < rows.length; start += BATCH_UPDATE_SIZE) {
    const chunk = rows.slice(start, start + BATCH_UPDATE_SIZE);
    requests += 1;
    try {
      await bounded(client.crm.contacts.batchApi.update({ inputs: chunk.map((row) => ({ id: row.contact_id, properties: row.properties })) }));
    } catch (error) {
      const failure = hubspotError('contacts batch update', error);
      if (failure.status === 429) {
        const waitMs = await writeBackAfter(deps, portalId, failure);
        deps.log.warn({ portalId, waitMs, written }, 'HubSpot rate limit: writeback continues after Retry-After');
        return { written, requests, rateLimited: true };
      }
      throw failure instanceof HubSpotError ? failure : error;
    }
    await pool.query(
      `INSERT INTO hubspot_written (portal_id, contact_id, properties, written_at)
       SELECT $1, w.contact_id, w.properties, $3 FROM jsonb_to_recordset($2::jsonb) AS w (contact_id text, properties jsonb)
       ON CONFLICT (portal_id, contact_id) DO UPDATE SET properties = excluded.properties, written_at = excluded.written_at`,
      [portalId, JSON.stringify(chunk), clock.now()],
    );
    written += chunk.length;
  }
  // More than one run's worth: the rest right away.
  if (rows.length === RUN_LIMIT) await addJob(pool, 'hubspot_writeback', { portalId }, writebackJob(portalId));
  return { written, requests, rateLimited: false };
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
