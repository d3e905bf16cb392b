/**
 * The one HTTP client every third-party source uses: a base URL and headers from configuration, a
 * time limit per call joined with the job's AbortSignal, retries with backoff on 429 and 5xx that honour
 * `Retry-After`, and a cap on calls in flight per source. A failure is a SourceError; callers degrade
 * the brief rather than fail the job.
 */

export interface SourceHttpOptions {
  /** Names the source in errors and logs, e.g. `apollo`. */
  source: string;
  /** From `<SOURCE>_BASE_URL`; a path prefix is kept (`https://proxy/apollo/api/v1`). */
  baseUrl: string;
  headers?: Record<string, string>;
  /** Per call, across its retries. Default 15 s. */
  timeoutMs?: number;
  /**
   * Extra attempts after the first: on 429 (never processed) for every method; on 5xx and network
   * errors for GET only, since a POST the source may have processed (and charged for) must not repeat.
   * Default 2.
   */
  retries?: number;
  /** Calls in flight at once, across all jobs of this process. Default 4. */
  concurrency?: number;
  /** First backoff; doubles per retry, with jitter. Default 250 ms. */
  backoffMs?: number;
  /** Longest `Retry-After` we wait for; longer ones fail the call at once. Default 10 s. */
  maxRetryAfterMs?: number;
}

export interface SourceRequest {
  method?: 'GET' | 'POST';
  /** Appended to the base URL's path. */
  path: string;
  /** An array repeats the parameter (`a=1&a=2`). */
  query?: Record<string, string | number | boolean | (string | number)[] | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data instead (an array repeats the field); never with `body`. */
  form?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  signal: AbortSignal;
}

export type SourceErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'invalid_response';

export class SourceError extends Error {
  override name = 'SourceError';
  readonly source: string;
  readonly kind: SourceErrorKind;
  readonly status: number | undefined;
  /** On `http`: the answer's body (a provider's error type) and its `Retry-After`, for callers that classify failures. */
  readonly answer: { text: string; retryAfterMs: number | undefined } | undefined;

  constructor(source: string, kind: SourceErrorKind, message: string, status?: number, answer?: { text: string; retryAfterMs: number | undefined }) {
    super(`${source}: ${message}`);
    this.source = source;
    this.kind = kind;
    this.status = status;
    this.answer = answer;
  }
}

export interface SourceResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Parses `text` as JSON or throws SourceError `invalid_response`. */
  json<T = unknown>(): T;
}

export class SourceHttp {
  readonly source: string;
  private readonly options: Required<Omit<SourceHttpOptions, 'headers'>> & { headers: Record<string, string> };
  private readonly gate: Semaphore;

  constructor(options: SourceHttpOptions) {
    this.source = options.source;
    this.options = {
      source: options.source,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      headers: options.headers ?? {},
      timeoutMs: options.timeoutMs ?? 15_000,
      retries: options.retries ?? 2,
      concurrency: options.concurrency ?? 4,
      backoffMs: options.backoffMs ?? 250,
      maxRetryAfterMs: options.maxRetryAfterMs ?? 10_000,
    };
    this.gate = new Semaphore(this.options.concurrency);
  }

  /** Answers any 2xx or 404 (a source's "not found"); throws SourceError for everything else. */
  async request(request: SourceRequest): Promise<SourceResponse> {
    const { options } = this;
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = AbortSignal.any([request.signal, timeout]);
    const url = this.url(request);
    const init: RequestInit = {
      method: request.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...options.headers,
        ...request.headers,
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      // fetch sets multipart/form-data with its boundary itself.
      body: request.form !== undefined ? formData(request.form) : request.body === undefined ? undefined : JSON.stringify(request.body),
      signal,
    };
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        const answer = await this.gate.run(async () => {
          const reply = await fetch(url, init);
          return { reply, text: await reply.text() };
        }, signal);
        response = answer.reply;
        if (response.ok || response.status === 404) return this.response(response, answer.text);
        const retryable = response.status === 429 || (response.status >= 500 && init.method === 'GET');
        const retryAfter = retryAfterMs(response.headers.get('retry-after'));
        const answered = { text: answer.text, retryAfterMs: retryAfter };
        if (!retryable || attempt >= options.retries) {
          throw new SourceError(this.source, 'http', `${init.method} ${request.path} answered ${response.status}`, response.status, answered);
        }
        const wait = retryAfter ?? this.backoff(attempt);
        if (wait > options.maxRetryAfterMs) {
          throw new SourceError(this.source, 'http', `${init.method} ${request.path} answered ${response.status}, retry after ${wait} ms`, response.status, answered);
        }
        await delay(wait, signal);
      } catch (error) {
        if (error instanceof SourceError) throw error;
        if (request.signal.aborted) throw new SourceError(this.source, 'aborted', 'the job stopped the call');
        if (timeout.aborted) throw new SourceError(this.source, 'timeout', `no answer within ${options.timeoutMs} ms`);
        if (attempt >= options.retries || init.method !== 'GET') throw new SourceError(this.source, 'network', (error as Error).message);
        await delay(this.backoff(attempt), signal).catch(() => {});
        if (signal.aborted) throw new SourceError(this.source, request.signal.aborted ? 'aborted' : 'timeout', 'stopped while waiting to retry');
      }
    }
  }

  private url(request: SourceRequest): string {
    const url = new URL(`${this.options.baseUrl}${request.path.startsWith('/') ? '' : '/'}${request.path}`);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (Array.isArray(value)) for (const item of value) url.searchParams.append(name, String(item));
      else if (value !== undefined) url.searchParams.set(name, String(value));
    }
    return url.toString();
  }

  private response(response: Response, text: string): SourceResponse {
    const source = this.source;
    return {
      status: response.status,
      headers: response.headers,
      text,
      json<T>() {
        try {
          return JSON.parse(text) as T;
        } catch {
          throw new SourceError(source, 'invalid_response', `answered ${response.status} with a body that is not JSON`);
        }
      },
    };
  }

  private backoff(attempt: number): number {
    const base = this.options.backoffMs * 2 ** attempt;
    return base / 2 + Math.random() * (base / 2);
  }
}

function formData(fields: Record<string, string | string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  return form;
}

/** `Retry-After` as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** At most `limit` tasks at once; waiters leave the queue when their signal aborts. */
class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  async run<T>(task: () => Promise<T>, signal: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(signal: AbortSignal): Promise<void> {
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        signal.removeEventListener('abort', onAbort);
        this.active++;
        resolve();
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(grant);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal.reason);
      };
      this.waiting.push(grant);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  private release(): void {
    this.active--;
    this.waiting.shift()?.();
  }
}
