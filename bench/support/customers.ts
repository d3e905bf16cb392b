import type { Pool } from '@prospect-research/engine';
import { createAccount, createApiKey, setProduct } from '@prospect-research/engine/bench';
import type { BenchContext } from '../measurement.ts';
import type { BenchDatabase } from './databases.ts';

export interface BenchCustomer {
  accountId: number;
  key: string;
}

/**
 * An Enterprise account with credits no bench can exhaust, a product and one API key, created the
 * way ops would (`accounts create --plan enterprise --credits ... --max-keys ...`, `products set`, `keys create`).
 */
export async function createBenchCustomer(pool: Pool, name = 'Bench Corp'): Promise<BenchCustomer> {
  const account = await createAccount(pool, { name, plan: 'enterprise', monthlyCredits: 2_000_000_000, maxApiKeys: 100 });
  await setProduct(pool, account.id, {
    name: 'Ledgerly',
    description: 'Accounts-payable automation for mid-sized manufacturers.',
    features: ['Invoice capture', 'Three-way matching'],
    customers: ['CFOs of manufacturers'],
  });
  const key = await createApiKey(pool, 'pr', account.id);
  return { accountId: account.id, key: key.key };
}

/**
 * A fresh database with one bench customer, configured through the real service's HTTP API (`configure`
 * gets its URL and the customer's key); the service is stopped again before this answers.
 */
export async function configuredCustomer<T>(context: BenchContext, configure: (url: string, key: string) => Promise<T>): Promise<{ database: BenchDatabase; customer: BenchCustomer; configured: T }> {
  const database = await context.freshDatabase();
  const customer = await createBenchCustomer(database.pool);
  const service = await context.startService(database, { worker: false });
  try {
    return { database, customer, configured: await configure(service.url, customer.key) };
  } finally {
    await service.stop();
  }
}

/** `count` customers, created one after the other (each takes a few transactions). */
export async function createBenchCustomers(pool: Pool, count: number): Promise<BenchCustomer[]> {
  const customers: BenchCustomer[] = [];
  for (let i = 0; i < count; i++) customers.push(await createBenchCustomer(pool, `Bench Corp ${i + 1}`));
  return customers;
}
