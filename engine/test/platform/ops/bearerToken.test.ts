import { describe, expect, it } from 'vitest';
import { bearerTokenMatches } from '../../../src/platform/ops/bearerToken.ts';

describe('bearerTokenMatches', () => {
  const token = 'metrics-token-0123456789abcdef';
  it('admits exactly `Bearer <token>`', () => {
    expect(bearerTokenMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerTokenMatches(`bearer  ${token} `, token)).toBe(true);
    expect(bearerTokenMatches([`Bearer ${token}`], token)).toBe(true);
  });

  it('refuses anything else: no header, another scheme, a prefix, a longer token, an empty one', () => {
    for (const header of [undefined, '', 'Bearer', 'Bearer ', token, `Basic ${token}`, `Bearer ${token.slice(0, -1)}`, `Bearer ${token}x`, `Bearer ${token} extra`]) {
      expect(bearerTokenMatches(header, token), String(header)).toBe(false);
    }
  });
});
