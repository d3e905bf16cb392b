import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Operator, StoredFilter, StoredRule } from '../../../src/autopilot/contract.ts';
import { compileFilter, compileRule } from '../../../src/autopilot/filter/compile.ts';
import type { Contact } from '../../../src/autopilot/filter/contactValue.ts';
import { evaluateFilter, evaluateRule, type RuleResult } from '../../../src/autopilot/filter/evaluate.ts';

/**
 * The filter evaluator against CRM data as it arrives: text in any case, numbers and dates as text,
 * HubSpot's `;`-separated multiple values, missing and blank properties. Property-based: each operator
 * is checked against an oracle written without the evaluator's helpers, over generated contacts.
 */

const RUNS = { numRuns: 300 };

function run(operator: Operator, values: StoredRule['values'], contact: Contact, property = 'prop'): RuleResult {
  return evaluateRule(compileRule({ property, operator, values }, 1), contact);
}

/** ASCII text without `;`, not blank: a single CRM value. */
const word = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.&/'), minLength: 1, maxLength: 12 }).filter((text) => text.trim() !== '');
const words = fc.uniqueArray(word, { minLength: 1, maxLength: 5, selector: (text) => text.trim().toLowerCase() });

/** The same text with each letter's case flipped at random, and blanks around it. */
const recased = (text: string) =>
  fc
    .tuple(fc.array(fc.boolean(), { minLength: text.length, maxLength: text.length }), fc.constantFrom('', ' ', '  ', '\t'))
    .map(([flips, pad]) => `${pad}${[...text].map((char, i) => (flips[i] ? (char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase()) : char)).join('')}${pad}`);

/** What a contact may hold for a property that holds nothing. */
const nothing = fc.constantFrom<unknown>(undefined, null, '', '   ', ';', ' ; ;', [], [null, ''], Number.NaN, Number.POSITIVE_INFINITY, { nested: 'object' });

/** Anything a CRM could hand over for one property. */
const anyValue = fc.oneof(
  word,
  fc.string(),
  fc.array(word, { maxLength: 4 }).map((parts) => parts.join(';')),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.array(fc.oneof(word, fc.integer()), { maxLength: 3 }),
  nothing,
);

/** A contact holding `value` for `prop` (or nothing at all when the value is undefined). */
const contactWith = (value: unknown, property = 'prop'): Contact => (value === undefined ? {} : { [property]: value });

