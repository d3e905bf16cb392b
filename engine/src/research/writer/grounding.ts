/**
 * A cheap, deterministic check that generated text invents no numbers: every number in it (digits,
 * percentages, currency amounts, counts) must also appear somewhere in the facts or the product
 * description the model was given.
 *
 * How numbers are compared: a number is a run of digits with `.`, `,`, `'` or a no-break/thin space
 * between digit groups, or a space before a group of 3 (`1,200`, `1.200`, `2,5`, `1 000`); separators are dropped and leading zeros
 * stripped, so `1,200` matches `1200` and `05` matches `5`. Units and currency signs are ignored:
 * `40%` is grounded when `40` occurs in the facts.
 *
 * Deliberately lenient (it must never flag a faithful text), so it misses: numbers written in words
 * ("forty percent"), a fact's number reused for another claim, `2.5` against a fact `25`, magnitude
 * words (`5M` passes when the facts hold a `5`). Digits glued to a preceding letter (B2B, Web3, Q3,
 * G2) are names, not claims, and are skipped; all-zero groups (`000`) are skipped.
 */

/** A digit run with group separators; a plain space only before a group of exactly 3 (`40 000`). */
const GROUPS = String.raw`\p{Nd}+(?:[.,'\u00a0\u2009\u202f]\p{Nd}+| \p{Nd}{3}(?!\p{Nd}))*`;
/** Numbers in generated text: not glued to a preceding letter (B2B, Web3, Q3 are names). */
const NUMBER = new RegExp(String.raw`(?<![\p{L}\p{N}_])${GROUPS}`, 'gu');
/** Numbers in the sources: all of them (`Microsoft365` grounds `365`). */
const ANY_NUMBER = new RegExp(GROUPS, 'gu');

function normalise(raw: string): string {
  return raw.replace(/\D/g, '').replace(/^0+/, '');
}

/** Every number that occurs in the given source texts (dates and ranges give each part: `2024-05-12`, `10-50`). */
export function groundedNumbers(sources: string[]): Set<string> {
  const allowed = new Set<string>();
  for (const source of sources) {
    for (const match of source.matchAll(ANY_NUMBER)) {
      const digits = normalise(match[0]);
      if (digits !== '') allowed.add(digits);
      // `2024 100` may be two numbers rather than one with a space separator.
      for (const part of match[0].split(' ')) if (normalise(part) !== '') allowed.add(normalise(part));
    }
  }
  return allowed;
}

/** The numbers of a generated text that are not in `allowed`. */
export function ungroundedNumbers(text: string, allowed: Set<string>): string[] {
  const missing = new Set<string>();
  for (const match of text.matchAll(NUMBER)) {
    const digits = normalise(match[0]);
    if (digits === '' || allowed.has(digits)) continue;
    // `in 2024 100 new clients`: read as separate numbers, grounded when each part is.
    const parts = match[0].split(' ').map(normalise).filter((part) => part !== '');
    if (parts.length > 1 && parts.every((part) => allowed.has(part))) continue;
    missing.add(digits);
  }
  return [...missing];
}

export interface UngroundedText {
  /** JSON pointer of the generated text, e.g. `/company/insights/2`. */
  path: string;
  text: string;
  /** The numbers found in it and nowhere in the sources, as written (normalised). */
  numbers: string[];
}

/** The generated texts (walked from `value`) holding numbers absent from `allowed`. */
export function findUngrounded(value: unknown, allowed: Set<string>, path = ''): UngroundedText[] {
  if (typeof value === 'string') {
    const numbers = ungroundedNumbers(value, allowed);
    return numbers.length > 0 ? [{ path: path || '/', text: value, numbers }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => findUngrounded(item, allowed, `${path}/${index}`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => findUngrounded(item, allowed, `${path}/${key}`));
  }
  return [];
}
