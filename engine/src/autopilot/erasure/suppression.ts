import type { PoolClient } from '../../platform/database/database.ts';

/**
 * Opt-outs that outlive an erasure. An address that unsubscribed is never contacted again (routing's
 * `unsubscribed` skip rule), and erasing its contact must not undo that: the law that lets a person
 * have their data erased also lets (and asks) the sender keep what it needs to honour their objection.
 * What is kept is the least that does it: SHA-256 of `<account id>:<address>` (`autopilot_suppressed`),
 * never the address. Routing hashes each address it routes the same way and finds it there.
 */

/** The SQL of the hash of `address` (normalised, as research takes it) within `account` (SQL expressions). */
export const SUPPRESSION_HASH_SQL = (account: string, address: string): string => `sha256(convert_to(${account}::bigint::text || ':' || ${address}::text, 'UTF8'))`;

/**
 * Keeps the opt-out of `address` when the lead it had opted out of ended `unsubscribed`, or recorded an
 * unsubscribe after it had ended (an objection either way), in the caller's transaction. Answers whether
 * the address is suppressed now (kept before or now).
 */
export async function keepOptOut(client: PoolClient, accountId: number, address: string, leadId: number | null, now: Date): Promise<boolean> {
  const { rows } = await client.query<{ suppressed: boolean }>(
    `WITH opted_out AS (
       SELECT 1 FROM autopilot_leads l WHERE l.id = $3 AND (l.end_reason = 'unsubscribed'
         OR EXISTS (SELECT 1 FROM autopilot_lead_events e WHERE e.lead_id = l.id AND e.kind = 'unsubscribe'))
     ), kept AS (
       INSERT INTO autopilot_suppressed (account_id, address_hash, since)
       SELECT $1, ${SUPPRESSION_HASH_SQL('$1', '$2')}, $4 FROM opted_out
       ON CONFLICT DO NOTHING RETURNING 1
     )
     SELECT EXISTS (SELECT 1 FROM opted_out)
         OR EXISTS (SELECT 1 FROM autopilot_suppressed WHERE account_id = $1 AND address_hash = ${SUPPRESSION_HASH_SQL('$1', '$2')}) AS suppressed`,
    [accountId, address, leadId, now],
  );
  return rows[0]!.suppressed;
}
