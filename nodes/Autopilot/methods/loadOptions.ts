import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { apiRequest } from '../../shared/transport';

interface PropertyUsed {
  property: string;
  autopilots: string[];
  used_in: string[];
}

interface PropertySeen {
  property: string;
  contacts: number;
  examples: string[];
}

const USES: Record<string, string> = { filter: 'filter', stop_condition: 'stop condition' };

/** "Read by EMEA SaaS and Germany (filter, stop condition)". */
function readBy({ autopilots, used_in }: PropertyUsed): string {
  const names = autopilots.length <= 1 ? (autopilots[0] ?? '') : `${autopilots.slice(0, -1).join(', ')} and ${autopilots.at(-1)}`;
  return `Read by ${names} (${used_in.map((use) => USES[use] ?? use).join(', ')})`;
}

/** "On 118 of the last 120 contacts, such as Germany, France". */
function seenOn({ contacts, examples }: PropertySeen, checked: number): string {
  const such = examples.length > 0 ? `, such as ${examples.join(', ')}` : '';
  return `On ${contacts} of the last ${checked} contacts${such}`;
}

/**
 * The Properties dropdown: first the properties the account's live Autopilots read (their filters and
 * stop conditions, GET /autopilot/filter-properties), each saying who reads it; then the others the
 * contacts received last hold (GET /autopilot/properties), the most common first. A name typed as an
 * expression is still sent as it is.
 */
export async function getContactProperties(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
  const [used, seen] = await Promise.all([apiRequest.call(this, 'GET', '/autopilot/filter-properties', 0), apiRequest.call(this, 'GET', '/autopilot/properties', 0)]);
  const usedList = (Array.isArray(used.properties_used) ? used.properties_used : []) as unknown as PropertyUsed[];
  const seenList = (Array.isArray(seen.properties_seen) ? seen.properties_seen : []) as unknown as PropertySeen[];
  const checked = Number((seen as IDataObject).contacts_checked ?? 0);
  const taken = new Set(usedList.map((entry) => entry.property.toLowerCase()));
  return [
    ...usedList.map((entry) => ({ name: entry.property, value: entry.property, description: readBy(entry) })),
    ...seenList.filter((entry) => !taken.has(entry.property.toLowerCase())).map((entry) => ({ name: entry.property, value: entry.property, description: seenOn(entry, checked) })),
  ];
}
