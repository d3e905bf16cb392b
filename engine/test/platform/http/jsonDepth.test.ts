import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonTooDeep, MAX_JSON_DEPTH } from '../../../src/platform/http/jsonDepth.ts';

/** The nesting depth of a parsed value, by recursion (fine for the shallow values the property makes). */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

describe('jsonTooDeep', () => {
  it('counts arrays and objects, and refuses the level past the limit only', () => {
    const arrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    const objects = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
    expect(MAX_JSON_DEPTH).toBe(64);
    for (const make of [arrays, objects]) {
      expect(jsonTooDeep(make(64))).toBe(false);
      expect(jsonTooDeep(make(65))).toBe(true);
      expect(jsonTooDeep(make(1_000_000))).toBe(true);
    }
    expect(jsonTooDeep('[{"a": [1, {"b": []}]}]', 5)).toBe(false);
    expect(jsonTooDeep('[{"a": [1, {"b": []}]}]', 4)).toBe(true);
    // Siblings do not add up.
    expect(jsonTooDeep(`[${Array.from({ length: 1000 }, () => '[[1]]').join(',')}]`, 3)).toBe(false);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonTooDeep(JSON.stringify({ text: '['.repeat(1000) }))).toBe(false);
    expect(jsonTooDeep(JSON.stringify({ text: '"\\[[[[[{{{{"', [`${'{'.repeat(100)}"`]: 1 }))).toBe(false);
    expect(jsonTooDeep(`["\\\\", ${'['.repeat(65)}${']'.repeat(65)}]`)).toBe(true);
  });

  it('agrees with the parsed depth of any JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 0, max: 7 }), (value, limit) => {
        const text = JSON.stringify(value);
        expect(jsonTooDeep(text, limit), text).toBe(depthOf(value) > limit);
      }),
      { seed: 20_261_201, numRuns: 500 },
    );
  });

  it('leaves text that is not JSON to the parser', () => {
    for (const text of ['', '{', ']]]]', 'not json', '"unterminated [[[']) expect(jsonTooDeep(text)).toBe(false);
  });
});
