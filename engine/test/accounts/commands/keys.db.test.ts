import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type Plan } from '../../../src/accounts/accounts.ts';
import { createApiKey } from '../../../src/accounts/apiKeys.ts';
import { setProduct } from '../../../src/accounts/products.ts';
import type { TestDatabase } from '../../support/databases.ts';
import { client, KEY_PREFIX, newTestDatabase, startTestEngine, type TestEngine } from '../../support/engine.ts';
import { type Cli, cliFor } from '../../support/runCli.ts';

let database: TestDatabase;
let engine: TestEngine;
let cli: Cli;

beforeAll(async () => {
  database = await newTestDatabase();
  // The API the keys are for, on the same database as the CLI (no worker: jobs stay queued).
  engine = await startTestEngine({ database, worker: false });
  cli = cliFor(database.url);
});

afterAll(async () => {
  await engine.stop();
  await database.drop();
});

interface KeyJson {
  id: number;
  account_id: number;
  label: string;
  hint: string;
  created_at: string;
  revoked_at: string | null;
}

async function accountWithProduct(plan: Plan, overrides: { monthlyCredits?: number; maxApiKeys?: number } = {}) {
  const account = await createAccount(database.pool, { name: `${plan} customer`, plan, ...overrides });
  await setProduct(database.pool, account.id, { name: 'Ledgerly', description: 'AP automation', features: ['Invoice capture'], customers: ['CFOs'] });
  return account;
}

describe('keys create', () => {
  it('prints the key once, in the documented format, and stores only its SHA-256', async () => {
    const account = await accountWithProduct('bdr');
    const created = await cli.json<KeyJson & { key: string }>('keys', 'create', '--account', String(account.id));
    expect(created.key).toMatch(/^pr_live_[A-Za-z0-9]{42}$/);
    expect(created).toMatchObject({ account_id: account.id, hint: `pr_live_...${created.key.slice(-4)}`, revoked_at: null });

    const { rows } = await database.pool.query<{ row: string; key_hash: Buffer }>('SELECT to_jsonb(k)::text AS row, key_hash FROM api_keys k WHERE id = $1', [created.id]);
    expect(rows[0]!.key_hash.equals(createHash('sha256').update(created.key).digest())).toBe(true);
    // Neither the key nor its random part is anywhere in the stored row.
    expect(rows[0]!.row).not.toContain(created.key);
    expect(rows[0]!.row).not.toContain(created.key.slice('pr_live_'.length));
    const { rows: anywhere } = await database.pool.query('SELECT count(*)::int AS n FROM api_keys k WHERE to_jsonb(k)::text LIKE $1', [`%${created.key.slice(8, 30)}%`]);
    expect(anywhere[0].n).toBe(0);

    // The key works against the API.
    expect((await client(engine.url, created.key).research({ email: 'jane@example.com' })).status).toBe(202);
  });

  it("takes a label to tell the key apart by, shown in the list, within the HTTP API's rules", async () => {
    const account = await createAccount(database.pool, { name: 'Labels', plan: 'bdr' });
    const labelled = await cli.json<KeyJson & { key: string }>('keys', 'create', '--account', String(account.id), '--label', '  n8n production ');
    expect(labelled).toMatchObject({ label: 'n8n production' });
    const plain = await cli.json<KeyJson>('keys', 'create', '--account', String(account.id));
    expect(plain).toMatchObject({ label: '' });
    const list = await cli.json<KeyJson[]>('keys', 'list', '--account', String(account.id));
    expect(list.map((key) => [key.id, key.label])).toEqual([
      [labelled.id, 'n8n production'],
      [plain.id, ''],
    ]);
    expect((await cli.run('keys', 'list', '--account', String(account.id))).stdout.split('\n')[0]).toMatch(/^id +account_id +label +hint +created_at +revoked_at$/);
    for (const [label, why] of [
      [' ', 'expected some text, such as "n8n production"'],
      ['x'.repeat(81), 'expected at most 80 characters, and it has 81'],
    ]) {
      const refused = await cli.fails('keys', 'create', '--account', String(account.id), '--label', label!);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(why!);
    }
    expect(await cli.json<KeyJson[]>('keys', 'list', '--account', String(account.id))).toHaveLength(2);
  });

  it('tells people the key is shown only once', async () => {
    const account = await accountWithProduct('bdr');
    const result = await cli.run('keys', 'create', '--account', String(account.id));
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^key: +pr_live_[A-Za-z0-9]{42}$/m);
    expect(result.stdout).toContain('The key is shown only this once; store it now.');
  });
});

