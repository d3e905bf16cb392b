import type { Client } from '@hubspot/api-client';
import { addJob, AppError, type Clock, type CrmPort, type CrmSource, type Logger, type NewContact, type Pool, readRoutingTable } from '@prospect-research/engine';
import { CALL_OUTCOME_PROPERTY, engagementKind, type EngagementKind } from '../activities/engagements.ts';
import { type EngagementOutcome, logEngagement } from '../activities/logEngagement.ts';
import { engagementKey, type LoggedEngagement, readEngagements } from '../activities/readEngagements.ts';
import { bounded } from '../hubspotApi.ts';
import { hubspotError } from '../hubspotError.ts';
import { portalSource } from '../portalSource.ts';
import { sweptProperties } from '../sweep/sweepContacts.ts';
import { eventsJob } from '../tasks.ts';
import { eraseWorkflowResearch } from '../workflowActions/erasure.ts';

/** Contacts read per batch-read request (HubSpot's most). */
export const BATCH_READ_SIZE = 100;
/** Events taken from the store per round. */
const ROUND = 500;

/** What every new contact is read with, beside the properties the account's Autopilots' rules name. */
export const DEFAULT_PROPERTIES = [
  'email',
  'firstname',
  'lastname',
  'company',
  'jobtitle',
  'phone',
  'mobilephone',
  'country',
  'state',
  'city',
  'website',
  'industry',
  'numberofemployees',
  'annualrevenue',
  'lifecyclestage',
  'hs_lead_status',
  'hubspot_owner_id',
  'hs_language',
  'createdate',
];

interface StoredEvent {
  event_id: string;
  subscription_type: string;
  object_id: string;
  property_name: string | null;
  property_value: string | null;
  occurred_at: Date;
  event: Record<string, unknown>;
}

export interface EventsDependencies {
  pool: Pool;
  port: CrmPort;
  clock: Clock;
  log: Logger;
  /** The portal's API client (its access token refreshed as needed). */
  client(portalId: number): Promise<Client>;
}

/** The subscription types processing acts on; events of other types are stored and marked ignored. */
export const CREATION = new Set(['contact.creation', 'object.creation']);
export const PROPERTY_CHANGE = new Set(['contact.propertyChange', 'object.propertyChange']);
export const DELETION = new Set(['contact.deletion', 'object.deletion']);
/** A privacy deletion (GDPR): the contact is removed as by a deletion, and everything personal about it erased. */
export const PRIVACY_DELETION = new Set(['contact.privacyDeletion']);
export const MERGE = new Set(['contact.merge', 'object.merge']);

/** What became of each event, stored beside it (`hubspot_events.outcome`). */
type Outcome =
  | 'taken'
  | 'known'
  | 'not_found'
  | 'stale'
  | 'unknown_contact'
  | 'lead_closed'
  | 'withdrawn'
  | 'no_active_lead'
  | 'merged'
  | 'erased'
  | 'ignored'
  | 'portal_disconnected'
  | EngagementOutcome;

/**
 * Processes a portal's stored events in the order they occurred (`occurredAt`, then eventId), never of
 * arrival. New contacts are read from HubSpot 100 at a time and handed to the CRM port; property
 * changes follow them, a change older than one already applied to the same property being stale;
 * deletions and merges end the leads they leave without a contact; calls, meetings and e-mails logged
 * on contacts are read 100 at a time and handed to the CRM port as activities (a connected call, a
 * meeting booked, a reply: a win). A HubSpot failure fails the job
 * before anything of the round is marked done: graphile-worker runs it again with its backoff. When the
 * worker shuts down (`signal`), the job stops between two events and queues itself again for the rest.
 */
