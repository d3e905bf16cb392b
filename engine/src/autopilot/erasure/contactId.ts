import { createHash } from 'node:crypto';
import type { ContactProperties } from '../contract.ts';
import type { CrmSource } from '../intake/source.ts';

/**
 * Whether an erased contact keeps the CRM's id. It does, as a rule: the CRM addresses the contact by it,
 * so a late event from the CRM (a retried webhook, a property change delivered out of order, the same
 * contact sent again) finds the contact erased and does nothing, the lead and the ledger stay tied to
 * it, and erasing it again answers that nothing is left. A CRM's id (HubSpot's numbers) says nothing
 * about the person once the rest is gone.
 *
 * An id can be personal, though: an integrator may use the e-mail address as the id, or a phone number,
 * or a name. Such an id is replaced by a pseudonym, `erased:` and 32 hex digits of SHA-256 over the
 * account, the source and the id: the same id always gives the same pseudonym, so erasing it again still
 * finds it, but nothing in the database holds the id any longer. A contact sent again under that id is
 * then a new contact (its CRM sent the person anew).
 *
 * Personal here means: the id holds an `@` (an address, or something shaped like one), or it is the
 * value (case and surrounding spaces aside) of one of the contact's properties whose name speaks of an
 * e-mail, a name or a phone.
 */
export function isPersonalId(contactId: string, properties: ContactProperties): boolean {
  if (contactId.includes('@')) return true;
  const id = contactId.trim().toLowerCase();
  return Object.entries(properties).some(([name, value]) => /mail|name|phone/i.test(name) && typeof value === 'string' && value.trim().toLowerCase() === id);
}

export const PSEUDONYM_PREFIX = 'erased:';

/** The pseudonym that replaces a personal id (isPersonalId) of a source's contact. */
export function pseudonymOf({ accountId, source }: CrmSource, contactId: string): string {
  return PSEUDONYM_PREFIX + createHash('sha256').update(`${accountId}\n${source}\n${contactId}`).digest('hex').slice(0, 32);
}
