import { createHash } from 'node:crypto';
import type { Client } from '@hubspot/api-client';
import { addJob, type Pool, transaction } from '@prospect-research/engine';
import { LEAD_END_REASONS, LEAD_OUTCOMES } from '@prospect-research/engine/autopilot-contract';
import { type JobStatus, researchStatusSchema } from '@prospect-research/engine/contract';
import { bounded, requestJson } from './hubspotApi.ts';
import { HubSpotError, hubspotError } from './hubspotError.ts';
import { setupJob } from './tasks.ts';

export const PROPERTY_GROUP = { name: 'prospect_research', label: 'Prospect Research', displayOrder: -1 };

export interface OptionDefinition {
  label: string;
  value: string;
  displayOrder: number;
  hidden: boolean;
}

const options = (values: readonly string[]): OptionDefinition[] =>
  values.map((value, index) => ({ label: value.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()), value, displayOrder: index, hidden: false }));

/** The research statuses, from the engine's own answer schema (queued, processing, completed, failed). */
export const RESEARCH_STATUSES: readonly JobStatus[] = researchStatusSchema.anyOf.map((variant) => variant.properties.status.const);

export interface PropertyDefinition {
  name: string;
  label: string;
  type: string;
  fieldType: string;
  description: string;
  groupName: string;
  formField: boolean;
  options?: OptionDefinition[];
}

/**
 * The contact properties the app writes (their values come from the Autopilot). The options of the
 * selects are the engine's own lists (its lead outcomes and end reasons, its research statuses), so a
 * new end reason reaches every portal with the next setup.
 */
export const CONTACT_PROPERTIES: readonly PropertyDefinition[] = [
  { name: 'prospect_research_autopilot', label: 'Autopilot', type: 'string', fieldType: 'text', description: 'The Prospect Research Autopilot this contact is enrolled in.' },
  {
    name: 'prospect_research_outcome',
    label: 'Autopilot outcome',
    type: 'enumeration',
    fieldType: 'select',
    description: "The lead's outcome: Active, Responded, Closed or Failed.",
    options: options(LEAD_OUTCOMES),
  },
  { name: 'prospect_research_end_reason', label: 'Autopilot end reason', type: 'enumeration', fieldType: 'select', description: 'Why the lead ended.', options: options(LEAD_END_REASONS) },
  {
    name: 'prospect_research_research_status',
    label: 'Research status',
    type: 'enumeration',
    fieldType: 'select',
    description: "The contact's research: queued, processing, completed or failed.",
    options: options(RESEARCH_STATUSES),
  },
  { name: 'prospect_research_research_summary', label: 'Research summary', type: 'string', fieldType: 'textarea', description: "The research brief's summary." },
  { name: 'prospect_research_last_touch', label: 'Last Autopilot touch', type: 'datetime', fieldType: 'date', description: 'When the Autopilot last reached out to this contact.' },
].map((property) => ({ ...property, groupName: PROPERTY_GROUP.name, formField: false }));

/**
 * Properties earlier releases created and the app no longer writes: never created again, never
 * archived (a portal's data and its views are its own), but where a portal has one, its label and
 * description say it is not written, so nobody waits for a value.
 */
export const RETIRED_PROPERTIES: readonly Pick<PropertyDefinition, 'name' | 'label' | 'description'>[] = [
  {
    name: 'prospect_research_research_link',
    label: 'Research link (not used)',
    description: 'No longer written by Prospect Research: the research brief is logged as a note on the contact. Safe to archive.',
  },
];

/**
 * What the portal's properties are set up as, in one word: setup records it on the portal, and a portal
 * set up with other definitions (an earlier release's) is set up again, once, without reinstalling.
 */
export const PROPERTIES_VERSION = createHash('sha256').update(JSON.stringify({ PROPERTY_GROUP, CONTACT_PROPERTIES, RETIRED_PROPERTIES })).digest('hex').slice(0, 16);

/** HubSpot's default "Connected" call outcome; portals may relabel it or add outcomes of their own. */
export const CONNECTED_DISPOSITION = 'f240bbac-87c9-4f6e-bf70-924b57d47db7';

