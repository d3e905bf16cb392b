import type { Pool, Queryable } from '../platform/database/database.ts';
import { transaction } from '../platform/database/database.ts';
import { AppError } from '../platform/errors.ts';
import type { Role } from '../platform/http/roles.ts';

export interface User {
  id: number;
  email: string;
  name: string;
}

export interface Membership {
  accountId: number;
  accountName: string;
  role: Role;
}

export interface Member extends User {
  role: Role;
  createdAt: Date;
}

/** The user with this (normalised) address and their password hash, if any. */
export async function findUserByEmail(db: Queryable, email: string): Promise<(User & { passwordHash: string }) | undefined> {
  const { rows } = await db.query<User & { passwordHash: string }>('SELECT id::int, email, name, password_hash AS "passwordHash" FROM users WHERE email = $1', [email]);
  return rows[0];
}

/** The user's accounts and roles, oldest membership first. */
export async function membershipsOf(db: Queryable, userId: number): Promise<Membership[]> {
  const { rows } = await db.query<Membership>(
    `SELECT m.account_id::int AS "accountId", a.name AS "accountName", m.role
     FROM memberships m JOIN accounts a ON a.id = m.account_id WHERE m.user_id = $1 ORDER BY m.created_at, m.account_id`,
    [userId],
  );
  return rows;
}

/** Everyone who may sign in to the account, with their role. */
export async function listMembers(db: Queryable, accountId: number): Promise<Member[]> {
  const { rows } = await db.query<Member>(
    `SELECT u.id::int, u.email, u.name, m.role, m.created_at AS "createdAt"
     FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.account_id = $1 ORDER BY u.email`,
    [accountId],
  );
  return rows;
}

/**
 * Takes the user out of the account: their sessions acting in it end at once, and a user left in no
 * account is deleted. `user_not_found` when the address is no member of the account; 409 `last_owner`
 * when they are its only owner (an account that has an owner keeps one: make another owner first).
 */
export async function removeMember(pool: Pool, accountId: number, email: string): Promise<Member> {
  return transaction(pool, async (client) => {
    // The account's row locked: of two owners removed at once, the second sees the first gone.
    await client.query('SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
    const members = await listMembers(client, accountId);
    const member = members.find((candidate) => candidate.email === email);
    if (!member) throw userNotFound(email, accountId);
    if (member.role === 'owner' && !members.some((other) => other.role === 'owner' && other.id !== member.id)) {
      throw new AppError(
        'last_owner',
        {},
        `${email} is the only owner of account ${accountId}: invite another owner first (prospect-engine users invite --account ${accountId} --email ... --role owner)`,
      );
    }
    await client.query('DELETE FROM memberships WHERE user_id = $1 AND account_id = $2', [member.id, accountId]);
    await client.query('DELETE FROM sessions WHERE user_id = $1 AND account_id = $2', [member.id, accountId]);
    await client.query('DELETE FROM users u WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id)', [member.id]);
    return member;
  });
}

export function userNotFound(email: string, accountId?: number): AppError {
  return new AppError('user_not_found', {}, accountId === undefined ? `no user ${email}` : `${email} is not a member of account ${accountId}`);
}
