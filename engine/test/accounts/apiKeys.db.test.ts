import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../src/platform/database/database.ts';
import { createAccount } from '../../src/accounts/accounts.ts';
import { createApiKey, findKeyHolder, generateApiKey, hashApiKey, isApiKeyShaped, revokeApiKey } from '../../src/accounts/apiKeys.ts';
import { AppError } from '../../src/platform/errors.ts';
import type { TestDatabase } from '../support/databases.ts';
import { KEY_PREFIX, newTestDatabase } from '../support/engine.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

let database: TestDatabase;

beforeAll(async () => {
  database = await newTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

describe('generateApiKey', () => {
  const keys = Array.from({ length: 5000 }, () => generateApiKey('pr'));

  it('makes keys of the documented shape: prefix, _live_, 42 characters of [A-Za-z0-9]', () => {
    for (const key of keys) expect(key).toMatch(/^pr_live_[A-Za-z0-9]{42}$/);
    expect(generateApiKey('acme2')).toMatch(/^acme2_live_[A-Za-z0-9]{42}$/);
  });

  it('never repeats a key', () => {
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('draws from the whole alphabet, about evenly', () => {
    const counts = new Map<string, number>();
    for (const key of keys) for (const char of key.slice('pr_live_'.length)) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect([...counts.keys()].sort().join('')).toBe([...ALPHABET].sort().join(''));
    // 210,000 characters over 62: about 3,387 each, standard deviation about 58. A modulo bias from
    // bytes (256 = 4 * 62 + 8) would give 8 characters about 24% more; 15% is over 8 deviations.
    const expected = (keys.length * 42) / ALPHABET.length;
    const uneven = [...counts].filter(([, count]) => Math.abs(count / expected - 1) > 0.15);
    expect(uneven).toEqual([]);
  });

  it('recognises its own keys and nothing close to them', () => {
    const key = keys[0]!;
    expect(isApiKeyShaped('pr', key)).toBe(true);
    expect(isApiKeyShaped('pr', key.slice(0, -1))).toBe(false);
    expect(isApiKeyShaped('pr', `${key}A`)).toBe(false);
    expect(isApiKeyShaped('pr', `${key.slice(0, -1)}-`)).toBe(false);
    expect(isApiKeyShaped('pr', key.replace('_live_', '_test_'))).toBe(false);
    expect(isApiKeyShaped('xx', key)).toBe(false);
  });
});

describe('hashApiKey', () => {
  it('is SHA-256 of the whole key', () => {
    // FIPS 180-2 test vector.
    expect(hashApiKey('abc').toString('hex')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('matches what PostgreSQL computes for a stored key', async () => {
    const account = await createAccount(database.pool, { name: 'Hashing', plan: 'bdr' });
    const key = await createApiKey(database.pool, KEY_PREFIX, account.id);
    const { rows } = await database.pool.query<{ same: boolean }>(`SELECT key_hash = sha256(convert_to($2, 'UTF8')) AS same FROM api_keys WHERE id = $1`, [key.id, key.key]);
    expect(rows).toEqual([{ same: true }]);
    expect((await findKeyHolder(database.pool, key.key))?.keyId).toBe(key.id);
    expect(await findKeyHolder(database.pool, generateApiKey(KEY_PREFIX))).toBeUndefined();
  });
});

describe('createApiKey', () => {
  it('creates exactly as many keys as the plan allows when many are asked for at once', async () => {
    // Enough connections for every attempt to be in flight together, on several accounts.
    const pool = createPool(database.url, 24);
    try {
      const accounts = await Promise.all(Array.from({ length: 6 }, (_, i) => createAccount(pool, { name: `Racing ${i}`, plan: 'bdr' })));
      const attempts = await Promise.all(accounts.map((account) => Promise.allSettled(Array.from({ length: 8 }, () => createApiKey(pool, KEY_PREFIX, account.id)))));
      for (const [i, account] of accounts.entries()) {
        const created = attempts[i]!.filter((attempt) => attempt.status === 'fulfilled');
        const refused = attempts[i]!.filter((attempt): attempt is PromiseRejectedResult => attempt.status === 'rejected');
        expect(created).toHaveLength(3);
        expect(refused).toHaveLength(5);
        for (const attempt of refused) {
          expect(attempt.reason).toBeInstanceOf(AppError);
          expect((attempt.reason as Error).message).toBe(`account ${account.id} already has 3 active key(s), its plan's limit is 3: revoke one first`);
        }
        const { rows } = await pool.query('SELECT count(*)::int AS n FROM api_keys WHERE account_id = $1', [account.id]);
        expect(rows[0].n).toBe(3);
      }
    } finally {
      await pool.end();
    }
  });

  it('counts only active keys against the cap', async () => {
    const account = await createAccount(database.pool, { name: 'Rotating', plan: 'individual' });
    const first = await createApiKey(database.pool, KEY_PREFIX, account.id);
    await expect(createApiKey(database.pool, KEY_PREFIX, account.id)).rejects.toThrow(AppError);
    await revokeApiKey(database.pool, first.id);
    const second = await createApiKey(database.pool, KEY_PREFIX, account.id);
    expect(await findKeyHolder(database.pool, first.key)).toBeUndefined();
    expect((await findKeyHolder(database.pool, second.key))?.account.id).toBe(account.id);
  });
});