describe('keys list', () => {
  it('lists the keys with hints only, revoked ones included', async () => {
    const account = await accountWithProduct('bdr');
    const first = await createApiKey(database.pool, KEY_PREFIX, account.id);
    const second = await createApiKey(database.pool, KEY_PREFIX, account.id);
    await database.pool.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [first.id]);
    const list = await cli.json<KeyJson[]>('keys', 'list', '--account', String(account.id));
    expect(list.map((key) => key.id)).toEqual([first.id, second.id]);
    for (const key of list) expect(Object.keys(key).sort()).toEqual(['account_id', 'created_at', 'hint', 'id', 'label', 'revoked_at']);
    expect(list[0]!.hint).toBe(`pr_live_...${first.key.slice(-4)}`);
    expect(list[0]!.revoked_at).not.toBeNull();
    expect(list[1]!.revoked_at).toBeNull();
    expect(JSON.stringify(list)).not.toContain(second.key.slice(8));
  });
});

describe('keys revoke', () => {
  it('revokes the key: the running API answers 401 invalid_key at once', async () => {
    const account = await accountWithProduct('bdr');
    const key = await cli.json<KeyJson & { key: string }>('keys', 'create', '--account', String(account.id));
    const api = client(engine.url, key.key);
    expect((await api.research({ email: 'before@example.com' })).status).toBe(202);

    const revoked = await cli.json<KeyJson>('keys', 'revoke', String(key.id));
    expect(revoked).toMatchObject({ id: key.id, account_id: account.id, hint: key.hint });
    expect(revoked.revoked_at).not.toBeNull();

    expect(await api.research({ email: 'after@example.com' })).toMatchObject({ status: 401, body: { error: 'invalid_key' } });
    expect(await api.account()).toMatchObject({ status: 401, body: { error: 'invalid_key' } });
    // Revoking again keeps the first revocation time.
    expect((await cli.json<KeyJson>('keys', 'revoke', String(key.id))).revoked_at).toBe(revoked.revoked_at);
  });
});

describe('active keys per plan', () => {
  // The last key the plan allows is created with the CLI, the one after it is refused; the keys
  // before are made directly to keep the test quick.
  it.each([
    ['free', 1, {}],
    ['individual', 1, {}],
    ['bdr', 3, {}],
    ['bdr_plus', 10, {}],
    ['enterprise', 2, { monthlyCredits: 50, maxApiKeys: 2 }],
  ] as const)('%s allows %i active key(s)', async (plan, cap, overrides) => {
    const account = await accountWithProduct(plan, overrides);
    for (let i = 1; i < cap; i++) await createApiKey(database.pool, KEY_PREFIX, account.id);
    await cli.json('keys', 'create', '--account', String(account.id));
    const refused = await cli.fails('keys', 'create', '--account', String(account.id));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(`prospect-engine: account ${account.id} already has ${cap} active key(s), its plan's limit is ${cap}: revoke one first\n`);
    const { rows } = await database.pool.query('SELECT count(*)::int AS n FROM api_keys WHERE account_id = $1', [account.id]);
    expect(rows[0].n).toBe(cap);
  });

  it('frees a slot when a key is revoked', async () => {
    const account = await accountWithProduct('individual');
    const only = await createApiKey(database.pool, KEY_PREFIX, account.id);
    expect((await cli.fails('keys', 'create', '--account', String(account.id))).code).toBe(2);
    await cli.json('keys', 'revoke', String(only.id));
    const replacement = await cli.json<KeyJson & { key: string }>('keys', 'create', '--account', String(account.id));
    expect((await client(engine.url, replacement.key).research({ email: 'jane@example.com' })).status).toBe(202);
    expect((await client(engine.url, only.key).research({ email: 'jane@example.com' })).status).toBe(401);
  });

  it('follows a plan change: an upgrade lets more keys in at once (a downgrade: see below)', async () => {
    const account = await accountWithProduct('individual');
    await createApiKey(database.pool, KEY_PREFIX, account.id);
    expect((await cli.fails('keys', 'create', '--account', String(account.id))).stderr).toContain("already has 1 active key(s), its plan's limit is 1");
    await cli.json('accounts', 'set', '--id', String(account.id), '--plan', 'bdr');
    expect((await cli.run('keys', 'create', '--account', String(account.id))).code).toBe(0);
  });
});

