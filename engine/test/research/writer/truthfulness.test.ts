import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createChatClient } from '../../../src/integrations/openai/chatClient.ts';
import { createBriefWriter } from '../../../src/research/writer/briefWriter.ts';
import { answerItems, publishedTexts, score, truthfulnessCorpus, type TruthCase } from './truthfulness/corpus.ts';
import { type ChatRequestBody, mockChat } from './support.ts';

/**
 * The truthfulness suite: recorded hostile model answers (truthfulness/cases) against realistic facts,
 * through the real writer and chat client, with the OpenAI-compatible endpoint mocked by nock answering
 * the recorded answer and, when asked, the recorded repair. Every invented claim stays out of the
 * published brief, and every clean item around it is published as written. Clean answers
 * (truthfulness/clean) are published whole, in one call.
 */

const { cases, clean } = truthfulnessCorpus();

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

const completion = (content: unknown) =>
  [200, { id: 'chatcmpl-truth', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(content), refusal: null }, finish_reason: 'stop' }] }] as [
    number,
    unknown,
  ];

async function write(truth: TruthCase) {
  const replies = [completion(truth.answer), ...(truth.repair ? [completion(truth.repair)] : [])];
  const { scope, requests } = mockChat(replies);
  const text = await createBriefWriter(createChatClient({ apiKey: 'sk-test', model: 'gpt-4o-mini', backoffMs: 1 })).write(truth.input, AbortSignal.timeout(15_000));
  return { text, scope, requests };
}

describe('the truthfulness corpus', () => {
  it('holds at least 25 adversarial answers over every kind of invention, and clean answers in several languages', () => {
    expect(cases.length).toBeGreaterThanOrEqual(25);
    expect(new Set(cases.map((truth) => truth.rule))).toEqual(new Set(['name', 'number', 'quote', 'reshare', 'rank', 'language', 'translation']));
    expect(new Set(clean.map((truth) => truth.input.language))).toEqual(new Set(['en', 'de', 'pl', 'fr', 'es']));
    for (const truth of cases) expect(truth.absent.length, truth.name).toBeGreaterThan(0);
  });
});

describe.each(cases.map((truth) => [truth.name, truth] as const))('a hostile answer: %s', (_name, truth) => {
  it(`keeps the invention out (${truth.about}) and the clean items in`, async () => {
    const { text, scope, requests } = await write(truth);
    scope.done();
    const result = score(truth, text);
    expect(result.inventedPublished).toEqual([]);
    expect(result.unexpected).toEqual([]);
    expect(result.cleanDropped).toEqual([]);
    expect(result.cleanItems).toBeGreaterThan(15);

    // One repair turn for the whole brief, naming each invented item and why.
    expect(text.calls).toBe(2);
    const repairTurn = (requests[1] as ChatRequestBody).messages.at(-1)!.content;
    for (const key of truth.invented) expect(repairTurn).toContain(`- ${key}: `);
    expect(requests[1]!.response_format.json_schema.schema.properties.repairs.items.properties.item.enum.sort()).toEqual([...truth.invented].sort());

    // Each invented item is recorded with the rule that caught it and what was published instead.
    const fields = truth.invented.map((key) => fieldOf(key));
    expect(text.rejections.map((rejection) => rejection.field).sort()).toEqual(fields.sort());
    expect(text.rejections.some((rejection) => rejection.rules.includes(truth.rule as never))).toBe(true);
    for (const key of truth.invented) {
      const rejection = text.rejections.find((candidate) => candidate.field === fieldOf(key))!;
      const expected = truth.expect[key] ?? 'dropped';
      expect(rejection.outcome).toBe(expected === 'dropped' || expected === 'source_kept' ? expected : 'replaced');
      expect(rejection.reason).not.toBe('');
    }
  });
});

describe.each(clean.map((truth) => [truth.name, truth] as const))('a faithful answer: %s', (_name, truth) => {
  it(`is published whole, in one call (${truth.about})`, async () => {
    const { text, scope } = await write(truth);
    scope.done();
    expect(text.rejections).toEqual([]);
    expect(text.calls).toBe(1);
    const published = publishedTexts(text);
    for (const item of answerItems(truth.answer)) expect(published).toContain(item.text);
  });
});

/** The brief's field an answer's place fills (rejections name it). */
function fieldOf(key: string): string {
  if (key === 'title_en') return '/prospect/title';
  if (key === 'description_en') return '/company/description';
  const [part, field, index] = key.split('/');
  if (field === 'post_summaries') return `/${part}/posts/${index}/summary`;
  if (field === 'news_summaries') return `/${part}/news/${index}/summary`;
  return field === 'summary' ? `/${part}/summary` : `/${part}/${field}`;
}
