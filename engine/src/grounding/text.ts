/** Small text helpers the grounding checks share: folding for comparisons, words, sentences. */

/** Letters NFKD does not take apart. */
const UNDECOMPOSED: Record<string, string> = { ł: 'l', Ł: 'l', ß: 'ss', ø: 'o', Ø: 'o', æ: 'ae', Æ: 'ae', œ: 'oe', Œ: 'oe', đ: 'd', Đ: 'd', ı: 'i' };

/**
 * The form texts are compared in: compatibility characters as their plain forms, accents and case
 * dropped, typographic quotes and dashes as ASCII, runs of spaces as one. `Wrocław` and `wroclaw`,
 * `’` and `'` compare equal.
 */
export function fold(text: string): string {
  return foldLetters(text).replace(/\s+/g, ' ').trim();
}

/** Text foldLetters changes only by case (ASCII without the backtick): most words of most texts, folded by the thousand per brief. */
const PLAIN = /^[\t\n\r\x20-\x5f\x61-\x7e]*$/;

/** fold() without touching spaces, for reading text right after a position. */
export function foldLetters(text: string): string {
  if (PLAIN.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[łŁßøØæÆœŒđĐı]/g, (letter) => UNDECOMPOSED[letter]!)
    .replace(/[‘’‚‛′`]/g, "'")
    .replace(/[“”„‟″«»]/g, '"')
    .replace(/[‐‑‒–—―]/g, '-')
    .toLowerCase();
}

/** A word: letters and digits, with inner `-`, `'`, `&`, `.` or `/` (e-commerce, O'Neil, S/4HANA, AT&T). */
const WORD = /[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}]|[-'’&./](?=[\p{L}\p{N}]))*/gu;

export interface Word {
  text: string;
  start: number;
  end: number;
}

export function wordsOf(text: string): Word[] {
  return [...text.matchAll(WORD)].map((match) => ({ text: match[0], start: match.index, end: match.index + match[0].length }));
}

/** The folded words of a text, for look-ups. */
export function foldedWords(text: string): string[] {
  return wordsOf(fold(text)).map((word) => word.text);
}

/** Whether `text` (folded) holds `phrase` (folded) as whole words. */
export function hasPhrase(foldedText: string, foldedPhrase: string): boolean {
  if (foldedPhrase === '') return false;
  let from = 0;
  for (;;) {
    const at = foldedText.indexOf(foldedPhrase, from);
    if (at < 0) return false;
    const before = at === 0 ? '' : foldedText[at - 1]!;
    const after = foldedText[at + foldedPhrase.length] ?? '';
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return true;
    from = at + 1;
  }
}

/**
 * Two folded words are one word inflected or spelt another way when they share a long enough
 * beginning and each ends in at most three other letters: `europe`/`europie`, `poznan`/`poznaniu`,
 * `jan`/`jana`, `anna`/`anne` (Polish cases), `warsaw`/`warszawa`; not `sales`/`salesforce`.
 * Three-letter words only grow at the end (`jan`/`jana`).
 */
export function sameStem(a: string, b: string): boolean {
  if (a === b) return true;
  const shorter = Math.min(a.length, b.length);
  if (shorter < 3) return false;
  let common = 0;
  while (common < shorter && a[common] === b[common]) common++;
  if (a.length - common > 3 || b.length - common > 3) return false;
  return shorter === 3 ? common === 3 : common >= Math.max(3, shorter - 2);
}

/** Whether a folded word begins with one of the folded stems (`pracownik` for `pracownikow`). */
export function startsWithAny(word: string, stems: readonly string[]): boolean {
  return stems.some((stem) => word.startsWith(stem));
}
