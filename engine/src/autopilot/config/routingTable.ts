import { accountNotFound } from '../../accounts/index.ts';
import type { Queryable } from '../../platform/database/database.ts';
import type { AutopilotSettings, StoredFilter, StoredTouch } from '../contract.ts';
import { type CompiledFilter, compileFilter } from '../filter/compile.ts';
import { SUPPRESSION_HASH_SQL } from '../erasure/suppression.ts';
import { SETTINGS_SQL, settingsFromRow } from '../settings/accountSettings.ts';

/**
 * An enabled Autopilot as routing needs it: who it is, which pass it is in, since when it acts, its
 * filter ready to run, and the sequence a lead it enrols is planned with (of the same revision).
 */
export interface RoutableAutopilot {
  id: number;
  name: string;
  /** Its place among the account's live Autopilots, from 1 at the top. */
  position: number;
  /** Skipped in the normal pass; looked at, in order, when a waiting lead would be abandoned. */
  fallback: boolean;
  /** Only contacts created after this are acted on. */
  enabledAt: Date;
  /** The document's revision, for a lead to record which version enrolled it. */
  revision: number;
  filter: CompiledFilter;
  sequence: readonly StoredTouch[];
}

/** What routing reads about an account before it routes a contact. */
export interface RoutingTable {
  settings: AutopilotSettings;
  /** The enabled Autopilots, top to bottom, fallbacks among them in their places. */
  autopilots: RoutableAutopilot[];
  /**
   * The addresses that unsubscribed from the account's messages: never researched nor contacted again.
   * Only those among the addresses asked about, when the caller named some. The opt-outs of erased
   * contacts (kept as hashes, erasure/suppression.ts) are among them only when asked about.
   */
  unsubscribed: ReadonlySet<string>;
}

interface RoutingRow {
  autopilots: { id: number; name: string; position: number; fallback: boolean; enabled_at: string; revision: number; filter: StoredFilter; sequence: StoredTouch[] | null }[];
  unsubscribed: string[];
}

/**
 * An account's settings and its enabled Autopilots in order, in one query (the position index); their
 * filters compiled. `addresses`: the only addresses whose unsubscription the caller needs (the
 * contacts it routes; nulls ignored), so routing does not read the account's whole opt-out list for
 * each chunk; all of them when omitted.
 * `account_not_found` when there is no such account.
 */
export async function readRoutingTable(db: Queryable, accountId: number, addresses?: readonly (string | null)[]): Promise<RoutingTable> {
  const { rows } = await db.query<Parameters<typeof settingsFromRow>[0] & RoutingRow>(
    `WITH settings AS (${SETTINGS_SQL})
     SELECT settings.*, coalesce((
       SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'position', p.position, 'fallback', p.fallback, 'enabled_at', p.enabled_at,
                                         'revision', p.revision, 'filter', p.filter, 'sequence', p.document->'sequence') ORDER BY p.position)
       FROM autopilots p WHERE p.account_id = $1 AND p.enabled), '[]') AS autopilots,
       array(SELECT DISTINCT c.email FROM autopilot_leads l JOIN autopilot_contacts c ON c.account_id = l.account_id AND c.source = l.source AND c.contact_id = l.contact_id
             WHERE l.account_id = $1 AND l.end_reason = 'unsubscribed' AND c.email IS NOT NULL AND ($2::text[] IS NULL OR c.email = ANY($2::text[]))
             UNION SELECT a.address FROM unnest($2::text[]) AS a (address)
             WHERE EXISTS (SELECT 1 FROM autopilot_suppressed s WHERE s.account_id = $1 AND s.address_hash = ${SUPPRESSION_HASH_SQL('$1', 'a.address')})) AS unsubscribed
     FROM settings`,
    [accountId, addresses?.filter((address) => address !== null) ?? null],
  );
  if (rows.length === 0) throw accountNotFound(accountId);
  const row = rows[0]!;
  return {
    settings: settingsFromRow(row),
    autopilots: row.autopilots.map((autopilot) => ({
      id: autopilot.id,
      name: autopilot.name,
      position: autopilot.position,
      fallback: autopilot.fallback,
      enabledAt: new Date(autopilot.enabled_at),
      revision: autopilot.revision,
      filter: compileFilter(autopilot.filter),
      sequence: autopilot.sequence ?? [],
    })),
    unsubscribed: new Set(row.unsubscribed),
  };
}
