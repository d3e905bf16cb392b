import type { Queryable } from '../../platform/database/database.ts';
import { isSourceName } from './source.ts';

/**
 * How a CRM source of an account learns of its contacts' property changes, as the CRM app that reads it
 * says (the HubSpot app: one per portal). The engine never asks a CRM; it only says, in an Autopilot's
 * answer, how each of its stop properties is watched in each source (config/stopProperties.ts).
 */
export interface SourceWatch {
  accountId: number;
  /** The source (`hubspot:12345`). */
  source: string;
  /** Properties whose changes the CRM sends as they happen (its webhook subscriptions); names in any case. */
  webhook: readonly string[];
  /** Every other property's changes are looked for by a periodic sweep, which finds one within about so many minutes; null when they are not looked for. */
  sweepMinutes: number | null;
  /** False when the source reads nothing now (a disconnected portal): no property is watched. */
  active: boolean;
}

const PREFIX = /^[a-z][a-z0-9_]{0,31}:$/;

/**
 * What a CRM app says about all of its sources at once: the sources whose names start with `prefix`
 * (`hubspot:`) are those given, watched as given; any other source of that prefix is forgotten (a portal
 * that moved to another account, say). Cheap to call every few minutes: rows that did not change are
 * left as they are.
 */
export async function reportSourceWatches(db: Queryable, prefix: string, watches: readonly SourceWatch[], now: Date): Promise<void> {
  if (!PREFIX.test(prefix)) throw new Error(`a source prefix is a name and a colon (hubspot:), not ${JSON.stringify(prefix)}`);
  for (const watch of watches) {
    if (!watch.source.startsWith(prefix) || !isSourceName(watch.source)) throw new Error(`${JSON.stringify(watch.source)} is not a source of ${prefix}`);
    if (watch.sweepMinutes !== null && !(Number.isInteger(watch.sweepMinutes) && watch.sweepMinutes > 0)) throw new Error(`sweepMinutes is a whole number of minutes, not ${watch.sweepMinutes}`);
  }
  const rows = watches.map((watch) => ({
    account_id: watch.accountId,
    source: watch.source,
    webhook: [...new Set(watch.webhook.map((name) => name.toLowerCase()))].sort(),
    sweep_minutes: watch.sweepMinutes,
    active: watch.active,
  }));
  await db.query(
    `WITH given AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS g (account_id bigint, source text, webhook text[], sweep_minutes integer, active boolean)),
     forgotten AS (DELETE FROM autopilot_source_watches w WHERE starts_with(w.source, $1)
                     AND NOT EXISTS (SELECT 1 FROM given g WHERE g.account_id = w.account_id AND g.source = w.source))
     INSERT INTO autopilot_source_watches (account_id, source, webhook, sweep_minutes, active, reported_at)
     SELECT g.account_id, g.source, g.webhook, g.sweep_minutes, g.active, $3 FROM given g JOIN accounts a ON a.id = g.account_id
     ON CONFLICT (account_id, source) DO UPDATE SET webhook = excluded.webhook, sweep_minutes = excluded.sweep_minutes, active = excluded.active, reported_at = excluded.reported_at
       WHERE (autopilot_source_watches.webhook, autopilot_source_watches.sweep_minutes, autopilot_source_watches.active)
         IS DISTINCT FROM (excluded.webhook, excluded.sweep_minutes, excluded.active)`,
    [prefix, JSON.stringify(rows), now],
  );
}

/** What the account's CRM sources said about how they watch properties, by source name. */
export async function readSourceWatches(db: Queryable, accountId: number): Promise<SourceWatch[]> {
  const { rows } = await db.query<{ source: string; webhook: string[]; sweep_minutes: number | null; active: boolean }>(
    'SELECT source, webhook, sweep_minutes, active FROM autopilot_source_watches WHERE account_id = $1 ORDER BY source',
    [accountId],
  );
  return rows.map((row) => ({ accountId, source: row.source, webhook: row.webhook, sweepMinutes: row.sweep_minutes, active: row.active }));
}

/**
 * The contact properties an account's Autopilots read, for a CRM app deciding what to read and watch:
 * the properties the rules of its enabled Autopilots name (a change may make a waiting contact match)
 * and those the stop conditions of its live ones name (a change may end a lead). Names as written, each
 * once whatever its case (the first spelling kept).
 */
export async function readWatchedProperties(db: Queryable, accountId: number): Promise<{ rules: string[]; stops: string[] }> {
  const { rows } = await db.query<{ rules: string[]; stops: string[] }>(
    `SELECT coalesce(array_agg(r.property) FILTER (WHERE r.property IS NOT NULL), '{}') AS rules,
            (SELECT coalesce(array_agg(s.property), '{}') FROM autopilots p CROSS JOIN LATERAL jsonb_to_recordset(p.document->'stop_conditions'->'property_changes') AS s (property text)
             WHERE p.account_id = $1 AND p.archived_at IS NULL) AS stops
     FROM autopilots p LEFT JOIN LATERAL jsonb_to_recordset(p.filter->'rules') AS r (property text) ON true
     WHERE p.account_id = $1 AND p.enabled`,
    [accountId],
  );
  const once = (names: string[]) => {
    const seen = new Map<string, string>();
    for (const name of names) if (!seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
    return [...seen.values()];
  };
  return { rules: once(rows[0]?.rules ?? []), stops: once(rows[0]?.stops ?? []) };
}
