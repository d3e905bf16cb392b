import { eraseResearch, type Pool, transaction } from '@prospect-research/engine';

/**
 * A privacy deletion of a contact the Autopilot never took, that a workflow action researched: the
 * research its executions started is erased as the engine erases a contact's (the job anonymised, its
 * brief and the person's cached facts gone), and their kept answers lose their words about the person
 * (migration 0013's `hubspot_strip_workflow_outputs`). One transaction; answers how many executions it
 * reached (0: the app holds nothing of the contact).
 */
export async function eraseWorkflowResearch(pool: Pool, portalId: number, contactId: string, now: Date): Promise<number> {
  return transaction(pool, async (client) => {
    const { rows } = await client.query<{ account_id: string | null; research_ids: string[]; executions: number }>(
      `SELECT p.account_id, array_remove(array_agg(e.research_id::text), NULL) AS research_ids, count(*)::int AS executions
       FROM hubspot_workflow_executions e JOIN hubspot_portals p ON p.portal_id = e.portal_id
       WHERE e.portal_id = $1 AND e.object_id = $2 GROUP BY p.account_id`,
      [portalId, contactId],
    );
    const found = rows[0];
    if (!found) return 0;
    if (found.account_id !== null && found.research_ids.length > 0) {
      await eraseResearch(client, { accountId: Number(found.account_id), researchIds: found.research_ids, address: null, names: [], now });
    }
    await client.query('SELECT hubspot_strip_workflow_outputs($1, $2)', [portalId, contactId]);
    return found.executions;
  });
}
