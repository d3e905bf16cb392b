import type { Queryable } from '../../platform/database/database.ts';
import { escapeLike } from '../../platform/database/like.ts';
import { decodePageCursor, encodePageCursor } from '../../platform/http/pageCursor.ts';
import { isoWithOffset } from '../../platform/time.ts';
import { liveAutopilotId } from '../config/store.ts';
import type { ContactList, ContactReason, ContactState } from '../contract.ts';

export interface ContactQuery {
  /** Text anywhere in the address or the name, any case. */
  search?: string;
  state?: ContactState;
  reason?: ContactReason;
  /** An Autopilot's name (any case): the contacts it enrolled or holds. */
  autopilot?: string;
  /** Received at or after this instant, and before `receivedTo`. */
  receivedFrom?: Date;
  receivedTo?: Date;
  /** A page's `next_before`: the contacts after it. */
  before?: string;
  limit?: number;
}

export const MAX_CONTACTS_PER_PAGE = 200;
export const DEFAULT_CONTACTS_PER_PAGE = 50;

/**
 * What a search looks in, in any case: the address, then the first and last names. The index of
 * migration 0020 is on this very expression, so it is written once, here and there.
 */
const SEARCHED = `lower(coalesce(c.email, '') || ' ' || coalesce(c.properties ->> 'firstname', '') || ' ' || coalesce(c.properties ->> 'lastname', ''))`;

/** A contact's place in the order (newest first): when it arrived, to the microsecond, then its source and id. */
type Cursor = [receivedMicros: string, source: string, contactId: string];

const isCursor = (keys: unknown[]): keys is Cursor =>
  keys.length === 3 && keys.every((key) => typeof key === 'string') && /^-?\d{1,18}$/.test(keys[0] as string) && (keys[1] as string).length <= 100 && (keys[2] as string).length <= 100;

/** `%`, `_` and `\` stand for themselves in a search. */
const likeContaining = (text: string) => `%${escapeLike(text.toLowerCase())}%`;

interface ContactListRow {
  contact_id: string;
  source: string;
  email: string | null;
  name: string | null;
  state: ContactState;
  reason: ContactReason | null;
  autopilot_id: number | null;
  autopilot: string | null;
  lead_id: number | null;
  received_at: Date;
  next_check_at: Date | null;
  received_micros: string;
}

/**
 * The account's contacts, newest first, a page at a time (keyset: the index `autopilot_contacts_newest`),
 * searched by address or name and filtered by state, reason, Autopilot and when they arrived.
 * `autopilot_not_found` for a name no live Autopilot has; `invalid_query` for a cursor it did not give.
 */
export async function listContacts(db: Queryable, accountId: number, query: ContactQuery = {}): Promise<ContactList> {
  const limit = query.limit ?? DEFAULT_CONTACTS_PER_PAGE;
  const cursor = query.before === undefined ? undefined : decodePageCursor(query.before, isCursor);
  const autopilotId = query.autopilot === undefined ? null : await liveAutopilotId(db, accountId, query.autopilot);
  const search = query.search?.trim() || undefined;
  const { rows } = await db.query<ContactListRow>(
    `SELECT c.contact_id, c.source, c.email,
            nullif(concat_ws(' ', nullif(btrim(c.properties ->> 'firstname'), ''), nullif(btrim(c.properties ->> 'lastname'), '')), '') AS name,
            c.state, c.reason, c.autopilot_id, a.name AS autopilot, l.id AS lead_id, c.received_at, c.next_check_at,
            (extract(epoch FROM c.received_at) * 1000000)::bigint::text AS received_micros
     FROM autopilot_contacts c
     LEFT JOIN autopilots a ON a.id = c.autopilot_id
     LEFT JOIN autopilot_leads l ON l.account_id = c.account_id AND l.source = c.source AND l.contact_id = c.contact_id
     WHERE c.account_id = $1
       AND ($2::text IS NULL OR ${SEARCHED} LIKE $2)
       AND ($3::text IS NULL OR c.state = $3)
       AND ($4::text IS NULL OR c.reason = $4)
       AND ($5::bigint IS NULL OR c.autopilot_id = $5)
       AND ($6::timestamptz IS NULL OR c.received_at >= $6)
       AND ($7::timestamptz IS NULL OR c.received_at < $7)
       AND ($8::bigint IS NULL OR (c.received_at, c.source, c.contact_id) < ('epoch'::timestamptz + $8::bigint * interval '1 microsecond', $9::text, $10::text))
     ORDER BY c.received_at DESC, c.source DESC, c.contact_id DESC
     LIMIT $11`,
    [
      accountId,
      search === undefined ? null : likeContaining(search),
      query.state ?? null,
      query.reason ?? null,
      autopilotId,
      query.receivedFrom ?? null,
      query.receivedTo ?? null,
      cursor?.[0] ?? null,
      cursor?.[1] ?? null,
      cursor?.[2] ?? null,
      limit + 1,
    ],
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    contacts: page.map((row) => ({
      id: row.contact_id,
      source: row.source,
      email: row.email,
      name: row.name,
      state: row.state,
      reason: row.reason,
      autopilot: row.autopilot,
      autopilot_id: row.autopilot_id,
      lead_id: row.lead_id,
      received_at: isoWithOffset(row.received_at),
      next_check_at: row.next_check_at && isoWithOffset(row.next_check_at),
    })),
    next_before: rows.length > limit && last ? encodePageCursor([last.received_micros, last.source, last.contact_id]) : null,
  };
}