describe('credits show', () => {
  it("shows the current cycle's used, limit, remaining and reset time", async () => {
    const account = await accountWithProduct('individual', { monthlyCredits: 3 });
    const key = await createApiKey(database.pool, KEY_PREFIX, account.id);
    const api = client(engine.url, key.key);
    const fresh = await cli.json<Record<string, unknown>>('credits', 'show', '--account', String(account.id));
    expect(Object.keys(fresh).sort()).toEqual(['account_id', 'cycle_started_at', 'limit', 'remaining', 'resets_at', 'used']);
    expect(fresh).toMatchObject({ account_id: account.id, used: 0, limit: 3, remaining: 3, cycle_started_at: account.billingAnchor.toISOString() });

    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) expect((await api.research({ email })).status).toBe(202);
    expect(await api.research({ email: 'd@example.com' })).toMatchObject({ status: 429, body: { error: 'credits_exhausted', used: 3, limit: 3 } });
    const spent = await cli.json('credits', 'show', '--account', String(account.id));
    expect(spent).toEqual({ ...fresh, used: 3, remaining: 0 });

    const human = await cli.run('credits', 'show', '--account', String(account.id));
    expect(human.stdout).toMatch(/^used: +3$/m);
    expect(human.stdout).toMatch(/^remaining: +0$/m);
  });
});

describe('the key limit after a plan change', () => {
  async function withKeys(plan: Plan, count: number) {
    const account = await accountWithProduct(plan);
    const keys = [];
    for (let i = 0; i < count; i++) keys.push(await createApiKey(database.pool, KEY_PREFIX, account.id));
    return { account, keys };
  }

  it('refuses a plan whose limit is below the active keys, names how many to revoke, and changes nothing', async () => {
    const { account, keys } = await withKeys('bdr', 3);
    const refused = await cli.fails('accounts', 'set', '--id', String(account.id), '--plan', 'free');
    expect(refused.code).toBe(2);
    const message = `account ${account.id} has 3 active API keys and its new limit is 1: revoke 2 first (prospect-engine keys list --account ${account.id}, then keys revoke ID), or keep room for them with --max-keys 3`;
    expect(refused.stderr).toBe(`prospect-engine: ${message}\n`);
    expect(refused.json).toEqual({ error: 'api_key_limit_reached', message });
    expect(await cli.json('accounts', 'show', String(account.id))).toMatchObject({ plan: 'bdr', max_api_keys: 3 });
    // Every key still works.
    for (const key of keys) expect((await client(engine.url, key.key).account()).status).toBe(200);

    // Revoked down to the new limit, the change goes through; the remaining key works, the revoked ones answer invalid_key.
    for (const key of keys.slice(1)) expect((await cli.run('keys', 'revoke', String(key.id))).code).toBe(0);
    expect(await cli.json('accounts', 'set', '--id', String(account.id), '--plan', 'free')).toMatchObject({ plan: 'free', max_api_keys: 1 });
    expect((await client(engine.url, keys[0]!.key).account()).status).toBe(200);
    expect((await client(engine.url, keys[1]!.key).account()).body).toEqual({ error: 'invalid_key' });
  });

  it('lets the account keep its keys on the lower plan when --max-keys keeps room for them', async () => {
    const { account, keys } = await withKeys('bdr', 2);
    expect(await cli.json('accounts', 'set', '--id', String(account.id), '--plan', 'free', '--max-keys', '2')).toMatchObject({ plan: 'free', max_api_keys: 2, monthly_credits: 10 });
    for (const key of keys) expect((await client(engine.url, key.key).account()).status).toBe(200);
  });

  it('refuses a --max-keys below the active keys too', async () => {
    const { account } = await withKeys('bdr', 2);
    const refused = await cli.fails('accounts', 'set', '--id', String(account.id), '--max-keys', '1');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`account ${account.id} has 2 active API keys and its new limit is 1: revoke 1 first`);
    expect(await cli.json('accounts', 'show', String(account.id))).toMatchObject({ max_api_keys: 3 });
  });
});
