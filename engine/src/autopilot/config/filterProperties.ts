import type { Queryable } from '../../platform/database/database.ts';
import type { FilterProperties } from '../contract.ts';
import { selectAutopilots } from './store.ts';

type Use = FilterProperties['properties_used'][number]['used_in'][number];

/**
 * The contact properties the account's live Autopilots read: their filters' rules and their stop
 * conditions' property changes, one entry per property whatever its case (filters find `Country` as
 * `country`; the first spelling met top to bottom is kept), in the order routing meets them, each with
 * the Autopilots that read it (top to bottom) and how. What a CRM connector should send. Reads only.
 */
export async function filterProperties(db: Queryable, accountId: number): Promise<FilterProperties> {
  const byKey = new Map<string, { property: string; autopilots: string[]; used_in: Use[] }>();
  const note = (property: string, autopilot: string, use: Use) => {
    const key = property.toLowerCase();
    let entry = byKey.get(key);
    if (entry === undefined) {
      entry = { property, autopilots: [], used_in: [] };
      byKey.set(key, entry);
    }
    if (!entry.autopilots.includes(autopilot)) entry.autopilots.push(autopilot);
    if (!entry.used_in.includes(use)) entry.used_in.push(use);
  };
  for (const { document } of await selectAutopilots(db, accountId)) {
    for (const rule of document.filter.rules) note(rule.property, document.name, 'filter');
    for (const change of document.stop_conditions.property_changes) note(change.property, document.name, 'stop_condition');
  }
  for (const entry of byKey.values()) entry.used_in.sort();
  return { properties_used: [...byKey.values()] };
}
