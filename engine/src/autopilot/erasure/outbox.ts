import type { PoolClient } from '../../platform/database/database.ts';

/**
 * The events outbox (the events module's `events` table, when that module runs): the contact's events
 * and its lead's keep their type, time, ids, reason, outcome and end reason, and lose what they quoted:
 * the contact's address and properties (`data.contact` keeps its id and source, with `email` null and
 * `properties` empty), a touch's subject, a routing decision's explanation (its words quote the
 * contact's values). An event already delivered to a webhook is the receiver's copy, out of reach.
 * Answers how many events were erased (0 when the events module does not run).
 */
export async function eraseOutboxEvents(
  client: PoolClient,
  { accountId, source, contactIds, keptId, leadId }: { accountId: number; source: string; contactIds: string[]; keptId: string; leadId: number | null },
): Promise<number> {
  const { rows } = await client.query<{ here: boolean }>(`SELECT to_regclass('events') IS NOT NULL AS here`);
  if (!rows[0]!.here) return 0;
  const { rowCount } = await client.query(
    `WITH scrubbed AS (
       SELECT seq,
              CASE WHEN data ? 'contact' THEN jsonb_set(data, '{contact}', (data -> 'contact') || jsonb_build_object('id', $4::text, 'email', null, 'properties', '{}'::jsonb)) ELSE data END
              || CASE WHEN data ? 'explanation' THEN '{"explanation": null}'::jsonb ELSE '{}'::jsonb END
              || CASE WHEN data ? 'subject' THEN '{"subject": null}'::jsonb ELSE '{}'::jsonb END AS data
       FROM events
       WHERE account_id = $1 AND ((contact_source = $2 AND contact_id = ANY($3::text[])) OR lead_id = $5)
     )
     UPDATE events e SET data = s.data, contact_id = CASE WHEN e.contact_id IS NULL THEN NULL ELSE $4 END
     FROM scrubbed s
     WHERE e.seq = s.seq AND (e.data IS DISTINCT FROM s.data OR e.contact_id <> $4)`,
    [accountId, source, contactIds, keptId, leadId],
  );
  return rowCount ?? 0;
}
