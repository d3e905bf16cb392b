import nock from 'nock';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { briefSchema } from '../../../src/research/writer/briefWriter.ts';
import { factSheet } from '../../../src/research/writer/factSheet.ts';
import { briefInput } from './fixtures/input.ts';
import { createChatClient, WriterError } from '../../../src/integrations/openai/chatClient.ts';
import { fixtureAnswer, mockChat } from './support.ts';
import { rejection } from '../../support/rejection.ts';

const schema = briefSchema({ prospect: true, company: true, prospectPosts: 2, companyPosts: 1, news: 1, title: true, description: true }, factSheet(briefInput).ids);
const request = () => ({ system: 'You write briefs.', user: 'FACTS: {}', schema, schemaName: 'research_brief', signal: AbortSignal.timeout(10_000) });
const client = (options: Partial<Parameters<typeof createChatClient>[0]> = {}) => createChatClient({ apiKey: 'sk-test-123', model: 'gpt-4o-mini', backoffMs: 1, ...options });

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

const failure = (promise: Promise<unknown>) => rejection(promise, WriterError);

describe('createChatClient().completeJson', () => {
  it('posts the model, the messages, a strict json_schema and a low temperature with a bearer key, and parses the answer', async () => {
    const { scope, requests } = mockChat(['brief-en.json'], { reqheaders: { authorization: 'Bearer sk-test-123' } });
    const answer = await client().completeJson(request());
    expect(answer).toEqual(fixtureAnswer('brief-en.json'));
    scope.done();
    expect(requests).toHaveLength(1);
    const body = requests[0]!;
    expect(body.model).toBe('gpt-4o-mini');
    expect(body.temperature).toBe(0.2);
    expect(body.messages).toEqual([
      { role: 'system', content: 'You write briefs.' },
      { role: 'user', content: 'FACTS: {}' },
    ]);
    expect(body.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'research_brief', strict: true, schema } });
  });

  it('repairs invalid JSON once: the second request carries the bad answer and the error', async () => {
    const { scope, requests } = mockChat(['invalid-json.json', 'brief-en.json']);
    const answer = await client().completeJson(request());
    expect(answer).toEqual(fixtureAnswer('brief-en.json'));
    scope.done();
    expect(requests).toHaveLength(2);
    const [, , assistant, repair] = requests[1]!.messages;
    expect(assistant?.role).toBe('assistant');
    expect(assistant?.content).toContain('Here is the brief:');
    expect(repair?.role).toBe('user');
    expect(repair?.content).toContain('not valid JSON');
  });

  it('fails with invalid_output after two invalid answers', async () => {
    const { scope, requests } = mockChat(['invalid-json.json', 'invalid-json.json']);
    const error = await failure(client().completeJson(request()));
    expect(error.kind).toBe('invalid_output');
    expect(error.attempts).toBe(2);
    expect(error.problems[0]).toContain('not valid JSON');
    scope.done();
    expect(requests).toHaveLength(2);
  });

  it('honours maxAttempts', async () => {
    const { scope } = mockChat(['invalid-json.json', 'brief-wrong-sizes.json', 'brief-en.json']);
    await expect(client({ maxAttempts: 3 }).completeJson(request())).resolves.toEqual(fixtureAnswer('brief-en.json'));
    scope.done();
  });

  it('repairs wrong array sizes, naming the arrays in the complaint', async () => {
    const { scope, requests } = mockChat(['brief-wrong-sizes.json', 'brief-en.json']);
    await expect(client().completeJson(request())).resolves.toEqual(fixtureAnswer('brief-en.json'));
    scope.done();
    const repair = requests[1]!.messages[3]!.content;
    expect(repair).toContain('/prospect/opening_talk must NOT have more than 3 items');
    expect(repair).toContain('/company/insights must NOT have more than 4 items');
  });

  it("repairs answers the caller's check rejects", async () => {
    const { scope, requests } = mockChat(['brief-en.json', 'brief-pl.json']);
    let calls = 0;
    const answer = await client().completeJson<{ title_en: string }>({ ...request(), check: () => (calls++ === 0 ? ['/title_en is not good enough'] : []) });
    expect(answer).toEqual(fixtureAnswer('brief-pl.json'));
    scope.done();
    expect(requests[1]!.messages[3]!.content).toContain('/title_en is not good enough');
  });

  it('fails at once on a refusal', async () => {
    const { scope, requests } = mockChat(['refusal.json']);
    const error = await failure(client().completeJson(request()));
    expect(error.kind).toBe('refusal');
    expect(error.message).toContain("can't assist");
    scope.done();
    expect(requests).toHaveLength(1);
  });

  it('fails at once on finish_reason length', async () => {
    const { scope } = mockChat(['truncated.json']);
    expect((await failure(client().completeJson(request()))).kind).toBe('truncated');
    scope.done();
  });

  it('fails on an answer without choices', async () => {
    const { scope } = mockChat([[200, { id: 'chatcmpl-1', object: 'chat.completion', choices: [] }]]);
    expect((await failure(client().completeJson(request()))).kind).toBe('invalid_response');
    scope.done();
  });

  it('waits out a 429 with Retry-After, then succeeds', async () => {
    const limited = { error: { message: 'Rate limit reached for gpt-4o-mini', type: 'requests', code: 'rate_limit_exceeded' } };
    const { scope, requests } = mockChat([[429, limited, { 'retry-after': '0' }], 'brief-en.json']);
    await expect(client().completeJson(request())).resolves.toEqual(fixtureAnswer('brief-en.json'));
    scope.done();
    expect(requests).toHaveLength(2);
  });

  it("reports an HTTP error with the server's message and status", async () => {
    const body = { error: { message: "Invalid schema for response_format 'research_brief'", type: 'invalid_request_error', code: null } };
    const { scope } = mockChat([[400, body]]);
    const error = await failure(client().completeJson(request()));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(400);
    scope.done();
  });

  it('treats 404 (unknown model) as an HTTP error', async () => {
    const { scope } = mockChat([[404, { error: { message: 'model "llama9" not found, try pulling it first' } }]]);
    const error = await failure(client().completeJson(request()));
    expect(error).toMatchObject({ kind: 'http', status: 404 });
    expect(error.message).toContain('not found');
    scope.done();
  });

  it('keeps a base URL path prefix and sends no Authorization header without a key (Ollama)', async () => {
    const { scope, requests } = mockChat(['brief-en-ollama.json'], { origin: 'http://localhost:11434', badheaders: ['authorization'] });
    const ollama = createChatClient({ baseUrl: 'http://localhost:11434/v1/', model: 'llama3.1:8b' });
    await expect(ollama.completeJson(request())).resolves.toEqual(fixtureAnswer('brief-en-ollama.json'));
    scope.done();
    expect(requests[0]!.model).toBe('llama3.1:8b');
  });

  it('accepts JSON wrapped in a Markdown fence', async () => {
    const answer = { title_en: 'Head of Sales Operations' };
    const fenced = { choices: [{ index: 0, message: { role: 'assistant', content: '```json\n' + JSON.stringify(answer) + '\n```' }, finish_reason: 'stop' }] };
    const { scope } = mockChat([[200, fenced]]);
    const small = { type: 'object', additionalProperties: false, required: ['title_en'], properties: { title_en: { type: 'string' } } };
    await expect(client().completeJson({ ...request(), schema: small })).resolves.toEqual(answer);
    scope.done();
  });

  it('leaves out temperature when it is null and sends max_tokens when set', async () => {
    const { requests } = mockChat(['brief-en.json']);
    await client({ temperature: null, maxTokens: 2000 }).completeJson(request());
    expect(requests[0]).not.toHaveProperty('temperature');
    expect(requests[0]!.max_tokens).toBe(2000);
  });

  it('stops when the job signal aborts', async () => {
    const { scope } = mockChat([[429, {}, { 'retry-after': '5' }]]);
    const controller = new AbortController();
    const pending = client().completeJson({ ...request(), signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await failure(pending)).kind).toBe('aborted');
    scope.done();
  });
});
