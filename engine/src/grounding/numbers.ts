import nlp from 'compromise';
import type { Language } from '../accounts/index.ts';
import { CURRENCY_SIGNS, CURRENCY_WORDS, KIND_WORDS, type Kind, NUMBER_JOINERS, NUMBER_WORDS, PERCENT_WORDS, SCALE_WORDS, STRICT_KINDS } from './lexicon.ts';
import { fold, foldLetters, wordsOf } from './text.ts';

/**
 * Numbers as claims: a value with its scale applied, its unit, and what it counts when the words
 * around it say so. "$4.0M" is 4,000,000 US dollars, "1,1 mld zł" 1,100,000,000 złoty, "40%" and
 * "forty percent" both 40 percent, "500 employees" a headcount of 500, "founded in 2022" a founding
 * year. A generated number is grounded by a fact's number with the same value (after scale), a
 * compatible unit and, for the strict kinds, the same kind (see lexicon.ts).
 */

export type Unit = 'plain' | 'percent' | 'money' | 'multiple';

export interface NumberClaim {
  /** As written, for messages. */
  text: string;
  /** The values it may mean: `1,200` is 1200 in English and 1.2 in Polish, so both. Scale applied. */
  values: number[];
  unit: Unit;
  /** ISO code when a currency is written. */
  currency?: string;
  kind?: Kind;
  start: number;
  end: number;
}

/** A digit group: `1,200`, `1.200`, `1 200`, `1'200`, `2,5`, `40`. */
const DIGITS = String.raw`\d{1,3}(?:(?:[,.'\u00a0\u202f\u2009]| (?=\d{3}(?!\d)))\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?`;
/** A number in text: an optional currency before it, not glued to a letter before (B2B, Q3, S/4HANA). */
const NUMBER = new RegExp(String.raw`(?<![\p{L}\p{N}_/])(?<currency>US\$|R\$|[$€£]|(?:USD|EUR|GBP|PLN|CHF)\s?)?(?<digits>${DIGITS})`, 'gu');
/** An ISO date (`2022-03-01`, `2025-06`): its year, month and day are numbers of their own. */
const ISO_DATE = /(?<![\p{L}\p{N}])(\d{4})-(\d{2})(?:-(\d{2}))?(?![\p{L}\p{N}])/gu;

/** Every number claim in `text`, its number words read in `language`. `kindOfAll` types a fact's field ("employees": 501-1000). */
export function numbersIn(text: string, language: Language, kindOfAll?: Kind): NumberClaim[] {
  const claims: Parsed[] = [];
  const masked = text.replace(ISO_DATE, (whole, year: string, month: string, day: string | undefined, offset: number) => {
    const parts: [string, number][] = [[year, offset], [month, offset + 5], ...(day ? [[day, offset + 8] as [string, number]] : [])];
    for (const [part, at] of parts) claims.push({ text: part, values: [Number(part)], unit: 'plain', scale: 1, start: at, end: at + part.length });
    return ' '.repeat(whole.length);
  });
  for (const match of masked.matchAll(NUMBER)) {
    const claim = digitClaim(masked, match);
    if (claim) claims.push(claim);
  }
  // A word claim inside a digit claim is its scale ("11 millones"): not a number of its own.
  const digits = [...claims];
  claims.push(...wordClaims(masked, language).filter((word) => !digits.some((claim) => word.start < claim.end && word.end > claim.start)));
  claims.sort((a, b) => a.start - b.start);
  claims.forEach((claim, i) => {
    const kind = kindOfAll ?? kindAround(masked, claim, claims[i - 1]?.end ?? 0, claims[i + 1]?.start ?? masked.length);
    if (kind) claim.kind = kind;
  });
  joinRanges(masked, claims);
  return claims.map(({ scale: _scale, ...claim }) => claim);
}

/** A claim as read, with the scale its digits were multiplied by (ranges share it). */
interface Parsed extends NumberClaim {
  scale: number;
}

