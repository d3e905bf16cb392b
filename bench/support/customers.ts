import { createAccount, createApiKey, type Pool, setProduct } from '@prospect-research/engine';

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

/** `count` customers, created one after the other (each takes a few transactions). */
export async function createBenchCustomers(pool: Pool, count: number): Promise<BenchCustomer[]> {
  const customers: BenchCustomer[] = [];
  for (let i = 0; i < count; i++) customers.push(await createBenchCustomer(pool, `Bench Corp ${i + 1}`));
  return customers;
}
