import { accountsModule } from '../../src/accounts/module.ts';
import { autopilotModule } from '../../src/autopilot/module.ts';
import type { ContactRouting } from '../../src/autopilot/contract.ts';
import type { Pool } from '../../src/platform/database/database.ts';
import { addJob } from '../../src/platform/queue/tasks.ts';
import { researchModule } from '../../src/research/module.ts';
import { TestClock } from '../support/clock.ts';
import { createCustomer, type Customer, type EngineFixture, until, useEngine } from '../support/engine.ts';
import { autopilotApi, crmApi } from './support.ts';

/**
 * An engine whose Autopilot reads a clock the test moves (HTTP and a real worker on PostgreSQL), and a
 * customer per test with the Autopilot API, the CRM port and helpers to wait for routing.
 */
export function useRoutingEngine(options: { env?: Record<string, string> } = {}) {
  const clock = new TestClock();
  const fixture = useEngine({ modules: [accountsModule(), researchModule(), autopilotModule({ clock })], env: options.env });
  return { clock, fixture, newCustomer: (customer: Parameters<typeof createCustomer>[1] = {}) => routingCustomer(fixture, clock, customer) };
}

export type RoutingCustomer = Awaited<ReturnType<typeof routingCustomer>>;

export async function routingCustomer(fixture: EngineFixture, clock: TestClock, options: Parameters<typeof createCustomer>[1]) {
  const customer: Customer = await createCustomer(fixture.engine.pool, { name: 'Routed', ...options });
  const { url } = fixture.engine;
  const crm = crmApi(url, customer.key);
  return {
    customer,
    accountId: customer.account.id,
    api: autopilotApi(url, customer.key),
    crm,
    /** A contact as a CRM sends it, created `secondsAgo` before the clock's now. */
    contact: (id: string, properties: Record<string, unknown>, secondsAgo = 1) => ({
      id,
      created_at: new Date(clock.now().getTime() - secondsAgo * 1000).toISOString(),
      properties,
    }),
    /** Waits until routing has decided about the contact (it is no longer `received`), and answers where it is. */
    async routed(id: string): Promise<ContactRouting> {
      let body: ContactRouting | undefined;
      await until(
        () => `contact ${id} to be routed, still ${JSON.stringify(body?.state)}`,
        async () => {
          body = (await crm.contact(id)).body as unknown as ContactRouting;
          return body.state !== undefined && body.state !== 'received';
        },
      );
      return body!;
    },
    /** Waits until the contact's last decision was taken at the clock's now (a re-check happened). */
    async decidedNow(id: string): Promise<ContactRouting> {
      const now = clock.now().toISOString().replace('Z', '+00:00');
      let body: ContactRouting | undefined;
      await until(
        () => `contact ${id} to be routed at ${now}, last at ${body?.decided_at}`,
        async () => {
          body = (await crm.contact(id)).body as unknown as ContactRouting;
          return body.decided_at === now;
        },
      );
      return body!;
    },
  };
}

/** Runs the minute sweep now, on the worker, as its cron item would, and waits for it to finish. */
export async function sweep(pool: Pool): Promise<void> {
  await addJob(pool, 'recheck_contacts', {});
  await until('the sweep to finish', async () => {
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'recheck_contacts'`);
    return rows[0]!.n === 0;
  });
}

/** Credits and research jobs of an account, as the ledger and the jobs table have them. */
export async function spending(pool: Pool, accountId: number) {
  const { rows } = await pool.query<{ debits: number; jobs: number; leads: number }>(
    `SELECT (SELECT count(*)::int FROM credit_ledger WHERE account_id = $1 AND kind = 'debit') AS debits,
            (SELECT count(*)::int FROM research_jobs WHERE account_id = $1) AS jobs,
            (SELECT count(*)::int FROM autopilot_leads WHERE account_id = $1) AS leads`,
    [accountId],
  );
  return rows[0]!;
}
