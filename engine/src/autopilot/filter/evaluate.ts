import type { CompiledFilter, CompiledRule, Operand } from './compile.ts';
import { type Contact, type ContactValue, propertyOf, readContactValue } from './contactValue.ts';
import { type ContactDate, fold, parseContactDate, parseNumber } from './values.ts';

/**
 * Why a rule came out as it did: the contact's value matched or did not, the contact holds nothing
 * for the property, or what it holds is not a number or a date the rule could compare.
 */
export type RuleReason = 'matched' | 'no_match' | 'unknown' | 'not_a_number' | 'not_a_date';

/** One rule against one contact, with the pieces of its explanation. */
export interface RuleResult {
  /** 1 for the first rule. */
  rule: number;
  property: string;
  operator: CompiledRule['operator'];
  matched: boolean;
  reason: RuleReason;
  /** What the contact holds for the property, as text; null when it holds nothing. */
  contactValue: string | null;
  /** The rule in words: `country is Germany`. */
  description: string;
  /** The verdict for a CRM admin: `country is Germany: no, the contact says France`. */
  text: string;
}

export interface FilterResult {
  matched: boolean;
  match: CompiledFilter['match'];
  catchAll: boolean;
  rules: RuleResult[];
  /** The verdict in words: `all 2 rules hold`, `rule 2 does not hold`, `no rules: every contact matches`. */
  text: string;
}

/** Longest contact value an explanation quotes. */
const SHOWN_LENGTH = 80;

/**
 * Runs a filter against a contact. Pure: the same filter and contact give the same result. Every
 * rule is evaluated (there are at most three), so the explanation covers them all.
 */
export function evaluateFilter(filter: CompiledFilter, contact: Contact): FilterResult {
  const rules = filter.rules.map((rule) => evaluateRule(rule, contact));
  const matched = filter.catchAll || (filter.match === 'all' ? rules.every((r) => r.matched) : rules.some((r) => r.matched));
  return { matched, match: filter.match, catchAll: filter.catchAll, rules, text: verdict(filter, rules, matched) };
}

export function evaluateRule(rule: CompiledRule, contact: Contact): RuleResult {
  const value = readContactValue(propertyOf(contact, rule.property, rule.key));
  const { matched, reason } = judge(rule, value);
  const contactValue = value.known ? value.whole : null;
  return { rule: rule.number, property: rule.property, operator: rule.operator, matched, reason, contactValue, description: rule.description, text: explain(rule, value, matched, reason) };
}

function judge(rule: CompiledRule, value: ContactValue): { matched: boolean; reason: RuleReason } {
  const positive = (operator: CompiledRule['operator']) => {
    switch (operator) {
      case 'is':
        return outcome(
          value,
          rule.operands.some((operand) => equals(operand, value)),
        );
      case 'contains':
        return outcome(
          value,
          rule.operands.some((operand) => fold(value.whole).includes((operand as Extract<Operand, { kind: 'text' }>).folded)),
        );
      case 'is_known':
        return { matched: value.known, reason: value.known ? 'matched' : 'unknown' } as const;
      default:
        return compare(rule, value);
    }
  };
  switch (rule.operator) {
    case 'is_not':
      return negate(positive('is'));
    case 'not_contains':
      return negate(positive('contains'));
    case 'is_unknown':
      return negate(positive('is_known'));
    default:
      return positive(rule.operator);
  }
}

function outcome(value: ContactValue, matched: boolean): { matched: boolean; reason: RuleReason } {
  if (!value.known) return { matched: false, reason: 'unknown' };
  return { matched, reason: matched ? 'matched' : 'no_match' };
}

/** The negative operators are exactly the complement of the positive ones, unknown values included. */
function negate(result: { matched: boolean; reason: RuleReason }): { matched: boolean; reason: RuleReason } {
  const matched = !result.matched;
  return { matched, reason: result.reason === 'unknown' ? 'unknown' : matched ? 'matched' : 'no_match' };
}

