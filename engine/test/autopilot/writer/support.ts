import { readFileSync } from 'node:fs';
import nock from 'nock';

/** A recorded chat completion body from ./fixtures. */
export function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;
}

/** The message content of a recorded completion, parsed. */
export function fixtureAnswer(name: string): { subject?: string; body: string; facts: string[] } {
  const body = fixture(name) as { choices: { message: { content: string } }[] };
  return JSON.parse(body.choices[0]!.message.content);
}

export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string }[];
  response_format: { type: string; json_schema: { name: string; strict: boolean; schema: any } };
}

/** Serves `POST {origin}/v1/chat/completions` as an OpenAI-compatible API: the recorded bodies in turn (or `[status, body]`), each request recorded. */
export function mockChat(replies: (string | [number, unknown])[], origin = 'https://api.openai.com', path = '/v1/chat/completions') {
  const requests: ChatRequestBody[] = [];
  const scope = nock(origin);
  for (const reply of replies) {
    const interceptor = scope.post(path, (body: ChatRequestBody) => {
      requests.push(body);
      return true;
    });
    if (typeof reply === 'string') interceptor.reply(200, fixture(reply), { 'content-type': 'application/json' });
    else interceptor.reply(reply[0], reply[1] as nock.Body, { 'content-type': 'application/json' });
  }
  return { scope, requests };
}
