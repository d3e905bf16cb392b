import { Client } from '@hubspot/api-client';
import { raceSignal } from '@prospect-research/engine';
import type { Pacer } from './pacing.ts';
import type { HubSpotSettings } from './settings.ts';

/**
 * HubSpot's API as the app uses it, through @hubspot/api-client (which calls the global fetch) against
 * `HUBSPOT_API_BASE_URL`. The client's own retries are off: a failed call fails the job that made it,
 * and graphile-worker retries the job with its backoff (a 429's Retry-After is honoured by the caller).
 */
export interface Tokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lives (30 minutes at HubSpot). */
  expiresIn: number;
}

export interface TokenInfo {
  hubId: number;
  hubDomain: string | null;
  appId: number;
  scopes: string[];
}

/** A call HubSpot refused or that never reached it: `status` is HubSpot's (0 when there was no answer). */
export class HubSpotError extends Error {
  override name = 'HubSpotError';
  readonly status: number;
  readonly body: unknown;
  /** Seconds HubSpot asked us to wait (429 Retry-After), when it said. */
  readonly retryAfter: number | undefined;

  constructor(what: string, status: number, body: unknown, retryAfter?: number) {
    super(`HubSpot ${what}: ${status === 0 ? 'no usable answer' : `HTTP ${status}`}${body ? ` ${JSON.stringify(body).slice(0, 300)}` : ''}`);
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
  }
}

/** Turns the client's ApiException (code, body, headers) or a network failure into a HubSpotError. */
export function hubspotError(what: string, error: unknown): HubSpotError {
  if (error instanceof HubSpotError) return error;
  const failure = error as { code?: unknown; body?: unknown; headers?: Record<string, string> };
  if (typeof failure?.code === 'number') {
    const retryAfter = Number(failure.headers?.['retry-after']);
    return new HubSpotError(what, failure.code, failure.body, Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined);
  }
  return new HubSpotError(what, 0, error instanceof Error ? error.message : String(error));
}

/** How long one HubSpot call may take: a job must not hang on a call that never answers. */
export const CALL_TIMEOUT_MS = 30_000;

/** `promise`, or a rejection once CALL_TIMEOUT_MS have passed (the request itself is left to finish). */
export function bounded<T>(promise: Promise<T>): Promise<T> {
  return raceSignal(promise, AbortSignal.timeout(CALL_TIMEOUT_MS));
}

async function call<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await bounded(work());
  } catch (error) {
    throw hubspotError(what, error);
  }
}

function anonymousClient(settings: Pick<HubSpotSettings, 'apiBaseUrl'>): Client {
  return new Client({ basePath: settings.apiBaseUrl, numberOfApiCallRetries: 0 });
}

/** The pacer of each portal client that has one (requestJson's raw requests bypass the client's middleware). */
const pacers = new WeakMap<Client, Pacer>();

/**
 * A client of the portal whose access token this is. With a `pacer` (pacing.ts), every request it makes
 * first waits for the portal's rate-limit window and every answer's rate-limit headers are learnt: the
 * client's middleware for its API methods, requestJson for raw requests.
 */
export function portalClient(settings: Pick<HubSpotSettings, 'apiBaseUrl'>, accessToken: string, pacer?: Pacer): Client {
  const client = new Client({ basePath: settings.apiBaseUrl, accessToken, numberOfApiCallRetries: 0, ...(pacer ? { middleware: [pacer.middleware] } : {}) });
  if (pacer) pacers.set(client, pacer);
  return client;
}

function tokens(answer: { accessToken: string; refreshToken: string; expiresIn: number }): Tokens {
  return { accessToken: answer.accessToken, refreshToken: answer.refreshToken, expiresIn: answer.expiresIn };
}

/** POST /oauth/v1/token with the code HubSpot's consent page sent back. */
export function exchangeCode(settings: HubSpotSettings, code: string): Promise<Tokens> {
  return call('token exchange', async () =>
    tokens(await anonymousClient(settings).oauth.tokensApi.create('authorization_code', code, settings.redirectUrl, settings.clientId, settings.clientSecret)),
  );
}

/** POST /oauth/v1/token with a refresh token: a new access token (and the refresh token to keep). */
export function refreshTokens(settings: HubSpotSettings, refreshToken: string): Promise<Tokens> {
  return call('token refresh', async () =>
    tokens(await anonymousClient(settings).oauth.tokensApi.create('refresh_token', undefined, undefined, settings.clientId, settings.clientSecret, refreshToken)),
  );
}

/** GET /oauth/v1/access-tokens/{token}: which portal (hub) and app a token belongs to. */
export function tokenInfo(settings: HubSpotSettings, accessToken: string): Promise<TokenInfo> {
  return call('token info', async () => {
    const info = await anonymousClient(settings).oauth.accessTokensApi.get(accessToken);
    return { hubId: info.hubId, hubDomain: info.hubDomain ?? null, appId: info.appId, scopes: info.scopes ?? [] };
  });
}

/** A raw request through the client (for the endpoints it has no method for), its JSON answer or a HubSpotError. */
export async function requestJson(client: Client, what: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  const pacer = pacers.get(client);
  let response: Response;
  try {
    await pacer?.before();
    response = await bounded(client.apiRequest({ method, path, ...(body === undefined ? {} : { body }) }));
  } catch (error) {
    throw hubspotError(what, error);
  }
  await pacer?.after(response.headers);
  const text = await response.text();
  const parsed = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new HubSpotError(what, response.status, parsed, response.headers.has('retry-after') && Number.isFinite(retryAfter) ? retryAfter : undefined);
  }
  return parsed;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
