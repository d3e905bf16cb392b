import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountView, productView } from '../../../src/accounts/views.ts';
import { createAccount, type Plan } from '../../../src/accounts/accounts.ts';
import { setProduct } from '../../../src/accounts/products.ts';
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

async function accountCount(): Promise<number> {
  const { rows } = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts');
  return rows[0]!.n;
}

type AccountJson = Record<string, unknown> & { id: number };

/** An account made directly (set-up, not under test), as the CLI would print it. */
async function seed(name: string, plan: Plan): Promise<AccountJson> {
  return JSON.parse(JSON.stringify(accountView(await createAccount(database.pool, { name, plan }))));
}

describe('accounts create', () => {
  it('prints the new account with its id and the plan figures', async () => {
    const account = await cli.json<AccountJson>('accounts', 'create', '--name', 'Acme Sales', '--plan', 'bdr');
    expect(account).toMatchObject({
      name: 'Acme Sales',
      plan: 'bdr',
      language: 'en',
      monthly_credits: 300,
      max_api_keys: 3,
      decision_makers: true,
      current_product_id: null,
    });
    expect(Number.isInteger(account.id) && account.id > 0).toBe(true);
    expect(new Date(String(account.billing_anchor)).getTime()).not.toBeNaN();
    const { rows } = await database.pool.query('SELECT name, plan FROM accounts WHERE id = $1', [account.id]);
    expect(rows).toEqual([{ name: 'Acme Sales', plan: 'bdr' }]);
  });

  it('takes a language and overrides of the monthly credits and the key limit', async () => {
    const account = await cli.json<AccountJson>('accounts', 'create', '--name', 'Solo', '--plan', 'individual', '--language', 'pl', '--credits', '40', '--max-keys', '2');
    expect(account).toMatchObject({ plan: 'individual', language: 'pl', monthly_credits: 40, max_api_keys: 2, decision_makers: false });
  });

  it('creates an enterprise account with its own credits and key limit', async () => {
    const account = await cli.json<AccountJson>('accounts', 'create', '--name', 'Big Co', '--plan', 'enterprise', '--credits', '5000', '--max-keys', '25');
    expect(account).toMatchObject({ plan: 'enterprise', monthly_credits: 5000, max_api_keys: 25 });
  });

  it('refuses an enterprise account without --credits or --max-keys with exit code 2, and stores nothing', async () => {
    const before = await accountCount();
    const noCredits = await cli.fails('accounts', 'create', '--name', 'Big Co', '--plan', 'enterprise', '--max-keys', '5');
    expect(noCredits.code).toBe(2);
    expect(noCredits.stderr).toBe('prospect-engine: plan enterprise has no default monthly credits: set them with --credits\n');
    expect(noCredits.json).toEqual({ error: 'invalid_account', message: 'plan enterprise has no default monthly credits: set them with --credits' });

    const noKeys = await cli.fails('accounts', 'create', '--name', 'Big Co', '--plan', 'enterprise', '--credits', '100');
    expect(noKeys.code).toBe(2);
    expect(noKeys.stderr).toContain('plan enterprise has no default key limit: set it with --max-keys');
    expect(await accountCount()).toBe(before);
  });

  it.each([
    ['an unknown plan', ['--plan', 'gold'], "argument 'gold' is invalid"],
    ['an unknown language', ['--plan', 'bdr', '--language', 'xx'], "argument 'xx' is invalid"],
    ['negative credits', ['--plan', 'bdr', '--credits', '-1'], 'expected a whole number >= 0'],
  ])('rejects %s before touching the database', async (_case, options, message) => {
    const before = await accountCount();
    const result = await cli.fails('accounts', 'create', '--name', 'Nope', ...options);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.json).toEqual({ error: 'invalid_argument', message: expect.stringContaining(message) });
    expect(await accountCount()).toBe(before);
  });

  it('refuses a blank name with exit code 2', async () => {
    const result = await cli.fails('accounts', 'create', '--name', '   ', '--plan', 'free');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('an account name has 1 to 200 characters');
  });
});

describe('accounts list and show', () => {
  it('lists every account in id order', async () => {
    const a = await seed('List One', 'free');
    const b = await seed('List Two', 'bdr_plus');
    const list = await cli.json<AccountJson[]>('accounts', 'list');
    const { rows } = await database.pool.query<{ id: number }>('SELECT id FROM accounts ORDER BY id');
    expect(list.map((account) => account.id)).toEqual(rows.map((row) => row.id));
    expect(list.find((account) => account.id === a.id)).toEqual(a);
    expect(list.find((account) => account.id === b.id)).toMatchObject({ plan: 'bdr_plus', monthly_credits: 800, max_api_keys: 10 });
  });

  it('shows an account with its credits and its product', async () => {
    const account = await seed('Shown', 'free');
    const bare = await cli.json<Record<string, unknown>>('accounts', 'show', String(account.id));
    expect(bare).toMatchObject({ ...account, product: null });
    expect(bare.credits).toMatchObject({ account_id: account.id, used: 0, limit: 10, remaining: 10, cycle_started_at: account.billing_anchor });
    expect(new Date(String((bare.credits as Record<string, unknown>).resets_at)).getTime()).toBeGreaterThan(Date.now());

    const product = JSON.parse(
      JSON.stringify(productView(await setProduct(database.pool, account.id, { name: 'Ledgerly', description: 'AP automation', features: ['Invoice capture'], customers: ['CFOs'] }))),
    );
    const shown = await cli.json<Record<string, unknown>>('accounts', 'show', String(account.id));
    expect(shown.product).toEqual(product);
    expect(shown.current_product_id).toBe(product.id);
  });

  it('prints aligned fields for people without --json', async () => {
    const account = await seed('Human Readable', 'individual');
    const result = await cli.run('accounts', 'show', String(account.id));
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines).toContain(`id:                 ${account.id}`);
    expect(lines).toContain('name:               Human Readable');
    expect(lines).toContain('monthly_credits:    125');
    expect(lines).toContain('current_product_id: -');
    expect(lines).toContain('credits');
    expect(lines).toContain('remaining:        125');
    expect(result.stdout).toContain('(none: POST /research answers api_key_has_no_product)');
    expect(() => JSON.parse(result.stdout)).toThrow();
  });

  it('prints a table for people from accounts list', async () => {
    const result = await cli.run('accounts', 'list');
    expect(result.code).toBe(0);
    const [header, ...rows] = result.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^id\s+name\s+plan\s+language\s+monthly_credits\s+max_api_keys$/);
    expect(rows.some((row) => /^\d+\s+Human Readable\s+individual\s+en\s+125\s+1$/.test(row))).toBe(true);
  });
});

