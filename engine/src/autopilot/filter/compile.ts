import type { Operator, StoredFilter, StoredRule } from '../contract.ts';
import { describeRule } from './phrases.ts';
import { fold, parseNumber, parseRuleDate } from './values.ts';

/** A rule's value, read once: text (folded for comparison), a number, a day or an instant. */
export type Operand =
  | { kind: 'text'; display: string; folded: string }
  | { kind: 'number'; display: string; value: number }
  | { kind: 'day'; display: string; day: string }
  | { kind: 'instant'; display: string; ms: number };

/** Why a value cannot serve its operator. */
export type OperandProblem = 'empty' | 'not_text' | 'not_comparable' | 'needs_offset';

export const COMPARISONS: readonly Operator[] = ['gt', 'gte', 'lt', 'lte', 'between'];
export const WITHOUT_VALUES: readonly Operator[] = ['is_known', 'is_unknown'];

/** Reads one of a rule's values for its operator. */
export function operandFor(operator: Operator, value: string | number | boolean): Operand | OperandProblem {
  if (typeof value === 'string' && value.trim() === '') return 'empty';
  if (COMPARISONS.includes(operator)) {
    if (typeof value === 'number') return { kind: 'number', display: String(value), value };
    if (typeof value === 'boolean') return 'not_comparable';
    const text = value.trim();
    const number = parseNumber(text);
    if (number !== undefined) return { kind: 'number', display: text, value: number };
    const date = parseRuleDate(text);
    if (date === 'needs_offset') return 'needs_offset';
    if (date === undefined) return 'not_comparable';
    return date.kind === 'day' ? { kind: 'day', display: text, day: date.day } : { kind: 'instant', display: text, ms: date.ms };
  }
  if (operator === 'contains' || operator === 'not_contains') {
    if (typeof value === 'boolean') return 'not_text';
  } else if (typeof value === 'number') {
    // `is 50` compares numbers: a contact's "50.0" is 50.
    return { kind: 'number', display: String(value), value };
  }
  const text = String(value).trim();
  return { kind: 'text', display: text, folded: fold(text) };
}

/** A rule ready to run against contacts. */
export interface CompiledRule {
  /** 1 for the first rule: how people count them. */
  number: number;
  property: string;
  /** The property name lower-cased, for finding it in a contact whatever its case. */
  key: string;
  operator: Operator;
  operands: Operand[];
  /** The rule in words: `country is Germany or France`. */
  description: string;
}

export interface CompiledFilter {
  match: 'all' | 'any';
  rules: CompiledRule[];
  /** No rules: every contact matches. */
  catchAll: boolean;
}

/**
 * Reads a stored filter once, so routing runs it against many contacts without reading its values
 * again. Stored filters were validated when they were applied, so a value that does not read is a bug.
 */
export function compileFilter(filter: StoredFilter): CompiledFilter {
  return { match: filter.match, rules: filter.rules.map((rule, index) => compileRule(rule, index + 1)), catchAll: filter.rules.length === 0 };
}

export function compileRule(rule: StoredRule, number: number): CompiledRule {
  const operands = rule.values.map((value) => {
    const operand = operandFor(rule.operator, value);
    if (typeof operand === 'string') throw new Error(`stored rule ${number} (${rule.property} ${rule.operator}) holds a value that does not read: ${JSON.stringify(value)}`);
    return operand;
  });
  return { number, property: rule.property, key: rule.property.toLowerCase(), operator: rule.operator, operands, description: describeRule(rule) };
}
