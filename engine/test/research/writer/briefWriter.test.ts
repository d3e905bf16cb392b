import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/accounts/accounts.ts';
import { createBriefWriter, LANGUAGE_NAMES, POST_LABELS, systemPrompt, type BriefInput } from '../../../src/research/writer/briefWriter.ts';
import { createChatClient, WriterError } from '../../../src/integrations/openai/chatClient.ts';
import { briefInput } from './fixtures/input.ts';
import { fixtureAnswer, mockChat, type ChatRequestBody } from './support.ts';

const writer = () => createBriefWriter(createChatClient({ apiKey: 'sk-test-123', model: 'gpt-4o-mini', backoffMs: 1 }));
const signal = () => AbortSignal.timeout(10_000);
const input = (changes: Partial<BriefInput> = {}): BriefInput => ({ ...structuredClone(briefInput), ...changes });
const texts = (items: { text: string }[]) => items.map((item) => item.text);

/** The FACTS block the model was sent, parsed back out of the user message. */
function sentFacts(body: ChatRequestBody): any[] {
  const user = body.messages[1]!.content;
  const start = user.indexOf('FACTS (about the prospect and their company):\n') + 'FACTS (about the prospect and their company):\n'.length;
  return JSON.parse(user.slice(start, user.lastIndexOf('\n\nWrite the brief.')));
}

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

