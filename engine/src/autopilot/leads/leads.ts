import type { PoolClient, Queryable } from '../../platform/database/database.ts';
import { AppError } from '../../platform/errors.ts';
import { isoWithOffset } from '../../platform/time.ts';
import { escapeLike } from '../../platform/database/like.ts';
import { liveAutopilotId } from '../config/store.ts';
import { endQueuedTouches } from '../sequence/endLead.ts';
import { type Enrolment, type Lead, type LeadEndReason, type LeadList, LEAD_OUTCOMES, type LeadOutcome, type LeadSort } from '../contract.ts';
import { decodeLeadCursor, encodeLeadCursor } from './leadCursor.ts';

/** A lead row with what its answer adds: the contact's address and the Autopilot's name. */
export interface LeadRow {
  id: number;
  source: string;
  contact_id: string;
  email: string | null;
  autopilot: string;
  autopilot_id: number;
  autopilot_revision: number;
  enrolled_by: Enrolment;
  outcome: LeadOutcome;
  end_reason: LeadEndReason | null;
  research_id: string | null;
  research_reused: boolean;
  /** A Date from a row; ISO text from a row turned into JSON. */
  enrolled_at: Date | string;
  ended_at: Date | string | null;
}

/** The columns of a lead's answer, from `autopilot_leads l` joined to `autopilot_contacts c` and `autopilots a`. */
export const LEAD_COLUMNS = `l.id, l.source, l.contact_id, c.email, a.name AS autopilot, l.autopilot_id, l.autopilot_revision, l.enrolled_by, l.outcome,
  l.end_reason, l.research_id, l.research_reused, l.enrolled_at, l.ended_at`;

export function leadFromRow(row: LeadRow): Lead {
  return {
    id: row.id,
    contact_id: row.contact_id,
    contact_source: row.source,
    email: row.email,
    autopilot: row.autopilot,
    autopilot_id: row.autopilot_id,
    autopilot_revision: row.autopilot_revision,
    enrolled_by: row.enrolled_by,
    outcome: row.outcome,
    end_reason: row.end_reason,
    research_id: row.research_id,
    research_reused: row.research_reused,
    enrolled_at: isoWithOffset(new Date(row.enrolled_at)),
    ended_at: row.ended_at && isoWithOffset(new Date(row.ended_at)),
  };
}

export interface LeadQuery {
  /** An Autopilot's name (any case): its leads only. */
  autopilot?: string;
  outcome?: LeadOutcome;
  end_reason?: LeadEndReason;
  /** Enrolled at or after this time. */
  enrolledFrom?: Date;
  /** Enrolled before this time. */
  enrolledTo?: Date;
  /** The start of the contact's address, or all of it, in any case. */
  email?: string;
  sort?: LeadSort;
  /** Leads older than this id (the page after one that ended with it), newest first only. */
  before?: number;
  /** A `next_cursor`: the page after the one that handed it out. */
  cursor?: string;
  limit?: number;
}

export const MAX_LEADS_PER_PAGE = 1000;

const ENDED_KEY = "coalesce(l.ended_at, '-infinity'::timestamptz)";
const ORDER: Record<LeadSort, string> = {
  newest: 'l.id DESC',
  oldest: 'l.id ASC',
  recently_ended: `${ENDED_KEY} DESC, l.id DESC`,
};

/** A LIKE pattern matching text that starts with `prefix` (its `%`, `_` and `\\` taken as themselves). */
const startingWith = (prefix: string) => `${escapeLike(prefix)}%`;

/**
 * The account's leads in the sort asked for (newest first unless told), filtered, a page at a time.
 * Every sort reads an index in its own order (migration 0021), so a page costs the same at the
 * 100,000th lead as at the first. `autopilot_not_found` for a name no live Autopilot has.
 */
