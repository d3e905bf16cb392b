import { createHash, randomInt } from 'node:crypto';
import { type Pool, type PoolClient, type Queryable, transaction } from '../platform/database/database.ts';
import { AppError } from '../platform/errors.ts';
import { ACCOUNT_COLUMNS, type Account, type AccountRow, accountFromRow, accountNotFound, activeKeyCount } from './accounts.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const RANDOM_LENGTH = 42;

export interface ApiKeyInfo {
  id: number;
  accountId: number;
  /** What the owner called it when creating it; empty for keys made without one. */
  label: string;
  /** The prefix and the last four characters; the key itself is never stored. */
  hint: string;
  createdAt: Date;
  revokedAt: Date | null;
}

/** A key as created: the only moment its value exists outside the caller's hands. */
export interface NewApiKey extends ApiKeyInfo {
  key: string;
}

/** `<prefix>_live_` then 42 characters drawn uniformly from [A-Za-z0-9] by the CSPRNG (about 250 bits). */
export function generateApiKey(prefix: string): string {
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) random += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}_live_${random}`;
}

export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

export function isApiKeyShaped(prefix: string, value: string): boolean {
  return value.length === prefix.length + 6 + RANDOM_LENGTH && value.startsWith(`${prefix}_live_`) && /^[A-Za-z0-9]+$/.test(value.slice(-RANDOM_LENGTH));
}

const KEY_COLUMNS = 'id, account_id, label, hint, created_at, revoked_at';

interface KeyRow {
  id: number;
  account_id: number;
  label: string;
  hint: string;
  created_at: Date;
  revoked_at: Date | null;
}

/** Creates a key for the account, within the plan's cap on active keys. */
export async function createApiKey(pool: Pool, prefix: string, accountId: number, label = ''): Promise<NewApiKey> {
  return transaction(pool, (client) => insertApiKey(client, prefix, accountId, label));
}

/** createApiKey inside the caller's transaction. */
export async function insertApiKey(client: PoolClient, prefix: string, accountId: number, label = ''): Promise<NewApiKey> {
  const key = generateApiKey(prefix);
  // Locking the account serialises concurrent creations, so the cap cannot be overrun.
  const { rows: accounts } = await client.query<{ max_api_keys: number | null }>('SELECT w.max_api_keys FROM accounts a JOIN accounts_with_plan w ON w.id = a.id WHERE a.id = $1 FOR UPDATE OF a', [
    accountId,
  ]);
  if (accounts.length === 0) throw accountNotFound(accountId);
  const cap = accounts[0]!.max_api_keys ?? 0;
  const active = await activeKeyCount(client, accountId);
  if (active >= cap) {
    throw new AppError('api_key_limit_reached', {}, `account ${accountId} already has ${active} active key(s), its plan's limit is ${cap}: revoke one first`);
  }
  const { rows } = await client.query<KeyRow>(
    `INSERT INTO api_keys (account_id, key_hash, hint, label) VALUES ($1, $2, $3, $4)
     RETURNING ${KEY_COLUMNS}`,
    [accountId, hashApiKey(key), `${prefix}_live_...${key.slice(-4)}`, label],
  );
  return { ...fromRow(rows[0]!), key };
}

export async function listApiKeys(db: Queryable, accountId: number): Promise<ApiKeyInfo[]> {
  const { rows } = await db.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE account_id = $1 ORDER BY id`, [accountId]);
  return rows.map(fromRow);
}

/**
 * Revokes at once for every process: each request reads the key's state from the database. With
 * `accountId`, only a key of that account (another account's key is `api_key_not_found`, as over HTTP).
 */
export async function revokeApiKey(db: Queryable, id: number, accountId?: number): Promise<ApiKeyInfo> {
  const { rows } = await db.query<KeyRow>(
    `UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1 AND ($2::bigint IS NULL OR account_id = $2)
     RETURNING ${KEY_COLUMNS}`,
    [id, accountId ?? null],
  );
  if (rows.length === 0) throw new AppError('api_key_not_found', {}, `no API key ${id}`);
  return fromRow(rows[0]!);
}

export interface KeyHolder {
  keyId: number;
  account: Account;
}

/** `$1`: the key's SHA-256. Exported for the benchmark's raw-SQL ceiling. */
export const KEY_HOLDER_SQL = `SELECT k.id AS key_id, ${ACCOUNT_COLUMNS.split(', ')
  .map((c) => `a.${c}`)
  .join(', ')}
  FROM api_keys k JOIN accounts_with_plan a ON a.id = k.account_id
  WHERE k.key_hash = $1 AND k.revoked_at IS NULL`;

/** The account an active key belongs to, or undefined for an unknown or revoked key. */
export async function findKeyHolder(db: Queryable, key: string): Promise<KeyHolder | undefined> {
  const { rows } = await db.query<AccountRow & { key_id: number }>(KEY_HOLDER_SQL, [hashApiKey(key)]);
  const row = rows[0];
  return row ? { keyId: row.key_id, account: accountFromRow(row) } : undefined;
}

function fromRow(row: KeyRow): ApiKeyInfo {
  return { id: row.id, accountId: row.account_id, label: row.label, hint: row.hint, createdAt: row.created_at, revokedAt: row.revoked_at };
}
