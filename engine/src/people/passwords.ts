import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Problem } from '../platform/validation/index.ts';

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

/** What is wrong with a new password, in words (none: it will do). Length is counted in characters, not bytes. */
export function passwordProblems(password: string, email: string | undefined): Problem[] {
  const length = [...password].length;
  const problems: Problem[] = [];
  const error = (message: string) => problems.push({ severity: 'error', path: '/password', message });
  if (length < MIN_PASSWORD_LENGTH) error(`The password must have at least ${MIN_PASSWORD_LENGTH} characters; it has ${length}`);
  if (length > MAX_PASSWORD_LENGTH) error(`The password may have at most ${MAX_PASSWORD_LENGTH} characters`);
  if (email !== undefined && password.trim().toLowerCase() === email.toLowerCase()) error('The password must not be the e-mail address');
  return problems;
}

/** An argon2id hash (the library's defaults: 19 MiB, 2 passes, OWASP's minimum), in the PHC string form. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummy: Promise<string> | undefined;

/**
 * Whether `password` matches `stored`. Without a stored hash (no such user) it verifies against a
 * dummy hash all the same, so an unknown address takes as long to refuse as a wrong password.
 */
export async function passwordMatches(stored: string | undefined, password: string): Promise<boolean> {
  dummy ??= hash(randomBytes(18).toString('base64'));
  if (stored === undefined) {
    await verify(await dummy, password);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
