import { describe, expect, it } from 'vitest';
import { decodePageCursor, encodePageCursor, isMicros } from '../../../src/platform/http/pageCursor.ts';

const pair = (keys: unknown[]): keys is [number, string] => keys.length === 2 && isMicros(keys[0]) && typeof keys[1] === 'string';

describe('a page cursor', () => {
  it('gives back the keys it was made of, as URL-safe text', () => {
    const text = encodePageCursor([1_795_000_000_123_456, 'a/b+c?']);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePageCursor(text, pair)).toEqual([1_795_000_000_123_456, 'a/b+c?']);
  });

  it.each([
    ['not base64 JSON', 'nope'],
    ['an object', encodePageCursor({ a: 1 } as never)],
    ['keys its list refuses', encodePageCursor(['x', 'y'])],
    ['a time PostgreSQL cannot hold', encodePageCursor([1e17, 'y'])],
    ['a fraction of a microsecond', encodePageCursor([1.5, 'y'])],
    ['nothing', ''],
  ])('refuses %s as invalid_query', (_what, text) => {
    expect(() => decodePageCursor(text, pair)).toThrow(expect.objectContaining({ code: 'invalid_query' }));
  });
});
