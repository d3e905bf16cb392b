import { createHash } from 'node:crypto';
import type { PoolClient, Queryable } from '../../../platform/database/database.ts';

/**
 * The hosted authentication tokens a notification has used (autopilot_connect_tokens_used): a link's
 * token connects one seat, once. A token is known by the SHA-256 of its signed part, which holds its
 * random nonce (the signature is checked before, and compared as a whole, so no other spelling of a
 * token passes).
 */
export function tokenKey(token: string): Buffer {
  return createHash('sha256').update(token.split('.')[0]!).digest();
}

/** The seat a used token connected (null when it connected none, such as a seat removed since), or undefined when it is unused. */
export async function usedToken(db: Queryable, token: string): Promise<{ seatId: number | null } | undefined> {
  const { rows } = await db.query<{ seat_id: string | null }>('SELECT seat_id FROM autopilot_connect_tokens_used WHERE token_hash = $1', [tokenKey(token)]);
  const row = rows[0];
  return row ? { seatId: row.seat_id === null ? null : Number(row.seat_id) } : undefined;
}

/**
 * Uses the token up within the caller's transaction: true for the first notification. A second one at
 * once waits on the first's row and, once the first commits, finds it (false); if the first rolled
 * back, it is the first. Rows of tokens past their expiry (refused as expired anyway) are removed.
 */
export async function useToken(client: PoolClient, use: { token: string; accountId: number; unipileAccountId: string; expiresAt: number; at: Date }): Promise<boolean> {
  await client.query('DELETE FROM autopilot_connect_tokens_used WHERE expires_at < $1', [use.at]);
  const { rowCount } = await client.query(
    `INSERT INTO autopilot_connect_tokens_used (token_hash, account_id, unipile_account_id, used_at, expires_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (token_hash) DO NOTHING`,
    [tokenKey(use.token), use.accountId, use.unipileAccountId, use.at, new Date(use.expiresAt)],
  );
  return rowCount === 1;
}

/** Says which seat the token connected, for a replay's answer. */
export async function tokenConnected(client: PoolClient, token: string, seatId: number): Promise<void> {
  await client.query('UPDATE autopilot_connect_tokens_used SET seat_id = $2 WHERE token_hash = $1', [tokenKey(token), seatId]);
}
