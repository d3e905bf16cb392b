import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../src/accounts/accounts.ts';
import type { TestDatabase } from '../../support/databases.ts';
import { newTestDatabase } from '../../support/engine.ts';
import { type Cli, cliFor } from '../../support/runCli.ts';

let database: TestDatabase;
let cli: Cli;

beforeAll(async () => {
  database = await newTestDatabase();
  cli = cliFor(database.url);
});

afterAll(async () => {
  await database.drop();
});

type ProductJson = Record<string, unknown> & { id: number };

describe('products set and show', () => {
  it('stores the product, splits the lists on ";", and makes it the current one', async () => {
    const account = await createAccount(database.pool, { name: 'Acme Sales', plan: 'bdr' });
    const product = await cli.json<ProductJson>(
      'products',
      'set',
      '--account',
      String(account.id),
      '--name',
      ' Ledgerly ',
      '--description',
      'Accounts-payable automation for mid-sized manufacturers.',
      '--features',
      'Invoice capture; Three-way matching ;;Approval flows',
      '--customers',
      'CFOs of manufacturers;AP teams',
    );
    expect(product).toMatchObject({
      account_id: account.id,
      name: 'Ledgerly',
      description: 'Accounts-payable automation for mid-sized manufacturers.',
      features: ['Invoice capture', 'Three-way matching', 'Approval flows'],
      customers: ['CFOs of manufacturers', 'AP teams'],
    });
    expect(await cli.json('products', 'show', '--account', String(account.id))).toEqual(product);
    const { rows } = await database.pool.query('SELECT current_product_id FROM accounts WHERE id = $1', [account.id]);
    expect(rows[0].current_product_id).toBe(product.id);
  });

  it('replaces the current product with a new one and keeps the older one stored', async () => {
    const account = await createAccount(database.pool, { name: 'Pivoting', plan: 'individual' });
    const first = await cli.json<ProductJson>('products', 'set', '--account', String(account.id), '--name', 'Old', '--description', 'The old thing', '--features', 'a', '--customers', 'x');
    const second = await cli.json<ProductJson>('products', 'set', '--account', String(account.id), '--name', 'New', '--description', 'The new thing', '--features', 'b;c', '--customers', 'y');
    expect(second.id).not.toBe(first.id);
    expect(await cli.json('products', 'show', '--account', String(account.id))).toEqual(second);
    const { rows } = await database.pool.query('SELECT id, name, features FROM products WHERE account_id = $1 ORDER BY id', [account.id]);
    expect(rows).toEqual([
      { id: first.id, name: 'Old', features: ['a'] },
      { id: second.id, name: 'New', features: ['b', 'c'] },
    ]);
  });

  it('shows no product for an account that has none: null in JSON, a note for people', async () => {
    const account = await createAccount(database.pool, { name: 'Productless', plan: 'free' });
    expect(await cli.json('products', 'show', '--account', String(account.id))).toBeNull();
    const human = await cli.run('products', 'show', '--account', String(account.id));
    expect(human).toMatchObject({ code: 0, stdout: '(no product)\n' });
  });

  it('refuses empty feature or customer lists with exit code 2 and keeps the current product', async () => {
    const account = await createAccount(database.pool, { name: 'Careless', plan: 'bdr' });
    const kept = await cli.json<ProductJson>('products', 'set', '--account', String(account.id), '--name', 'Kept', '--description', 'Kept', '--features', 'a', '--customers', 'x');
    const [noFeatures, noCustomers] = await Promise.all([
      cli.fails('products', 'set', '--account', String(account.id), '--name', 'P', '--description', 'D', '--features', ' ; ;', '--customers', 'x'),
      cli.fails('products', 'set', '--account', String(account.id), '--name', 'P', '--description', 'D', '--features', 'a', '--customers', ''),
    ]);
    expect(noFeatures.code).toBe(2);
    expect(noFeatures.stderr).toBe('prospect-engine: a product needs at least one key feature\n');
    expect(noCustomers.code).toBe(2);
    expect(noCustomers.stderr).toBe('prospect-engine: a product needs at least one target customer\n');
    expect(await cli.json('products', 'show', '--account', String(account.id))).toEqual(kept);
    const { rows } = await database.pool.query('SELECT count(*)::int AS n FROM products WHERE account_id = $1', [account.id]);
    expect(rows[0].n).toBe(1);
  });
});