interface Disposition {
  id: string;
  label: string;
  deleted?: boolean;
}

/** The ids that mean a call connected: HubSpot's default whatever its label now, and any live outcome labelled "Connected". */
export function connectedDispositions(dispositions: Disposition[]): string[] {
  const ids = new Set([CONNECTED_DISPOSITION]);
  for (const disposition of dispositions) if (!disposition.deleted && disposition.label.trim().toLowerCase() === 'connected') ids.add(disposition.id);
  return [...ids];
}

/** A property as HubSpot answers it, as far as setup compares it. */
interface ExistingProperty {
  name: string;
  label?: string;
  description?: string;
  groupName?: string;
  type?: string;
  options?: { label?: string; value?: string; displayOrder?: number; hidden?: boolean; description?: string }[];
}

async function call<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await bounded(work());
  } catch (error) {
    throw hubspotError(what, error);
  }
}

/** `created`, or `existed` on HubSpot's 409. */
async function createUnlessExists(what: string, work: () => Promise<unknown>): Promise<'created' | 'existed'> {
  try {
    await call(what, work);
    return 'created';
  } catch (error) {
    if (error instanceof HubSpotError && error.status === 409) return 'existed';
    throw error;
  }
}

/**
 * What a property of ours needs changed, or undefined when it is as we define it: its label,
 * description and group, and its options: ours with our labels and order, followed by any the portal
 * added itself (kept: removing an option would orphan the contacts holding it).
 */
export function propertyUpdate(wanted: PropertyDefinition, existing: ExistingProperty): Record<string, unknown> | undefined {
  const update: Record<string, unknown> = {};
  if (existing.label !== wanted.label) update.label = wanted.label;
  if (existing.description !== wanted.description) update.description = wanted.description;
  if (existing.groupName !== wanted.groupName) update.groupName = wanted.groupName;
  if (wanted.options) {
    const have = existing.options ?? [];
    const ours = new Set(wanted.options.map((option) => option.value));
    const same = wanted.options.every((option) => {
      const found = have.find((other) => other.value === option.value);
      return found !== undefined && found.label === option.label && found.displayOrder === option.displayOrder && found.hidden !== true;
    });
    if (!same) {
      const theirs = have
        .filter((option) => typeof option.value === 'string' && !ours.has(option.value))
        .map((option, index) => ({
          label: option.label ?? option.value!,
          value: option.value!,
          displayOrder: wanted.options!.length + index,
          hidden: option.hidden ?? false,
          ...(option.description ? { description: option.description } : {}),
        }));
      update.options = [...wanted.options, ...theirs];
    }
  }
  return Object.keys(update).length > 0 ? update : undefined;
}

export interface SetupResult {
  created: string[];
  updated: string[];
  /** Properties of ours that HubSpot holds with another type: left as they are (HubSpot cannot change a type with data in it). */
  conflicting: string[];
  connected: string[];
}

/**
 * Brings the portal's property group and properties in step with ours, in as few requests as it can:
 * one batch read of our properties (and the retired ones); the group and any property missing created
 * (a 409 means another run created it meanwhile: it is then compared as if read); each property whose
 * label, description, group or options differ updated (`PATCH /crm/v3/properties/contacts/{name}`);
 * a retired property the portal still has relabelled as not used. Then stores the portal's call
 * dispositions and the version of the definitions it now has. Run by the `hubspot_setup_portal` job:
 * on install, and once for a portal set up by an earlier release (queuePortalSetups).
 */
