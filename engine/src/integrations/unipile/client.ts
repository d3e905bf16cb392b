/**
 * Unipile (API v1): a user-account messaging API. Through it the engine acts as accounts its users
 * connected (a LinkedIn seat, a WhatsApp number, a Telegram account): research reads posts with it, the
 * Autopilot's channels will send with it. Every call carries the `X-API-KEY` header and the
 * `account_id` query parameter of the connected account it acts as. The base URL is the customer's DSN
 * (`https://api1.unipile.com:13111`), with or without `/api/v1`.
 *
 * API v1 is required. Unipile's API v2 (workspaces created on it answer under `/api/v2`, with other
 * paths and shapes) is not supported: a base URL that names another version is refused with an error
 * that says so (`unipileBaseUrlProblem`), at start-up for UNIPILE_BASE_URL, rather than every call
 * failing later with a 404.
 */
import { SourceHttp, type SourceHttpOptions } from '../../platform/net/sourceHttp.ts';

export interface UnipileOptions {
  /** `UNIPILE_API_KEY`, sent as `X-API-KEY`. */
  apiKey: string;
  /** `UNIPILE_BASE_URL`: the DSN of the Unipile workspace, e.g. `https://api1.unipile.com:13111`; a path prefix is kept. */
  baseUrl: string;
  /** The connected account calls act as unless they name another (`UNIPILE_ACCOUNT_ID` for research). */
  accountId: string;
  /** Retries, time limit, concurrency of the shared client (see SourceHttpOptions). */
  http?: Omit<SourceHttpOptions, 'source' | 'baseUrl'>;
}

export interface UnipileClient {
  /** `GET /api/v1<path>` as the connected account; null when Unipile answers 404. Other failures are SourceErrors. */
  get(path: string, query: Record<string, string | number | boolean>, signal: AbortSignal, accountId?: string): Promise<unknown>;
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
  for (const key of ['apiKey', 'baseUrl', 'accountId'] as const) {
    if (typeof options[key] !== 'string' || options[key].trim() === '') throw new Error(`unipile: ${key} is required`);
  }
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
      const response = await http.request({ path, query: { account_id: accountId, ...query }, signal });
      return response.status === 404 ? null : response.json();
    },
  };
}
