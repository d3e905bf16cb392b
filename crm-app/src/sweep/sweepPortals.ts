import { addJob, type Pool, reportSourceWatches } from '@prospect-research/engine';
import { sourceName } from '../portalSource.ts';
import { queuePortalSetups } from '../setup.ts';
import { sweepJob } from '../tasks.ts';
import { SWEEP_WITHIN_MINUTES, WEBHOOK_PROPERTIES } from './sweepContacts.ts';

/**
 * Tells the engine how each portal watches its contacts' properties (an Autopilot's answer says it per
 * stop property): the webhook's properties as they happen, every other one by the sweep, nothing once
 * the portal is disconnected. Every portal at once: one that moved to another account is forgotten in
 * the one it left.
 */
export async function reportWatches(pool: Pool, now: Date): Promise<void> {
  // A portal waiting to be claimed feeds no account yet; a disconnected one still says it watches nothing in the account it fed.
  const { rows } = await pool.query<{ portal_id: string; account_id: string; state: string }>('SELECT portal_id, account_id, state FROM hubspot_portals WHERE account_id IS NOT NULL');
  await reportSourceWatches(
    pool,
    'hubspot:',
    rows.map((row) => ({ accountId: Number(row.account_id), source: sourceName(row.portal_id), webhook: WEBHOOK_PROPERTIES, sweepMinutes: SWEEP_WITHIN_MINUTES, active: row.state === 'connected' })),
    now,
  );
}

/**
 * Every few minutes: portals set up with older property definitions set up again (once per version),
 * what each portal watches told to the engine, and each connected portal's sweep queued (one pending
 * per portal).
 */
export async function sweepPortals(pool: Pool, now: Date): Promise<{ setUp: number[]; swept: number }> {
  const setUp = await queuePortalSetups(pool);
  await reportWatches(pool, now);
  const { rows } = await pool.query<{ portal_id: string }>(`SELECT portal_id FROM hubspot_portals WHERE state = 'connected' ORDER BY portal_id`);
  for (const row of rows) await addJob(pool, 'hubspot_sweep_contacts', { portalId: Number(row.portal_id) }, sweepJob(Number(row.portal_id)));
  return { setUp, swept: rows.length };
}
