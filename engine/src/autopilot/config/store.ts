import type { PoolClient, Queryable } from '../../platform/database/database.ts';
import { AppError } from '../../platform/errors.ts';
import { shown } from '../../platform/validation/index.ts';
import type { AutopilotDocument, StoredFilter, StoredTouch, Touch } from '../contract.ts';
import { isPossibleName, nameKey } from './names.ts';

/** An Autopilot as stored: its normalised document and what the engine keeps about it. */
export interface StoredAutopilot {
  id: number;
  accountId: number;
  /** Top to bottom from 1; null once archived. */
  position: number | null;
  revision: number;
  enabledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  archivedAt: Date | null;
  document: AutopilotDocument;
}

type Rest = Omit<AutopilotDocument, 'name' | 'enabled' | 'fallback' | 'filter'>;

interface AutopilotRow {
  id: number;
  account_id: number;
  name: string;
  position: number | null;
  enabled: boolean;
  enabled_at: Date | null;
  fallback: boolean;
  filter: StoredFilter;
  document: Rest;
  revision: number;
  created_at: Date;
  updated_at: Date;
  archived_at: Date | null;
}

const COLUMNS = 'id, account_id, name, position, enabled, enabled_at, fallback, filter, document, revision, created_at, updated_at, archived_at';

/**
 * A step as stored and answered: every field, in the order docs/autopilot.md gives them, and the
 * optional `warm_only` and `note` only when they differ from their defaults.
 */
export function storedTouch(step: Touch): StoredTouch {
  return {
    day: step.day,
    channel: step.channel,
    kind: step.kind,
    angle: step.angle,
    subject_angle: step.subject_angle ?? null,
    signals: step.signals ?? [],
    ...(step.warm_only === true ? { warm_only: true } : {}),
    ...(step.note === false ? { note: false } : {}),
  };
}

/**
 * The document with its fields in the order docs/autopilot.md gives them (jsonb keeps keys in an
 * order of its own), so answers read like the documents people write.
 */
function inDocumentOrder(row: AutopilotRow): AutopilotDocument {
  const { filter, document: rest } = row;
  const { type, ...input } = rest.goal;
  const stops = rest.stop_conditions;
  return {
    name: row.name,
    enabled: row.enabled,
    fallback: row.fallback,
    filter: { match: filter.match, rules: filter.rules.map(({ property, operator, values }) => ({ property, operator, values })) },
    channels: rest.channels,
    tone: rest.tone,
    goal: { type, ...input },
    lead_origin: rest.lead_origin,
    threading: rest.threading,
    sequence: rest.sequence.map(storedTouch),
    stop_conditions: {
      reply: stops.reply,
      call_connected: stops.call_connected,
      meeting_booked: stops.meeting_booked,
      invite_accepted: stops.invite_accepted,
      property_changes: stops.property_changes.map(({ property, value }) => ({ property, value })),
    },
  };
}

function fromRow(row: AutopilotRow): StoredAutopilot {
  return {
    id: row.id,
    accountId: row.account_id,
    position: row.position,
    revision: row.revision,
    enabledAt: row.enabled_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    archivedAt: row.archived_at,
    document: inDocumentOrder(row),
  };
}

/** The document's parts apart from the columns of their own. */
function restOf(document: AutopilotDocument): Rest {
  const { name: _name, enabled: _enabled, fallback: _fallback, filter: _filter, ...rest } = document;
  return rest;
}

/** The account's live Autopilots top to bottom; with `archived`, the archived ones after them, newest first. */
export async function selectAutopilots(db: Queryable, accountId: number, options: { archived?: boolean } = {}): Promise<StoredAutopilot[]> {
  const { rows } = await db.query<AutopilotRow>(
    `SELECT ${COLUMNS} FROM autopilots WHERE account_id = $1 AND ($2 OR archived_at IS NULL)
     ORDER BY position NULLS LAST, archived_at DESC, id DESC`,
    [accountId, options.archived ?? false],
  );
  return rows.map(fromRow);
}

