import { readdirSync, readFileSync } from 'node:fs';
import type { Language } from '../../../../src/accounts/accounts.ts';
import type { BriefInput, BriefText } from '../../../../src/research/writer/briefWriter.ts';

/**
 * The truthfulness corpus: recorded model answers against realistic facts (facts/: what Apollo, People
 * Data Labs, Unipile and Google News answers become), read by the truthfulness suite
 * (truthfulness.test.ts) and by `npm run eval` (bench/truthfulness.ts).
 *
 * - cases/: adversarial answers. Each is a clean answer with one or two items replaced by invented
 *   claims (`invented`, by their place in the answer), the model's answer to the repair turn, the
 *   strings that must appear nowhere in the published brief (`absent`), what must become of each
 *   invented item (`expect`: `dropped`, `source_kept` for a title or description, or the repaired
 *   text that is published instead) and the rule expected to catch it.
 * - clean/: faithful answers in several languages: every item must be published as written.
 */

export interface TruthCase {
  name: string;
  about: string;
  /** The fact set's name (facts/<name>.json). */
  facts: string;
  input: BriefInput;
  /** The model's answer (the JSON inside `choices[0].message.content`). */
  answer: Record<string, any>;
  /** Its answer to the repair turn; absent for clean answers, which need none. */
  repair?: { repairs: { item: string; text: string; facts: string[] }[] };
  /** Places in the answer (`company/insights/3`, `title_en`) holding invented claims. */
  invented: string[];
  absent: string[];
  expect: Record<string, string>;
  rule?: string;
}

const ROOT = new URL('./', import.meta.url);

function readJson(path: string): any {
  return JSON.parse(readFileSync(new URL(path, ROOT), 'utf8'));
}

function load(folder: 'cases' | 'clean'): TruthCase[] {
  return readdirSync(new URL(`${folder}/`, ROOT))
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const body = readJson(`${folder}/${file}`);
      const input: BriefInput = { ...readJson(`facts/${body.facts}.json`).input, language: body.language as Language };
      return { name: file.replace(/\.json$/, ''), invented: [], absent: [], expect: {}, ...body, input };
    });
}

export function truthfulnessCorpus(): { cases: TruthCase[]; clean: TruthCase[] } {
  return { cases: load('cases'), clean: load('clean') };
}

/** Every generated text of a brief the writer returned: what a caller would read. */
export function publishedTexts(text: BriefText): string[] {
  const values = [text.prospect, text.company, text.title_en, text.description_en];
  const strings: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
  };
  values.forEach(walk);
  return strings;
}

/** Each generated text of an answer by its place (`company/insights/3`), with the list of the brief it lands in. */
export function answerItems(answer: Record<string, any>): { key: string; text: string }[] {
  const items: { key: string; text: string }[] = [];
  for (const part of ['prospect', 'company'] as const) {
    for (const [field, value] of Object.entries(answer[part] ?? {})) {
      if (Array.isArray(value)) value.forEach((item, i) => items.push({ key: `${part}/${field}/${i}`, text: typeof item === 'string' ? item : item.text }));
      else if (value && typeof value === 'object') items.push({ key: `${part}/${field}`, text: (value as { text: string }).text });
    }
  }
  for (const key of ['title_en', 'description_en']) if (typeof answer[key] === 'string') items.push({ key, text: answer[key] });
  return items;
}

/** The published texts of the brief's field an answer's place lands in. */
function publishedAt(text: BriefText, key: string): string[] {
  if (key === 'title_en') return text.title_en ? [text.title_en] : [];
  if (key === 'description_en') return text.description_en ? [text.description_en] : [];
  const [part, field, index] = key.split('/') as ['prospect' | 'company', string, string | undefined];
  const value = (text[part] as Record<string, unknown> | null)?.[field];
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value)) return [];
  // Summaries of posts and news keep their places (null where dropped); generated lists close up.
  if (field === 'post_summaries' || field === 'news_summaries') return typeof value[Number(index)] === 'string' ? [value[Number(index)]] : [];
  return value.filter((item): item is string => typeof item === 'string');
}

export interface Score {
  /** `absent` strings found in the published brief: invented claims that got through. */
  inventedPublished: string[];
  /** Clean items (every item not invented) and those of them not published as written. */
  cleanItems: number;
  cleanDropped: string[];
  /** Invented items whose fate differs from `expect`. */
  unexpected: string[];
}

export function score(truth: TruthCase, text: BriefText): Score {
  const published = publishedTexts(text);
  const inventedPublished = truth.absent.filter((claim) => published.some((item) => item.toLowerCase().includes(claim.toLowerCase())));
  const clean = answerItems(truth.answer).filter((item) => !truth.invented.includes(item.key));
  const cleanDropped = clean.filter((item) => !publishedAt(text, item.key).includes(item.text)).map((item) => `${item.key}: ${item.text}`);
  const unexpected: string[] = [];
  for (const key of truth.invented) {
    const expected = truth.expect[key] ?? 'dropped';
    const original = answerItems(truth.answer).find((item) => item.key === key)!.text;
    const there = publishedAt(text, key);
    if (there.includes(original)) unexpected.push(`${key} was published as the model wrote it`);
    else if (expected !== 'dropped' && expected !== 'source_kept' && !there.includes(expected)) unexpected.push(`${key}: the repaired text "${expected}" was not published`);
    else if (expected === 'source_kept' && there.length > 0) unexpected.push(`${key}: the source text should stand, the brief has "${there[0]}"`);
  }
  return { inventedPublished, cleanItems: clean.length, cleanDropped, unexpected };
}
