import { fold } from './text.ts';

/**
 * Quoted text in generated text must be in a cited fact word for word: a quote is a claim that
 * someone wrote exactly that. Compared folded (case, accents, typographic quotes and spaces aside),
 * without the punctuation at its ends; an ellipsis inside a quote splits it into parts, each of
 * which must be there. Single quotes are not read (they are apostrophes too often).
 */

const QUOTED = /"([^"\n]{2,}?)"|“([^”\n]{2,}?)”|„([^“”\n]{2,}?)[“”]|«\s?([^»\n]{2,}?)\s?»|»([^«\n]{2,}?)«/gu;

export function quotesIn(text: string): string[] {
  return [...text.matchAll(QUOTED)].map((match) =>
    match
      .slice(1)
      .find((group) => group !== undefined)!
      .trim(),
  );
}

/** Whether every part of `quote` is in one of the folded texts. */
export function quoteFound(quote: string, foldedTexts: string[]): boolean {
  const parts = quote
    .split(/\.\.\.|…|\[…\]|\(…\)/)
    .map((part) => fold(part).replace(/^[\s.,;:!?"'()-]+|[\s.,;:!?"'()-]+$/g, ''))
    .filter((part) => part !== '');
  return parts.length > 0 && parts.every((part) => foldedTexts.some((text) => text.includes(part)));
}
