import { type Channel, CHANNELS } from '../../words/channels';
import type { ReplyKind } from './repliesApi';

/** The inbox's view, as its address holds it (`?kind=bounce&autopilot=DACH&channel=email`): shared by a link, undone by Back. */
export interface ReplyFilters {
  kind: ReplyKind;
  autopilot?: string;
  channel?: Channel;
}

const KINDS: readonly ReplyKind[] = ['reply', 'auto_reply', 'bounce'];
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => ((values as readonly string[]).includes(value ?? '') ? (value as T) : undefined);

/** The view in an address's query; what is not one of the engine's values is left out. */
export function filtersFrom(search: URLSearchParams): ReplyFilters {
  return { kind: oneOf(KINDS, search.get('kind')) ?? 'reply', autopilot: search.get('autopilot')?.trim() || undefined, channel: oneOf(CHANNELS, search.get('channel')) };
}

/** The address's query for the view: replies, the default, left out. */
export function searchFor(filters: ReplyFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.kind !== 'reply') search.set('kind', filters.kind);
  if (filters.autopilot) search.set('autopilot', filters.autopilot);
  if (filters.channel) search.set('channel', filters.channel);
  return search;
}
