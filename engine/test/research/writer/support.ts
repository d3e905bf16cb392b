import { readFileSync } from 'node:fs';
import nock from 'nock';

/** A recorded chat completion body from ./fixtures. */
export function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;
}

/** The message content of a recorded completion, parsed. */
export function fixtureAnswer(name: string): any {
  const body = fixture(name) as { choices: { message: { content: string } }[] };
  return JSON.parse(body.choices[0]!.message.content);
}

export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string }[];
  response_format: { type: string; json_schema: { name: string; strict: boolean; schema: any } };
  temperature?: number;
  max_tokens?: number;
}

/**
 * Answers `POST {origin}{path}` with the given recorded bodies in turn and records each request body.
 * An entry may be `[status, body, headers]` for an HTTP error.
 */
export function mockChat(
  replies: (string | [number, unknown, Record<string, string>?])[],
  {
    origin = 'https://api.openai.com',
    path = '/v1/chat/completions',
    reqheaders,
    badheaders,
  }: {
    origin?: string;
    path?: string;
    reqheaders?: Record<string, string>;
    badheaders?: string[];
  } = {},
) {
  const requests: ChatRequestBody[] = [];
  const scope = nock(origin, { ...(reqheaders ? { reqheaders } : {}), ...(badheaders ? { badheaders } : {}) });
  for (const reply of replies) {
    const interceptor = scope.post(path, (body: ChatRequestBody) => {
      requests.push(body);
      return true;
    });
    if (typeof reply === 'string') interceptor.reply(200, fixture(reply), { 'content-type': 'application/json' });
    else interceptor.reply(reply[0], reply[1] as nock.Body, reply[2] ?? {});
  }
  return { scope, requests };
}