function digitClaim(text: string, match: RegExpMatchArray): Parsed | undefined {
  const digits = match.groups!.digits!;
  const start = match.index!;
  let end = start + match[0].length;
  let values = readDigits(digits);
  let unit: Unit = 'plain';
  let currency = match.groups!.currency ? CURRENCY_SIGNS[fold(match.groups!.currency)] : undefined;

  const rest = () => text.slice(end);
  // Letters glued to the digits are a name or an ordinal (3PL, 4th, 24h) unless they are a scale or unit.
  const glued = /^[\p{L}]+/u.exec(rest())?.[0];
  const scale = scaleAt(rest());
  if (glued && !(scale && scale.length === glued.length) && !/^[x×]$/u.test(glued)) return undefined;
  if (scale) {
    values = values.map((value) => value * scale.value);
    end += scale.length;
  }
  const suffixCurrency = currencyAt(rest());
  if (suffixCurrency) {
    currency ??= suffixCurrency.code;
    end += suffixCurrency.length;
  }
  const percent = percentAt(rest());
  if (percent) {
    unit = 'percent';
    end += percent;
  } else if (currency) {
    unit = 'money';
  } else {
    const times = /^(?:\s?[x×](?![\p{L}\p{N}])|-fold|\s?times\b)/u.exec(rest());
    if (times) {
      unit = 'multiple';
      end += times[0].length;
    }
  }
  return { text: text.slice(start, end).trim(), values, unit, ...(currency ? { currency } : {}), scale: scale?.value ?? 1, start, end };
}