/** The account's live Autopilot of that name, whatever its case. */
export async function selectAutopilot(db: Queryable, accountId: number, name: string): Promise<StoredAutopilot | undefined> {
  const { rows } = await db.query<AutopilotRow>(`SELECT ${COLUMNS} FROM autopilots WHERE account_id = $1 AND name_key = $2 AND archived_at IS NULL`, [accountId, nameKey(name)]);
  return rows[0] && fromRow(rows[0]);
}

/** Adds an Autopilot at the bottom of the account's list. The caller holds the account's lock. */
export async function insertAutopilot(client: PoolClient, accountId: number, document: AutopilotDocument, now: Date): Promise<StoredAutopilot> {
  const { rows } = await client.query<AutopilotRow>(
    `INSERT INTO autopilots (account_id, name, name_key, position, enabled, enabled_at, fallback, filter, document, created_at, updated_at)
     VALUES ($1, $2, $3, (SELECT coalesce(max(position), 0) + 1 FROM autopilots WHERE account_id = $1), $4, CASE WHEN $4 THEN $8::timestamptz END, $5, $6, $7, $8, $8)
     RETURNING ${COLUMNS}`,
    [accountId, document.name, nameKey(document.name), document.enabled, document.fallback, JSON.stringify(document.filter), JSON.stringify(restOf(document)), now],
  );
  return fromRow(rows[0]!);
}

/**
 * Writes a new version of an Autopilot's document. The revision goes up when the filter or the rest of
 * the document changes; `enabled_at` is set when it is switched on and kept while it stays on.
 */
export async function updateAutopilot(client: PoolClient, id: number, document: AutopilotDocument, now: Date): Promise<StoredAutopilot> {
  const { rows } = await client.query<AutopilotRow>(
    `UPDATE autopilots SET
       revision = revision + CASE WHEN filter IS DISTINCT FROM $5::jsonb OR autopilots.document IS DISTINCT FROM $6::jsonb OR fallback IS DISTINCT FROM $4 THEN 1 ELSE 0 END,
       updated_at = $7,
       name = $2, enabled = $3, enabled_at = CASE WHEN NOT $3 THEN NULL WHEN enabled THEN enabled_at ELSE $7::timestamptz END,
       fallback = $4, filter = $5, document = $6
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, document.name, document.enabled, document.fallback, JSON.stringify(document.filter), JSON.stringify(restOf(document)), now],
  );
  return fromRow(rows[0]!);
}

/** Archives an Autopilot: switched off, out of the order (those below move up), its name free again. */
export async function markArchived(client: PoolClient, autopilot: StoredAutopilot, now: Date): Promise<StoredAutopilot> {
  const { rows } = await client.query<AutopilotRow>(
    `UPDATE autopilots SET archived_at = $2, updated_at = $2, position = NULL, enabled = false, enabled_at = NULL
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [autopilot.id, now],
  );
  await client.query('UPDATE autopilots SET position = position - 1 WHERE account_id = $1 AND position > $2', [autopilot.accountId, autopilot.position]);
  return fromRow(rows[0]!);
}

/** Gives the account's live Autopilots positions 1, 2, 3... in the order of `ids` (all of them). */
export async function writeOrder(client: PoolClient, accountId: number, ids: number[], now: Date): Promise<void> {
  await client.query(
    `UPDATE autopilots a SET position = o.position, updated_at = CASE WHEN a.position = o.position THEN a.updated_at ELSE $3 END
     FROM unnest($2::bigint[]) WITH ORDINALITY AS o (id, position)
     WHERE a.id = o.id AND a.account_id = $1 AND a.archived_at IS NULL`,
    [accountId, ids, now],
  );
}

export function autopilotNotFound(name: string): AppError {
  return new AppError('autopilot_not_found', {}, `no Autopilot named ${shown(name, 100)} in this account`);
}

/** The id of the account's live Autopilot of that name (any case); `autopilot_not_found` when it has none. */
export async function liveAutopilotId(db: Queryable, accountId: number, name: string): Promise<number> {
  const { rows } = isPossibleName(name)
    ? await db.query<{ id: number }>('SELECT id FROM autopilots WHERE account_id = $1 AND name_key = $2 AND archived_at IS NULL', [accountId, nameKey(name)])
    : { rows: [] };
  if (!rows[0]) throw autopilotNotFound(name);
  return rows[0].id;
}
