import type { Pool } from '../../platform/database/database.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Clock } from '../../platform/time.ts';
import type { ActivityAccepted, ContactErased, ContactProperties, ContactRemoved, ContactsAccepted, PropertiesAccepted } from '../contract.ts';
import { eraseContact } from '../erasure/eraseContact.ts';
import { type Activity, logActivity } from '../outcomes/activities.ts';
import { type NewContact, type PropertyChangeOptions, receiveContacts, updateContactProperties } from './contacts.ts';
import { firstEnrolledActive, heldProperties } from './crmReads.ts';
import { removeContact } from './removeContact.ts';
import type { CrmSource } from './source.ts';

/**
 * The CRM port: what a CRM tells the Autopilot about its contacts. Its HTTP form is
 * `POST /autopilot/contacts`, `POST /autopilot/contacts/{id}/properties`,
 * `POST /autopilot/contacts/{id}/activities` and `DELETE /autopilot/contacts/{id}[?erase=true]` (other CRMs, n8n workflows: the source `api`); the HubSpot
 * app calls it in process, in its own module, with one source per portal. Every call names the source
 * (`from`): a contact is one (account, source, id), so two CRMs of an account never share contacts.
 * In process, it also answers what a CRM app reads back (`heldProperties`, `firstEnrolledActive`), so
 * the app never reads the Autopilot's tables.
 */
export interface CrmPort {
  /** New contacts, each routed within seconds; one the source sent before changes nothing. */
  contactsCreated(from: CrmSource, contacts: NewContact[]): Promise<ContactsAccepted>;
  /**
   * Properties of a known contact changed: merged, and a contact still being routed is looked at again
   * now. `contact_not_found` otherwise. `firstRead` names properties of `changes` the CRM read for the
   * first time for this contact (a CRM app that began watching them after the contact arrived): stored
   * as a starting point, never taken for a change that ends a lead, since nothing says they changed.
   */
  contactPropertiesChanged(from: CrmSource, contactId: string, changes: ContactProperties, options?: PropertyChangeOptions): Promise<PropertiesAccepted>;
  /**
   * A call, a meeting or an e-mail reply logged on a known contact: a connected call, a meeting booked or
   * a reply after enrolment ends its active lead as a win when its stop condition is on (outcomes/activities.ts).
   * `contact_not_found` for a contact never sent.
   */
  activityLogged(from: CrmSource, contactId: string, activity: Activity): Promise<ActivityAccepted>;
  /**
   * A contact deleted in the CRM (or merged away): withdrawn from routing when still being routed, its
   * active lead closed (intake/removeContact.ts). `contact_not_found` for a contact never sent.
   */
  contactRemoved(from: CrmSource, contactId: string): Promise<ContactRemoved>;
  /**
   * A CRM's privacy deletion: the contact removed as by `contactRemoved`, and everything personal the
   * engine holds about it erased (erasure/eraseContact.ts), logged as `crm_privacy_deletion`. Again, it
   * erases nothing more and says so; `contact_not_found` for a contact never sent.
   */
  contactErased(from: CrmSource, contactId: string): Promise<ContactErased>;
  /**
   * The properties the Autopilot holds of these contacts, by id (those it knows and that are not
   * removed): what a CRM app compares with the CRM's to find changes no webhook sends.
   */
  heldProperties(from: CrmSource, contactIds: readonly string[]): Promise<Map<string, ContactProperties>>;
  /**
   * Of these contacts, the one whose active lead was enrolled first (undefined when none has an active
   * lead): the one a CRM app keeps when the CRM merges them.
   */
  firstEnrolledActive(from: CrmSource, contactIds: readonly string[]): Promise<string | undefined>;
}

/** The CRM port; `log` takes the erasures' log lines. */
export function crmPort(pool: Pool, clock: Clock, log?: Pick<Logger, 'info'>): CrmPort {
  return {
    contactsCreated: (from, contacts) => receiveContacts(pool, from, contacts, clock),
    contactPropertiesChanged: (from, contactId, changes, options) => updateContactProperties(pool, from, contactId, changes, clock, options),
    activityLogged: (from, contactId, activity) => logActivity(pool, from, contactId, activity, clock),
    contactRemoved: (from, contactId) => removeContact(pool, from, contactId, clock),
    contactErased: (from, contactId) => eraseContact(pool, from, contactId, clock, { by: 'crm_privacy_deletion', log }),
    heldProperties: (from, contactIds) => heldProperties(pool, from, contactIds),
    firstEnrolledActive: (from, contactIds) => firstEnrolledActive(pool, from, contactIds),
  };
}
