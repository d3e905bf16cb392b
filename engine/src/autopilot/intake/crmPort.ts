import type { Pool } from '../../platform/database/database.ts';
import type { Clock } from '../../platform/time.ts';
import type { ContactProperties, ContactsAccepted, PropertiesAccepted } from '../contract.ts';
import { type NewContact, receiveContacts, updateContactProperties } from './contacts.ts';

/**
 * The CRM port: what a CRM tells the Autopilot about its contacts. Its HTTP form is
 * `POST /autopilot/contacts` and `POST /autopilot/contacts/{id}/properties` (other CRMs, n8n
 * workflows); the HubSpot app calls it in process, in its own module. Calls logged, meetings logged and
 * e-mail replies join it with sequences (not built yet).
 */
export interface CrmPort {
  /** New contacts, each routed within seconds; one the account sent before changes nothing. */
  contactsCreated(accountId: number, contacts: NewContact[]): Promise<ContactsAccepted>;
  /** Properties of a known contact changed: merged, and a contact still being routed is looked at again now. `contact_not_found` otherwise. */
  contactPropertiesChanged(accountId: number, contactId: string, changes: ContactProperties): Promise<PropertiesAccepted>;
}

export function crmPort(pool: Pool, clock: Clock): CrmPort {
  return {
    contactsCreated: (accountId, contacts) => receiveContacts(pool, accountId, contacts, clock),
    contactPropertiesChanged: (accountId, contactId, changes) => updateContactProperties(pool, accountId, contactId, changes, clock),
  };
}
