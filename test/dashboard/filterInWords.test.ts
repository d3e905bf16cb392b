/**
 * The dashboard words an Autopilot's filter itself (the HTTP answer has the filter, not its words):
 * it must say what the engine's CLI says (`autopilots list`) for every filter, so the two are compared
 * over many filters made up at random.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

type Filter = { match: 'all' | 'any'; rules: { property: string; operator: string; values: (string | number | boolean)[] }[] };
type Words = (filter: Filter) => string;

// Loaded by address: each package's tsconfig keeps to its own folder, and only the functions are compared.
const dashboard = (await import(new URL('../../dashboard/src/pages/autopilots/filterInWords.ts', import.meta.url).href)) as { filterInWords: Words };
const engine = (await import(new URL('../../engine/src/autopilot/filter/phrases.ts', import.meta.url).href)) as { describeFilter: Words };

const OPERATORS = ['is', 'is_not', 'contains', 'not_contains', 'gt', 'gte', 'lt', 'lte', 'between', 'is_known', 'is_unknown'];
const value = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer({ min: -1000, max: 100_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constantFrom('2024-03-01', '2024-03-01T09:30:00Z', ' 250 ', '1,200'),
);
const rule = fc.record({ property: fc.constantFrom('country', 'numberofemployees', 'closedate', 'jobtitle'), operator: fc.constantFrom(...OPERATORS), values: fc.array(value, { maxLength: 4 }) });
const filter = fc.record({ match: fc.constantFrom<Filter['match']>('all', 'any'), rules: fc.array(rule, { maxLength: 3 }) });

describe('a filter in words', () => {
  it('reads as the engine words it', () => {
    fc.assert(
      fc.property(filter, (each) => dashboard.filterInWords(each) === engine.describeFilter(each)),
      { numRuns: 500 },
    );
  });

  it('reads like the docs’ examples', () => {
    expect(
      dashboard.filterInWords({
        match: 'all',
        rules: [
          { property: 'country', operator: 'is', values: ['Germany', 'France'] },
          { property: 'numberofemployees', operator: 'between', values: [50, 500] },
        ],
      }),
    ).toBe('country is Germany or France and numberofemployees is between 50 and 500');
    expect(dashboard.filterInWords({ match: 'any', rules: [{ property: 'jobtitle', operator: 'not_contains', values: ['intern', 'student'] }] })).toBe(
      'jobtitle contains neither "intern" nor "student"',
    );
    expect(dashboard.filterInWords({ match: 'all', rules: [{ property: 'closedate', operator: 'lt', values: ['2024-01-01'] }] })).toBe('closedate is before 2024-01-01');
    expect(dashboard.filterInWords({ match: 'all', rules: [] })).toBe('every contact (catch-all)');
  });
});
