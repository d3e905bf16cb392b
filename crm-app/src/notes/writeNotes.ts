import type { AssociationSpecAssociationCategoryEnum } from '@hubspot/api-client/lib/codegen/crm/objects/notes/index.js';
import { addJob, fromStoredResult, transaction } from '@prospect-research/engine';
import type { ResearchData } from '@prospect-research/engine/contract';
import { bounded } from '../hubspotApi.ts';
import { HubSpotError, hubspotError } from '../hubspotError.ts';
import { connectedAccount } from '../portals.ts';
import { writebackJob } from '../tasks.ts';
import { IN_PORTAL, writeBackAfter, type WritebackDependencies } from '../writeback/writeback.ts';
import { sourceName } from '../portalSource.ts';
import { briefNote } from './briefNote.ts';
import { findLoggedNote } from './findNote.ts';

/**
 * Notes one run creates at most: with the property batches (10 requests, 30 at most when HubSpot
 * refuses some contacts) within HubSpot's 100 requests per 10 s per portal; the pacer (pacing.ts) holds
 * the calls back when HubSpot says fewer are left.
 */
export const NOTE_RUN_LIMIT = 40;
/** When a run leaves notes for the next, that run starts this much later (a window of HubSpot's rate limit). */
export const NEXT_RUN_DELAY_MS = 10_000;
/** HubSpot's association type "note to contact". */
export const NOTE_TO_CONTACT = 202;

/**
 * The portal's admins turned notes off on the settings page (portalSettings/), or turned them on again
 * after the brief was completed: no note. A brief completed while notes were off, or still waiting for
 * its note when they were turned off, never gets one, so turning notes on again logs the briefs
 * completed from then on rather than a backlog. A note HubSpot is creating when they are turned off is
 * still created.
 */
const NOTES_NOT_WANTED = `SELECT 1 FROM hubspot_portal_settings s WHERE s.portal_id = $1 AND (NOT s.notes OR l.research_finished_at < s.notes_on_since)`;

interface Candidate {
  research_id: string;
  contact_id: string;
  finished_at: Date;
  result: ResearchData;
}

/**
 * Logs each completed research brief of the portal's account as a note on its lead's contact, once per
 * research: a brief that holds something (an empty one says nothing worth a note), of a contact not
 * merged away or deleted. Each note is claimed (hubspot_notes) before HubSpot is asked, then created
 * holding the claim's lock until its id is recorded, so runs at the same time never create two; a
 * claim found again without an id is first looked for in HubSpot (findLoggedNote: an earlier attempt
 * may have created it and never learnt its id), so a retry never logs it twice; a failed call leaves it for a later run
 * (the job fails and graphile-worker retries it), a 429 stops the run and queues the next after
 * HubSpot's Retry-After, and a refusal for good (another 4xx) is recorded and not tried again.
 * Nothing is written to a disconnected portal, nor while the portal's admins have notes off. Answers the notes created, those refused, and whether
 * HubSpot asked us to wait.
 */