export async function processEvents(deps: EventsDependencies, portalId: number, signal?: AbortSignal): Promise<Record<string, number>> {
  const { pool, clock } = deps;
  const counts: Record<string, number> = {};
  const portal = (
    await pool.query<{ account_id: string; state: string; connected_dispositions: string[] }>('SELECT account_id, state, connected_dispositions FROM hubspot_portals WHERE portal_id = $1', [portalId])
  ).rows[0];
  if (!portal || portal.state !== 'connected') {
    // A privacy deletion is the law's, not the portal's: its contact is erased even when the portal went away meanwhile.
    if (portal) Object.assign(counts, await erasePending(deps, portalId, portalSource(Number(portal.account_id), portalId)));
    const { rowCount } = await pool.query(`UPDATE hubspot_events SET processed_at = $2, outcome = 'portal_disconnected' WHERE portal_id = $1 AND processed_at IS NULL`, [portalId, clock.now()]);
    counts.portal_disconnected = rowCount ?? 0;
    return counts;
  }
  const from = portalSource(Number(portal.account_id), portalId);
  const engagementContext = { pool, port: deps.port, portalId, from, connectedDispositions: portal.connected_dispositions };
  const handBack = async () => {
    await addJob(pool, 'hubspot_process_events', { portalId }, eventsJob(portalId));
    return counts;
  };
  for (;;) {
    if (signal?.aborted) return handBack();
    const { rows: events } = await pool.query<StoredEvent>(
      `SELECT event_id::text, subscription_type, object_id::text, property_name, property_value, occurred_at, event FROM hubspot_events
       WHERE portal_id = $1 AND processed_at IS NULL ORDER BY occurred_at, event_id LIMIT ${ROUND}`,
      [portalId],
    );
    if (events.length === 0) return counts;
    const outcomes = new Map<string, Outcome>();
    const creations = events.filter((event) => CREATION.has(event.subscription_type) && isContact(event));
    if (creations.length > 0) {
      for (const [id, outcome] of await takeNewContacts(deps, portalId, from, [...new Set(creations.map((event) => event.object_id))])) {
        for (const event of creations) if (event.object_id === id) outcomes.set(event.event_id, outcome);
      }
    }
    await mark(pool, portalId, [...outcomes], clock.now());
    // Read before the loop, 100 at a time; applied in the loop, in the order they occurred among the other events.
    const engagements = await readEngagementsOf(deps, portalId, events);
    for (const event of events) {
      if (outcomes.has(event.event_id)) continue;
      if (signal?.aborted) return handBack();
      let outcome: Outcome = 'ignored';
      const kind = engagementOf(event);
      if (kind) outcome = await logEngagement(engagementContext, kind, engagements.get(engagementKey(kind, event.object_id)));
      else if (!isContact(event)) outcome = 'ignored';
      else if (PROPERTY_CHANGE.has(event.subscription_type)) outcome = await changeProperty(deps, portalId, from, event);
      else if (DELETION.has(event.subscription_type)) outcome = await remove(deps.port, from, event.object_id);
      else if (PRIVACY_DELETION.has(event.subscription_type)) outcome = await erase(deps, portalId, from, event.object_id);
      else if (MERGE.has(event.subscription_type)) outcome = await merge(deps, portalId, from, event);
      outcomes.set(event.event_id, outcome);
      // Marked one by one: a later change of the same property checks its staleness against this one.
      await mark(pool, portalId, [[event.event_id, outcome]], clock.now());
    }
    for (const outcome of outcomes.values()) counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
}

/** Legacy subscriptions name the object in their type (contact.*); the new ones carry objectTypeId 0-1 for contacts. */
function isContact(event: StoredEvent): boolean {
  if (event.subscription_type.startsWith('contact.')) return true;
  const type = event.event.objectTypeId;
  return type === '0-1' || type === 'contact';
}

/** The engagement an event is about when it is a creation of a call, meeting or e-mail, or a call's outcome set later. */
function engagementOf(event: StoredEvent): EngagementKind | undefined {
  const kind = engagementKind(event.event.objectTypeId);
  if (!kind) return undefined;
  if (CREATION.has(event.subscription_type)) return kind;
  if (kind === 'calls' && PROPERTY_CHANGE.has(event.subscription_type) && event.property_name === CALL_OUTCOME_PROPERTY) return kind;
  return undefined;
}

async function readEngagementsOf(deps: EventsDependencies, portalId: number, events: StoredEvent[]): Promise<Map<string, LoggedEngagement>> {
  const wanted = new Map<EngagementKind, string[]>();
  for (const event of events) {
    const kind = engagementOf(event);
    if (kind) wanted.set(kind, [...(wanted.get(kind) ?? []), event.object_id]);
  }
  if (wanted.size === 0) return new Map();
  return readEngagements(await deps.client(portalId), wanted);
}

async function mark(pool: Pool, portalId: number, outcomes: [string, Outcome][], now: Date): Promise<void> {
  if (outcomes.length === 0) return;
  await pool.query(
    `UPDATE hubspot_events e SET processed_at = $2, outcome = o.outcome
     FROM unnest($3::bigint[], $4::text[]) AS o (event_id, outcome)
     WHERE e.portal_id = $1 AND e.event_id = o.event_id`,
    [portalId, now, outcomes.map(([id]) => id), outcomes.map(([, outcome]) => outcome)],
  );
}

/**
 * The properties to read: the defaults, every property an enabled Autopilot's rules name, and those the
 * sweep watches (`swept`: stop and rule properties no webhook sends), which a contact then holds even
 * when empty (null), so that the sweep tells their first value from a change.
 */
async function propertiesToRead(pool: Pool, accountId: number): Promise<{ all: string[]; swept: string[] }> {
  const table = await readRoutingTable(pool, accountId);
  const swept = await sweptProperties(pool, accountId);
  return { all: [...new Set([...DEFAULT_PROPERTIES, ...table.autopilots.flatMap((autopilot) => autopilot.filter.rules.map((rule) => rule.property)), ...swept])], swept };
}

async function takeNewContacts(deps: EventsDependencies, portalId: number, from: CrmSource, ids: string[]): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  const { all: properties, swept } = await propertiesToRead(deps.pool, from.accountId);
  const client = await deps.client(portalId);
  for (let start = 0; start < ids.length; start += BATCH_READ_SIZE) {
    const chunk = ids.slice(start, start + BATCH_READ_SIZE);
    let answer;
    try {
      answer = await bounded(client.crm.contacts.batchApi.read({ inputs: chunk.map((id) => ({ id })), properties, propertiesWithHistory: [] }, false));
    } catch (error) {
      throw hubspotError('contacts batch read', error);
    }
    const contacts: NewContact[] = answer.results.map((contact) => ({
      id: contact.id,
      createdAt: contact.createdAt,
      properties: {
        ...Object.fromEntries(swept.map((name) => [name, null])),
        ...Object.fromEntries(Object.entries(contact.properties).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
      },
    }));
    if (contacts.length > 0) {
      const { received, new: added, known } = await deps.port.contactsCreated(from, contacts);
      deps.log.info({ portalId, accountId: from.accountId, received, new: added, known }, 'HubSpot contacts taken');
    }
    const found = new Set(contacts.map((contact) => contact.id));
    for (const id of chunk) outcomes.set(id, found.has(id) ? 'taken' : 'not_found');
  }
  return outcomes;
}

async function changeProperty(deps: EventsDependencies, portalId: number, from: CrmSource, event: StoredEvent): Promise<Outcome> {
  if (!event.property_name) return 'ignored';
  const { rows } = await deps.pool.query(
    `SELECT 1 FROM hubspot_events WHERE portal_id = $1 AND object_id = $2 AND property_name = $3 AND processed_at IS NOT NULL AND occurred_at > $4
       AND outcome = 'taken' LIMIT 1`,
    [portalId, event.object_id, event.property_name, event.occurred_at],
  );
  if (rows.length > 0) return 'stale';
  try {
    await deps.port.contactPropertiesChanged(from, event.object_id, { [event.property_name]: event.property_value ?? '' });
    return 'taken';
  } catch (error) {
    if (error instanceof AppError && error.code === 'contact_not_found') return 'unknown_contact';
    throw error;
  }
}

/** A contact deleted in HubSpot: withdrawn from routing, or its active lead closed (`closed_manually`: someone removed it in HubSpot). */
async function remove(port: CrmPort, from: CrmSource, contactId: string): Promise<Outcome> {
  try {
    const removed = await port.contactRemoved(from, contactId);
    return removed.closed_lead !== null ? 'lead_closed' : removed.withdrawn ? 'withdrawn' : 'no_active_lead';
  } catch (error) {
    if (error instanceof AppError && error.code === 'contact_not_found') return 'unknown_contact';
    throw error;
  }
}

/**
 * A contact deleted in HubSpot for privacy (GDPR): removed as a deletion removes it, and everything the
 * engine and this app hold about the person erased (the CRM port's `contactErased`; the app's own
 * copies, its webhook events' values and what writeback wrote, go in the same transaction by the
 * trigger of migration 0007). The research note the app logged on the contact goes with it in HubSpot:
 * a permanent deletion deletes the activities associated with the contact alone, and the note is
 * associated with it alone. A contact the Autopilot never took may still have been researched by a
 * workflow action: that research and the action's kept answers are erased (workflowActions/erasure.ts).
 * `erased`; `unknown_contact` for one the app holds nothing of.
 */
async function erase(deps: Pick<EventsDependencies, 'port' | 'pool' | 'clock' | 'log'>, portalId: number, from: CrmSource, contactId: string): Promise<Outcome> {
  try {
    // The port logs it (`contact erased`, by crm_privacy_deletion, with the counts) and records it in the erasure log.
    await deps.port.contactErased(from, contactId);
    return 'erased';
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'contact_not_found')) throw error;
    const executions = await eraseWorkflowResearch(deps.pool, portalId, contactId, deps.clock.now());
    if (executions === 0) return 'unknown_contact';
    deps.log.info({ portalId, executions, by: 'crm_privacy_deletion' }, "a workflow action's research of a contact erased");
    return 'erased';
  }
}

