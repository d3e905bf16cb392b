import { decodePageCursor, encodePageCursor, isMicros } from '../../platform/http/pageCursor.ts';
import type { LeadSort } from '../contract.ts';

/**
 * Where a page of leads stops, in a sort's own order: the last lead's id and, sorted by when they
 * ended, its end in microseconds since 1970 (null while it is active: those come last).
 */
export interface LeadCursor {
  sort: LeadSort;
  id: number;
  endedMicros: number | null;
}

type Keys = [LeadSort, number, number | null];

export const encodeLeadCursor = (cursor: LeadCursor): string => encodePageCursor([cursor.sort, cursor.id, cursor.endedMicros] satisfies Keys);

/** The cursor in `text`, made for `sort`; `invalid_query` for anything else (one of another sort included). */
export function decodeLeadCursor(text: string, sort: LeadSort): LeadCursor {
  const [, id, endedMicros] = decodePageCursor(
    text,
    (keys): keys is Keys => keys.length === 3 && keys[0] === sort && Number.isSafeInteger(keys[1]) && (keys[1] as number) >= 1 && (keys[2] === null || isMicros(keys[2])),
  );
  return { sort, id, endedMicros };
}
