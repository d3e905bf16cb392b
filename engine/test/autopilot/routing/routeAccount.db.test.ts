import { describe, expect, it } from 'vitest';
import { accountsModule } from '../../../src/accounts/module.ts';
import { routeJobKey } from '../../../src/autopilot/intake/routingJob.ts';
import { autopilotModule } from '../../../src/autopilot/module.ts';
import { routeAccount } from '../../../src/autopilot/routing/routeAccount.ts';
import { researchModule } from '../../../src/research/module.ts';
import { TestClock } from '../../support/clock.ts';
import { useEngine } from '../../support/engine.ts';
import { routingCustomer, spending } from '../routingSupport.ts';
import { catchAll } from '../support.ts';

/**
 * The routing job's run and how intake wakes it, with no worker: the test runs the jobs' work itself,
 * and reads the queue as a worker would find it.
 */
const clock = new TestClock();
const fixture = useEngine({ worker: false, modules: [accountsModule(), researchModule(), autopilotModule({ clock })] });

interface QueuedRoute {
  locked: boolean;
  queue: string | null;
}

async function routingJobs(accountId: number): Promise<QueuedRoute[]> {
  const { rows } = await fixture.engine.pool.query<{ locked: boolean; queue: string | null }>(
    `SELECT j.locked_at IS NOT NULL AS locked, q.queue_name AS queue FROM graphile_worker._private_jobs j
     JOIN graphile_worker._private_tasks t ON t.id = j.task_id LEFT JOIN graphile_worker._private_job_queues q ON q.id = j.job_queue_id
     WHERE t.identifier = 'route_contacts' AND j.payload->>'accountId' = $1 ORDER BY j.id`,
    [String(accountId)],
  );
  return rows;
}

async function states(accountId: number): Promise<Record<string, number>> {
  const { rows } = await fixture.engine.pool.query<{ state: string; n: number }>('SELECT state, count(*)::int AS n FROM autopilot_contacts WHERE account_id = $1 GROUP BY state', [accountId]);
  return Object.fromEntries(rows.map((row) => [row.state, row.n]));
}

async function customer() {
  const routed = await routingCustomer(fixture, clock, { plan: 'enterprise', credits: 1000, maxKeys: 5 });
  await routed.api.put('Everyone else', catchAll());
  clock.advance({ minutes: 1 });
  return routed;
}

describe('waking routing', () => {
  it('queues one routing job for batches that arrive before it starts, runnable at once (no queue of its own to wait for)', async () => {
    const { crm, contact, accountId } = await customer();
    await Promise.all(Array.from({ length: 5 }, (_, b) => crm.send([contact(`b${b}`, { email: `b${b}@acme.de` })])));
    expect(await routingJobs(accountId)).toEqual([{ locked: false, queue: null }]);
  });

  it('queues a new job when contacts arrive while the job runs, and only one however many arrive', async () => {
    const { crm, contact, accountId } = await customer();
    await crm.send([contact('first', { email: 'first@acme.de' })]);
    // A worker took the job: it is running.
    await fixture.engine.pool.query(`UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'busy-worker' WHERE key = $1`, [routeJobKey(accountId)]);
    await crm.send([contact('second', { email: 'second@acme.de' })]);
    await crm.send([contact('third', { email: 'third@acme.de' })]);
    expect(await routingJobs(accountId)).toEqual([
      { locked: true, queue: null },
      { locked: false, queue: null },
    ]);
  });

  it('queues a runnable job when the one pending has failed for good (its tries spent, due again, never to run)', async () => {
    const { crm, contact, accountId } = await customer();
    await crm.send([contact('early', { email: 'early@acme.de' })]);
    await fixture.engine.pool.query(`UPDATE graphile_worker._private_jobs SET attempts = max_attempts, last_error = 'boom' WHERE key = $1`, [routeJobKey(accountId)]);
    await crm.send([contact('later', { email: 'later@acme.de' })]);
    const { rows } = await fixture.engine.pool.query<{ attempts: number; max_attempts: number }>('SELECT attempts, max_attempts FROM graphile_worker._private_jobs WHERE key = $1', [
      routeJobKey(accountId),
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.attempts).toBeLessThan(rows[0]!.max_attempts);
  });

  it('queues nothing for a batch of contacts all known before', async () => {
    const { crm, contact, accountId } = await customer();
    await crm.send([contact('once', { email: 'once@acme.de' })]);
    await routeAccount(fixture.engine.pool, clock, accountId);
    await fixture.engine.pool.query(`DELETE FROM graphile_worker._private_jobs WHERE key = $1`, [routeJobKey(accountId)]);
    await crm.send([contact('once', { email: 'once@acme.de' })]);
    expect(await routingJobs(accountId)).toEqual([]);
  });
});

describe("the routing job's run", () => {
  it('routes every due contact of the account, each once, and charges each enrolment once', async () => {
    const { crm, contact, accountId } = await customer();
    await crm.send(Array.from({ length: 30 }, (_, i) => contact(`c${i}`, { email: `c${i}@acme.de` })));
    expect(await routeAccount(fixture.engine.pool, clock, accountId)).toEqual({ enrolled: 30, waiting: 0, skipped: 0, abandoned: 0 });
    expect(await routeAccount(fixture.engine.pool, clock, accountId)).toEqual({ enrolled: 0, waiting: 0, skipped: 0, abandoned: 0 });
    expect(await states(accountId)).toEqual({ enrolled: 30 });
    expect(await spending(fixture.engine.pool, accountId)).toEqual({ debits: 30, jobs: 30, leads: 30 });
  });

  it('leaves at once while another run routes the account, and routes what is due once that run lets go', async () => {
    const { crm, contact, accountId } = await customer();
    await crm.send([contact('held', { email: 'held@acme.de' })]);
    // Another run holds the account's routing, on a connection of its own.
    const other = await fixture.engine.pool.connect();
    try {
      await other.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [routeJobKey(accountId)]);
      expect(await routeAccount(fixture.engine.pool, clock, accountId)).toEqual({ enrolled: 0, waiting: 0, skipped: 0, abandoned: 0 });
      expect(await states(accountId)).toEqual({ received: 1 });
      await other.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [routeJobKey(accountId)]);
    } finally {
      other.release();
    }
    expect(await routeAccount(fixture.engine.pool, clock, accountId)).toMatchObject({ enrolled: 1 });
  });

  it('lets go of the account when routing fails, so the next run routes', async () => {
    const { crm, contact, accountId } = await customer();
    await crm.send([contact('later', { email: 'later@acme.de' })]);
    // Routing cannot write its decisions while the contacts' table refuses them.
    await fixture.engine.pool.query(`ALTER TABLE autopilot_contacts ADD CONSTRAINT routing_test_refuses CHECK (state = 'received' OR account_id <> ${accountId}) NOT VALID`);
    try {
      await expect(routeAccount(fixture.engine.pool, clock, accountId)).rejects.toThrow(/routing_test_refuses/);
    } finally {
      await fixture.engine.pool.query('ALTER TABLE autopilot_contacts DROP CONSTRAINT routing_test_refuses');
    }
    expect(await routeAccount(fixture.engine.pool, clock, accountId)).toMatchObject({ enrolled: 1 });
    expect(await spending(fixture.engine.pool, accountId)).toEqual({ debits: 1, jobs: 1, leads: 1 });
  });
});
