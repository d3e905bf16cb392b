/**
 * Unipile (API v1): a user-account messaging API. Through it the engine acts as accounts its users
 * connected (a LinkedIn seat, a WhatsApp number, a Telegram account): research reads posts with it, the
 * Autopilot's channels send with it (each seat is one connected account). Every call carries the
 * `X-API-KEY` header and the `account_id` of the connected account it acts as (a query parameter on
 * GET, a body field on POST). The base URL is the customer's DSN (`https://api1.unipile.com:13111`),
 * with or without `/api/v1`.
 *
 * Failures are classified once, here (`unipileFailure`), from the status and the documented error body
 * `{status, type: "errors/<name>", title, detail}`: too many requests (429, with its Retry-After), a
 * provider limit (422 such as a weekly invitation limit or "cannot resend yet"), a disconnected
 * account (401/403 `errors/disconnected_account` and its kin), anything else refused, or unavailable.
 *
 * API v1 is required. Unipile's API v2 (workspaces created on it answer under `/api/v2`, with other
 * paths and shapes) is not supported: a base URL that names another version is refused with an error
 * that says so (`unipileBaseUrlProblem`), at start-up for UNIPILE_BASE_URL, rather than every call
 * failing later with a 404.
 */
import { SourceError, SourceHttp, type SourceHttpOptions } from '../../platform/net/sourceHttp.ts';

export interface UnipileOptions {
  /** `UNIPILE_API_KEY`, sent as `X-API-KEY`. */
  apiKey: string;
  /** `UNIPILE_BASE_URL`: the DSN of the Unipile workspace, e.g. `https://api1.unipile.com:13111`; a path prefix is kept. */
  baseUrl: string;
  /** The connected account calls act as unless they name another (`UNIPILE_ACCOUNT_ID` for research); the channels name each seat's. */
  accountId?: string;
  /** Retries, time limit, concurrency of the shared client (see SourceHttpOptions). */
  http?: Omit<SourceHttpOptions, 'source' | 'baseUrl'>;
}

export interface UnipileClient {
  /** `GET /api/v1<path>` as the connected account; null when Unipile answers 404. Other failures are SourceErrors. */
  get(path: string, query: Record<string, string | number | boolean>, signal: AbortSignal, accountId?: string): Promise<unknown>;
  /** `POST /api/v1<path>` with a JSON body, `account_id` in it; null on 404. Other failures are SourceErrors (classify with `unipileFailure`). */
  post(path: string, body: Record<string, unknown>, signal: AbortSignal, accountId?: string): Promise<unknown>;
  /** `POST /api/v1<path>` as multipart/form-data (the chat endpoints take only that), `account_id` in it; null on 404. */
  postForm(path: string, fields: Record<string, string | string[]>, signal: AbortSignal, accountId?: string): Promise<unknown>;
}

/** What a failed call means to a caller that acts (the channels): each kind is handled one way. */
export type UnipileFailure =
  /** 429: try again later, after `retryAfterMs` when Unipile said. */
  | { kind: 'rate_limited'; retryAfterMs: number | undefined; detail: string }
  /** 422 for a limit of the network (a weekly invitation limit, "cannot resend yet"): try again later. */
  | { kind: 'provider_limit'; type: string; detail: string }
  /** The connected account needs its owner (credentials expired, stopped, a checkpoint): its seat pauses. */
  | { kind: 'disconnected'; type: string; detail: string }
  /** Refused for this request (another 4xx): `type` says why (`errors/...`). */
  | { kind: 'refused'; status: number; type: string; detail: string }
  /** Unipile or the network failed (5xx, time-out): try again later. */
  | { kind: 'unavailable'; detail: string };

