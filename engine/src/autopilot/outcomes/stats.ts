import type { Queryable } from '../../platform/database/database.ts';
import { AppError } from '../../platform/errors.ts';
import { isPossibleName, nameKey } from '../config/names.ts';
import type { AutopilotStats } from '../contract.ts';

interface StatsRow {
  id: string;
  name: string;
  archived: boolean;
  enrolled: number;
  active: number;
  responded: number;
  closed: number;
  failed: number;
}

/**
 * Each Autopilot's leads by outcome and its responded rate (responded / every lead it enrolled): the
 * live ones top to bottom, then archived ones that have leads, newest first. With `name`, that live
 * Autopilot only (`autopilot_not_found` otherwise).
 */
export async function autopilotStats(db: Queryable, accountId: number, name?: string): Promise<AutopilotStats[]> {
  if (name !== undefined && !isPossibleName(name)) throw notFound(name);
  const { rows } = await db.query<StatsRow>(
    `SELECT a.id, a.name, a.archived_at IS NOT NULL AS archived,
            count(l.id)::int AS enrolled,
            count(l.id) FILTER (WHERE l.outcome = 'Active')::int AS active,
            count(l.id) FILTER (WHERE l.outcome = 'Responded')::int AS responded,
            count(l.id) FILTER (WHERE l.outcome = 'Closed')::int AS closed,
            count(l.id) FILTER (WHERE l.outcome = 'Failed')::int AS failed
     FROM autopilots a LEFT JOIN autopilot_leads l ON l.autopilot_id = a.id
     WHERE a.account_id = $1 AND ($2::text IS NULL OR (a.name_key = $2 AND a.archived_at IS NULL))
     GROUP BY a.id
     HAVING a.archived_at IS NULL OR count(l.id) > 0
     ORDER BY a.archived_at IS NOT NULL, a.position, a.archived_at DESC, a.id DESC`,
    [accountId, name === undefined ? null : nameKey(name)],
  );
  if (name !== undefined && rows.length === 0) throw notFound(name);
  return rows.map((row) => ({
    autopilot: row.name,
    autopilot_id: Number(row.id),
    archived: row.archived,
    enrolled: row.enrolled,
    active: row.active,
    responded: row.responded,
    closed: row.closed,
    failed: row.failed,
    responded_rate: row.enrolled === 0 ? null : row.responded / row.enrolled,
  }));
}

function notFound(name: string): AppError {
  return new AppError('autopilot_not_found', {}, `no Autopilot named ${JSON.stringify(name)} in this account`);
}
