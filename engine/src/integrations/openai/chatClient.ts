import { Ajv, type ValidateFunction } from 'ajv';
import { SourceError, SourceHttp } from '../../platform/net/sourceHttp.ts';

/**
 * A client for any OpenAI-compatible Chat Completions server (OpenAI, Ollama, vLLM, LM Studio) that
 * answers with JSON matching a JSON Schema.
 *
 * - Request: `POST {baseUrl}/chat/completions` with `response_format: {type: 'json_schema',
 *   json_schema: {name, strict: true, schema}}` and a low temperature. The schema must follow strict
 *   mode's rules (every property required, `additionalProperties: false`).
 * - Answer: `choices[0].message.content` is parsed as JSON and validated with ajv against the same
 *   schema (local servers do not always enforce it), then by the caller's own `check`.
 * - Repair: invalid JSON, schema errors or `check` complaints send the model its answer and the
 *   errors and ask again, up to `maxAttempts` answers in all (default 2). Then a WriterError.
 * - Not repaired (a second try would not help): `message.refusal`, `finish_reason` `length` or
 *   `content_filter`, an answer without `choices`, HTTP errors. HTTP 429 is retried by SourceHttp
 *   (honouring `Retry-After`) before any of this.
 */

/** Configuration; the engine reads it from `OPENAI_*` (see settings.ts). */
export interface ChatClientOptions {
  /** `OPENAI_BASE_URL`; default `https://api.openai.com/v1`. A path prefix is kept (`http://localhost:11434/v1`). */
  baseUrl?: string;
  /** `OPENAI_API_KEY`; optional: local servers (Ollama, vLLM, LM Studio) need none, and no `Authorization` header is sent. */
  apiKey?: string;
  /** `OPENAI_MODEL`, e.g. `gpt-4o-mini` or `llama3.1:8b`. */
  model: string;
  /** Default 0.2. `null` leaves it out (some reasoning models accept only their default). */
  temperature?: number | null;
  /** Answers asked for per `completeJson`, the first included. Default 2 (one repair). */
  maxAttempts?: number;
  /** Per HTTP call, across its 429 retries. Default 60 s (models are slow). */
  timeoutMs?: number;
  /** Extra HTTP attempts on 429 (a chat completion is a POST: 5xx and network errors are not repeated, see SourceHttp). Default 2. */
  retries?: number;
  /** Calls in flight at once in this process. Default 4. */
  concurrency?: number;
  /** First backoff between HTTP retries. Default 250 ms. */
  backoffMs?: number;
  /** Longest `Retry-After` honoured; longer fails at once. Default 10 s. */
  maxRetryAfterMs?: number;
  /** Sent as `max_tokens` when set. */
  maxTokens?: number;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompleteJsonRequest<T> {
  system: string;
  user: string;
  /** A strict-mode JSON Schema; the answer is validated against it. */
  schema: object;
  /** `json_schema.name`: letters, digits, `_` and `-`, up to 64. */
  schemaName: string;
  signal: AbortSignal;
  /** Turns after `user` (e.g. an earlier answer and a complaint about it). */
  continuation?: ChatMessage[];
  /** Checks the schema cannot express; complaints are repaired like schema errors. */
  check?: (value: T) => string[];
  /** Told before each HTTP request to the model (the writer counts its calls per brief). */
  onRequest?: () => void;
}

export interface ChatClient {
  readonly model: string;
  completeJson<T>(request: CompleteJsonRequest<T>): Promise<T>;
}

export type WriterErrorKind =
  /** The server answered an HTTP error (after retries for 429). */
  | 'http'
  | 'network'
  | 'timeout'
  | 'aborted'
  /** The body is not a chat completion (not JSON, no `choices`). */
  | 'invalid_response'
  /** The model declined (`message.refusal` or `finish_reason: content_filter`). */
  | 'refusal'
  /** `finish_reason: length`: the answer was cut off. */
  | 'truncated'
  /** Every attempt broke the JSON, the schema or the caller's check. */
  | 'invalid_output';

export class WriterError extends Error {
  override name = 'WriterError';
  readonly kind: WriterErrorKind;
  readonly status: number | undefined;
  /** Answers received from the model (HTTP retries not counted). */
  readonly attempts: number;
  /** The last validation problems, for logs. */
  readonly problems: readonly string[];

  constructor(kind: WriterErrorKind, message: string, details: { status?: number; attempts?: number; problems?: string[]; cause?: unknown } = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.attempts = details.attempts ?? 0;
    this.problems = details.problems ?? [];
  }
}

const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

const shared = new Map<string, ChatClient>();

/**
 * One client per configuration in a process: the research writer and the Autopilot's message writer
 * then share its gate, so the model gets at most `concurrency` calls at once from the process, as
 * RESEARCH_SOURCE_CONCURRENCY promises, not that many per writer.
 */
export function sharedChatClient(options: ChatClientOptions): ChatClient {
  const key = JSON.stringify(options);
  let client = shared.get(key);
  if (!client) {
    client = createChatClient(options);
    shared.set(key, client);
  }
  return client;
}

export function createChatClient(options: ChatClientOptions): ChatClient {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 2);
  const temperature = options.temperature === undefined ? 0.2 : options.temperature;
  const http = new SourceHttp({
    source: 'llm',
    baseUrl: options.baseUrl?.trim() || DEFAULT_BASE_URL,
    headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
    timeoutMs: options.timeoutMs ?? 60_000,
    ...(options.retries === undefined ? {} : { retries: options.retries }),
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    ...(options.backoffMs === undefined ? {} : { backoffMs: options.backoffMs }),
    ...(options.maxRetryAfterMs === undefined ? {} : { maxRetryAfterMs: options.maxRetryAfterMs }),
  });

