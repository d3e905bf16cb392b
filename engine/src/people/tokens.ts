import { createHash, randomBytes } from 'node:crypto';

/** A random token for a cookie or a link (256 bits, base64url); only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
