import type { components } from '../../api/schema';

type Filter = components['schemas']['def-1']['filter'];
type Rule = Filter['rules'][number];
type Value = Rule['values'][number];

/*
 * An Autopilot's filter in the words the engine's CLI prints (`autopilots list`): the HTTP answer
 * carries the filter but not its words, so they are written here from the document, word for word
 * as engine/src/autopilot/filter/phrases.ts writes them (test/dashboard/filterInWords.test.ts holds
 * the two to the same words).
 */

/** `A`, `A or B`, `A, B or C`. */
function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** `not A`, `neither A nor B`, `none of A, B, C`: the negation of orList. */
function noneOf(items: readonly string[], verb: { one: string; many: string }): string {
  if (items.length === 1) return `${verb.one} ${items[0]}`;
  if (items.length === 2) return `${verb.many} neither ${items[0]} nor ${items[1]}`;
  return `${verb.many} none of ${items.join(', ')}`;
}

const display = (value: Value | undefined) => String(value ?? '');
const quoted = (value: Value) => JSON.stringify(String(value));

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/** A stored comparison value is a number or an ISO date: text that is not a number is a date. */
const comparesDates = (rule: Rule) => rule.values.some((value) => typeof value === 'string' && !NUMBER.test(value.trim()));

const COMPARISONS = {
  gt: { number: 'is greater than', date: 'is after' },
  gte: { number: 'is at least', date: 'is on or after' },
  lt: { number: 'is less than', date: 'is before' },
  lte: { number: 'is at most', date: 'is on or before' },
} as const;

/** `country is Germany or France`, `numberofemployees is between 50 and 500`. */
export function ruleInWords(rule: Rule): string {
  const { property: p, values } = rule;
  switch (rule.operator) {
    case 'is':
      return `${p} is ${orList(values.map(display))}`;
    case 'is_not':
      return `${p} ${noneOf(values.map(display), { one: 'is not', many: 'is' })}`;
    case 'contains':
      return `${p} contains ${orList(values.map(quoted))}`;
    case 'not_contains':
      return `${p} ${noneOf(values.map(quoted), { one: 'does not contain', many: 'contains' })}`;
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return `${p} ${COMPARISONS[rule.operator][comparesDates(rule) ? 'date' : 'number']} ${display(values[0])}`;
    case 'between':
      return `${p} is between ${display(values[0])} and ${display(values[1])}`;
    case 'is_known':
      return `${p} is known`;
    case 'is_unknown':
      return `${p} is unknown`;
  }
}

/** The rules joined by "and" (match all) or "or" (match any); `every contact (catch-all)` without rules. */
export function filterInWords(filter: Filter): string {
  if (filter.rules.length === 0) return 'every contact (catch-all)';
  return filter.rules.map(ruleInWords).join(filter.match === 'all' ? ' and ' : ' or ');
}
