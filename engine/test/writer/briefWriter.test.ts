import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/accounts/accounts.ts';
import { createBriefWriter, factsBlock, LANGUAGE_NAMES, POST_LABELS, systemPrompt, type BriefInput } from '../../src/research/writer/briefWriter.ts';
import { findUngrounded, groundedNumbers, ungroundedNumbers } from '../../src/research/writer/grounding.ts';
import { createChatClient, WriterError } from '../../src/integrations/openai/chatClient.ts';
import { briefInput } from './fixtures/input.ts';
import { fixtureAnswer, mockChat, type ChatRequestBody } from './support.ts';

const writer = () => createBriefWriter(createChatClient({ apiKey: 'sk-test-123', model: 'gpt-4o-mini', backoffMs: 1 }));
const signal = () => AbortSignal.timeout(10_000);
const input = (changes: Partial<BriefInput> = {}): BriefInput => ({ ...structuredClone(briefInput), ...changes });

/** The FACTS block the model was sent, parsed back out of the user message. */
function sentFacts(body: ChatRequestBody): any {
  const user = body.messages[1]!.content;
  const start = user.indexOf('FACTS (about the prospect and their company):\n') + 'FACTS (about the prospect and their company):\n'.length;
  return JSON.parse(user.slice(start, user.lastIndexOf('\n\nWrite the brief.')));
}

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

describe('createBriefWriter().write', () => {
  it('sends the facts, the product, the language rule and a strict schema with the spec sizes; returns the texts', async () => {
    const { scope, requests } = mockChat(['brief-en.json']);
    const text = await writer().write(input(), signal());
    scope.done();

    const body = requests[0]!;
    expect(body.model).toBe('gpt-4o-mini');
    expect(body.response_format.json_schema.strict).toBe(true);
    const schema = body.response_format.json_schema.schema;
    const sizes = (part: any) => Object.fromEntries(Object.entries(part.properties).filter(([, s]: any) => s.type === 'array').map(([k, s]: any) => [k, [s.minItems, s.maxItems]]));
    expect(sizes(schema.properties.prospect)).toEqual({ opening_talk: [3, 3], post_summaries: [2, 2] });
    expect(sizes(schema.properties.company)).toEqual({
      problems: [4, 4], services: [4, 4], icp: [4, 4], synergy_points: [4, 4], discovery_questions: [3, 3], insights: [4, 4],
      post_summaries: [1, 1], news_summaries: [1, 1],
    });
    // Strict mode: every property required, nothing extra, at every level.
    for (const object of [schema, schema.properties.prospect, schema.properties.company]) {
      expect(object.additionalProperties).toBe(false);
      expect([...object.required].sort()).toEqual(Object.keys(object.properties).sort());
    }
    expect(Object.keys(schema.properties)).toEqual(['prospect', 'company', 'title_en', 'description_en']);

    const system = body.messages[0]!.content;
    expect(system).toContain('write every generated text in English (language code "en")');
    expect(system).toContain('Never invent numbers or claims');
    const user = body.messages[1]!.content;
    expect(user).toContain('Used by 1,200 sales teams.');
    const facts = sentFacts(body);
    expect(facts.prospect).toEqual({
      name: 'Anna Kowalska', job_title: 'Kierowniczka ds. Operacji Sprzedaży', company: 'Northwind Logistics',
      location: 'Wrocław, Poland', current_role_since: '2022-03-01',
    });
    expect(facts.company.estimated_revenue).toBe('$50M-$100M');
    expect(user).not.toContain('linkedin.com'); // URLs are left out of the facts

    const answer = fixtureAnswer('brief-en.json');
    expect(text).toEqual({
      prospect: answer.prospect,
      company: answer.company,
      title_en: 'Head of Sales Operations',
      description_en: answer.description_en,
      ungrounded: [],
    });
  });

  it('writes in the account language (Polish)', async () => {
    const { scope, requests } = mockChat(['brief-pl.json']);
    const text = await writer().write(input({ language: 'pl' }), signal());
    scope.done();
    expect(requests[0]!.messages[0]!.content).toContain('write every generated text in Polish (language code "pl")');
    expect(text.prospect?.summary).toContain('kieruje operacjami sprzedaży');
    expect(text.title_en).toBe('Head of Sales Operations'); // stored title stays English
    expect(text.ungrounded).toEqual([]); // "40 000 m²" matches the fact "40,000 m²"
  });

  it('labels a reshared post as not the prospect\'s words, and own posts as their own', async () => {
    const { requests } = mockChat(['brief-en.json']);
    await writer().write(input(), signal());
    const facts = sentFacts(requests[0]!);
    expect(facts.prospect_posts).toEqual([
      expect.objectContaining({ post: 1, authorship: POST_LABELS.prospectOwn }),
      expect.objectContaining({ post: 2, authorship: POST_LABELS.prospectReshared, text: expect.stringContaining('Article by Jan Nowak') }),
    ]);
    expect(POST_LABELS.prospectReshared).toContain('shared by the prospect, written by someone else');
    expect(facts.prospect_posts[0].posted_on).toBe('2025-06-30');
    expect(facts.company_posts[0].authorship).toBe(POST_LABELS.companyOwn);
    // The rule itself is in the system prompt.
    expect(requests[0]!.messages[0]!.content).toContain("Never quote it, summarise it or refer to it as the prospect's own words");
  });

  it('catches invented numbers and asks once more with the complaint', async () => {
    const { scope, requests } = mockChat(['brief-invented-numbers.json', 'brief-en.json']);
    const text = await writer().write(input(), signal());
    scope.done();
    expect(requests).toHaveLength(2);
    const [, , previous, complaint] = requests[1]!.messages;
    expect(previous?.role).toBe('assistant');
    expect(previous?.content).toContain('by 35%');
    expect(complaint?.content).toContain('/company/synergy_points/0: "PipeScout cuts manual research time by 35%, freeing reps for selling." (numbers: 35)');
    expect(complaint?.content).toContain('/company/insights/3');
    expect(complaint?.content).toContain('(numbers: 120)');
    expect(text.company?.synergy_points).toEqual(fixtureAnswer('brief-en.json').company.synergy_points);
    expect(text.ungrounded).toEqual([]);
  });

  it('nulls the fields that still hold invented numbers after the second answer', async () => {
    const { scope } = mockChat(['brief-invented-numbers.json', 'brief-invented-numbers.json']);
    const text = await writer().write(input(), signal());
    scope.done();
    expect(text.ungrounded).toEqual(['/company/insights', '/company/synergy_points']);
    expect(text.company?.synergy_points).toBeNull();
    expect(text.company?.insights).toBeNull();
    expect(text.company?.problems).toHaveLength(4);
    expect(text.prospect?.opening_talk).toHaveLength(3);
  });

  it('fails with a WriterError when the model keeps breaking the schema', async () => {
    const { scope } = mockChat(['brief-wrong-sizes.json', 'brief-wrong-sizes.json']);
    const error = await writer().write(input(), signal()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WriterError);
    expect((error as WriterError).kind).toBe('invalid_output');
    scope.done();
  });

  it('writes only the company part when no person was found', async () => {
    const answer = fixtureAnswer('brief-en.json');
    const companyOnly = { company: answer.company, description_en: answer.description_en };
    const { scope, requests } = mockChat([[200, { choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(companyOnly), refusal: null }, finish_reason: 'stop' }] }]]);
    const text = await writer().write(input({ person: null, prospectPosts: [] }), signal());
    scope.done();
    expect(Object.keys(requests[0]!.response_format.json_schema.schema.properties)).toEqual(['company', 'description_en']);
    expect(text).toEqual({ prospect: null, company: answer.company, description_en: answer.description_en, ungrounded: [] });
  });

  it('makes no call when there is nothing to write about', async () => {
    const text = await writer().write(input({ person: null, company: null, prospectPosts: [], companyPosts: [], news: [] }), signal());
    expect(text).toEqual({ prospect: null, company: null, ungrounded: [] });
  });
});

