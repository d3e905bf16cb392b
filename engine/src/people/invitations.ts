import validator from 'validator';
import type { Pool, PoolClient, Queryable } from '../platform/database/database.ts';
import { transaction } from '../platform/database/database.ts';
import { normaliseEmail } from '../platform/emailAddress.ts';
import { AppError } from '../platform/errors.ts';
import { allows, ROLES, type Role } from '../platform/http/roles.ts';
import type { Problem } from '../platform/validation/index.ts';
import { hashPassword, passwordMatches, passwordProblems } from './passwords.ts';
import { type AttemptLimit, countSignInAttempt } from './signInLimit.ts';
import { endUserSessions } from './sessions.ts';
import { newToken, tokenHash } from './tokens.ts';
import { findUserByEmail } from './users.ts';

/**
 * What a one-time link offers: a sign-in into `account` with `role` (an invitation), or a new password
 * for `email` (a reset: `role` is the user's role there as it stands). `email` is null only on a first
 * start's owner invitation, where the owner gives it. `role` is the role accepting leaves them with: an
 * invitation raises a member's role, never lowers it (an admin invited as a member stays an admin).
 */
export interface Invitation {
  id: number;
  accountId: number;
  accountName: string;
  email: string | null;
  role: Role;
  /** True when accepting changes no membership (a password reset). */
  reset: boolean;
  expiresAt: Date;
}

