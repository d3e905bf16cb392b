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
 * account is deleted. `user_not_found` when the address is no member of the account.
 */
export async function removeMember(pool: Pool, accountId: number, email: string): Promise<Member> {
  return transaction(pool, async (client) => {
    const member = (await listMembers(client, accountId)).find((candidate) => candidate.email === email);
    if (!member) throw userNotFound(email, accountId);
    await client.query('DELETE FROM memberships WHERE user_id = $1 AND account_id = $2', [member.id, accountId]);
    await client.query('DELETE FROM sessions WHERE user_id = $1 AND account_id = $2', [member.id, accountId]);
    await client.query('DELETE FROM users u WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id)', [member.id]);
    return member;
  });
}

export function userNotFound(email: string, accountId?: number): AppError {
  return new AppError('user_not_found', {}, accountId === undefined ? `no user ${email}` : `${email} is not a member of account ${accountId}`);
}
