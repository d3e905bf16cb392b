/**
 * The research writer and the Autopilot's message writer ask the same model: they share one client per
 * configuration, so the process never has more than RESEARCH_SOURCE_CONCURRENCY calls to it at once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedChatClient } from '../../../src/integrations/openai/chatClient.ts';

let server: Server;
let inFlight = 0;
let mostInFlight = 0;
let baseUrl = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    request.resume();
    setTimeout(() => {
      inFlight -= 1;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: '{"ok":true}' }, finish_reason: 'stop' }] }));
    }, 50);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const ask = (client: ReturnType<typeof sharedChatClient>) =>
  client.completeJson<{ ok: boolean }>({
    system: 'Answer.',
    user: 'Are you there?',
    schema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'], additionalProperties: false },
    schemaName: 'ok',
    signal: new AbortController().signal,
  });

describe('one model client per configuration', () => {
  it('two writers configured alike share the gate: with a concurrency of 1, one call at a time from both', async () => {
    const options = { baseUrl, model: 'm', concurrency: 1 };
    const research = sharedChatClient(options);
    const messages = sharedChatClient({ ...options });
    expect(messages).toBe(research);
    mostInFlight = 0;
    const answers = await Promise.all([ask(research), ask(messages), ask(research), ask(messages)]);
    expect(answers).toEqual([{ ok: true }, { ok: true }, { ok: true }, { ok: true }]);
    expect(mostInFlight).toBe(1);
    // Another configuration is another client, with its own gate.
    expect(sharedChatClient({ ...options, model: 'other' })).not.toBe(research);
  });
});