describe('is and is_not', () => {
  it('is: matches a value in any case and with blanks around it; several values mean any of them', () => {
    fc.assert(
      fc.property(words, fc.nat(), (values, pick) => {
        const chosen = values[pick % values.length]!;
        return fc.assert(
          fc.property(recased(chosen), (held) => {
            const result = run('is', values, contactWith(held));
            expect(result).toMatchObject({ matched: true, reason: 'matched', contactValue: held.trim() });
            expect(result.text).toBe(`${result.description}: yes, the contact says ${held.trim()}`);
          }),
          { numRuns: 5 },
        );
      }),
      RUNS,
    );
  });

  it("is: finds the value among HubSpot's `;`-separated multiple values, or in a list", () => {
    fc.assert(
      fc.property(words, fc.array(word, { maxLength: 4 }), fc.nat(), fc.boolean(), (values, others, at, asList) => {
        const chosen = values[at % values.length]!;
        const parts = [...others];
        parts.splice(at % (others.length + 1), 0, chosen.toUpperCase());
        expect(run('is', values, contactWith(asList ? parts : parts.join(' ; '))).matched).toBe(true);
      }),
      RUNS,
    );
  });

  it("is: no value of the contact equal to any of the rule's, whatever the case, is no match", () => {
    fc.assert(
      fc.property(words, fc.array(word, { minLength: 1, maxLength: 4 }), (values, held) => {
        const folded = values.map((value) => value.trim().toLowerCase());
        fc.pre(held.every((part) => !folded.includes(part.trim().toLowerCase())) && !folded.includes(held.join(';').toLowerCase()));
        const result = run('is', values, contactWith(held.join(';')));
        expect(result).toMatchObject({ matched: false, reason: 'no_match' });
        expect(result.text).toBe(`${result.description}: no, the contact says ${held.join(';').trim()}`);
      }),
      RUNS,
    );
  });

  it('is: a number compares as a number, in any of the ways a CRM writes it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), (n) => {
        for (const held of [n, String(n), ` ${n} `, `${n}.0`, `${n}.000`, `${n}e0`]) expect(run('is', [n], contactWith(held)).matched, String(held)).toBe(true);
        expect(run('is', [n], contactWith(String(n + 1))).matched).toBe(false);
        expect(run('is', [n], contactWith(`${n} employees`)).matched).toBe(false);
      }),
      RUNS,
    );
  });

  it('is: compatibility forms and other scripts compare without regard to case', () => {
    expect(run('is', ['ACME GmbH'], contactWith('ａｃｍｅ ｇｍｂｈ')).matched).toBe(true);
    expect(run('is', ['Ärzte'], contactWith('ÄRZTE')).matched).toBe(true);
    expect(run('is', ['Straße'], contactWith('straße')).matched).toBe(true);
    expect(run('is', [true], contactWith('TRUE')).matched).toBe(true);
    expect(run('is', [true], contactWith(true)).matched).toBe(true);
    expect(run('is', [false], contactWith('true')).matched).toBe(false);
    // A value that itself holds a `;` still matches whole.
    expect(run('is', ['Smith; Jones LLC'], contactWith('smith; jones llc')).matched).toBe(true);
  });

  it('is_not is exactly the opposite of is, for any contact value, missing ones included', () => {
    fc.assert(
      fc.property(words, anyValue, (values, held) => {
        const is = run('is', values, contactWith(held));
        const isNot = run('is_not', values, contactWith(held));
        expect(isNot.matched).toBe(!is.matched);
        expect(isNot.contactValue).toBe(is.contactValue);
      }),
      RUNS,
    );
  });
});

describe('contains and not_contains', () => {
  it('contains: finds the text anywhere in the value, in any case', () => {
    fc.assert(
      fc.property(words, fc.nat(), fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), (values, pick, before, after) => {
        const chosen = values[pick % values.length]!.trim();
        return fc.assert(
          fc.property(recased(chosen), (inner) => {
            expect(run('contains', values, contactWith(`x${before}${inner.trim()}${after}x`)).matched).toBe(true);
          }),
          { numRuns: 3 },
        );
      }),
      RUNS,
    );
  });

  it('contains: matches exactly when the lower-cased value holds one of the lower-cased texts', () => {
    fc.assert(
      fc.property(words, word, (values, held) => {
        const expected = values.some((value) => held.trim().toLowerCase().includes(value.trim().toLowerCase()));
        expect(run('contains', values, contactWith(held)).matched).toBe(expected);
      }),
      RUNS,
    );
  });

  it('not_contains is exactly the opposite of contains, missing values included', () => {
    fc.assert(
      fc.property(words, anyValue, (values, held) => {
        expect(run('not_contains', values, contactWith(held)).matched).toBe(!run('contains', values, contactWith(held)).matched);
      }),
      RUNS,
    );
  });
});

/** A number the way a CRM may hand it over: as a number, as text, with blanks or a plus sign. */
const numberForms = (n: number) => {
  const forms: unknown[] = [n, String(n), ` ${n}\t`];
  if (n >= 0) forms.push(`+${n}`);
  return forms;
};

