import { type Pool, type PoolClient, transaction } from '../../platform/database/database.ts';
import { AppError } from '../../platform/errors.ts';
import { type Clock, isoWithOffset } from '../../platform/time.ts';
import { parseEmail } from '../../research/index.ts';
import { documentRefusal, pointer, type Problem, problemLines, type Problems, storable } from '../../platform/validation/index.ts';
import {
  type ContactBatch,
  type ContactProperties,
  type ContactState,
  type ContactsAccepted,
  type PropertiesAccepted,
  CONTACT_ID_MAX_LENGTH,
  MAX_CONTACTS_PER_REQUEST,
  ONE_LINE,
} from '../contract.ts';
import { propertyOf } from '../filter/contactValue.ts';
import { stopOnPropertyChange } from '../outcomes/propertyStop.ts';
import { wakeRouting } from './routingJob.ts';
import { API_SOURCE, type CrmSource } from './source.ts';

/** A new contact as a CRM hands it over. */
export interface NewContact {
  /** The CRM's id (at most 100 characters, one line). */
  id: string;
  /** When the CRM created it. */
  createdAt: Date;
  properties: ContactProperties;
}

/** The address research would take from a contact's properties (`email`, found whatever its case). */
export function emailOf(properties: ContactProperties): string | null {
  return parseEmail(propertyOf(properties, 'email')) ?? null;
}

/**
 * How the body of `POST /autopilot/contacts` is refused: `{"contacts": [{id, created_at, properties}]}`,
 * 1 to 100 of them; a body with any problem is refused whole, every problem in words (`invalid_contacts`).
 */
export const contactBatchRefusal = documentRefusal(
  {
    absent: `The request has no body: send {"contacts": [...]}, 1 to ${MAX_CONTACTS_PER_REQUEST} contacts, as JSON`,
    notObject: `Contacts are sent as {"contacts": [...]}, 1 to ${MAX_CONTACTS_PER_REQUEST} of them, each {"id", "created_at", "properties"}`,
  },
  (problems) => invalidContacts('invalid_contacts', 'The contacts were not taken:', problems),
  (value, problems) => checkInstants(value as ContactBatch, problems),
);

/** The new contacts a checked batch (`contactBatchRefusal`) holds. */
export function contactsOf(batch: ContactBatch): NewContact[] {
  return batch.contacts.map((contact) => ({ id: contact.id, createdAt: new Date(contact.created_at), properties: contact.properties }));
}

/** How far ahead of the engine's clock a contact's `created_at` may be: the two clocks' skew, no more. */
export const CREATED_AT_SKEW_MS = 5 * 60_000;

/**
 * Contacts of a batch created in the future, beyond the clocks' skew (CREATED_AT_SKEW_MS), refused
 * whole as `invalid_contacts` with each in words: such a date is a mistake (a time zone taken for UTC,
 * milliseconds for seconds), and taken as given it would let Autopilots switched on before it act on
 * a contact that arrived before them.
 */
export function refuseFutureContacts(contacts: readonly NewContact[], now: Date): void {
  const latest = now.getTime() + CREATED_AT_SKEW_MS;
  const problems: Problem[] = contacts.flatMap((contact, index) =>
    contact.createdAt.getTime() > latest
      ? [
          {
            severity: 'error' as const,
            path: pointer('contacts', index, 'created_at'),
            message: `Contact ${index + 1}: "created_at" (${isoWithOffset(contact.createdAt)}) is in the future: more than 5 minutes after the engine's clock (${isoWithOffset(now)}); send when the CRM created it`,
          },
        ]
      : [],
  );
  if (problems.length > 0) throw invalidContacts('invalid_contacts', 'The contacts were not taken:', problems);
}