/** The pending privacy deletions of a portal no longer connected: each contact erased and its event marked. */
async function erasePending(deps: EventsDependencies, portalId: number, from: CrmSource): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const { rows } = await deps.pool.query<{ event_id: string; object_id: string }>(
    `SELECT event_id::text, object_id::text FROM hubspot_events WHERE portal_id = $1 AND processed_at IS NULL AND subscription_type = ANY($2::text[]) ORDER BY occurred_at, event_id`,
    [portalId, [...PRIVACY_DELETION]],
  );
  for (const row of rows) {
    const outcome = await erase(deps, portalId, from, row.object_id);
    await mark(deps.pool, portalId, [[row.event_id, outcome]], deps.clock.now());
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  return counts;
}

/**
 * Contacts merged in HubSpot: one contact remains. The merged-away ids are recorded as naming it. Of
 * the active leads among them all, the one enrolled first stays (else the remaining contact); every
 * other of these contacts is removed, so a merged contact keeps one lead and is not routed twice.
 */
async function merge({ pool, port, clock }: EventsDependencies, portalId: number, from: CrmSource, event: StoredEvent): Promise<Outcome> {
  const number = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : undefined);
  const survivor = number(event.event.newObjectId) ?? number(event.event.primaryObjectId) ?? event.object_id;
  const merged = (Array.isArray(event.event.mergedObjectIds) ? event.event.mergedObjectIds : []).map(number).filter((id): id is string => id !== undefined && id !== survivor);
  if (merged.length === 0) return 'ignored';
  await pool.query(
    `INSERT INTO hubspot_merged_contacts (portal_id, merged_id, primary_id, merged_at) SELECT $1, unnest($2::bigint[]), $3, $4
     ON CONFLICT (portal_id, merged_id) DO UPDATE SET primary_id = excluded.primary_id, merged_at = excluded.merged_at`,
    [portalId, merged, survivor, clock.now()],
  );
  const keeper = (await port.firstEnrolledActive(from, [survivor, ...merged])) ?? survivor;
  for (const contactId of [survivor, ...merged]) if (contactId !== keeper) await remove(port, from, contactId);
  return 'merged';
}