describe('createBriefWriter().write', () => {
  it('sends the facts with their ids, the product, the language rule and a strict schema whose sizes are maxima; publishes a clean answer whole', async () => {
    const { scope, requests } = mockChat(['brief-en.json']);
    const text = await writer().write(input(), signal());
    scope.done();

    const body = requests[0]!;
    expect(body.model).toBe('gpt-4o-mini');
    expect(body.response_format.json_schema.strict).toBe(true);
    const schema = body.response_format.json_schema.schema;
    const sizes = (part: any) =>
      Object.fromEntries(
        Object.entries(part.properties)
          .filter(([, s]: any) => s.type === 'array')
          .map(([k, s]: any) => [k, [s.minItems, s.maxItems]]),
      );
    expect(sizes(schema.properties.prospect)).toEqual({ opening_talk: [undefined, 3], post_summaries: [2, 2] });
    expect(sizes(schema.properties.company)).toEqual({
      problems: [undefined, 4],
      services: [undefined, 4],
      icp: [undefined, 4],
      synergy_points: [undefined, 4],
      discovery_questions: [undefined, 3],
      insights: [undefined, 4],
      post_summaries: [1, 1],
      news_summaries: [1, 1],
    });
    // Every item carries the ids of the facts it rests on, and only ids that exist can be cited.
    const item = schema.properties.company.properties.insights.items;
    expect(item.required).toEqual(['text', 'facts']);
    expect(item.properties.facts.minItems).toBe(1);
    expect(item.properties.facts.items.enum).toEqual(
      sentFacts(body)
        .map((fact) => fact.id)
        .concat('product'),
    );
    // Strict mode: every property required, nothing extra, at every level.
    for (const object of [schema, schema.properties.prospect, schema.properties.company, item]) {
      expect(object.additionalProperties).toBe(false);
      expect([...object.required].sort()).toEqual(Object.keys(object.properties).sort());
    }
    // The Polish title and description are asked in English.
    expect(Object.keys(schema.properties)).toEqual(['prospect', 'company', 'title_en', 'description_en']);

    const system = body.messages[0]!.content;
    expect(system).toContain('write every generated text in English (language code "en")');
    expect(system).toContain('Never invent numbers or claims');
    expect(system).toContain('Write fewer items when the facts do not support that many distinct, true ones: never pad a list.');
    const user = body.messages[1]!.content;
    expect(user).toContain('Used by 1,200 sales teams.');
    const facts = sentFacts(body);
    expect(facts.slice(0, 5)).toEqual([
      { id: 'prospect.name', about: "the prospect's name", value: 'Anna Kowalska' },
      { id: 'prospect.title', about: "the prospect's job title, as the source wrote it", value: 'Kierowniczka ds. Operacji Sprzedaży' },
      { id: 'prospect.company', about: "the prospect's current company", value: 'Northwind Logistics' },
      { id: 'prospect.location', about: "the prospect's location", value: 'Wrocław, Poland' },
      { id: 'prospect.role_start', about: 'the date the prospect started in the current role', value: '2022-03-01' },
    ]);
    expect(facts.find((fact) => fact.id === 'company.revenue').value).toBe('$50M-$100M');
    expect(facts.map((fact) => fact.id)).toContain('news.1');
    expect(user).not.toContain('linkedin.com'); // URLs are left out of the facts

    const answer = fixtureAnswer('brief-en.json');
    expect(text).toEqual({
      prospect: { summary: answer.prospect.summary.text, opening_talk: texts(answer.prospect.opening_talk), post_summaries: answer.prospect.post_summaries },
      company: {
        problems: texts(answer.company.problems),
        services: texts(answer.company.services),
        icp: texts(answer.company.icp),
        synergy_points: texts(answer.company.synergy_points),
        discovery_questions: texts(answer.company.discovery_questions),
        insights: texts(answer.company.insights),
        post_summaries: answer.company.post_summaries,
        news_summaries: answer.company.news_summaries,
      },
      title_en: 'Head of Sales Operations',
      description_en: answer.description_en,
      rejections: [],
      calls: 1,
    });
  });

  it('writes in the account language (Polish): the inflected names and "40 000 m²" check against the facts', async () => {
    const { scope, requests } = mockChat(['brief-pl.json']);
    const text = await writer().write(input({ language: 'pl' }), signal());
    scope.done();
    expect(requests[0]!.messages[0]!.content).toContain('write every generated text in Polish (language code "pl")');
    expect(text.prospect?.summary).toContain('kieruje operacjami sprzedaży');
    expect(text.title_en).toBe('Head of Sales Operations'); // stored title stays English
    expect(text.rejections).toEqual([]);
    expect(text.company?.insights).toHaveLength(4);
  });

  it("labels a reshared post as not the prospect's words, and own posts as their own", async () => {
    const { requests } = mockChat(['brief-en.json']);
    await writer().write(input(), signal());
    const facts = sentFacts(requests[0]!);
    expect(facts.filter((fact) => fact.id.startsWith('prospect_post.'))).toEqual([
      expect.objectContaining({ id: 'prospect_post.1', about: POST_LABELS.prospectOwn, posted_on: '2025-06-30' }),
      expect.objectContaining({ id: 'prospect_post.2', about: POST_LABELS.prospectReshared, text: expect.stringContaining('Article by Jan Nowak') }),
    ]);
    expect(POST_LABELS.prospectReshared).toContain('shared by the prospect, written by someone else');
    expect(facts.find((fact) => fact.id === 'company_post.1').about).toBe(POST_LABELS.companyOwn);
    expect(requests[0]!.messages[0]!.content).toContain("Never quote it, summarise it or refer to it as the prospect's own words");
  });

  it('sends the failing items with their reasons in one repair turn and publishes the repaired texts that check', async () => {
    const { scope, requests } = mockChat(['brief-invented-numbers.json', 'repair-invented-numbers.json']);
    const text = await writer().write(input(), signal());
    scope.done();
    expect(requests).toHaveLength(2);
    const [, , previous, complaint] = requests[1]!.messages;
    expect(previous?.role).toBe('assistant');
    expect(previous?.content).toContain('by 35%');
    expect(complaint?.content).toContain(
      '- company/synergy_points/0: "PipeScout cuts manual research time by 35%, freeing reps for selling." (cites product): "35%" (35%) is in none of the facts it cites (product) or the product',
    );
    expect(complaint?.content).toContain('- company/insights/3: "Northwind Logistics signed 120 new e-commerce clients in Q2." (cites prospect_post.1): "120" (120, customers)');
    // The repair turn asks for those two items only.
    expect(requests[1]!.response_format.json_schema.name).toBe('research_brief_repair');
    expect(requests[1]!.response_format.json_schema.schema.properties.repairs.items.properties.item.enum).toEqual(['company/synergy_points/0', 'company/insights/3']);

    const repaired = fixtureAnswer('repair-invented-numbers.json').repairs;
    expect(text.company?.synergy_points?.[0]).toBe(repaired[0].text);
    expect(text.company?.insights?.[3]).toBe(repaired[1].text);
    expect(text.rejections).toEqual([
      expect.objectContaining({ field: '/company/synergy_points', item: 'PipeScout cuts manual research time by 35%, freeing reps for selling.', rules: ['number'], outcome: 'replaced' }),
      expect.objectContaining({ field: '/company/insights', item: 'Northwind Logistics signed 120 new e-commerce clients in Q2.', rules: ['number'], outcome: 'replaced' }),
    ]);
    expect(text.calls).toBe(2);
  });

  it('drops each item still failing after the repair turn on its own; the rest of its list stands', async () => {
    const { scope } = mockChat(['brief-invented-numbers.json', 'repair-stubborn.json']);
    const text = await writer().write(input(), signal());
    scope.done();
    const answer = fixtureAnswer('brief-invented-numbers.json');
    expect(text.company?.synergy_points).toEqual(texts(answer.company.synergy_points.slice(1)));
    expect(text.company?.insights).toEqual(texts(answer.company.insights.slice(0, 3)));
    expect(text.company?.problems).toHaveLength(4);
    expect(text.prospect?.opening_talk).toHaveLength(3);
    expect(text.rejections).toEqual([
      // The repaired text, "35 percent", is the same invented number in words.
      {
        field: '/company/synergy_points',
        item: 'PipeScout cuts manual research time by 35 percent.',
        rules: ['number'],
        reason: expect.stringContaining('"35 percent" (35%) is in none of the facts it cites (product) or the product (after one repair turn)'),
        outcome: 'dropped',
      },
      {
        field: '/company/insights',
        item: 'Northwind Logistics signed 120 new e-commerce clients in Q2.',
        rules: ['number'],
        reason: expect.stringContaining('(the repair turn did not replace it)'),
        outcome: 'dropped',
      },
    ]);
    expect(text.calls).toBe(2);
  });

  it('drops the failing items and keeps the brief when the repair turn itself fails', async () => {
    const { scope } = mockChat(['brief-invented-numbers.json', [500, { error: { message: 'The server had an error while processing your request.' } }]]);
    const text = await writer().write(input(), signal());
    scope.done();
    expect(text.company?.synergy_points).toHaveLength(3);
    expect(text.company?.insights).toHaveLength(3);
    expect(text.rejections.map((rejection) => rejection.reason)).toEqual([
      expect.stringContaining('(the repair turn failed: chat completion failed: llm: POST /chat/completions answered 500)'),
      expect.stringContaining('the repair turn failed'),
    ]);
  });

  it('fails with a WriterError when the model keeps breaking the schema', async () => {
    const { scope } = mockChat(['brief-wrong-sizes.json', 'brief-wrong-sizes.json']);
    const error = await writer()
      .write(input(), signal())
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WriterError);
    expect((error as WriterError).kind).toBe('invalid_output');
    scope.done();
  });

  it('writes only the company part when no person was found', async () => {
    const answer = fixtureAnswer('brief-en.json');
    // Without a person there is no prospect fact to cite: the items resting on one go.
    const onCompany = (items: { facts: string[] }[]) => items.filter((item) => !item.facts.some((id) => id.startsWith('prospect')));
    const company = { ...answer.company, synergy_points: onCompany(answer.company.synergy_points), discovery_questions: onCompany(answer.company.discovery_questions) };
    const companyOnly = { company, description_en: answer.description_en };
    const { scope, requests } = mockChat([[200, { choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(companyOnly), refusal: null }, finish_reason: 'stop' }] }]]);
    const text = await writer().write(input({ person: null, prospectPosts: [] }), signal());
    scope.done();
    expect(Object.keys(requests[0]!.response_format.json_schema.schema.properties)).toEqual(['company', 'description_en']);
    expect(sentFacts(requests[0]!).some((fact) => fact.id.startsWith('prospect'))).toBe(false);
    expect(text.prospect).toBeNull();
    expect(text.company?.insights).toEqual(texts(answer.company.insights));
    expect(text.company?.synergy_points).toEqual(texts(company.synergy_points));
    expect(text.rejections).toEqual([]);
  });

  it('does not ask for an English title or description when the source is already English: the source stands', async () => {
    const answer = fixtureAnswer('brief-en.json');
    const { title_en: _title, description_en: _description, ...rest } = answer;
    const { scope, requests } = mockChat([[200, { choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(rest) }, finish_reason: 'stop' }] }]]);
    const english = input({
      person: { ...briefInput.person!, title: 'Head of Sales Operations' },
      company: { ...briefInput.company!, description: 'Northwind Logistics is a contract logistics provider with 14 warehouses in Central Europe serving more than 300 e-commerce brands.' },
    });
    const text = await writer().write(english, signal());
    scope.done();
    expect(Object.keys(requests[0]!.response_format.json_schema.schema.properties)).toEqual(['prospect', 'company']);
    expect(text).not.toHaveProperty('title_en');
    expect(text).not.toHaveProperty('description_en');
  });

  it('makes no call when there is nothing to write about', async () => {
    const text = await writer().write(input({ person: null, company: null, prospectPosts: [], companyPosts: [], news: [] }), signal());
    expect(text).toEqual({ prospect: null, company: null, rejections: [], calls: 0 });
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
