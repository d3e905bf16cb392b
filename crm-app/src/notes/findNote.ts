import type { Client } from '@hubspot/api-client';
import { bounded } from '../hubspotApi.ts';

/** Pages of a contact's note associations read at most (500 each): a contact with more notes than that is not searched further. */
const ASSOCIATION_PAGES = 4;
/** Notes HubSpot's batch read takes per request. */
const READ_BATCH = 100;

/**
 * The id of the note an earlier attempt logged for this research on the contact, if HubSpot has one:
 * the contact's note associations (read from the associations API, which answers at once, where
 * search lags), then those notes' bodies, looking for the research id the note's header names. Asked
 * only when an earlier attempt may have created the note without our learning its id (a timeout, a
 * 5xx, a crash), so a retry does not log the brief twice.
 */
export async function findLoggedNote(client: Client, contactId: string, researchId: string): Promise<string | undefined> {
  const noteIds: string[] = [];
  let after: string | undefined;
  for (let page = 0; page < ASSOCIATION_PAGES; page++) {
    const answer = await bounded(client.crm.associations.v4.basicApi.getPage('contacts', contactId, 'notes', after, 500));
    noteIds.push(...answer.results.map((association) => String(association.toObjectId)));
    after = answer.paging?.next?.after;
    if (!after) break;
  }
  const marker = `research ${researchId}`;
  for (let start = 0; start < noteIds.length; start += READ_BATCH) {
    const inputs = noteIds.slice(start, start + READ_BATCH).map((id) => ({ id }));
    const notes = await bounded(client.crm.objects.notes.batchApi.read({ inputs, properties: ['hs_note_body'], propertiesWithHistory: [] }, false));
    const found = notes.results.find((note) => note.properties.hs_note_body?.includes(marker));
    if (found) return found.id;
  }
  return undefined;
}