describe('gt, gte, lt, lte and between on numbers', () => {
  const number = fc.oneof(fc.integer({ min: -1e9, max: 1e9 }), fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true }));
  const oracle: Record<'gt' | 'gte' | 'lt' | 'lte', (a: number, b: number) => boolean> = {
    gt: (a, b) => a > b,
    gte: (a, b) => a >= b,
    lt: (a, b) => a < b,
    lte: (a, b) => a <= b,
  };

  for (const operator of ['gt', 'gte', 'lt', 'lte'] as const) {
    it(`${operator}: compares the contact's number, given as a number or as text, with the rule's`, () => {
      fc.assert(
        fc.property(number, number, (held, bound) => {
          for (const form of numberForms(held)) {
            const result = run(operator, [bound], contactWith(form));
            expect(result.matched, `${JSON.stringify(form)} ${operator} ${bound}`).toBe(oracle[operator](held, bound));
            expect(result.reason).toBe(result.matched ? 'matched' : 'no_match');
          }
        }),
        RUNS,
      );
    });
  }

  it('between: the bounds are included, and it is exactly gte the lower and lte the upper', () => {
    fc.assert(
      fc.property(number, number, number, (held, a, b) => {
        const [lower, upper] = a <= b ? [a, b] : [b, a];
        const contact = contactWith(String(held));
        const result = run('between', [lower, upper], contact);
        expect(result.matched).toBe(lower <= held && held <= upper);
        expect(result.matched).toBe(run('gte', [lower], contact).matched && run('lte', [upper], contact).matched);
        expect(run('between', [held, held], contact).matched).toBe(true);
      }),
      RUNS,
    );
  });

  it('text that is not a number never compares, and says so', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'abcxyz ,-_$€'), minLength: 1, maxLength: 12 }).filter((text) => text.trim() !== '' && text.replaceAll(';', '').trim() !== ''),
        (held) => {
          for (const operator of ['gt', 'gte', 'lt', 'lte'] as const) {
            const result = run(operator, [0], contactWith(held, 'numberofemployees'), 'numberofemployees');
            expect(result).toMatchObject({ matched: false, reason: 'not_a_number' });
            expect(result.text).toMatch(/, which is not a number$/);
          }
        },
      ),
      RUNS,
    );
    // Thousands separators are not read: locales disagree on the comma.
    expect(run('gt', [1000], contactWith('1,200', 'numberofemployees'), 'numberofemployees').text).toBe('numberofemployees is greater than 1000: no, the contact says 1,200, which is not a number');
  });

  it('among several values, one in range is enough', () => {
    expect(run('gt', [100], contactWith('20;200')).matched).toBe(true);
    expect(run('between', [50, 60], contactWith(['10', 'n/a', '55'])).matched).toBe(true);
    expect(run('lt', [0], contactWith('20;200')).matched).toBe(false);
  });
});

describe('gt, gte, lt, lte and between on dates', () => {
  // From 1975: milliseconds since 1970 are read from 12 or 13 digits.
  const instant = fc.date({ min: new Date('1975-01-01T00:00:00Z'), max: new Date('2200-12-31T23:59:59Z'), noInvalidDate: true });
  const day = (date: Date) => date.toISOString().slice(0, 10);
  /** The same instant at +02:00. */
  const withOffset = (date: Date) => `${new Date(date.getTime() + 2 * 3600_000).toISOString().slice(0, 23)}+02:00`;

  const order = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);
  const holds: Record<'gt' | 'gte' | 'lt' | 'lte', (c: number) => boolean> = { gt: (c) => c > 0, gte: (c) => c >= 0, lt: (c) => c < 0, lte: (c) => c <= 0 };

  for (const operator of ['gt', 'gte', 'lt', 'lte'] as const) {
    it(`${operator} with a day: compares the contact's day (UTC), however the contact writes its date`, () => {
      fc.assert(
        fc.property(instant, instant, (held, bound) => {
          const expected = holds[operator](order(day(held), day(bound)));
          for (const form of [held.toISOString(), withOffset(held), String(held.getTime()), held.getTime(), day(held)]) {
            expect(run(operator, [day(bound)], contactWith(form)).matched, `${form} ${operator} ${day(bound)}`).toBe(expected);
          }
        }),
        RUNS,
      );
    });

    it(`${operator} with an instant: compares instants, whatever the offsets`, () => {
      fc.assert(
        fc.property(instant, instant, (held, bound) => {
          const expected = holds[operator](order(held.getTime(), bound.getTime()));
          for (const form of [held.toISOString(), withOffset(held), String(held.getTime())]) {
            expect(run(operator, [withOffset(bound)], contactWith(form)).matched, `${form} ${operator} ${bound.toISOString()}`).toBe(expected);
          }
        }),
        RUNS,
      );
    });
  }

  it('between two days includes both days', () => {
    fc.assert(
      fc.property(instant, instant, instant, (held, a, b) => {
        const [lower, upper] = day(a) <= day(b) ? [day(a), day(b)] : [day(b), day(a)];
        expect(run('between', [lower, upper], contactWith(held.toISOString())).matched).toBe(lower <= day(held) && day(held) <= upper);
      }),
      RUNS,
    );
  });

  it('a value that is not a date never compares, and says so', () => {
    for (const held of ['soon', '2024-02-30', '2024-13-01', '31/12/2024', '12345', 'yesterday']) {
      const result = run('gt', ['2024-01-01'], contactWith(held, 'closedate'), 'closedate');
      expect(result, held).toMatchObject({ matched: false, reason: 'not_a_date' });
    }
    expect(run('lt', ['2024-01-01'], contactWith('soon', 'closedate'), 'closedate').text).toBe('closedate is before 2024-01-01: no, the contact says soon, which is not a date');
  });
});