/** The values a digit group may mean: a lone `,` or `.` before exactly three digits is a thousands separator in English and a decimal comma elsewhere. */
function readDigits(raw: string): number[] {
  const compact = raw.replace(/[\s\u00a0\u202f\u2009']/g, '');
  const separators = compact.match(/[.,]/g) ?? [];
  if (separators.length === 0) return [Number(compact)];
  const last = Math.max(compact.lastIndexOf(','), compact.lastIndexOf('.'));
  const afterLast = compact.length - last - 1;
  const grouped = Number(compact.replace(/[.,]/g, ''));
  const decimal = Number(`${compact.slice(0, last).replace(/[.,]/g, '')}.${compact.slice(last + 1)}`);
  if (new Set(separators).size > 1) return [decimal]; // 1,234.5 or 1.234,5: the last one is the decimal point
  if (separators.length > 1) return [grouped]; // 1,200,000
  return afterLast === 3 ? [grouped, decimal] : [decimal];
}

const SCALES = SCALE_WORDS.flatMap(({ words, value }) => words.map((word) => ({ word, value }))).sort((a, b) => b.word.length - a.word.length);

/** A magnitude word right after a number: single letters (`k`, `M`, `B`) only glued to it (`4M`, not `4 m`). */
function scaleAt(rest: string): { value: number; length: number } | undefined {
  const space = /^[ \u00a0]/.test(rest) ? 1 : 0;
  const candidate = foldLetters(rest.slice(space, space + 24));
  for (const { word, value } of SCALES) {
    const stem = word.endsWith('*') ? word.slice(0, -1) : word;
    if (stem.length === 1 && space) continue;
    if (!candidate.startsWith(stem)) continue;
    let length = stem.length;
    if (word.endsWith('*')) while (/\p{L}/u.test(candidate[length] ?? '')) length++;
    if (/[\p{L}\p{N}²³]/u.test(candidate[length] ?? '')) continue; // `m²`, `mio`s in longer words
    return { value, length: space + rawLength(rest.slice(space), length) };
  }
  return undefined;
}

/** Folding keeps lengths for these texts except for letters like `ß`: count in the raw text's characters. */
function rawLength(raw: string, foldedLength: number): number {
  let length = 0;
  while (length < raw.length && foldLetters(raw.slice(0, length + 1)).length <= foldedLength) length++;
  return Math.max(length, foldedLength > 0 ? 1 : 0);
}

function currencyAt(rest: string): { code: string; length: number } | undefined {
  const sign = /^\s?(US\$|R\$|[$€£]|zł|USD|EUR|GBP|PLN|CHF)(?![\p{L}])/u.exec(rest);
  if (sign) return { code: CURRENCY_SIGNS[fold(sign[1]!)]!, length: sign[0].length };
  // "11 millones de dólares", "6 millions d'euros", "5 million of dollars".
  const word = /^\s?(?:de\s|d['’]|di\s|of\s)?([\p{L}']+)/u.exec(rest);
  if (!word) return undefined;
  const folded = fold(word[1]!);
  for (const [code, words] of Object.entries(CURRENCY_WORDS)) {
    if (words.some((entry) => (entry.endsWith('*') ? folded.startsWith(entry.slice(0, -1)) : folded === entry))) return { code, length: word[0].length };
  }
  return undefined;
}

const PERCENTS = [...new Set(Object.values(PERCENT_WORDS).flat())].sort((a, b) => b.length - a.length);

/** The length of a percent sign or word right after a number, else 0. */
function percentAt(rest: string): number {
  const sign = /^\s?%/.exec(rest);
  if (sign) return sign[0].length;
  const space = /^[ \u00a0]/.test(rest) ? 1 : 0;
  const folded = foldLetters(rest.slice(space, space + 16));
  for (const word of PERCENTS) {
    const stem = word.endsWith('*') ? word.slice(0, -1) : word;
    if (!folded.startsWith(stem)) continue;
    let length = stem.length;
    if (word.endsWith('*')) while (/\p{L}/u.test(folded[length] ?? '')) length++;
    if (/[\p{L}]/u.test(folded[length] ?? '')) continue;
    return space + rawLength(rest.slice(space), length);
  }
  return 0;
}

/** Numbers written as words: English through compromise, the other languages through NUMBER_WORDS (`ten` is "this" in Polish). */
function wordClaims(text: string, language: Language): Parsed[] {
  return language === 'en' ? englishWordClaims(text) : lexiconWordClaims(text, language);
}

/**
 * The English words of an amount compromise may read: its cardinals from two up (the misspelt `fourty`
 * too) and `a few`, `a couple`, `a dozen`; "one", "zero", ordinals and fractions are no amount (see
 * below). Most texts have none, and compromise's parse is the costliest step of a brief's checks, so
 * only texts holding one are parsed.
 */
const ENGLISH_AMOUNT_WORD =
  /\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|fou?rty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|trillion|quadrillion|quintillion|sextillion|septillion|few|couple|dozen)\b/i;

function englishWordClaims(text: string): Parsed[] {
  if (!ENGLISH_AMOUNT_WORD.test(text)) return [];
  // compromise reads "one of ten" as a fraction: `of` is hidden (same length, so offsets hold) to read each number alone.
  const found = nlp(text.replace(/\sof\s/gi, (of) => ` ;${' '.repeat(of.length - 2)}`))
    .numbers()
    .json({ offset: true }) as { text: string; offset: { start: number; length: number }; number?: { num?: number; unit?: string } }[];
  const claims: Parsed[] = [];
  for (const match of found) {
    const value = match.number?.num;
    const written = match.text.trim();
    // Digits are read above; "one" is an article or a pronoun far more often than a count; fractions and ordinals say no amount.
    if (value === undefined || /\d/.test(written) || !/\p{L}/u.test(written) || !Number.isInteger(value) || value < 2 || /\b(?:first|second|third|\w+th)\b/i.test(written)) continue;
    const start = match.offset.start + (match.text.length - match.text.trimStart().length);
    claims.push(wordClaim(text, value, start, start + written.replace(/[.,;:!?]+$/, '').length, match.number?.unit === 'percent'));
  }
  return claims;
}

function lexiconWordClaims(text: string, language: Exclude<Language, 'en'>): Parsed[] {
  const lexicon = NUMBER_WORDS[language];
  const claims: Parsed[] = [];
  const words = wordsOf(text);
  let consumed = 0;
  for (let first = 0; first < words.length; first++) {
    if (words[first]!.start < consumed) continue;
    const parts = decompose(fold(words[first]!.text), lexicon);
    if (!parts) continue;
    // A run of number words: "dwadzieścia pięć", "vinte e cinco", "fünf Millionen".
    const values = [...parts];
    let last = first;
    for (;;) {
      const next = words[last + 1] ? decompose(fold(words[last + 1]!.text), lexicon) : undefined;
      const afterJoiner = words[last + 2] && NUMBER_JOINERS.includes(fold(words[last + 1]!.text)) ? decompose(fold(words[last + 2]!.text), lexicon) : undefined;
      if (next) {
        values.push(...next);
        last += 1;
      } else if (afterJoiner) {
        values.push(...afterJoiner);
        last += 2;
      } else break;
    }
    const value = combine(values);
    // "millones", "Millionen" alone say "millions of", no amount.
    const vague = values.length === 1 && values[0]! >= 1e6;
    if (value >= 2 && !vague) {
      const claim = wordClaim(text, value, words[first]!.start, words[last]!.end, false);
      claims.push(claim);
      consumed = claim.end;
    }
    first = last;
  }
  return claims;
}

/** A number written in words, from `start` to `end`, with the percent word or currency after it. */
function wordClaim(text: string, value: number, start: number, end: number, percentTold: boolean): Parsed {
  const percent = percentAt(text.slice(end));
  if (percent || percentTold) return { text: text.slice(start, end + percent).trim(), values: [value], unit: 'percent', scale: 1, start, end: end + percent };
  const currency = currencyAt(text.slice(end));
  if (currency) return { text: text.slice(start, end + currency.length), values: [value], unit: 'money', currency: currency.code, scale: 1, start, end: end + currency.length };
  return { text: text.slice(start, end), values: [value], unit: 'plain', scale: 1, start, end };
}

/** A folded word as number words (`funfundzwanzig` is 5, 20), or undefined. */
function decompose(word: string, lexicon: Record<string, number>): number[] | undefined {
  if (word in lexicon) return [lexicon[word]!];
  if (word.includes('-')) {
    // The longest known hyphenated start (`quatre-vingt-dix` is 80, 10), then the rest.
    const parts = word.split('-');
    for (let take = parts.length - 1; take >= 1; take--) {
      const head = decompose(parts.slice(0, take).join('-'), lexicon);
      const tail = head && decompose(parts.slice(take).join('-'), lexicon);
      if (head && tail) return [...head, ...tail];
    }
    return undefined;
  }
  // Glued compounds: the longest known prefix, an optional joiner, the rest.
  for (let cut = word.length - 1; cut >= 3; cut--) {
    const head = word.slice(0, cut);
    if (!(head in lexicon)) continue;
    let tail = word.slice(cut);
    const joiner = NUMBER_JOINERS.find((candidate) => candidate !== '-' && tail.startsWith(candidate) && decompose(tail.slice(candidate.length), lexicon));
    if (joiner) tail = tail.slice(joiner.length);
    const rest = decompose(tail, lexicon);
    if (rest) return [lexicon[head]!, ...rest];
  }
  return undefined;
}

/** Adds up number words the usual way: hundreds multiply what comes before, thousands and more close a group. */
function combine(values: number[]): number {
  let total = 0;
  let group = 0;
  for (const value of values) {
    if (value === 100) group = (group || 1) * 100;
    else if (value >= 1000) {
      total += (group || 1) * value;
      group = 0;
    } else group += value;
  }
  return total + group;
}

/** `$50M-$100M`, `50-100M`, `10 to 50 employees`: the scale, currency, unit and kind written once apply to both ends. */
function joinRanges(text: string, claims: Parsed[]): void {
  for (let i = 0; i + 1 < claims.length; i++) {
    const [from, to] = [claims[i]!, claims[i + 1]!];
    const between = text.slice(from.end, to.start);
    // "10-50M", "10 to 50", and "between 10 and 50 million" ("entre 10 y 50 millones", "zwischen 10 und 50 Mio.").
    const dash = /^\s*(?:[-–—]|to|bis|do|a|à|al|tot)\s*$/iu.test(between);
    const and = /^\s*(?:and|y|und|et|e|i|en)\s*$/iu.test(between) && /(?:between|entre|zwischen|tussen|miedzy|między|tra|fra)\s*$/iu.test(text.slice(Math.max(0, from.start - 12), from.start));
    if (!dash && !and) continue;
    if (from.unit === 'plain') from.unit = to.unit;
    if (to.unit === 'plain') to.unit = from.unit;
    from.currency ??= to.currency;
    to.currency ??= from.currency;
    if (!from.currency) delete from.currency;
    if (!to.currency) delete to.currency;
    from.kind ??= to.kind;
    to.kind ??= from.kind;
    if (!from.kind) delete from.kind;
    if (!to.kind) delete to.kind;
    if (from.scale === 1 && to.scale > 1) {
      from.values = from.values.map((value) => value * to.scale);
      from.scale = to.scale;
    }
  }
}

const KINDS = Object.entries(KIND_WORDS) as [Exclude<Kind, 'role_start'>, string[]][];

function kindOfWord(word: string): Kind | undefined {
  for (const [kind, words] of KINDS) {
    if (words.some((entry) => (entry.endsWith('*') ? word.startsWith(entry.slice(0, -1)) : word === entry))) return kind;
  }
  return undefined;
}

/**
 * What the number counts: the first kind word among the three words after it, else among the four
 * words before it ("500 employees", "revenue of $4M", "founded in 2022"), within its clause and not
 * past a neighbouring number (`previousEnd`, `nextStart`); a range's ends share theirs (joinRanges).
 */
function kindAround(text: string, claim: NumberClaim, previousEnd: number, nextStart: number): Kind | undefined {
  const afterText = text.slice(claim.end, Math.min(nextStart, claim.end + 80)).split(/[,;:.!?()]/)[0]!;
  // Before it, not past a conjunction either: in "51-200 employees and $10M-$50M revenue", $10M counts no employees.
  const beforeText = text
    .slice(Math.max(previousEnd, claim.start - 80), claim.start)
    .split(/[,;:.!?()]|\s(?:and|or|und|oder|et|ou|y|o|e|i|oraz)\s/i)
    .pop()!;
  const after = wordsOf(afterText).slice(0, 3);
  const before = wordsOf(beforeText).slice(-4).reverse();
  for (const word of [...after, ...before]) {
    const folded = fold(word.text);
    const kind = kindOfWord(folded) ?? (folded === 'team' && fold(text.slice(word.end, word.end + 8)).startsWith(' members') ? 'employees' : undefined);
    if (kind) return kind;
  }
  return undefined;
}

/** Whether the fact's number `fact` grounds the generated number `claim` (see the module comment). */
export function grounds(fact: NumberClaim, claim: NumberClaim): boolean {
  if (!claim.values.some((value) => fact.values.some((other) => sameValue(value, other)))) return false;
  if (claim.unit === 'percent' && fact.unit !== 'percent') return false;
  if (claim.unit === 'multiple' && fact.unit !== 'multiple' && fact.unit !== 'plain') return false;
  if (claim.unit !== 'percent' && fact.unit === 'percent') return false;
  if (claim.currency && fact.currency && claim.currency !== fact.currency) return false;
  if (claim.kind && claim.kind !== fact.kind) {
    if (STRICT_KINDS.has(claim.kind)) return false;
    if (fact.kind && STRICT_KINDS.has(fact.kind)) return false;
  }
  return true;
}

function sameValue(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** A claim for messages: "$4.0M (4,000,000 USD, revenue)". */
export function describe(claim: NumberClaim): string {
  const value = claim.values[0]!.toLocaleString('en-US', { maximumFractionDigits: 3 });
  const unit = claim.unit === 'percent' ? '%' : claim.unit === 'multiple' ? 'x' : claim.currency ? ` ${claim.currency}` : '';
  const details = [`${value}${unit}`, ...(claim.kind && claim.kind !== 'role_start' ? [claim.kind] : [])];
  return `"${claim.text}" (${details.join(', ')})`;
}