/** 422 types that name a limit of the network, not of the request (Unipile's error catalogue). */
const LIMIT_TYPES = new Set(['errors/cannot_resend_yet', 'errors/limit_exceeded', 'errors/limit_too_high', 'errors/too_many_requests', 'errors/action_already_performed_recently']);
/** 401/403 types that mean the connected account itself is lost. */
const DISCONNECTED_TYPES = new Set(['errors/disconnected_account', 'errors/expired_credentials', 'errors/account_restricted', 'errors/checkpoint_error', 'errors/invalid_credentials']);

/** A failed call, classified; a failure that is not a SourceError is rethrown (a bug, not the provider). */
export function unipileFailure(error: unknown): UnipileFailure {
  if (!(error instanceof SourceError)) throw error;
  if (error.kind !== 'http' || error.status === undefined) return { kind: 'unavailable', detail: error.message };
  const body = errorBody(error.answer?.text);
  const type = body.type ?? `http_${error.status}`;
  const detail = [body.title, body.detail].filter(Boolean).join(': ') || error.message;
  if (error.status === 429) return { kind: 'rate_limited', retryAfterMs: error.answer?.retryAfterMs, detail };
  if ((error.status === 401 || error.status === 403) && DISCONNECTED_TYPES.has(type)) return { kind: 'disconnected', type, detail };
  if (error.status === 422 && LIMIT_TYPES.has(type)) return { kind: 'provider_limit', type, detail };
  if (error.status >= 500) return { kind: 'unavailable', detail };
  return { kind: 'refused', status: error.status, type, detail };
}

function errorBody(text: string | undefined): { type?: string; title?: string; detail?: string } {
  try {
    const body = JSON.parse(text ?? '') as Record<string, unknown>;
    const field = (name: string) => (typeof body[name] === 'string' ? (body[name] as string).slice(0, 300) : undefined);
    return { type: field('type'), title: field('title'), detail: field('detail') };
  } catch {
    return {};
  }
}

/** Names the third party in errors and logs. */
export const UNIPILE = 'unipile';

/** Why a Unipile base URL cannot be used (it names an API version other than v1), else undefined. */
export function unipileBaseUrlProblem(baseUrl: string): string | undefined {
  const version = /\/api\/v(\d+)\/*$/i.exec(baseUrl)?.[1];
  return version !== undefined && version !== '1'
    ? `it names Unipile's API v${version}; research and the channels use API v1: give the DSN alone (https://apiN.unipile.com:PORT) of a workspace that serves /api/v1`
    : undefined;
}

export function createUnipileClient(options: UnipileOptions): UnipileClient {
  for (const key of ['apiKey', 'baseUrl'] as const) {
    if (typeof options[key] !== 'string' || options[key].trim() === '') throw new Error(`unipile: ${key} is required`);
  }
  const actingAs = (accountId: string | undefined): string => {
    if (accountId === undefined || accountId.trim() === '') throw new Error('unipile: the call names no connected account (account_id)');
    return accountId;
  };
  const problem = unipileBaseUrlProblem(options.baseUrl);
  if (problem) throw new Error(`unipile: the base URL ${options.baseUrl} cannot be used: ${problem}`);
  const http = new SourceHttp({
    ...options.http,
    source: UNIPILE,
    baseUrl: `${options.baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '')}/api/v1`,
    headers: { ...options.http?.headers, 'X-API-KEY': options.apiKey },
  });
  return {
    async get(path, query, signal, accountId = options.accountId) {
      const response = await http.request({ path, query: { account_id: actingAs(accountId), ...query }, signal });
      return response.status === 404 ? null : response.json();
    },
    async post(path, body, signal, accountId = options.accountId) {
      const response = await http.request({ method: 'POST', path, body: { ...body, account_id: actingAs(accountId) }, signal });
      return response.status === 404 ? null : response.json();
    },
    async postForm(path, fields, signal, accountId = options.accountId) {
      const response = await http.request({ method: 'POST', path, form: { ...fields, account_id: actingAs(accountId) }, signal });
      return response.status === 404 ? null : response.json();
    },
  };
}
