import type { StoredFilter, StoredRule } from '../contract.ts';
import { parseNumber } from './values.ts';

/** `A`, `A or B`, `A, B or C`. */
export function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** `not A`, `neither A nor B`, `none of A, B, C`: the negation of orList. */
function noneOf(items: readonly string[], verb: { one: string; many: string }): string {
  if (items.length === 1) return `${verb.one} ${items[0]}`;
  if (items.length === 2) return `${verb.many} neither ${items[0]} nor ${items[1]}`;
  return `${verb.many} none of ${items.join(', ')}`;
}

const display = (value: string | number | boolean) => String(value);
const quoted = (value: string | number | boolean) => JSON.stringify(String(value));

/** Whether a comparison's values are dates (a stored comparison value is a number or an ISO date). */
function comparesDates(rule: StoredRule): boolean {
  return rule.values.some((value) => typeof value === 'string' && parseNumber(value) === undefined);
}

const COMPARISON_WORDS = {
  gt: { number: 'is greater than', date: 'is after' },
  gte: { number: 'is at least', date: 'is on or after' },
  lt: { number: 'is less than', date: 'is before' },
  lte: { number: 'is at most', date: 'is on or before' },
} as const;

/** A rule in words a CRM admin reads: `country is Germany or France`, `numberofemployees is between 50 and 500`. */
export function describeRule(rule: StoredRule): string {
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
      return `${p} ${COMPARISON_WORDS[rule.operator][comparesDates(rule) ? 'date' : 'number']} ${display(values[0] ?? '')}`;
    case 'between':
      return `${p} is between ${display(values[0] ?? '')} and ${display(values[1] ?? '')}`;
    case 'is_known':
      return `${p} is known`;
    case 'is_unknown':
      return `${p} is unknown`;
  }
}

/** A filter in words: its rules joined by "and" or "or"; `every contact (catch-all)` without rules. */
export function describeFilter(filter: StoredFilter): string {
  if (filter.rules.length === 0) return 'every contact (catch-all)';
  return filter.rules.map(describeRule).join(filter.match === 'all' ? ' and ' : ' or ');
}