describe('accounts set', () => {
  it('changes the plan, and the plan figures follow', async () => {
    const account = await seed('Upgrader', 'free');
    const changed = await cli.json<AccountJson>('accounts', 'set', String(account.id), '--plan', 'bdr_plus');
    expect(changed).toMatchObject({ id: account.id, plan: 'bdr_plus', monthly_credits: 800, max_api_keys: 10, decision_makers: true });
    expect(await cli.json('accounts', 'show', String(account.id))).toMatchObject({ plan: 'bdr_plus', credits: { limit: 800 } });
  });

  it('takes the older form, --id, as the argument', async () => {
    const account = await seed('Older form', 'free');
    expect(await cli.json<AccountJson>('accounts', 'set', '--id', String(account.id), '--plan', 'bdr')).toMatchObject({ id: account.id, plan: 'bdr' });
    expect(await cli.json<AccountJson>('accounts', 'set', String(account.id), '--id', String(account.id), '--plan', 'individual')).toMatchObject({ plan: 'individual' });
  });

  it('changes the language and the monthly credits, leaving the rest alone', async () => {
    const account = await seed('Tuner', 'bdr');
    const language = await cli.json<AccountJson>('accounts', 'set', String(account.id), '--language', 'de');
    expect(language).toEqual({ ...account, language: 'de' });
    const credits = await cli.json<AccountJson>('accounts', 'set', String(account.id), '--credits', '7');
    expect(credits).toEqual({ ...account, language: 'de', monthly_credits: 7 });
    expect(await cli.json('credits', 'show', '--account', String(account.id))).toMatchObject({ limit: 7, remaining: 7 });
  });

  it('drops per-account overrides when the plan changes, says so, and keeps those given again with the new plan', async () => {
    const account = await seed('Upgrader', 'individual');
    const custom = await cli.json<AccountJson>('accounts', 'set', String(account.id), '--credits', '40', '--max-keys', '2');
    expect(custom).toMatchObject({ monthly_credits: 40, max_api_keys: 2 });

    const upgraded = await cli.run('accounts', 'set', String(account.id), '--plan', 'bdr', '--json');
    expect(upgraded.code).toBe(0);
    expect(JSON.parse(upgraded.stdout)).toMatchObject({ plan: 'bdr', monthly_credits: 300, max_api_keys: 3 });
    expect(upgraded.stderr).toBe(
      `plan bdr: account ${account.id} dropped its own monthly credits (40) for the plan's 300 and its own key limit (2) for the plan's 3; give --credits or --max-keys with --plan to keep your own\n`,
    );

    // Both at once: the plan and the account's own credits, and nothing to report.
    const both = await cli.run('accounts', 'set', String(account.id), '--plan', 'bdr_plus', '--credits', '900');
    expect(both).toMatchObject({ code: 0, stderr: '' });
    expect(both.stdout).toContain('monthly_credits:    900');
    expect(await cli.json('accounts', 'show', String(account.id))).toMatchObject({ plan: 'bdr_plus', monthly_credits: 900, max_api_keys: 10, credits: { limit: 900 } });
    const samePlan = await cli.run('accounts', 'set', String(account.id), '--plan', 'bdr_plus', '--json');
    expect(samePlan.stderr).toBe('');
    expect(JSON.parse(samePlan.stdout)).toMatchObject({ plan: 'bdr_plus', monthly_credits: 900 });
  });

  it('refuses a move to enterprise without credits of its own, and leaves the account as it was', async () => {
    const account = await seed('Almost Enterprise', 'bdr');
    const result = await cli.fails('accounts', 'set', String(account.id), '--plan', 'enterprise');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('plan enterprise has no default monthly credits');
    expect(await cli.json('accounts', 'show', String(account.id))).toMatchObject({ plan: 'bdr', monthly_credits: 300 });
  });
});

describe.concurrent('unknown ids', () => {
  it.each([
    ['accounts show', ['accounts', 'show', '987654']],
    ['products set', ['products', 'set', '--account', '987654', '--name', 'P', '--description', 'D', '--features', 'f', '--customers', 'c']],
    ['keys create', ['keys', 'create', '--account', '987654']],
    ['credits show', ['credits', 'show', '--account', '987654']],
  ])('%s answers exit code 2 and names the account', async (_command, args) => {
    const result = await cli.fails(...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('prospect-engine: no account 987654\n');
    expect(result.json).toEqual({ error: 'account_not_found', message: 'no account 987654' });
  });

  it('keys revoke of an unknown key answers exit code 2', async () => {
    const result = await cli.fails('keys', 'revoke', '987654');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('prospect-engine: no API key 987654\n');
  });

  it('rejects an id that is not a positive integer', async () => {
    const result = await cli.fails('accounts', 'show', 'abc');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('expected a positive integer');
  });
});
