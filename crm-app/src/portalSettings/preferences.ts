import { type Pool, type Queryable, transaction } from '@prospect-research/engine';
import { CONTACT_PROPERTIES } from '../setup.ts';

/** The contact properties writeback keeps in step, each of which a portal may turn off (setup.ts). */
export const WRITTEN_PROPERTIES: readonly string[] = CONTACT_PROPERTIES.map((property) => property.name);

/** A portal's preferences: which of our properties writeback writes, and whether research briefs become notes. */
export interface PortalPreferences {
  /** Every property of WRITTEN_PROPERTIES, on (written) or off (left as it is in HubSpot). */
  writeback: Record<string, boolean>;
  notes: boolean;
  /** Since when notes are on after having been off: briefs completed before get none. Null: never turned off. */
  notesOnSince: Date | null;
  /** When they were last saved; null for a portal that never changed them (everything on). */
  updatedAt: Date | null;
}

/** A change: the properties to turn on or off (others as they are), and notes on or off. */
export interface PreferencesChange {
  writeback?: Record<string, boolean>;
  notes?: boolean;
}

interface Row {
  writeback_off: string[];
  notes: boolean;
  notes_on_since: Date | null;
  updated_at: Date | null;
}

function fromRow(row: Row | undefined): PortalPreferences {
  const off = new Set(row?.writeback_off ?? []);
  return {
    writeback: Object.fromEntries(WRITTEN_PROPERTIES.map((name) => [name, !off.has(name)])),
    notes: row?.notes ?? true,
    notesOnSince: row?.notes_on_since ?? null,
    updatedAt: row?.updated_at ?? null,
  };
}

/** A portal's preferences; a portal that never saved any has today's behaviour (everything on). */
export async function readPreferences(db: Queryable, portalId: number): Promise<PortalPreferences> {
  const { rows } = await db.query<Row>('SELECT writeback_off, notes, notes_on_since, updated_at FROM hubspot_portal_settings WHERE portal_id = $1', [portalId]);
  return fromRow(rows[0]);
}

/**
 * Applies a change to a portal's preferences and answers them as saved. The portal's row is locked for
 * the change, so two saves at once both apply (each to what the other left), and turning notes on
 * records the moment once: from then on only briefs completed since get a note, so turning notes back
 * on never floods the portal's contacts with the notes of every brief completed while they were off.
 * `userId`: the HubSpot user saving from the settings page, null through the engine's API.
 */
export async function savePreferences(pool: Pool, portalId: number, change: PreferencesChange, now: Date, userId: number | null): Promise<PortalPreferences> {
  return transaction(pool, async (db) => {
    await db.query('INSERT INTO hubspot_portal_settings (portal_id, updated_at) VALUES ($1, $2) ON CONFLICT (portal_id) DO NOTHING', [portalId, now]);
    const { rows } = await db.query<Row>('SELECT writeback_off, notes, notes_on_since, updated_at FROM hubspot_portal_settings WHERE portal_id = $1 FOR UPDATE', [portalId]);
    const before = fromRow(rows[0]);
    const writeback = { ...before.writeback, ...change.writeback };
    const notes = change.notes ?? before.notes;
    const notesOnSince = notes && !before.notes ? now : before.notesOnSince;
    const off = WRITTEN_PROPERTIES.filter((name) => writeback[name] === false);
    const { rows: saved } = await db.query<Row>(
      `UPDATE hubspot_portal_settings SET writeback_off = $2, notes = $3, notes_on_since = $4, updated_at = $5, updated_by_user_id = $6 WHERE portal_id = $1
       RETURNING writeback_off, notes, notes_on_since, updated_at`,
      [portalId, off, notes, notesOnSince, now, userId],
    );
    return fromRow(saved[0]);
  });
}
