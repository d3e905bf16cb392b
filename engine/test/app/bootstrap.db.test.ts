import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../support/databases.ts';
import { client, newTestDatabase, startTestEngine, type TestEngine } from '../support/engine.ts';

let database: TestDatabase;
const engines: TestEngine[] = [];

beforeAll(async () => {
  // Migrated, with no account yet: a fresh install.
  database = await newTestDatabase();
});

afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.stop()));
  await database.drop();
});

async function count(table: string): Promise<number> {
  const { rows } = await database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]!.n;
}

describe('first start', () => {
  it('creates one account and prints one banner when two engines start at the same moment', async () => {
    const pair = await Promise.all([startTestEngine({ database, worker: false }), startTestEngine({ database, worker: false })]);
    engines.push(...pair);
    const banners = pair.flatMap((engine) => engine.printed);
    expect(banners).toHaveLength(1);
    expect({ accounts: await count('accounts'), products: await count('products'), keys: await count('api_keys') }).toEqual({ accounts: 1, products: 1, keys: 1 });

    const banner = banners[0]!;
    const { rows } = await database.pool.query<{ id: number; name: string; plan: string }>('SELECT id, name, plan FROM accounts');
    expect(rows).toEqual([{ id: expect.any(Number), name: 'Local account', plan: 'bdr' }]);
    expect(banner).toContain(`First start: created account ${rows[0]!.id} "Local account" (plan bdr, 300 credits a month) with this API key.`);
    const key = /^ {2}(pr_live_[A-Za-z0-9]{42})$/m.exec(banner)?.[1];
    expect(key).toBeDefined();

    // The printed key works on both engines, against the account's product.
    for (const engine of pair) {
      const reply = await client(engine.url, key).research({ email: 'jane.doe@example.com' });
      expect(reply).toMatchObject({ status: 202, body: { status: 'processing' } });
    }
  });

  it('prints nothing on a later start', async () => {
    const later = await startTestEngine({ database, worker: false });
    engines.push(later);
    expect(later.printed).toEqual([]);
    expect(await count('accounts')).toBe(1);
  });
});
