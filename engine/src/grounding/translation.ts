import type { LanguageIdentifier } from './language.ts';
import { NameGround, namesIn } from './names.ts';
import { describe, grounds, numbersIn } from './numbers.ts';
import { titleMismatch } from './roles.ts';
import { fold } from './text.ts';

/**
 * The English version of a source field (the prospect's title, the company's description) is
 * published only when it checks as a translation of the source text: in English, no number, name,
 * rank or function the source does not have, and (descriptions) of a comparable length. Otherwise the
 * source text stands. Undefined when it checks; else why not.
 */
export function translationProblem(field: 'title' | 'description', source: string, translation: string, languages: LanguageIdentifier, subjects: string[]): string | undefined {
  if (fold(source) === fold(translation)) return undefined;
  const language = languages.otherThan(translation, 'en');
  if (language) return `it is written in ${language}, not English`;
  const sourceNumbers = numbersIn(source, 'en');
  const invented = numbersIn(translation, 'en').filter((claim) => !sourceNumbers.some((fact) => grounds(fact, claim)));
  if (invented.length > 0) return `${invented.map(describe).join(', ')} ${invented.length > 1 ? 'are' : 'is'} not in the source text`;
  const ground = new NameGround([source, ...subjects]);
  const names = namesIn(translation, 'en').filter((name) => !ground.holds(name));
  if (names.length > 0) return `${names.map((name) => `"${name.text}"`).join(', ')} ${names.length > 1 ? 'are' : 'is'} not in the source text`;
  if (field === 'title') return titleMismatch(source, translation);
  const ratio = translation.length / source.length;
  if (ratio < 0.4 || ratio > 2.5) return `it is ${ratio < 1 ? 'far shorter' : 'far longer'} than the source text (${translation.length} characters for ${source.length})`;
  return undefined;
}