  async function post(messages: ChatMessage[], request: CompleteJsonRequest<unknown>, attempts: number): Promise<ChatCompletion> {
    const body = {
      model: options.model,
      messages,
      response_format: { type: 'json_schema', json_schema: { name: request.schemaName, strict: true, schema: request.schema } },
      ...(temperature === null ? {} : { temperature }),
      ...(options.maxTokens === undefined ? {} : { max_tokens: options.maxTokens }),
    };
    request.onRequest?.();
    let response;
    try {
      response = await http.request({ method: 'POST', path: '/chat/completions', body, signal: request.signal });
    } catch (error) {
      if (error instanceof SourceError) {
        const kind = error.kind === 'invalid_response' ? 'invalid_response' : error.kind;
        throw new WriterError(kind, `chat completion failed: ${error.message}`, { ...(error.status === undefined ? {} : { status: error.status }), attempts, cause: error });
      }
      throw error;
    }
    if (response.status < 200 || response.status >= 300) {
      throw new WriterError('http', `chat completion answered ${response.status}: ${errorMessage(response.text)}`, { status: response.status, attempts });
    }
    try {
      return response.json<ChatCompletion>();
    } catch (error) {
      throw new WriterError('invalid_response', 'chat completion body is not JSON', { attempts, cause: error });
    }
  }

  return {
    model: options.model,
    async completeJson<T>(request: CompleteJsonRequest<T>): Promise<T> {
      const validate = validator(request.schema);
      const messages: ChatMessage[] = [{ role: 'system', content: request.system }, { role: 'user', content: request.user }, ...(request.continuation ?? [])];
      let problems: string[] = [];
      for (let attempt = 1; attempt <= maxAttempts; attempt++) {
        const completion = await post(messages, request as CompleteJsonRequest<unknown>, attempt - 1);
        const choice = Array.isArray(completion?.choices) ? completion.choices[0] : undefined;
        if (!choice || typeof choice !== 'object') {
          throw new WriterError('invalid_response', 'chat completion has no choices', { attempts: attempt });
        }
        const message = choice.message;
        if (typeof message?.refusal === 'string' && message.refusal.trim() !== '') {
          throw new WriterError('refusal', `the model refused: ${message.refusal.slice(0, 300)}`, { attempts: attempt });
        }
        if (choice.finish_reason === 'content_filter') {
          throw new WriterError('refusal', 'the answer was stopped by the content filter', { attempts: attempt });
        }
        if (choice.finish_reason === 'length') {
          throw new WriterError('truncated', 'the answer was cut off at the token limit (finish_reason length)', { attempts: attempt });
        }
        const content = typeof message?.content === 'string' ? message.content : '';
        problems = problemsOf<T>(content, validate, request.check);
        if (problems.length === 0) return parseJson(content) as T;
        messages.push({ role: 'assistant', content: content === '' ? '(empty answer)' : content }, { role: 'user', content: repairPrompt(problems) });
      }
      throw new WriterError('invalid_output', `no valid answer in ${maxAttempts} attempts: ${problems.slice(0, 5).join('; ')}`, {
        attempts: maxAttempts,
        problems,
      });
    },
  };
}

interface ChatCompletion {
  choices?: {
    message?: { content?: string | null; refusal?: string | null };
    finish_reason?: string | null;
  }[];
}

function problemsOf<T>(content: string, validate: ValidateFunction, check: ((value: T) => string[]) | undefined): string[] {
  if (content.trim() === '') return ['the answer is empty; answer with one JSON object'];
  let value: unknown;
  try {
    value = parseJson(content);
  } catch (error) {
    return [`the answer is not valid JSON (${(error as Error).message})`];
  }
  if (!validate(value)) {
    return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`);
  }
  return check ? check(value as T) : [];
}

/** JSON.parse, tolerating the Markdown fence some local models wrap around JSON. */
function parseJson(content: string): unknown {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/i.exec(content);
  return JSON.parse(fenced ? fenced[1]! : content);
}

function repairPrompt(problems: string[]): string {
  return [
    'Your previous answer cannot be used. Problems found:',
    ...problems.slice(0, 20).map((problem) => `- ${problem}`),
    'Answer again with the complete, corrected JSON object only. Follow the JSON schema exactly (every property, the exact number of items in every array) and keep every other rule of the first message.',
  ].join('\n');
}

function errorMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string };
    const message = typeof body.error === 'string' ? body.error : body.error?.message;
    if (typeof message === 'string') return message.slice(0, 300);
  } catch {
    // not JSON
  }
  return text.slice(0, 300);
}

/*
 * One ajv for every schema. Ajv keeps each compiled schema by identity for ever, so validators are
 * cached by the schema's JSON and the oldest is removed from ajv once the cache is full.
 */
const ajv = new Ajv({ allErrors: true, strict: false });
const validators = new Map<string, { schema: object; validate: ValidateFunction }>();
const MAX_VALIDATORS = 256;

function validator(schema: object): ValidateFunction {
  const key = JSON.stringify(schema);
  const cached = validators.get(key);
  if (cached) return cached.validate;
  if (validators.size >= MAX_VALIDATORS) {
    const [oldestKey, oldest] = validators.entries().next().value!;
    validators.delete(oldestKey);
    ajv.removeSchema(oldest.schema);
  }
  const validate = ajv.compile(schema);
  validators.set(key, { schema, validate });
  return validate;
}
