/**
 * Grounding: whether generated text says only what the facts it rests on say, claim by claim. The
 * research brief writer (research/writer/) and the Autopilot's message writer (autopilot/writer/) hold
 * every item they publish to these checks; neither owns them, and this folder imports neither.
 *
 * Terminology
 * - **Fact sheet**: the facts a writer may use, one entry per fact, each with an id the model cites
 *   (facts.ts). Each writer builds its own sheet; the checks read any.
 * - **Item**: one piece of generated text with the ids it cites and those it rests on without citing.
 * - **Claim**: a number, a name, a quote, a rank in an item; grounded when a fact the item rests on holds
 *   it (numbers.ts, names.ts, quotes.ts, roles.ts, each in the eight account languages).
 * - **Problem**: what is wrong with an item, with the rule it breaks (`number`, `name`, `quote`,
 *   `reshare`, `rank`, `unknown_fact`, `language`, `translation`) and words the model and support read.
 *
 * This file says what the writers may use; the other files are this folder's own (its tests read them
 * directly).
 */

export { type Item, ItemChecker, type Problem, type Rule } from './check.ts';
export { type FactEntry, type FactSheet, textsOf } from './facts.ts';
export { type LanguageIdentifier, languageIdentifier } from './language.ts';
export type { Kind } from './lexicon.ts';
export { NameGround, namesIn } from './names.ts';
export { numbersIn } from './numbers.ts';
export { quotesIn } from './quotes.ts';
export { fold, foldedWords } from './text.ts';
export { translationProblem } from './translation.ts';
