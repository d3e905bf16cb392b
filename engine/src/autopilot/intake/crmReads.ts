import type { Queryable } from '../../platform/database/database.ts';
import type { ContactProperties } from '../contract.ts';
import type { CrmSource } from './source.ts';

/** The properties the Autopilot holds of these contacts of `from`, by id: those it knows and that are not removed. */
export async function heldProperties(db: Queryable, from: CrmSource, contactIds: readonly string[]): Promise<Map<string, ContactProperties>> {
  const { rows } = await db.query<{ contact_id: string; properties: ContactProperties }>(
    'SELECT contact_id, properties FROM autopilot_contacts WHERE account_id = $1 AND source = $2 AND contact_id = ANY($3::text[]) AND removed_at IS NULL',
    [from.accountId, from.source, contactIds],
  );
  return new Map(rows.map((row) => [row.contact_id, row.properties]));
}

/** Of these contacts of `from`, the one whose active lead was enrolled first; undefined when none has an active lead. */
export async function firstEnrolledActive(db: Queryable, from: CrmSource, contactIds: readonly string[]): Promise<string | undefined> {
  const { rows } = await db.query<{ contact_id: string }>(
    `SELECT contact_id FROM autopilot_leads WHERE account_id = $1 AND source = $2 AND contact_id = ANY($3::text[]) AND outcome = 'Active' ORDER BY enrolled_at, id LIMIT 1`,
    [from.accountId, from.source, contactIds],
  );
  return rows[0]?.contact_id;
}