/** `is`: one of the contact's values is the operand; the whole text also counts, for values that hold a `;`. */
function equals(operand: Operand, value: ContactValue): boolean {
  if (operand.kind === 'number') return value.parts.some((part) => parseNumber(part) === operand.value);
  if (operand.kind !== 'text') return false;
  return fold(value.whole) === operand.folded || value.parts.some((part) => fold(part) === operand.folded);
}

/** `gt`, `gte`, `lt`, `lte`, `between`: one of the contact's values, read as the operands' kind, is in range. */
function compare(rule: CompiledRule, value: ContactValue): { matched: boolean; reason: RuleReason } {
  if (!value.known) return { matched: false, reason: 'unknown' };
  const dates = rule.operands[0]!.kind !== 'number';
  const read = value.parts.map((part) => (dates ? parseContactDate(part) : parseNumber(part))).filter((x) => x !== undefined);
  if (read.length === 0) return { matched: false, reason: dates ? 'not_a_date' : 'not_a_number' };
  const matched = read.some((x) => inRange(rule, x));
  return { matched, reason: matched ? 'matched' : 'no_match' };
}

/** A contact's number, or its date as both an instant and a UTC day (compared by day with day operands, by instant otherwise). */
type Comparable = number | ContactDate;

/** -1, 0 or 1: the contact's value against one operand. */
function order(x: Comparable, operand: Operand): number {
  if (typeof x === 'number') return Math.sign(x - (operand as Extract<Operand, { kind: 'number' }>).value);
  if (operand.kind === 'day') return x.day < operand.day ? -1 : x.day > operand.day ? 1 : 0;
  if (operand.kind === 'instant') return Math.sign(x.ms - operand.ms);
  throw new Error(`a ${operand.kind} operand in a comparison`);
}

function inRange(rule: CompiledRule, x: Comparable): boolean {
  const [first, second] = rule.operands as [Operand, Operand | undefined];
  switch (rule.operator) {
    case 'gt':
      return order(x, first) > 0;
    case 'gte':
      return order(x, first) >= 0;
    case 'lt':
      return order(x, first) < 0;
    case 'lte':
      return order(x, first) <= 0;
    case 'between':
      return order(x, first) >= 0 && order(x, second!) <= 0;
    default:
      throw new Error(`${rule.operator} is not a comparison`);
  }
}

function explain(rule: CompiledRule, value: ContactValue, matched: boolean, reason: RuleReason): string {
  const verdict = matched ? 'yes' : 'no';
  if (!value.known) return `${rule.description}: ${verdict}, the contact has no ${rule.property}`;
  const says = `the contact says ${shorten(value.whole)}`;
  if (reason === 'not_a_number') return `${rule.description}: ${verdict}, ${says}, which is not a number`;
  if (reason === 'not_a_date') return `${rule.description}: ${verdict}, ${says}, which is not a date`;
  return `${rule.description}: ${verdict}, ${says}`;
}

function shorten(text: string): string {
  return text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH)}…` : text;
}

/** `1`, `1 and 2`, `1, 2 and 3`. */
function andList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function verdict(filter: CompiledFilter, rules: RuleResult[], matched: boolean): string {
  if (filter.catchAll) return 'no rules: every contact matches';
  const numbers = (results: RuleResult[]) => andList(results.map((r) => String(r.rule)));
  const failing = rules.filter((r) => !r.matched);
  const holding = rules.filter((r) => r.matched);
  if (filter.match === 'all') {
    if (matched) return rules.length === 1 ? 'matches: its rule holds' : `matches: all ${rules.length} rules hold`;
    return `does not match: rule${failing.length > 1 ? 's' : ''} ${numbers(failing)} ${failing.length > 1 ? 'do' : 'does'} not hold`;
  }
  if (matched) return `matches: rule${holding.length > 1 ? 's' : ''} ${numbers(holding)} ${holding.length > 1 ? 'hold' : 'holds'}`;
  return rules.length === 1 ? 'does not match: its rule does not hold' : 'does not match: no rule holds';
}