/** Where a link's token is taken: the dashboard's page that reads it and posts the password. */
export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/app/invitation/${token}`;
}

/** Stores a one-time link and returns its token (shown once; only its hash is kept). `role` null: a password reset. */
export async function insertInvitation(db: Queryable, invitation: { accountId: number; email: string | null; role: Role | null; validForMs: number }): Promise<string> {
  const token = newToken();
  await db.query(`INSERT INTO invitations (token_hash, account_id, email, role, expires_at) VALUES ($1, $2, $3, $4, now() + $5 * interval '1 millisecond')`, [
    tokenHash(token),
    invitation.accountId,
    invitation.email,
    invitation.role,
    invitation.validForMs,
  ]);
  return token;
}

/** The unused, unexpired invitation the token names, else 404 `invitation_not_found` (one answer for all three). */
export async function findInvitation(db: Queryable, token: string, { lock = false } = {}): Promise<Invitation> {
  const { rows } = await db.query<{ id: number; account_id: number; account_name: string; email: string | null; role: Role | null; member_role: Role | null; expires_at: Date }>(
    `SELECT i.id::int, i.account_id::int, a.name AS account_name, i.email, i.role, m.role AS member_role, i.expires_at
     FROM invitations i JOIN accounts a ON a.id = i.account_id
     LEFT JOIN users u ON u.email = i.email
     LEFT JOIN memberships m ON m.user_id = u.id AND m.account_id = i.account_id
     WHERE i.token_hash = $1 AND i.used_at IS NULL AND i.expires_at > now()
     ${lock ? 'FOR UPDATE OF i' : ''}`,
    [tokenHash(token)],
  );
  const row = rows[0];
  // A reset whose user has since left the account offers nothing.
  const role = row?.role && row.member_role ? higherRole(row.role, row.member_role) : (row?.role ?? row?.member_role);
  if (!row || !role) throw new AppError('invitation_not_found');
  return { id: row.id, accountId: row.account_id, accountName: row.account_name, email: row.email, role, reset: row.role === null, expiresAt: row.expires_at };
}

export interface Acceptance {
  password: string;
  name?: string;
  /** Only for an invitation without an address (the first start's owner). */
  email?: string;
}

/**
 * Uses the link up, gives the invitation's membership, and returns who they are and where. A new
 * address becomes a user with the password given (its rules checked first: 400 `invalid_password` with
 * `problems`). A known address proves itself with its current password instead (401
 * `invalid_credentials`, its attempts counted as sign-ins are): whoever holds an invitation for
 * someone's address must not be able to set that person's password. A reset link sets a new password
 * and ends the user's sessions.
 */
export async function acceptInvitation(pool: Pool, token: string, acceptance: Acceptance, limits: { perAddress: number; client: AttemptLimit }): Promise<{ userId: number; accountId: number }> {
  const invitation = await findInvitation(pool, token);
  const email = invitation.email ?? ownerEmail(acceptance.email);
  const known = await findUserByEmail(pool, email);
  let passwordHash: string | undefined;
  if (known && !invitation.reset) {
    await countSignInAttempt(pool, [{ key: `address:${email}`, limit: limits.perAddress }, limits.client]);
    if (!(await passwordMatches(known.passwordHash, acceptance.password))) {
      throw new AppError('invalid_credentials', {}, `${email} already has a sign-in: the invitation is taken with its password`);
    }
  } else {
    const problems = passwordProblems(acceptance.password, email);
    if (problems.length > 0) throw invalidPassword(problems);
    passwordHash = await hashPassword(acceptance.password);
  }
  return transaction(pool, async (client) => {
    // Locked and read again: of two acceptances of one link, the second finds it used.
    const locked = await findInvitation(client, token, { lock: true });
    const userId = passwordHash === undefined ? known!.id : await upsertUser(client, email, acceptance.name, passwordHash);
    if (!locked.reset) {
      // A member already: the role rises to the invitation's when that is higher, and otherwise stays.
      await client.query(
        `INSERT INTO memberships (user_id, account_id, role) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, account_id) DO UPDATE SET role = excluded.role
         WHERE array_position($4::text[], excluded.role) > array_position($4::text[], memberships.role)`,
        [userId, locked.accountId, locked.role, ROLES],
      );
    }
    await client.query('UPDATE invitations SET used_at = now() WHERE id = $1', [locked.id]);
    return { userId, accountId: locked.accountId };
  });
}

/** The role of the two that may do more. */
export function higherRole(a: Role, b: Role): Role {
  return allows(a, b) ? a : b;
}

/** A new user, or (a reset) the known one with a new password, which ends what the old one opened. */
async function upsertUser(client: PoolClient, email: string, name: string | undefined, passwordHash: string): Promise<number> {
  const existing = await findUserByEmail(client, email);
  if (existing) {
    await client.query('UPDATE users SET password_hash = $2, name = coalesce($3, name) WHERE id = $1', [existing.id, passwordHash, name || null]);
    await endUserSessions(client, existing.id);
    return existing.id;
  }
  // Two links for one new address taken at once: the second finds the address taken, as if known.
  const { rows } = await client.query<{ id: number }>('INSERT INTO users (email, name, password_hash) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING RETURNING id::int', [
    email,
    name || email.slice(0, email.lastIndexOf('@')),
    passwordHash,
  ]);
  if (rows.length === 0) throw new AppError('invalid_credentials', {}, `${email} got a sign-in meanwhile: take the invitation with its password`);
  return rows[0]!.id;
}

/** The address an owner gives on the first start's invitation, normalised; `invalid_user` when missing or not an address. */
function ownerEmail(raw: string | undefined): string {
  const email = raw === undefined ? undefined : normaliseEmail(raw.trim());
  if (email === undefined || !validator.isEmail(email)) {
    throw new AppError('invalid_user', { problems: [{ severity: 'error', path: '/email', message: 'This invitation needs your e-mail address, to sign in with: give it as "email"' }] });
  }
  return email;
}

/** A user's address as ops or people type it, normalised; `invalid_user` when it is not one. */
export function userEmail(raw: string): string {
  const email = normaliseEmail(raw.trim());
  if (email === undefined || !validator.isEmail(email)) throw new AppError('invalid_user', {}, `"${raw}" is not an e-mail address`);
  return email;
}

export function invalidPassword(problems: Problem[]): AppError {
  return new AppError('invalid_password', { problems }, problems.map((problem) => problem.message).join('; '));
}