describe('is_known and is_unknown', () => {
  it('is_known: any text, number, true or false, or a list holding one is known', () => {
    fc.assert(
      fc.property(fc.oneof(word, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.array(word, { minLength: 1, maxLength: 3 })), (held) => {
        expect(run('is_known', [], contactWith(held))).toMatchObject({ matched: true, reason: 'matched' });
      }),
      RUNS,
    );
  });

  it('is_known: a missing property, null, blank text, a lone `;`, an empty list or an object is unknown', () => {
    fc.assert(
      fc.property(nothing, (held) => {
        const result = run('is_known', [], contactWith(held), 'phone');
        expect(result).toMatchObject({ matched: false, reason: 'unknown', contactValue: null });
        expect(result.text).toBe('phone is known: no, the contact has no phone');
      }),
      RUNS,
    );
  });

  it('is_unknown is exactly the opposite of is_known', () => {
    fc.assert(
      fc.property(anyValue, (held) => {
        expect(run('is_unknown', [], contactWith(held)).matched).toBe(!run('is_known', [], contactWith(held)).matched);
      }),
      RUNS,
    );
  });
});

describe('missing properties', () => {
  it('every positive operator fails and every negative one holds on a property the contact lacks', () => {
    const rules: [Operator, StoredRule['values'], boolean][] = [
      ['is', ['x'], false],
      ['is_not', ['x'], true],
      ['contains', ['x'], false],
      ['not_contains', ['x'], true],
      ['gt', [1], false],
      ['gte', [1], false],
      ['lt', [1], false],
      ['lte', [1], false],
      ['between', [1, 2], false],
      ['is_known', [], false],
      ['is_unknown', [], true],
    ];
    fc.assert(
      fc.property(nothing, (held) => {
        for (const [operator, values, matched] of rules) {
          expect(run(operator, values, contactWith(held)), operator).toMatchObject({ matched, reason: 'unknown', contactValue: null });
        }
      }),
      RUNS,
    );
  });

  it('finds a property whatever the case of its name, and never one every object has', () => {
    fc.assert(
      fc.property(word.map((text) => text.replace(/\s/g, '')).filter(Boolean), fc.constantFrom('constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'), (name, inherited) => {
        expect(run('is_known', [], { [name.toUpperCase()]: 'x' }, name.toLowerCase()).matched).toBe(true);
        expect(run('is_known', [], {}, inherited)).toMatchObject({ matched: false, reason: 'unknown' });
        expect(run('is_known', [], JSON.parse(`{"${inherited}": "set"}`), inherited).matched).toBe(true);
      }),
      RUNS,
    );
  });

  it('prefers the property of the exact name when two differ only in case', () => {
    expect(run('is', ['exact'], { Country: 'other', country: 'exact' }, 'country').matched).toBe(true);
  });
});