export async function setUpPortal(pool: Pool, client: Client, portalId: number, now: Date): Promise<SetupResult> {
  const result: SetupResult = { created: [], updated: [], conflicting: [], connected: [] };
  const names = [...CONTACT_PROPERTIES, ...RETIRED_PROPERTIES].map((property) => property.name);
  const read = await call('properties batch read', () => client.crm.properties.batchApi.read('contacts', { archived: false, inputs: names.map((name) => ({ name })) }));
  if (!Array.isArray(read?.results)) throw new HubSpotError('properties batch read', 200, read);
  const existing = new Map<string, ExistingProperty>((read.results as ExistingProperty[]).map((property) => [property.name, property]));
  const missing = CONTACT_PROPERTIES.filter((property) => !existing.has(property.name));
  if (missing.length > 0) {
    if ((await createUnlessExists('property group', () => client.crm.properties.groupsApi.create('contacts', PROPERTY_GROUP))) === 'created') result.created.push(PROPERTY_GROUP.name);
    for (const property of missing) {
      if ((await createUnlessExists(`property ${property.name}`, () => client.crm.properties.coreApi.create('contacts', property as never))) === 'created') result.created.push(property.name);
      else existing.set(property.name, await call(`property ${property.name}`, () => client.crm.properties.coreApi.getByName('contacts', property.name)));
    }
  }
  for (const property of CONTACT_PROPERTIES) {
    const found = existing.get(property.name);
    if (!found || result.created.includes(property.name)) continue;
    if (found.type !== undefined && found.type !== property.type) {
      result.conflicting.push(property.name);
      continue;
    }
    const update = propertyUpdate(property, found);
    if (!update) continue;
    await call(`property ${property.name} update`, () => client.crm.properties.coreApi.update('contacts', property.name, update as never));
    result.updated.push(property.name);
  }
  for (const retired of RETIRED_PROPERTIES) {
    const found = existing.get(retired.name);
    if (!found || (found.label === retired.label && found.description === retired.description)) continue;
    await call(`property ${retired.name} update`, () => client.crm.properties.coreApi.update('contacts', retired.name, { label: retired.label, description: retired.description }));
    result.updated.push(retired.name);
  }
  const answer = await requestJson(client, 'call dispositions', 'GET', '/calling/v1/dispositions');
  if (!Array.isArray(answer)) throw new HubSpotError('call dispositions', 200, answer);
  const dispositions = answer.filter((item): item is Disposition => typeof item?.id === 'string' && typeof item?.label === 'string');
  result.connected = connectedDispositions(dispositions);
  await pool.query('UPDATE hubspot_portals SET setup_at = $2, dispositions = $3, connected_dispositions = $4, properties_version = $5 WHERE portal_id = $1', [
    portalId,
    now,
    JSON.stringify(dispositions.map(({ id, label, deleted }) => ({ id, label, deleted: deleted ?? false }))),
    result.connected,
    PROPERTIES_VERSION,
  ]);
  return result;
}

/**
 * Queues the setup of every portal with tokens (connected, or waiting to be claimed) set up with other
 * property definitions than these (an earlier release's, or never), once per version: the version
 * queued is recorded with the job, so a setup that keeps failing is not queued again and again
 * (installing again, or `prospect-engine hubspot setup --portal P`, queues it anew: queuePortalSetup).
 * Answers the portals queued.
 */
export async function queuePortalSetups(pool: Pool): Promise<number[]> {
  return transaction(pool, async (client) => {
    const { rows } = await client.query<{ portal_id: string }>(
      `UPDATE hubspot_portals SET setup_queued_version = $1
       WHERE state IN ('connected', 'unclaimed') AND properties_version IS DISTINCT FROM $1 AND setup_queued_version IS DISTINCT FROM $1
       RETURNING portal_id`,
      [PROPERTIES_VERSION],
    );
    const portals = rows.map((row) => Number(row.portal_id)).sort((a, b) => a - b);
    for (const portalId of portals) await addJob(client, 'hubspot_setup_portal', { portalId }, setupJob(portalId));
    return portals;
  });
}

/** Queues one portal's setup now, whatever version it has (`prospect-engine hubspot setup`); false when it has no tokens (disconnected, never installed). */
export async function queuePortalSetup(pool: Pool, portalId: number): Promise<boolean> {
  return transaction(pool, async (client) => {
    const { rowCount } = await client.query(`UPDATE hubspot_portals SET setup_queued_version = $2 WHERE portal_id = $1 AND state IN ('connected', 'unclaimed')`, [portalId, PROPERTIES_VERSION]);
    if (!rowCount) return false;
    await addJob(client, 'hubspot_setup_portal', { portalId }, setupJob(portalId));
    return true;
  });
}
