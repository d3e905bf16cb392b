import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Whether an `Authorization` header carries `Bearer <expected>`. Both sides are hashed first, so the
 * comparison takes the same time whatever was sent and however long it is: timing tells a caller
 * nothing about how much of the token it guessed.
 */
export function bearerTokenMatches(header: string | string[] | undefined, expected: string): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  const sent = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(value ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(sent), digest(expected)) && sent.length > 0;
}
