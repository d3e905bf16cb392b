import { type Language, LANGUAGES } from '../accounts/index.ts';
import { quotesIn } from './quotes.ts';

/**
 * Which of the account languages a text is written in, by `eld` (Efficient Language Detector, its
 * small n-gram database, limited to the eight account languages). Short texts are hard to place, so a
 * text gets a language only when there is enough of it (three words and fifteen letters once numbers,
 * links, quotes and the names given are set aside). A text counts as written in another language than
 * the one expected only when that language wins clearly: the expected one scores under 85% of it
 * (eld's scores are close together: a plain English sentence still scores 87% in Dutch). Quotes are
 * source text and stay as written, so they do not count.
 */
export interface LanguageIdentifier {
  /** The language `text` is clearly in when that is not `expected`; undefined when it is `expected` or unclear. */
  otherThan(text: string, expected: Language, names?: string[]): Language | undefined;
  /** The language `text` scores highest in, when there is enough of it; else undefined. */
  identify(text: string): Language | undefined;
}

const CLEAR_MARGIN = 0.85;

let loading: Promise<LanguageIdentifier> | undefined;

/** The identifier; its n-gram database (a few MB) loads on first use. */
export function languageIdentifier(): Promise<LanguageIdentifier> {
  loading ??= import('eld/small').then(({ eld }) => {
    const detector = eld.newInstance();
    detector.setLanguageSubset([...LANGUAGES]);
    const scores = (text: string, names: string[]): [Language, number][] | undefined => {
      let rest = text.replace(/https?:\/\/\S+/g, ' ');
      for (const quote of quotesIn(text)) rest = rest.replace(quote, ' ');
      for (const name of names) rest = rest.replace(name, ' ');
      rest = rest.replace(/\p{N}+/gu, ' ');
      const words = rest.match(/\p{L}{2,}/gu) ?? [];
      if (words.length < 3 || words.join('').length < 15) return undefined;
      return (Object.entries(detector.detect(rest).getScores()) as [Language, number][]).filter(([language]) => LANGUAGES.includes(language)).sort(([, a], [, b]) => b - a);
    };
    return {
      otherThan(text, expected, names = []) {
        const ranked = scores(text, names);
        const top = ranked?.[0];
        if (!top || top[0] === expected) return undefined;
        const expectedScore = ranked.find(([language]) => language === expected)?.[1] ?? 0;
        return expectedScore < CLEAR_MARGIN * top[1] ? top[0] : undefined;
      },
      identify(text) {
        return scores(text, [])?.[0]?.[0];
      },
    };
  });
  return loading;
}
