import type { Queryable } from '../platform/database/database.ts';
import { decodePageCursor, encodePageCursor, isMicros } from '../platform/http/pageCursor.ts';
import { isoWithOffset } from '../platform/time.ts';
import type { JobStatus, ResearchList } from './contract.ts';

export const MAX_RESEARCHES_PER_PAGE = 100;

interface SummaryRow {
  id: string;
  email: string;
  status: JobStatus;
  created_at: Date;
  finished_at: Date | null;
  from_cache: boolean | null;
  credits: number;
  created_micros: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Where a page stops: the last research's creation in microseconds since 1970, and its id. */
type Keys = [number, string];
const isKeys = (keys: unknown[]): keys is Keys => keys.length === 2 && isMicros(keys[0]) && typeof keys[1] === 'string' && UUID.test(keys[1]);

/**
 * The account's researches, newest first, a page at a time (research_jobs_by_account), each with the
 * credits it took once refunds are deducted. Those whose retention ran out are gone from it, as from
 * `GET /research-status`.
 */
export async function listResearches(db: Queryable, accountId: number, query: { cursor?: string; limit?: number } = {}): Promise<ResearchList> {
  const limit = query.limit ?? 25;
  const [micros, id] = query.cursor === undefined ? [null, null] : decodePageCursor(query.cursor, isKeys);
  const { rows } = await db.query<SummaryRow>(
    `SELECT j.id, j.email, j.status, j.created_at, j.finished_at, j.from_cache,
            (extract(epoch FROM j.created_at) * 1000000)::bigint AS created_micros,
            (SELECT count(*) FILTER (WHERE kind = 'debit') - count(*) FILTER (WHERE kind = 'refund') FROM credit_ledger WHERE research_id = j.id)::int AS credits
     FROM research_jobs j
     WHERE j.account_id = $1 AND j.purged_at IS NULL
       AND ($2::bigint IS NULL OR (j.created_at, j.id) < ('epoch'::timestamptz + $2::bigint * interval '1 microsecond', $3::uuid))
     ORDER BY j.created_at DESC, j.id DESC LIMIT $4`,
    [accountId, micros, id, limit + 1],
  );
  const page = rows.slice(0, limit);
  const last = rows.length > limit ? page.at(-1)! : undefined;
  return {
    researches: page.map((row) => ({
      research_id: row.id,
      email: row.email,
      status: row.status,
      created_at: isoWithOffset(row.created_at),
      completed_at: row.status === 'completed' && row.finished_at ? isoWithOffset(row.finished_at) : null,
      credits: Math.max(0, row.credits),
      cached: row.from_cache === true,
    })),
    next_cursor: last ? encodePageCursor([Number(last.created_micros), last.id] satisfies Keys) : null,
  };
}
