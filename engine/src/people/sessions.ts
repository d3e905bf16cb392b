import { type Account, ACCOUNT_COLUMNS, accountFromRow, type AccountRow } from '../accounts/index.ts';
import type { Queryable } from '../platform/database/database.ts';
import type { Role } from '../platform/http/roles.ts';
import { newToken, tokenHash } from './tokens.ts';
import type { User } from './users.ts';

/** A live session: who, acting in which account with which role, until when. */
export interface Session {
  id: number;
  user: User;
  account: Account;
  role: Role;
  /** When it ends if left idle from now on, or at its absolute end, whichever comes first. */
  endsAt: Date;
}

/** Starts a session (a new token each time: a sign-in never reuses one) and returns its token, for the cookie. */
export async function createSession(db: Queryable, userId: number, accountId: number, maxAgeMs: number): Promise<string> {
  const token = newToken();
  await db.query(`INSERT INTO sessions (token_hash, user_id, account_id, expires_at) VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond')`, [tokenHash(token), userId, accountId, maxAgeMs]);
  return token;
}

/** The account's columns as they are (an AccountRow), the session's beside them under names of their own. */
const ACCOUNT_SELECT = ACCOUNT_COLUMNS.split(', ')
  .map((column) => `a.${column}`)
  .join(', ');

type SessionRow = AccountRow & { session_id: number; user_id: number; user_email: string; user_name: string; member_role: Role; ends_at: Date };

/**
 * The session the token opens, when it has been used within `idleMs`, has not reached its absolute
 * end, and its user is still a member of its account: with the account it acts in, in one query (every
 * request signed in with the cookie makes it). Its idle clock starts again (written at most once a
 * minute, so that reading pages costs no write each).
 */
export async function findSession(db: Queryable, token: string, idleMs: number): Promise<Session | undefined> {
  const { rows } = await db.query<SessionRow>(
    `WITH live AS (
       SELECT s.id FROM sessions s
       WHERE s.token_hash = $1 AND s.expires_at > now() AND s.last_seen_at > now() - $2 * interval '1 millisecond'
     ), touched AS (
       UPDATE sessions s SET last_seen_at = now() FROM live WHERE s.id = live.id AND s.last_seen_at < now() - interval '1 minute'
     )
     SELECT s.id::int AS session_id, s.user_id::int, u.email AS user_email, u.name AS user_name, m.role AS member_role,
            least(s.expires_at, now() + $2 * interval '1 millisecond') AS ends_at, ${ACCOUNT_SELECT}
     FROM live JOIN sessions s ON s.id = live.id
     JOIN users u ON u.id = s.user_id
     JOIN memberships m ON m.user_id = s.user_id AND m.account_id = s.account_id
     JOIN accounts_with_plan a ON a.id = s.account_id`,
    [tokenHash(token), idleMs],
  );
  const row = rows[0];
  return row && { id: row.session_id, user: { id: row.user_id, email: row.user_email, name: row.user_name }, account: accountFromRow(row), role: row.member_role, endsAt: row.ends_at };
}

/** Moves the session to another of its user's accounts; false when the user is no member of it. */
export async function switchAccount(db: Queryable, sessionId: number, accountId: number): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE sessions s SET account_id = $2 WHERE s.id = $1 AND EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = s.user_id AND m.account_id = $2)`, [
    sessionId,
    accountId,
  ]);
  return rowCount === 1;
}

export async function endSession(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash(token)]);
}

/** Ends every session of the user, on every device. */
export async function endUserSessions(db: Queryable, userId: number): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
}

/**
 * Forgets the sessions no request can open any more: past their absolute end, or idle longer than
 * `idleMs` (the recurring sweep, sweep.ts).
 */
export async function deleteEndedSessions(db: Queryable, idleMs: number): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM sessions WHERE expires_at <= now() OR last_seen_at <= now() - $1 * interval '1 millisecond'`, [idleMs]);
  return rowCount ?? 0;
}
