import type { Queryable } from '../platform/database/database.ts';

/**
 * The account's latest research of each of `emails` against its product `productId` that has not
 * failed (queued, processing or completed) and is still kept: what the Autopilot's "research each
 * contact only once" reuses instead of starting, and paying for, another.
 */
export async function findEarlierResearch(db: Queryable, accountId: number, productId: number, emails: string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const { rows } = await db.query<{ email: string; id: string }>(
    `SELECT DISTINCT ON (email) email, id FROM research_jobs
     WHERE account_id = $1 AND email = ANY($2::text[]) AND product_id = $3 AND status <> 'failed' AND purged_at IS NULL
     ORDER BY email, created_at DESC`,
    [accountId, emails, productId],
  );
  return new Map(rows.map((row) => [row.email, row.id]));
}
