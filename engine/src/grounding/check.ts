import type { Language } from '../accounts/index.ts';
import { type FactEntry, type FactSheet, textsOf } from './facts.ts';
import type { LanguageIdentifier } from './language.ts';
import { OWN_WORDS, SHARE_WORDS } from './lexicon.ts';
import { NameGround, namesIn } from './names.ts';
import { describe, grounds, type NumberClaim, numbersIn } from './numbers.ts';
import { quoteFound, quotesIn } from './quotes.ts';
import { highRanksOf, ranksOf } from './roles.ts';
import { fold, foldedWords, startsWithAny, wordsOf } from './text.ts';

/**
 * The claim-by-claim check of one generated item against the facts it rests on: the ids it cites,
 * those it rests on without citing (a post's summary on its post), and always the seller's product
 * and the subjects' names. Each rule answers what is wrong, in words the model and support can read:
 *
 * - `unknown_fact`: a cited id that is not a fact given;
 * - `number`: a number (value, scale, unit, what it counts) in no fact it rests on;
 * - `name`: an organisation, person, product or place in none of them;
 * - `quote`: quoted text not in them word for word;
 * - `reshare`: text resting on a reshared post that calls it its sharer's own words, or a reshared post's summary that does not say it was shared;
 * - `rank`: a chief officer, vice president or head of, in text about the prospect, that no fact it rests on gives;
 * - `language`: text clearly in another language than the account's.
 */

export type Rule = 'unknown_fact' | 'number' | 'name' | 'quote' | 'reshare' | 'rank' | 'language' | 'translation';

export interface Problem {
  rule: Rule;
  message: string;
}

export interface Item {
  text: string;
  cited: string[];
  implicit: string[];
  /** The item speaks about the prospect (their summary, openers, posts): rank claims are checked. */
  aboutProspect: boolean;
}

export class ItemChecker {
  private readonly sheet: FactSheet;
  private readonly language: Language;
  private readonly languages: LanguageIdentifier;
  private readonly numbers = new Map<string, NumberClaim[]>();
  /** Words written in lower case in the facts, the product or the answer: common words, not names (names.ts). */
  private readonly common: Set<string>;

  constructor(sheet: FactSheet, language: Language, languages: LanguageIdentifier, answerTexts: string[] = []) {
    this.sheet = sheet;
    this.language = language;
    this.languages = languages;
    const texts = [...sheet.entries.flatMap((entry) => [entry.about, ...textsOf(entry)]), ...answerTexts];
    this.common = new Set(
      texts.flatMap((text) =>
        wordsOf(text)
          .filter((word) => /^\p{Ll}/u.test(word.text))
          .map((word) => fold(word.text)),
      ),
    );
  }

  check(item: Item): Problem[] {
    const problems: Problem[] = [];
    const unknown = item.cited.filter((id) => !this.sheet.byId.has(id));
    if (unknown.length > 0) problems.push({ rule: 'unknown_fact', message: `it cites facts that do not exist: ${unknown.join(', ')}` });
    const ids = [...new Set([...item.cited, ...item.implicit, 'product'])].filter((id) => this.sheet.byId.has(id));
    const entries = ids.map((id) => this.sheet.byId.get(id)!);
    const texts = entries.flatMap(textsOf);
    const cited = item.cited.length > 0 ? `the facts it cites (${item.cited.join(', ')})` : 'the facts it rests on';

    // A fact's numbers are read only when an item claims one (most claim none), and once per brief.
    const invented = numbersIn(item.text, this.language).filter((claim) => !entries.some((entry) => this.numbersOf(entry).some((fact) => grounds(fact, claim))));
    if (invented.length > 0) problems.push({ rule: 'number', message: `${invented.map(describe).join(', ')} ${invented.length > 1 ? 'are' : 'is'} in none of ${cited} or the product` });

    const names = namesIn(item.text, this.language, this.common);
    const ground = new NameGround([...texts, ...this.sheet.subjects]);
    const unnamed = names.filter((name) => !ground.holds(name));
    if (unnamed.length > 0)
      problems.push({ rule: 'name', message: `${unnamed.map((name) => `"${name.text}"`).join(', ')} ${unnamed.length > 1 ? 'are' : 'is'} named in none of ${cited} or the product` });

    const foldedTexts = texts.map(fold);
    const misquoted = quotesIn(item.text).filter((quote) => !quoteFound(quote, foldedTexts));
    if (misquoted.length > 0) problems.push({ rule: 'quote', message: `the quote ${misquoted.map((quote) => `"${quote}"`).join(', ')} is not word for word in ${cited}` });

    const reshared = entries.filter((entry) => entry.reshared).map((entry) => entry.id);
    if (reshared.length > 0)
      problems.push(
        ...this.reshareProblems(
          item.text,
          item.implicit.some((id) => reshared.includes(id)),
        ),
      );

    if (item.aboutProspect) {
      const held = new Set(texts.flatMap((text) => [...ranksOf(text)]));
      const claimed = highRanksOf(item.text).filter((rank) => !held.has(rank));
      if (claimed.length > 0) problems.push({ rule: 'rank', message: `it gives a rank (${claimed.join(', ')}) that ${cited} do not` });
    }

    const other = this.languages.otherThan(
      item.text,
      this.language,
      names.map((name) => name.text),
    );
    if (other) problems.push({ rule: 'language', message: `it is written in ${other}, not in the account's language (${this.language})` });
    return problems;
  }

  /**
   * Text resting on a reshared post may use what it says, never as its sharer's own words; the post's
   * own summary (`summarising`) must also say it was shared.
   */
  private reshareProblems(text: string, summarising: boolean): Problem[] {
    const problems: Problem[] = [];
    const words = foldedWords(text);
    if (
      summarising &&
      !words.some((word) =>
        startsWithAny(
          word,
          SHARE_WORDS[this.language].map((stem) => stem.replace(/\*$/, '')),
        ),
      )
    ) {
      problems.push({ rule: 'reshare', message: 'it summarises a reshared post but does not say the post was shared (someone else wrote it)' });
    }
    const names = this.sheet.subjects
      .map((name) => fold(name.split(/\s+/)[0]!))
      .filter((name) => name.length > 1)
      .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const folded = fold(text);
    if (OWN_WORDS[this.language].some((pattern) => new RegExp(pattern.replaceAll('{name}', names.join('|') || '(?!)'), 'u').test(folded))) {
      problems.push({ rule: 'reshare', message: "it presents a reshared post as its sharer's own words or opinion" });
    }
    return problems;
  }

  private numbersOf(entry: FactEntry): NumberClaim[] {
    let found = this.numbers.get(entry.id);
    if (!found) {
      // Facts come in any language: their number words are read in English and in the account's language.
      const languages = new Set<Language>(['en', this.language]);
      found = textsOf(entry).flatMap((text) => [...languages].flatMap((language) => numbersIn(text, language, entry.numberKind)));
      this.numbers.set(entry.id, found);
    }
    return found;
  }
}
