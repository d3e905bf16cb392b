import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { apiRequest } from '../../shared/transport';
import { instant } from './eachItem';

/** When Return All is off: how many a Get Many returns unless the builder says otherwise (n8n's usual 50). */
export const DEFAULT_LIMIT = 50;

/** Return All and Limit, as n8n's own Get Many operations have them. */
export const returnAllParameters: INodeProperties[] = [
  {
    displayName: 'Return All',
    name: 'returnAll',
    type: 'boolean',
    default: false,
    description: 'Whether to return all results or only up to a given limit',
  },
  {
    displayName: 'Limit',
    name: 'limit',
    type: 'number',
    typeOptions: { minValue: 1 },
    // n8n's lint wants the literal (DEFAULT_LIMIT).
    default: 50,
    description: 'Max number of results to return',
    displayOptions: { show: { returnAll: [false] } },
  },
];

/** A text filter, trimmed; undefined when the builder did not add it. */
export function textFilter(value: unknown): string | undefined {
  return value === undefined ? undefined : String(value).trim();
}

/** A date filter as the engine takes it (ISO 8601, `label` naming it in an error); undefined when not added or left empty. */
export function timeFilter(ctx: IExecuteFunctions, value: unknown, label: string, itemIndex: number): string | undefined {
  return value === undefined || value === '' || value === null ? undefined : instant(ctx, value, label, itemIndex);
}

/** How many to return for an item: Infinity with Return All on, else its Limit (at least 1). */
export function limitOf(ctx: IExecuteFunctions, itemIndex: number): number {
  if (ctx.getNodeParameter('returnAll', itemIndex, false) === true) return Number.POSITIVE_INFINITY;
  return Math.max(1, Math.floor(Number(ctx.getNodeParameter('limit', itemIndex, DEFAULT_LIMIT)) || DEFAULT_LIMIT));
}

/** One of the engine's keyset-paginated lists: where its entries and the next page's cursor are, and how to ask for that page. */
export interface PagedList {
  path: string;
  /** The answer's field holding the page's entries (`leads`, `contacts`). */
  entries: string;
  /** The answer's field holding the next page's cursor, null on the last page (`next_cursor`, `next_before`). */
  next: string;
  /** The query parameter that takes it (`cursor`, `before`). */
  cursor: string;
  /** The most the engine answers in one page. */
  maxPage: number;
}

/** A query string of the values given, empty ones left out. */
export function queryOf(query: Record<string, string | number | undefined>): string {
  const pairs = Object.entries(query).filter((pair): pair is [string, string | number] => pair[1] !== undefined && pair[1] !== '');
  return pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`).join('&');
}

/**
 * Up to `limit` entries of a list, a page at a time: each page asks for no more than are still wanted
 * (at most `maxPage`), and the next follows the cursor the last one answered, until it is null or enough
 * were read. Return All (an infinite limit) reads every page.
 */
export async function readPages(ctx: IExecuteFunctions, itemIndex: number, list: PagedList, query: Record<string, string | number | undefined>, limit: number): Promise<IDataObject[]> {
  const results: IDataObject[] = [];
  let cursor: string | undefined;
  do {
    const page = Math.min(list.maxPage, limit - results.length);
    const qs = queryOf({ ...query, limit: page, [list.cursor]: cursor });
    const answer = await apiRequest.call(ctx, 'GET', `${list.path}?${qs}`, itemIndex);
    const entries = Array.isArray(answer[list.entries]) ? (answer[list.entries] as IDataObject[]) : [];
    results.push(...entries);
    const next = answer[list.next];
    cursor = entries.length > 0 && next !== null && next !== undefined && next !== '' ? String(next) : undefined;
  } while (cursor !== undefined && results.length < limit);
  return results.slice(0, limit);
}
