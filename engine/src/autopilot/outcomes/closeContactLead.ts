import type { PoolClient } from '../../platform/database/database.ts';
import type { Clock } from '../../platform/time.ts';
import { isPossibleContactId } from '../intake/contacts.ts';
import type { CrmSource } from '../intake/source.ts';
import { endLead } from '../sequence/endLead.ts';
import { lockLead } from './timelineRecords.ts';

/** What closing a contact's lead did: `closed` only when it was active; `leadId` null when the contact has none. */
export interface ContactLeadClosed {
  closed: boolean;
  leadId: number | null;
  text: string;
}

/**
 * Closes the active lead of a source's contact by hand, inside the caller's transaction, as
 * `POST /autopilot/leads/{id}/close` does (outcomes/close.ts): `Closed`, "Closed manually", its queued
 * touches cancelled. A CRM names the contact, not the lead (a HubSpot workflow's "Stop the Autopilot
 * lead"). A lead that ended already stays as it was, and a contact with no lead has nothing to close:
 * both say so, so asking twice is harmless.
 */
export async function closeContactLead(client: PoolClient, clock: Clock, { accountId, source }: CrmSource, contactId: string): Promise<ContactLeadClosed> {
  const lead = isPossibleContactId(contactId) ? await lockLead(client, accountId, { source, contactId }) : undefined;
  if (!lead) return { closed: false, leadId: null, text: 'The contact has no Autopilot lead: nothing to close.' };
  if (lead.outcome !== 'Active') {
    return { closed: false, leadId: lead.id, text: `Lead ${lead.id} had ended before (${lead.outcome}, ${lead.endReason}) and stays as it was: closing it changes nothing.` };
  }
  const closed = await endLead(client, lead.id, 'closed_manually', clock.now());
  return {
    closed,
    leadId: lead.id,
    text: closed ? `Lead ${lead.id} closed manually: its queued touches are cancelled.` : `Lead ${lead.id} had just ended: closing it changes nothing.`,
  };
}
