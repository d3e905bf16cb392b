import nlp from 'compromise';
import type { Language } from '../accounts/index.ts';
import { CALENDAR_WORDS, ELISIONS, GENERIC_WORDS, LEADING_WORDS, LEGAL_FORMS, NAME_JOINERS } from './lexicon.ts';
import { fold, hasPhrase, sameStem, type Word, wordsOf } from './text.ts';

/**
 * Names of organisations, people, products and places in generated text, and whether the facts hold
 * them. A name is spotted by its shape, in any language: a run of capitalised words ("Sequoia
 * Capital", "Jan Nowak", "Central Europe", with `of`, `de`, `van`... inside), a word with capitals
 * inside (HubSpot, S/4HANA). compromise, an English NLP library, tells names from common words where
 * shape cannot: a capitalised word that opens a sentence is a name when compromise tags it as a
 * person, organisation or place, or when it stands in a list with another name ("Stripe and
 * Salesforce"), or takes a possessive ("Stripe's").
 *
 * Left out on purpose, to keep faithful text: capitals in a text written in title case ("Contract
 * Logistics"), where they are style; in German, a single capitalised word (every German noun is one),
 * unless its shape says name; abbreviations, job-title words and compass words (lexicon.ts).
 */

export interface NameMention {
  text: string;
  /** Its folded words that must be found: not generic, not a legal form. */
  words: string[];
  /** Those of them shaped like brand names (ForecastIQ): found only as written, not as an inflected form. */
  exact: string[];
}

const GENERIC_SET = new Set([...GENERIC_WORDS, ...CALENDAR_WORDS, ...LEGAL_FORMS]);
/** Generic words, plurals included (`CRMs`, `CEOs`). */
const GENERIC = { has: (word: string) => GENERIC_SET.has(word) || (word.endsWith('s') && GENERIC_SET.has(word.slice(0, -1))) };
const LEADING = new Set(LEADING_WORDS);

interface Token extends Word {
  /** The word without an elided article (`d’Acme`) or a possessive (`Acme’s`). */
  core: string;
  possessive: boolean;
  /** Begins with a capital (or has one inside: eBay). */
  upper: boolean;
  /** Capitalised and not a generic word: it may be part of a name. */
  capitalised: boolean;
  /** Capitals or digits inside: HubSpot, SAP, S/4HANA. */
  nameShaped: boolean;
  sentenceStart: boolean;
}

/**
 * `common`: folded words known as common words because they are written in lower case somewhere in
 * the facts, the product or the rest of the answer. In English a capitalised word that opens a
 * sentence as a bare singular subject ("Stripe is one of its customers", "Sequoia led the round") is
 * read as a name unless it is one of them ("Revenue grew").
 */
export function namesIn(text: string, language: Language, common: ReadonlySet<string> = new Set()): NameMention[] {
  const tokens = tokenize(text);
  const joiners = new Set(NAME_JOINERS[language]);
  const found = runs(tokens, text, joiners);
  const titleCase = isTitleCase(tokens);
  // compromise's tags are read only in English and German, and parsed only when a run needs them.
  let tagged: [number, number][] | undefined;
  const isTagged = (token: Token) => (tagged ??= taggedNames(text)).some(([start, end]) => token.start >= start && token.start < end);
  const shapedRun = (run: Token[]) => run.some((token) => token.nameShaped);
  const mentions: NameMention[] = [];
  for (let run of found) {
    // German capitalises nouns and any word that opens a sentence: "Manuelle Kommissionierung" is two
    // ordinary words. A German run that opens a sentence loses its first word unless compromise knows it for a name.
    if (language === 'de' && run[0]!.sentenceStart && run.length > 1 && !shapedRun(run) && !isTagged(run[0]!)) run = run.slice(1);
    const first = run[0]!;
    const single = run.length === 1;
    // German capitalises every noun: a lone German word is a name only beside one that surely is.
    const neighbour = single ? listedWith(run, found, text, language) : undefined;
    const listed = neighbour !== undefined && (language !== 'de' || neighbour.some((token) => token.nameShaped || isTagged(token)));
    let candidate: boolean;
    if (shapedRun(run)) candidate = true;
    // In title case capitals are style, and compromise takes every capitalised word for a name.
    else if (titleCase) candidate = false;
    // A lone English word opening its sentence: compromise's tags, else its shape as a subject.
    else if (first.sentenceStart) candidate = !single || first.possessive || listed || (language === 'en' && (isTagged(first) || (!common.has(fold(first.core)) && barePropersubject(text, first))));
    else candidate = !(single && language === 'de') || first.possessive || listed;
    if (!candidate) continue;
    const kept = run.filter((token) => !GENERIC.has(fold(token.core)) && !joiners.has(fold(token.core)) && [...token.core].length > 1);
    const words = kept.map((token) => fold(token.core));
    const exact = kept.filter((token) => nameShaped(token.core)).map((token) => fold(token.core));
    if (words.length > 0) mentions.push({ text: text.slice(first.start, run.at(-1)!.end), words, exact });
  }
  return mentions;
}

