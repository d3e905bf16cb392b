import type { Client } from '@hubspot/api-client';
import type { Pool } from '@prospect-research/engine';
import { bounded, HubSpotError, hubspotError, requestJson } from './hubspotApi.ts';

export const PROPERTY_GROUP = { name: 'prospect_research', label: 'Prospect Research', displayOrder: -1 };

const options = (values: readonly string[]) => values.map((value, index) => ({ label: value.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()), value, displayOrder: index }));

export const END_REASONS = [
  'replied', 'call_connected', 'meeting_booked', 'invite_accepted', 'property_changed', 'unsubscribed',
  'closed_manually', 'sequence_ended', 'no_reachable_channel', 'fell_behind', 'domain_excluded', 'autopilot_archived',
] as const;

/** The contact properties the app writes (their values come from the Autopilot); `hasUniqueValue` false, read-only for people in spirit. */
export const CONTACT_PROPERTIES = [
  { name: 'prospect_research_autopilot', label: 'Autopilot', type: 'string', fieldType: 'text', description: 'The Prospect Research Autopilot this contact is enrolled in.' },
  { name: 'prospect_research_outcome', label: 'Autopilot outcome', type: 'enumeration', fieldType: 'select', description: "The lead's outcome: Active, Responded, Closed or Failed.", options: options(['Active', 'Responded', 'Closed', 'Failed']) },
  { name: 'prospect_research_end_reason', label: 'Autopilot end reason', type: 'enumeration', fieldType: 'select', description: 'Why the lead ended.', options: options(END_REASONS) },
  { name: 'prospect_research_research_status', label: 'Research status', type: 'enumeration', fieldType: 'select', description: "The contact's research: queued, processing, completed or failed.", options: options(['queued', 'processing', 'completed', 'failed']) },
  { name: 'prospect_research_research_summary', label: 'Research summary', type: 'string', fieldType: 'textarea', description: "The research brief's summary." },
  { name: 'prospect_research_research_link', label: 'Research link', type: 'string', fieldType: 'text', description: 'Where the whole research brief is read.' },
  { name: 'prospect_research_last_touch', label: 'Last Autopilot touch', type: 'datetime', fieldType: 'date', description: 'When the Autopilot last reached out to this contact.' },
].map((property) => ({ ...property, groupName: PROPERTY_GROUP.name, formField: false }));

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

async function createUnlessExists(what: string, work: () => Promise<unknown>): Promise<'created' | 'existed'> {
  try {
    await bounded(work());
    return 'created';
  } catch (error) {
    const failure = hubspotError(what, error);
    if (failure.status === 409) return 'existed';
    throw failure;
  }
}

/**
 * Makes sure the portal has our property group and properties (a 409 means it has them: installing
 * again changes nothing) and stores its call dispositions. Run by the `hubspot_setup_portal` job.
 */
export async function setUpPortal(pool: Pool, client: Client, portalId: number, now: Date): Promise<{ created: string[]; connected: string[] }> {
  const created: string[] = [];
  if ((await createUnlessExists('property group', () => client.crm.properties.groupsApi.create('contacts', PROPERTY_GROUP))) === 'created') created.push(PROPERTY_GROUP.name);
  for (const property of CONTACT_PROPERTIES) {
    if ((await createUnlessExists(`property ${property.name}`, () => client.crm.properties.coreApi.create('contacts', property as never))) === 'created') created.push(property.name);
  }
  const answer = await requestJson(client, 'call dispositions', 'GET', '/calling/v1/dispositions');
  if (!Array.isArray(answer)) throw new HubSpotError('call dispositions', 200, answer);
  const dispositions = answer.filter((item): item is Disposition => typeof item?.id === 'string' && typeof item?.label === 'string');
  const connected = connectedDispositions(dispositions);
  await pool.query('UPDATE hubspot_portals SET setup_at = $2, dispositions = $3, connected_dispositions = $4 WHERE portal_id = $1', [
    portalId,
    now,
    JSON.stringify(dispositions.map(({ id, label, deleted }) => ({ id, label, deleted: deleted ?? false }))),
    connected,
  ]);
  return { created, connected };
}
