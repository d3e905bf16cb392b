import { type Pool, type PoolClient, transactionOn } from '../../platform/database/database.ts';
import type { Clock } from '../../platform/time.ts';
import { routeJobKey } from '../intake/routingJob.ts';
import { noneRouted, type RoutedCounts, routeDueIn } from './route.ts';

/**
 * The `route_contacts` job: routes the account's due contacts, one run at a time per account, and
 * keeps going while contacts arrive. A run that finds another one routing the account leaves at once:
 * that one looks again after it lets go (below), so contacts that arrive while a run works are routed
 * by it, without a job waiting for a queue's turn or the worker's next poll. The turn is a session
 * advisory lock on the run's own connection (its chunks' transactions go through it too): a process
 * that dies frees it. Answers what it routed, nothing when another run had the account.
 */
export async function routeAccount(pool: Pool, clock: Clock, accountId: number): Promise<RoutedCounts> {
  const client = await pool.connect();
  const lock = routeJobKey(accountId);
  let held = false;
  try {
    const counts = noneRouted();
    for (;;) {
      held = await take(client, lock);
      if (!held) return counts;
      const routed = await routeDueIn((work) => transactionOn(client, work), clock, accountId);
      for (const state of Object.keys(counts) as (keyof RoutedCounts)[]) counts[state] += routed[state];
      await letGo(client, lock);
      held = false;
      // A run that found this one routing left meanwhile, its contacts to this one: they are due now.
      if (!(await anyDue(client, accountId, clock.now()))) return counts;
    }
  } finally {
    // A lock that could not be let go must not stay with a pooled connection: the connection is closed instead.
    client.release(held);
  }
}

async function take(client: PoolClient, lock: string): Promise<boolean> {
  const { rows } = await client.query<{ taken: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS taken', [lock]);
  return rows[0]!.taken;
}

async function letGo(client: PoolClient, lock: string): Promise<void> {
  await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [lock]);
}

/** Whether a contact is due that no run is routing now (those the sweep or a run holds are theirs). */
async function anyDue(client: PoolClient, accountId: number, now: Date): Promise<boolean> {
  const { rows } = await client.query('SELECT 1 FROM autopilot_contacts WHERE account_id = $1 AND next_check_at <= $2 LIMIT 1 FOR UPDATE SKIP LOCKED', [accountId, now]);
  return rows.length > 0;
}