function tokenize(text: string): Token[] {
  const starts = sentenceStarts(text);
  return wordsOf(text)
    .filter((word) => /\p{L}/u.test(word.text))
    .map((word) => {
      let core = word.text;
      const folded = fold(core);
      const elision = ELISIONS.find((prefix) => folded.startsWith(prefix) && core.length > prefix.length);
      if (elision) core = core.slice(elision.length);
      const possessive = /['’]s?$/u.test(core) && core.length > 2;
      if (possessive) core = core.replace(/['’]s?$/u, '');
      const upper = /^\p{Lu}/u.test(core) || /\p{Ll}\p{Lu}/u.test(core);
      return {
        ...word,
        core,
        possessive,
        upper,
        // Generic words (abbreviations, job-title words, polite "you") are not part of a name.
        capitalised: upper && !GENERIC.has(fold(core)),
        nameShaped: nameShaped(core),
        sentenceStart: starts.has(word.start),
      };
    });
}

/**
 * Capitals or digits inside a word say name: HubSpot, SAP, S/4HANA, eBay. Each part of a hyphenated
 * word is read alone, so German compounds (`Serie-B-Finanzierung`, `Drei-Wege-Abgleich`) are not names.
 */
function nameShaped(word: string): boolean {
  return word.split('-').some((part) => {
    if ([...part].length < 2 || GENERIC.has(fold(part))) return false;
    return /\p{Ll}\p{Lu}/u.test(part) || /\p{Lu}.*\p{Lu}/u.test(part) || (/\d/.test(part) && /\p{Lu}/u.test(part));
  });
}

/** Where sentences (and list items, quotes, clauses after a colon) begin. */
function sentenceStarts(text: string): Set<number> {
  const starts = new Set<number>();
  for (const match of text.matchAll(/(?:^|[.!?…:;]["”»)]*\s+|\n\s*|[(\[]|["“„«]\s*|^\s*[-•*]\s*)[¿¡]?(?=[\p{L}\p{N}])/gu)) {
    starts.add(match.index + match[0].length);
  }
  return starts;
}

/**
 * A heading or a title-cased list item ("Contract Logistics", "E-commerce Fulfilment for Brands"): at
 * least two words of four letters or more, all capitalised, and no lower-case word but little ones
 * (`of`, `for`, `und`, `de`...). "Its Series A was led by Sequoia Capital" is a sentence: `was`, `led`.
 */
function isTitleCase(tokens: Token[]): boolean {
  const long = tokens.filter((token) => [...token.core].length >= 4);
  return long.length >= 2 && tokens.every((token) => token.upper || TITLE_CASE_LOWER.has(fold(token.core)));
}

const TITLE_CASE_LOWER = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'of',
  'for',
  'in',
  'on',
  'to',
  'with',
  'by',
  'at',
  'from',
  '&',
  'und',
  'fur',
  'mit',
  'von',
  'der',
  'die',
  'das',
  'im',
  'de',
  'la',
  'le',
  'les',
  'des',
  'du',
  'et',
  'pour',
  'en',
  'y',
  'para',
  'con',
  'del',
  'di',
  'e',
  'per',
  'il',
  'do',
  'da',
  'em',
  'com',
  'van',
  'het',
  'voor',
  'met',
  'w',
  'z',
  'i',
  'dla',
  'na',
]);

/** Runs of capitalised words with only spaces (or a name joiner such as `of`) between them; leading articles and the like dropped. */
function runs(tokens: Token[], text: string, joiners: Set<string>): Token[][] {
  const found: Token[][] = [];
  let current: Token[] = [];
  const close = () => {
    while (current.length > 0 && (LEADING.has(fold(current[0]!.core)) || joiners.has(fold(current[0]!.core)))) current.shift();
    while (current.length > 0 && joiners.has(fold(current.at(-1)!.core))) current.pop();
    if (current.length > 0) found.push(current);
    current = [];
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const previous = current.at(-1);
    const adjacent = previous !== undefined && /^\s+$/.test(text.slice(previous.end, token.start)) && !previous.possessive;
    const joiner = joiners.has(fold(token.core)) && !token.capitalised;
    if (token.capitalised && (current.length === 0 || adjacent)) current.push(token);
    else if (joiner && adjacent && tokens[i + 1]?.capitalised) current.push(token);
    else {
      close();
      if (token.capitalised) current.push(token);
    }
  }
  close();
  return found;
}

/** What stands between two names in a list, per language ("Stripe and Salesforce", "Stripe i Salesforce"). */
const LIST: Record<Language, RegExp> = {
  en: /^\s*(?:,|&|and|or)\s+$/iu,
  pl: /^\s*(?:,|&|i|oraz|lub)\s+$/iu,
  de: /^\s*(?:,|&|und|oder)\s+$/iu,
  fr: /^\s*(?:,|&|et|ou)\s+$/iu,
  es: /^\s*(?:,|&|y|e|o)\s+$/iu,
  it: /^\s*(?:,|&|e|o)\s+$/iu,
  pt: /^\s*(?:,|&|e|ou)\s+$/iu,
  nl: /^\s*(?:,|&|en|of)\s+$/iu,
};

/** The run listed right before or after a one-word run: "Stripe and Salesforce", "Adyen, Stripe". */
function listedWith(run: Token[], found: Token[][], text: string, language: Language): Token[] | undefined {
  const at = found.indexOf(run);
  const [word, previous, next] = [run[0]!, found[at - 1], found[at + 1]];
  if (next && LIST[language].test(text.slice(word.end, next[0]!.start))) return next;
  if (previous && LIST[language].test(text.slice(previous.at(-1)!.end, word.start))) return previous;
  return undefined;
}

/**
 * The word opens its sentence as a bare singular noun right before a form of be or have, a modal or a
 * past tense, as names do ("Stripe is", "Sequoia led"); a present tense in -s is left out, being as
 * often a plural noun ("Distribution centres").
 */
function barePropersubject(text: string, token: Token): boolean {
  const terms = (nlp(text.slice(token.start)).terms().json() as { terms: { tags: string[] }[] }[]).slice(0, 2).map((term) => new Set(term.terms[0]?.tags ?? []));
  const [word, next] = terms;
  if (!word || !next) return false;
  const common = ['Plural', 'Gerund', 'Activity', 'Pronoun', 'Determiner', 'Adjective', 'Adverb', 'Preposition', 'Conjunction', 'QuestionWord', 'Verb', 'Expression', 'Value', 'Date'];
  return word.has('Noun') && !common.some((tag) => word.has(tag)) && ['Copula', 'Auxiliary', 'Modal', 'PastTense'].some((tag) => next.has(tag));
}

/** Spans compromise tags as a person, an organisation or a place (English text). */
function taggedNames(text: string): [number, number][] {
  const found = nlp(text).match('(#Person|#Organization|#Place)+').json({ offset: true }) as { offset: { start: number; length: number } }[];
  return found.map(({ offset }) => [offset.start, offset.start + offset.length]);
}

/** What names are looked up in: the texts of the cited facts and the product, and the names held. */
export class NameGround {
  private readonly folded: string;
  private readonly words: Set<string>;

  constructor(texts: string[]) {
    this.folded = texts.map(fold).join(' | ');
    this.words = new Set(
      wordsOf(this.folded).flatMap((word) => {
        const core = word.text.replace(/'s?$/, '');
        const elision = ELISIONS.find((prefix) => core.startsWith(prefix) && core.length > prefix.length);
        return elision ? [core, core.slice(elision.length)] : [core, ...core.split(/[-/]/)];
      }),
    );
  }

  /** The whole name in the texts, or else each of its words (inflected forms allowed: `Europie` holds `Europe`). */
  holds(name: NameMention): boolean {
    if (hasPhrase(this.folded, fold(name.text))) return true;
    return name.words.every((word) => this.words.has(word) || (!name.exact.includes(word) && [...this.words].some((known) => sameStem(word, known))));
  }
}
