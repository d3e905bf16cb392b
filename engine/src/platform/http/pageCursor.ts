import { AppError } from '../errors.ts';

/**
 * Where a page of a list stops, handed to the caller as opaque text (`next_cursor`) and taken back as
 * `?cursor=`: the sort keys of the page's last row, so the next page starts right after it whatever
 * was added meanwhile, and what the cursor holds can change without a caller noticing.
 */
export function encodePageCursor(keys: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(keys)).toString('base64url');
}

/** The keys in a cursor when `valid` accepts them; `invalid_query` for anything else. */
export function decodePageCursor<T extends readonly unknown[]>(text: string, valid: (keys: unknown[]) => keys is unknown[] & T): T {
  let keys: unknown;
  try {
    keys = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    keys = undefined;
  }
  if (!Array.isArray(keys) || !valid(keys)) throw new AppError('invalid_query', {}, 'cursor is not a next_cursor of this list');
  return keys;
}

/** Microseconds of ±300 years around 1970: every real time, and none that PostgreSQL's timestamps cannot hold. */
const MAX_MICROS = 300 * 366 * 86_400 * 1_000_000;

/** A time as a cursor holds it: whole microseconds since 1970 (`extract(epoch ...) * 1000000` in SQL, exact where a Date is not). */
export const isMicros = (value: unknown): value is number => Number.isSafeInteger(value) && Math.abs(value as number) <= MAX_MICROS;
