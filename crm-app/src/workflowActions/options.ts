import { type Queryable, readRoutingTable } from '@prospect-research/engine';
import type { HubSpotCaller } from '../signed/signedScope.ts';
import { invalidBody } from './executions.ts';

/** One choice of an input field whose options the app serves (HubSpot's external options: `label`, `value`, `description`). */
export interface FieldOption {
  label: string;
  value: string;
  description: string;
}

/** The value of the one option an unclaimed portal is offered: choosing it enrols nobody, and the action says why. */
export const UNCLAIMED = '__unclaimed__';
/** The value of the one option an account with no Autopilot switched on is offered. */
export const NO_AUTOPILOT = '__none__';

export const UNCLAIMED_WORDS =
  'This HubSpot account is not claimed by a Prospect Research account yet: the claim code shown when the app was installed must be used first (POST /hubspot/portals/claim)';

/** What an options request asks (HubSpot's fetch of an input field's options): the field, and what the admin typed to search (`fetchOptions.q`). */
export function parseOptionsRequest(body: unknown): { field: string; query: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidBody('An options request is a JSON object with "origin", "inputFieldName" and "fetchOptions"');
  const { inputFieldName, fetchOptions } = body as Record<string, unknown>;
  if (inputFieldName !== undefined && typeof inputFieldName !== 'string') throw invalidBody('"inputFieldName" must be the name of the input field');
  const field = inputFieldName ?? 'autopilot';
  if (field !== 'autopilot') throw invalidBody(`The app serves the options of the "autopilot" field only, not of ${JSON.stringify(field.slice(0, 60))}`);
  const q = typeof fetchOptions === 'object' && fetchOptions !== null ? (fetchOptions as Record<string, unknown>).q : undefined;
  if (q !== undefined && q !== null && typeof q !== 'string') throw invalidBody('"fetchOptions.q" must be the text searched for');
  return { field, query: typeof q === 'string' ? q.trim().toLowerCase() : '' };
}

/**
 * The Autopilots a workflow may enrol contacts in: the account's switched-on ones, by name, in routing
 * order (position 1 first), those whose name holds `query`. An unclaimed portal, or an account with
 * none switched on, gets one option saying so (choosing it enrols nobody, in words).
 */
export async function autopilotOptions(db: Queryable, caller: HubSpotCaller, query: string): Promise<FieldOption[]> {
  if (caller.accountId === null) return [{ label: 'No Autopilot: this HubSpot account is not claimed yet', value: UNCLAIMED, description: UNCLAIMED_WORDS }];
  const { autopilots } = await readRoutingTable(db, caller.accountId, []);
  if (autopilots.length === 0) {
    return [{ label: 'No Autopilot is switched on', value: NO_AUTOPILOT, description: 'Switch an Autopilot on in Prospect Research, then choose it here' }];
  }
  return autopilots
    .filter((autopilot) => query === '' || autopilot.name.toLowerCase().includes(query))
    .map((autopilot) => ({
      label: autopilot.name,
      value: autopilot.name,
      description: `Position ${autopilot.position}${autopilot.fallback ? ', a fallback' : ''}: its filter is not asked, routing's skip rules still are`,
    }));
}