/** Dates the pattern lets through but the calendar does not have (`2030-02-30`, `25:00`). */
function checkInstants(batch: ContactBatch, problems: Problems): void {
  batch.contacts.forEach((contact, index) => {
    const [year, month, day] = contact.created_at.slice(0, 10).split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    if (Number.isNaN(Date.parse(contact.created_at)) || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
      problems.error(pointer('contacts', index, 'created_at'), `Contact ${index + 1}: "created_at" is not a time that exists: ${JSON.stringify(contact.created_at)}`);
    }
  });
}

function invalidContacts(code: 'invalid_contacts' | 'invalid_properties', title: string, problems: Problem[]): AppError {
  return new AppError(code, { problems }, [title, ...problemLines(problems)].join('\n'));
}

/**
 * Stores new contacts for routing (one statement), then wakes the account's routing (only when some
 * are new). A contact the account sent before (or twice in this batch) is known: it changes nothing,
 * so a CRM that sends one twice, or retries, never routes or charges it twice. Each contact is answered
 * in the batch's order with whether it was new and where routing has put it so far.
 */
export async function receiveContacts(pool: Pool, { accountId, source }: CrmSource, contacts: NewContact[], clock: Clock): Promise<ContactsAccepted> {
  const now = clock.now();
  const inserted = await pool.query<{ contact_id: string }>(
    `INSERT INTO autopilot_contacts (account_id, source, contact_id, properties, email, created_at, received_at, next_check_at)
       SELECT $1, $4, c.id, c.properties, c.email, c.created_at, $3, $3
       FROM jsonb_to_recordset($2::jsonb) AS c (id text, properties jsonb, email text, created_at timestamptz)
       ON CONFLICT (account_id, source, contact_id) DO NOTHING
       RETURNING contact_id`,
    [accountId, JSON.stringify(contacts.map((contact) => ({ id: contact.id, properties: contact.properties, email: emailOf(contact.properties), created_at: contact.createdAt }))), now, source],
  );
  if (inserted.rows.length > 0) await wakeRouting(pool, accountId);
  const { rows } = await pool.query<{ contact_id: string; state: ContactState }>(
    'SELECT contact_id, state FROM autopilot_contacts WHERE account_id = $1 AND source = $2 AND contact_id = ANY($3::text[])',
    [accountId, source, contacts.map((contact) => contact.id)],
  );
  const added = new Set(inserted.rows.map((row) => row.contact_id));
  const states = new Map(rows.map((row) => [row.contact_id, row.state]));
  // Of two with one id in the batch, the first is the one taken.
  const answered = contacts.map((contact) => {
    const status = added.delete(contact.id) ? ('new' as const) : ('known' as const);
    return { id: contact.id, status, state: states.get(contact.id) ?? ('received' as const) };
  });
  const fresh = answered.filter((contact) => contact.status === 'new').length;
  return { received: contacts.length, new: fresh, known: contacts.length - fresh, contacts: answered };
}

/** How the body of `POST /autopilot/contacts/{id}/properties` is refused: `{"properties": {...}}`, the changed ones (`invalid_properties`). */
export const propertyUpdateRefusal = documentRefusal(
  {
    absent: 'The request has no body: send {"properties": {"name": "new value"}} as JSON',
    notObject: 'Property changes are sent as {"properties": {"name": "new value"}}',
  },
  (problems) => invalidContacts('invalid_properties', 'The property changes were not taken:', problems),
);

/** Whether `id` could be a contact's: one line of 1 to 100 characters PostgreSQL can store (others name nothing). */
export function isPossibleContactId(id: string): boolean {
  return id.length >= 1 && id.length <= CONTACT_ID_MAX_LENGTH && storable(id) && ONE_LINE_TEXT.test(id);
}

const ONE_LINE_TEXT = new RegExp(ONE_LINE, 'u');

export function contactNotFound(contactId: string, source = API_SOURCE): AppError {
  const where = source === API_SOURCE ? 'this account (a CRM sends it with POST /autopilot/contacts first)' : `this account's source ${source}`;
  return new AppError('contact_not_found', {}, `no contact ${JSON.stringify(contactId)} in ${where}`);
}

