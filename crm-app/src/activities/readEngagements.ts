import type { Client } from '@hubspot/api-client';
import { bounded } from '../hubspotApi.ts';
import { hubspotError } from '../hubspotError.ts';
import { ENGAGEMENTS, type Engagement, type EngagementKind } from './engagements.ts';

/** Engagements read per batch-read request, and whose contacts are read per association request (HubSpot's most for both here). */
export const ENGAGEMENT_BATCH = 100;

/** An engagement as HubSpot has it now, with the contacts it is logged on. */
export interface LoggedEngagement {
  engagement: Engagement;
  contactIds: string[];
}

/** `${kind}:${id}`: engagements of different kinds may share an id. */
export const engagementKey = (kind: EngagementKind, id: string) => `${kind}:${id}`;

/**
 * Reads these engagements and the contacts each is associated with, 100 per request: one batch read
 * and one association read per hundred of a kind. An engagement deleted before it was read is absent
 * from the answer. A HubSpot failure throws (the events job fails and is retried).
 */
export async function readEngagements(client: Client, wanted: Map<EngagementKind, string[]>): Promise<Map<string, LoggedEngagement>> {
  const found = new Map<string, LoggedEngagement>();
  for (const [kind, allIds] of wanted) {
    const ids = [...new Set(allIds)];
    for (let start = 0; start < ids.length; start += ENGAGEMENT_BATCH) {
      const chunk = ids.slice(start, start + ENGAGEMENT_BATCH);
      let records;
      let associations;
      try {
        records = await bounded(client.crm.objects[kind].batchApi.read({ inputs: chunk.map((id) => ({ id })), properties: [...ENGAGEMENTS[kind].properties], propertiesWithHistory: [] }, false));
      } catch (error) {
        throw hubspotError(`${kind} batch read`, error);
      }
      const present = records.results.map((record) => record.id);
      if (present.length === 0) continue;
      try {
        associations = await bounded(client.crm.associations.v4.batchApi.getPage(kind, 'contacts', { inputs: present.map((id) => ({ id })) }));
      } catch (error) {
        throw hubspotError(`${kind} to contacts associations`, error);
      }
      const contactsOf = new Map(associations.results.map((result) => [String(result._from.id), result.to.map((to) => String(to.toObjectId))]));
      for (const record of records.results) {
        found.set(engagementKey(kind, record.id), { engagement: { id: record.id, properties: record.properties }, contactIds: contactsOf.get(record.id) ?? [] });
      }
    }
  }
  return found;
}