export async function listLeads(db: Queryable, accountId: number, query: LeadQuery = {}): Promise<LeadList> {
  const limit = query.limit ?? 100;
  const sort = query.sort ?? 'newest';
  if (query.before !== undefined && sort !== 'newest') throw new AppError('invalid_query', {}, 'before pages newest first only: use cursor');
  const cursor = query.cursor === undefined ? undefined : decodeLeadCursor(query.cursor, sort);
  const params: unknown[] = [accountId];
  const where = ['l.account_id = $1'];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    where.push(condition(`$${params.length}`));
  };
  if (query.autopilot !== undefined) add((p) => `l.autopilot_id = ${p}`, await liveAutopilotId(db, accountId, query.autopilot));
  if (query.outcome !== undefined) add((p) => `l.outcome = ${p}`, query.outcome);
  if (query.end_reason !== undefined) add((p) => `l.end_reason = ${p}`, query.end_reason);
  if (query.enrolledFrom !== undefined) add((p) => `l.enrolled_at >= ${p}`, query.enrolledFrom);
  if (query.enrolledTo !== undefined) add((p) => `l.enrolled_at < ${p}`, query.enrolledTo);
  if (query.email !== undefined) add((p) => `c.email LIKE ${p}`, startingWith(query.email.normalize('NFKC').trim().toLowerCase()));
  if (query.before !== undefined) add((p) => `l.id < ${p}`, query.before);
  if (cursor) {
    if (sort === 'oldest') add((p) => `l.id > ${p}`, cursor.id);
    else if (sort === 'newest') add((p) => `l.id < ${p}`, cursor.id);
    else {
      params.push(cursor.endedMicros, cursor.id);
      const [micros, id] = [`$${params.length - 1}`, `$${params.length}`];
      where.push(`(${ENDED_KEY}, l.id) < (coalesce('epoch'::timestamptz + ${micros}::bigint * interval '1 microsecond', '-infinity'::timestamptz), ${id}::bigint)`);
    }
  }
  params.push(limit + 1);
  const { rows } = await db.query<LeadRow & { ended_micros: string | null }>(
    `SELECT ${LEAD_COLUMNS}, (extract(epoch FROM l.ended_at) * 1000000)::bigint AS ended_micros FROM autopilot_leads l
     JOIN autopilot_contacts c ON c.account_id = l.account_id AND c.source = l.source AND c.contact_id = l.contact_id
     JOIN autopilots a ON a.id = l.autopilot_id
     WHERE ${where.join(' AND ')}
     ORDER BY ${ORDER[sort]} LIMIT $${params.length}`,
    params,
  );
  const page = rows.slice(0, limit);
  const last = rows.length > limit ? page.at(-1)! : undefined;
  return {
    leads: page.map(leadFromRow),
    next_before: last && sort === 'newest' ? last.id : null,
    next_cursor: last ? encodeLeadCursor({ sort, id: last.id, endedMicros: last.ended_micros === null ? null : Number(last.ended_micros) }) : null,
  };
}

/** One lead of the account, by its id. */
export async function showLead(db: Queryable, accountId: number, leadId: number): Promise<Lead> {
  const { rows } = await db.query<LeadRow>(
    `SELECT ${LEAD_COLUMNS} FROM autopilot_leads l
     JOIN autopilot_contacts c ON c.account_id = l.account_id AND c.source = l.source AND c.contact_id = l.contact_id
     JOIN autopilots a ON a.id = l.autopilot_id
     WHERE l.account_id = $1 AND l.id = $2`,
    [accountId, leadId],
  );
  if (!rows[0]) throw new AppError('lead_not_found', {}, `no lead ${leadId} in this account`);
  return leadFromRow(rows[0]);
}

/** Reads a lead outcome as given in a query (`active` is `Active`); undefined when it is none. */
export function leadOutcome(text: string): LeadOutcome | undefined {
  return LEAD_OUTCOMES.find((outcome) => outcome.toLowerCase() === text.trim().toLowerCase());
}

/**
 * What archiving an Autopilot does to what it holds, in the archive's transaction: its active leads end
 * (`Closed`, "Its Autopilot was archived", their queued touches cancelled), and contacts it held while they wait for credits route again now.
 */
export async function releaseArchivedAutopilot(client: PoolClient, autopilot: { id: number; accountId: number }, now: Date): Promise<void> {
  const { rows } = await client.query<{ id: number }>(
    `UPDATE autopilot_leads SET outcome = 'Closed', end_reason = 'autopilot_archived', ended_at = $2 WHERE autopilot_id = $1 AND outcome = 'Active' RETURNING id`,
    [autopilot.id, now],
  );
  await endQueuedTouches(
    client,
    rows.map((row) => row.id),
    now,
  );
  // The account's contacts still being routed (the due index), of which those it held.
  await client.query(
    `UPDATE autopilot_contacts SET autopilot_id = NULL, next_check_at = $3
     WHERE account_id = $1 AND next_check_at IS NOT NULL AND autopilot_id = $2 AND state = 'waiting'`,
    [autopilot.accountId, autopilot.id, now],
  );
}

/** Ends the account's active leads whose address is at one of `domains` or under it: `Closed`, "Domain is on the excluded list". */
export async function endLeadsAtDomains(client: PoolClient, accountId: number, domains: string[], now: Date): Promise<void> {
  const { rows } = await client.query<{ id: number }>(
    `UPDATE autopilot_leads l SET outcome = 'Closed', end_reason = 'domain_excluded', ended_at = $3
     FROM autopilot_contacts c
     WHERE l.account_id = $1 AND l.outcome = 'Active' AND c.account_id = l.account_id AND c.source = l.source AND c.contact_id = l.contact_id
       AND EXISTS (SELECT 1 FROM unnest($2::text[]) AS d (domain)
                   WHERE split_part(c.email, '@', 2) = d.domain OR right(split_part(c.email, '@', 2), length(d.domain) + 1) = '.' || d.domain)
     RETURNING l.id`,
    [accountId, domains, now],
  );
  await endQueuedTouches(
    client,
    rows.map((row) => row.id),
    now,
  );
}