/** Whether the source's contact of this id was erased (erasure/eraseContact.ts). */
async function isErased(client: PoolClient, { accountId, source }: CrmSource, contactId: string): Promise<boolean> {
  const { rows } = await client.query('SELECT 1 FROM autopilot_contacts WHERE account_id = $1 AND source = $2 AND contact_id = $3 AND erased_at IS NOT NULL', [accountId, source, contactId]);
  return rows.length > 0;
}

/** An erased contact takes nothing more: to a CRM it is as gone as one never sent (`contact_not_found`), and the message says why. */
function contactErased(contactId: string, source: string): AppError {
  return new AppError('contact_not_found', {}, `contact ${JSON.stringify(contactId)} of the source ${source} was erased: nothing about it is kept, and nothing more is taken`);
}

/** How a CRM port's property change is taken (crmPort.ts). */
export interface PropertyChangeOptions {
  /** Properties of the change read for the first time for this contact: stored, never a stop (nothing says they changed). Any case. */
  firstRead?: readonly string[];
}

/**
 * Merges changed properties into a contact. One still being routed (received or waiting) is looked at
 * again at once: a change may make it match, or give it the address it lacked. A decided one keeps its
 * place; its active lead ends when a stop condition's property changed (outcomes/propertyStop.ts), but
 * not for a property the CRM read for the first time (`options.firstRead`). An erased contact takes no
 * property (`contact_not_found`, saying it was erased).
 */

export async function updateContactProperties(
  pool: Pool,
  from: CrmSource,
  contactId: string,
  changes: ContactProperties,
  clock: Clock,
  options: PropertyChangeOptions = {},
): Promise<PropertiesAccepted> {
  const { accountId, source } = from;
  const now = clock.now();
  if (!isPossibleContactId(contactId)) throw contactNotFound(contactId, source);
  const emailKey = Object.keys(changes).find((key) => key.toLowerCase() === 'email');
  const accepted = await transaction(pool, async (client) => {
    // `before`: the properties as they were (the CTE's snapshot), for the property-change stop.
    const { rows } = await client.query<{ state: ContactState; before: ContactProperties }>(
      `WITH old AS (SELECT properties FROM autopilot_contacts WHERE account_id = $1 AND source = $7 AND contact_id = $2 AND erased_at IS NULL FOR UPDATE)
       UPDATE autopilot_contacts c SET properties = c.properties || $3::jsonb,
         email = CASE WHEN $4 THEN $5 ELSE c.email END,
         next_check_at = CASE WHEN c.state IN ('received', 'waiting') THEN least(c.next_check_at, $6) END
       FROM old WHERE c.account_id = $1 AND c.source = $7 AND c.contact_id = $2 RETURNING c.state, old.properties AS before`,
      [accountId, contactId, JSON.stringify(changes), emailKey !== undefined, emailKey === undefined ? null : emailOf({ email: changes[emailKey]! }), now, source],
    );
    const state = rows[0]?.state;
    if (state === undefined) throw (await isErased(client, from, contactId)) ? contactErased(contactId, source) : contactNotFound(contactId, source);
    const rechecked = state === 'received' || state === 'waiting';
    const firstRead = new Set((options.firstRead ?? []).map((name) => name.toLowerCase()));
    const stopping = firstRead.size === 0 ? changes : Object.fromEntries(Object.entries(changes).filter(([name]) => !firstRead.has(name.toLowerCase())));
    const endedLead = state === 'enrolled' ? await stopOnPropertyChange(client, from, contactId, rows[0]!.before, stopping, now) : undefined;
    return { id: contactId, source, state, rechecked, ...(endedLead ? { ended_lead: endedLead } : {}) };
  });
  if (accepted.rechecked) await wakeRouting(pool, accountId);
  return accepted;
}