describe('filters', () => {
  const knownRule = (property: string): StoredRule => ({ property, operator: 'is_known', values: [] });
  const contacts = fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.oneof(word, nothing));

  it('`all` holds when every rule does, `any` when one does; no rules match every contact', () => {
    fc.assert(
      fc.property(fc.subarray(['a', 'b', 'c'], { minLength: 1 }), contacts, (properties, contact) => {
        const rules = properties.map(knownRule);
        const each = rules.map((rule, i) => evaluateRule(compileRule(rule, i + 1), contact).matched);
        expect(evaluateFilter(compileFilter({ match: 'all', rules }), contact).matched).toBe(each.every(Boolean));
        expect(evaluateFilter(compileFilter({ match: 'any', rules }), contact).matched).toBe(each.some(Boolean));
        expect(evaluateFilter(compileFilter({ match: 'all', rules: [] }), contact)).toMatchObject({ matched: true, catchAll: true, rules: [], text: 'no rules: every contact matches' });
      }),
      RUNS,
    );
  });

  it('is pure: the same filter and contact give the same result, and the contact is not touched', () => {
    const filter: StoredFilter = {
      match: 'any',
      rules: [
        { property: 'country', operator: 'is', values: ['Germany'] },
        { property: 'numberofemployees', operator: 'between', values: [50, 500] },
        { property: 'closedate', operator: 'gte', values: ['2024-01-01'] },
      ],
    };
    const compiled = compileFilter(filter);
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('country', 'numberofemployees', 'closedate', 'x'), anyValue), (contact) => {
        const frozen = Object.freeze(structuredClone(contact));
        expect(evaluateFilter(compiled, frozen)).toEqual(evaluateFilter(compiled, frozen));
        expect(frozen).toEqual(contact);
      }),
      RUNS,
    );
  });

  it("explains itself in a CRM admin's words", () => {
    const filter = compileFilter({
      match: 'all',
      rules: [
        { property: 'country', operator: 'is', values: ['Germany'] },
        { property: 'numberofemployees', operator: 'between', values: [50, 500] },
        { property: 'jobtitle', operator: 'not_contains', values: ['intern', 'student'] },
      ],
    });
    const result = evaluateFilter(filter, { country: 'France', numberofemployees: '120', jobtitle: 'Head of Sales' });
    expect(result.rules.map((r) => r.text)).toEqual([
      'country is Germany: no, the contact says France',
      'numberofemployees is between 50 and 500: yes, the contact says 120',
      'jobtitle contains neither "intern" nor "student": yes, the contact says Head of Sales',
    ]);
    expect(result).toMatchObject({ matched: false, text: 'does not match: rule 1 does not hold' });
    expect(evaluateFilter(filter, { country: 'germany', numberofemployees: 50, jobtitle: 'CFO' }).text).toBe('matches: all 3 rules hold');
    const any = compileFilter({
      match: 'any',
      rules: [
        { property: 'a', operator: 'is_known', values: [] },
        { property: 'b', operator: 'is_known', values: [] },
      ],
    });
    expect(evaluateFilter(any, { b: 'x' }).text).toBe('matches: rule 2 holds');
    expect(evaluateFilter(any, {}).text).toBe('does not match: no rule holds');
    expect(run('is_not', ['Germany', 'France', 'Spain'], { prop: 'Italy' }).text).toBe('prop is none of Germany, France, Spain: yes, the contact says Italy');
    expect(run('contains', ['sales', 'revenue'], {}, 'jobtitle').text).toBe('jobtitle contains "sales" or "revenue": no, the contact has no jobtitle');
    expect(run('gte', ['2024-03-01T09:30:00Z'], { prop: '2024-03-01T11:30:00+02:00' }).text).toBe('prop is on or after 2024-03-01T09:30:00Z: yes, the contact says 2024-03-01T11:30:00+02:00');
    expect(run('is', ['x'], { prop: 'y'.repeat(200) }).text).toBe(`prop is x: no, the contact says ${'y'.repeat(80)}…`);
  });
});