export async function writeNotes(deps: WritebackDependencies, portalId: number): Promise<{ created: number; refused: number; rateLimited: boolean }> {
  const { pool, clock, log } = deps;
  const counts = { created: 0, refused: 0, rateLimited: false };
  const accountId = await connectedAccount(pool, portalId);
  if (accountId === undefined) return counts;
  const { rows } = await pool.query<Candidate>(
    `SELECT * FROM (
       SELECT DISTINCT ON (l.research_id) l.research_id, l.contact_id, l.research_finished_at AS finished_at, l.research_result AS result
       FROM autopilot_crm_leads l
       WHERE ${IN_PORTAL}
         AND l.research_status = 'completed' AND l.research_result IS NOT NULL AND l.research_empty_reason IS NULL
         AND NOT EXISTS (SELECT 1 FROM hubspot_notes n WHERE n.portal_id = $1 AND n.research_id = l.research_id AND (n.note_id IS NOT NULL OR n.refusal IS NOT NULL))
         AND NOT EXISTS (${NOTES_NOT_WANTED})
       ORDER BY l.research_id, l.lead_id
     ) c ORDER BY finished_at, research_id LIMIT ${NOTE_RUN_LIMIT}`,
    [portalId, accountId, sourceName(portalId)],
  );
  if (rows.length === 0) return counts;
  const client = await deps.client(portalId);
  for (const row of rows) {
    const { data, provenance } = fromStoredResult(row.result);
    const body = briefNote({ researchId: row.research_id, completedAt: row.finished_at, data, provenance });
    try {
      // The claim is committed before HubSpot is asked: a claim found again without a note id means an
      // earlier attempt may have created the note (a timeout, a 5xx, a crash) and is looked for first.
      const claimed = await pool.query(`INSERT INTO hubspot_notes (portal_id, research_id, contact_id, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [
        portalId,
        row.research_id,
        row.contact_id,
        clock.now(),
      ]);
      const triedBefore = claimed.rowCount === 0;
      const outcome = await transaction(pool, async (db) => {
        // Waits while another run holds the claim; nothing to do once that one recorded the note.
        const { rows: claims } = await db.query<{ open: boolean }>('SELECT note_id IS NULL AND refusal IS NULL AS open FROM hubspot_notes WHERE portal_id = $1 AND research_id = $2 FOR UPDATE', [
          portalId,
          row.research_id,
        ]);
        if (claims[0]?.open !== true) return 'taken' as const;
        try {
          const earlier = triedBefore ? await findLoggedNote(client, row.contact_id, row.research_id) : undefined;
          if (earlier !== undefined) log.info({ portalId, researchId: row.research_id, noteId: earlier }, 'an earlier attempt had logged the research note; recorded, not created again');
          const noteId =
            earlier ??
            (
              await bounded(
                client.crm.objects.notes.basicApi.create({
                  properties: { hs_timestamp: row.finished_at.toISOString(), hs_note_body: body },
                  associations: [{ to: { id: row.contact_id }, types: [{ associationCategory: 'HUBSPOT_DEFINED' as AssociationSpecAssociationCategoryEnum, associationTypeId: NOTE_TO_CONTACT }] }],
                }),
              )
            ).id;
          await db.query('UPDATE hubspot_notes SET note_id = $3 WHERE portal_id = $1 AND research_id = $2', [portalId, row.research_id, noteId]);
          return 'created' as const;
        } catch (error) {
          const failure = hubspotError('note create', error);
          if (refusedForGood(failure)) {
            await db.query('UPDATE hubspot_notes SET refusal = $3 WHERE portal_id = $1 AND research_id = $2', [
              portalId,
              row.research_id,
              JSON.stringify({ status: failure.status, body: failure.body ?? null }),
            ]);
            log.warn({ portalId, researchId: row.research_id, contactId: row.contact_id, status: failure.status }, 'HubSpot refused a research note; it is not tried again');
            return 'refused' as const;
          }
          // Refused before anything was made (a 429, the pacer's included, access): the next attempt need not
          // look for the note. Not so for a claim an earlier attempt left: that one may have made it.
          if (NOT_CREATED.has(failure.status) && !triedBefore) await db.query('DELETE FROM hubspot_notes WHERE portal_id = $1 AND research_id = $2', [portalId, row.research_id]);
          return failure;
        }
      });
      if (outcome instanceof HubSpotError) throw outcome;
      if (outcome !== 'taken') counts[outcome] += 1;
    } catch (error) {
      if (error instanceof HubSpotError && error.status === 429) {
        const waitMs = await writeBackAfter(deps, portalId, error);
        log.warn({ portalId, waitMs, created: counts.created }, 'HubSpot rate limit: research notes continue after Retry-After');
        return { ...counts, rateLimited: true };
      }
      throw error;
    }
  }
  if (rows.length === NOTE_RUN_LIMIT) await addJob(pool, 'hubspot_writeback', { portalId }, { ...writebackJob(portalId), runAt: new Date(clock.now().getTime() + NEXT_RUN_DELAY_MS) });
  return counts;
}

/**
 * The 4xx answers worth trying again (access, which ops can fix; a request timeout; a 429), which also
 * say HubSpot made nothing (unlike a 5xx or a time-out of ours, after which the note may exist).
 */
const NOT_CREATED: ReadonlySet<number> = new Set([401, 403, 408, 429]);

/** A 4xx HubSpot will answer again whatever we wait: any but NOT_CREATED's. */
function refusedForGood(failure: HubSpotError): boolean {
  return failure.status >= 400 && failure.status < 500 && !NOT_CREATED.has(failure.status);
}