describe('systemPrompt', () => {
  it.each(LANGUAGES)('tells the model to write in %s', (language) => {
    const prompt = systemPrompt(language);
    expect(prompt).toContain(`write every generated text in ${LANGUAGE_NAMES[language]} (language code "${language}")`);
    expect(prompt).toContain('`title_en` and `description_en` are always in English');
  });

  it('names all 8 languages distinctly', () => {
    expect(new Set(LANGUAGES.map((language) => LANGUAGE_NAMES[language])).size).toBe(8);
  });
});

describe('grounding', () => {
  const allowed = groundedNumbers([JSON.stringify(factsBlock(briefInput)), briefInput.product.description]);

  it('accepts the facts\' numbers in other notations and ignores names with digits', () => {
    for (const text of ['Used by 1200 sales teams', '40 000 m²', '40.000 m²', 'over 300 brands', 'since 2022', '$50M-$100M', 'B2B teams in Q2', 'a 30% loss']) {
      expect(ungroundedNumbers(text, allowed), text).toEqual([]);
    }
  });

  it('flags numbers, percentages and amounts absent from the facts', () => {
    expect(ungroundedNumbers('cuts research by 35% and saves €250,000, with 7x more meetings', allowed)).toEqual(['35', '250000', '7']);
  });

  it('reports the path of each offending text', () => {
    expect(findUngrounded({ company: { insights: ['ok', 'grew 45% in 2025'] } }, allowed)).toEqual([
      { path: '/company/insights/1', text: 'grew 45% in 2025', numbers: ['45'] },
    ]);
  });
});
