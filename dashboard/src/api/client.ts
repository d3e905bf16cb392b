import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';

/** An answer the engine refused: its status and `{error, ...}` body (the engine's one error shape). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody) {
    super(body.message ?? body.error);
    this.status = status;
    this.code = body.error;
    this.body = body;
  }
}

export interface ErrorBody {
  error: string;
  message?: string;
  problems?: { path?: string; message: string }[];
  retry_after_seconds?: number;
  required_role?: string;
}

/** The session's CSRF token, sent with every change the cookie authenticates (see session.ts). */
let csrfToken: string | undefined;
export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const csrf: Middleware = {
  onRequest({ request }) {
    if (csrfToken && !SAFE_METHODS.has(request.method)) request.headers.set('x-csrf-token', csrfToken);
    return request;
  },
};

/** The engine's HTTP API, typed by its OpenAPI document (schema.d.ts); same origin, so the session cookie goes along. */
// fetch is looked up at each call rather than once, so that a component test's scripted engine is the one asked.
export const api = createClient<paths>({ baseUrl: globalThis.location?.origin ?? '', fetch: (request) => globalThis.fetch(request) });
api.use(csrf);

/** The data of a call, or the ApiError it answered (TanStack Query treats a throw as the query's error). */
export async function data<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data: body, error, response } = await call;
  if (!response.ok) throw new ApiError(response.status, isErrorBody(error) ? error : { error: `http_${response.status}` });
  return body as T;
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).error === 'string';
}

/** What to tell a person about a failed call, in words. */
export function messageOf(error: unknown): string {
  if (!(error instanceof ApiError)) return 'The engine could not be reached. Check your connection and try again.';
  if (error.body.problems?.length) return error.body.problems.map((problem) => problem.message).join(' ');
  if (error.code === 'forbidden') return `Only ${error.body.required_role ?? 'an owner'}s may do this.`;
  if (error.status >= 500) return 'The engine failed to answer. Try again in a moment.';
  return error.body.message ?? error.code.replaceAll('_', ' ');
}
