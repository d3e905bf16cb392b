import { foldedWords } from '../../grounding/index.ts';

/**
 * "Nearly verbatim", as the angle rules use it (quoted text in an angle, the lead origin sentence, a
 * Qualify question): the same words in the same order, compared folded (case, accents, typographic
 * quotes and dashes, runs of spaces aside) with punctuation between words ignored. A long text may
 * differ by one word in ten (a word added, dropped or changed, e.g. an article or an inflection the
 * content language needs); a text of fewer than ten words must be there word for word.
 */

/** Word edits a text of `words` words may differ by. */
export const allowedEdits = (words: number): number => Math.floor(words / 10);

/** Whether `needle` is nearly verbatim anywhere in `haystack`. */
export function nearlyVerbatim(needle: string, haystack: string): boolean {
  const want = foldedWords(needle);
  if (want.length === 0) return true;
  return bestMatch(want, foldedWords(haystack), false) <= allowedEdits(want.length);
}

/** Whether `needle` nearly verbatim opens `text` (anchored at its first word). */
export function opensWith(needle: string, text: string): boolean {
  const want = foldedWords(needle);
  if (want.length === 0) return true;
  return bestMatch(want, foldedWords(text), true) <= allowedEdits(want.length);
}

/**
 * The fewest word edits between `want` and a run of `have` (Sellers' approximate matching): the
 * run may start anywhere unless `anchored`, and end anywhere.
 */
function bestMatch(want: string[], have: string[], anchored: boolean): number {
  let previous = Array.from({ length: have.length + 1 }, (_, j) => (anchored ? j : 0));
  for (let i = 1; i <= want.length; i++) {
    const current = [i];
    for (let j = 1; j <= have.length; j++) {
      const same = want[i - 1] === have[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j - 1]! + same, previous[j]! + 1, current[j - 1]! + 1);
    }
    previous = current;
  }
  return Math.min(...previous);
}
