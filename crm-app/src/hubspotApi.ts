import { Client } from '@hubspot/api-client';
import { raceSignal } from '@prospect-research/engine';
import { HubSpotError, hubspotError } from './hubspotError.ts';
import type { Pacer } from './pacing.ts';
import type { HubSpotSettings } from './settings.ts';

/**
 * HubSpot's API as the app uses it, through @hubspot/api-client (which calls the global fetch) against
 * `HUBSPOT_API_BASE_URL`. The client's own retries are off: a failed call fails the job that made it,
 * and graphile-worker retries the job with its backoff (a 429's Retry-After is honoured by the caller).
 * OAuth goes to HubSpot's date-versioned endpoints with plain requests through the same client (its
 * `oauth` APIs call the deprecated `/oauth/v1`).
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

/** How long one HubSpot call may take: a job must not hang on a call that never answers. */
export const CALL_TIMEOUT_MS = 30_000;

/** `promise`, or a rejection once CALL_TIMEOUT_MS have passed (the request itself is left to finish). */
export function bounded<T>(promise: Promise<T>): Promise<T> {
  return raceSignal(promise, AbortSignal.timeout(CALL_TIMEOUT_MS));
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

/**
 * HubSpot's date-versioned OAuth API (the `/oauth/v1` endpoints are deprecated on 16 February 2027):
 * every parameter, the client secret included, goes form-encoded in the body, never in the URL.
 */
export const OAUTH_PATH = '/oauth/2026-03';
/** HubSpot's app-uninstall endpoint (needs the `oauth` scope): the app leaves the portal the access token belongs to. */
export const UNINSTALL_PATH = '/appinstalls/2026-03/external-install';

/** A form-encoded POST to HubSpot's OAuth API through the client's plumbing, its JSON answer or a HubSpotError. */
function oauthRequest(settings: Pick<HubSpotSettings, 'apiBaseUrl' | 'clientId' | 'clientSecret'>, what: string, path: string, fields: Record<string, string>): Promise<unknown> {
  const body = new URLSearchParams({ ...fields, client_id: settings.clientId, client_secret: settings.clientSecret }).toString();
  return send(what, () =>
    anonymousClient(settings).apiRequest({ method: 'POST', path: `${OAUTH_PATH}${path}`, body, defaultJson: false, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }),
  );
}

const nonEmptyText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * The tokens of a token answer (`access_token`, `refresh_token`, `expires_in` in seconds). An answer
 * without them fails like HubSpot answering nothing usable; its body is not repeated (it may hold a token).
 */
function tokensOf(what: string, answer: unknown): Tokens {
  const fields = (answer ?? {}) as Record<string, unknown>;
  const { access_token: accessToken, refresh_token: refreshToken, expires_in: expiresIn } = fields;
  if (!nonEmptyText(accessToken) || !nonEmptyText(refreshToken) || typeof expiresIn !== 'number' || !(expiresIn > 0)) {
    throw new HubSpotError(what, 0, 'the answer has no access_token, refresh_token and expires_in');
  }
  return { accessToken, refreshToken, expiresIn };
}

/** POST /oauth/2026-03/token with the code HubSpot's consent page sent back. */
export async function exchangeCode(settings: HubSpotSettings, code: string): Promise<Tokens> {
  const answer = await oauthRequest(settings, 'token exchange', '/token', { grant_type: 'authorization_code', code, redirect_uri: settings.redirectUrl });
  return tokensOf('token exchange', answer);
}

/** POST /oauth/2026-03/token with a refresh token: a new access token (and the refresh token to keep). */
export async function refreshTokens(settings: HubSpotSettings, refreshToken: string): Promise<Tokens> {
  const answer = await oauthRequest(settings, 'token refresh', '/token', { grant_type: 'refresh_token', refresh_token: refreshToken });
  return tokensOf('token refresh', answer);
}

/**
 * POST /oauth/2026-03/token/introspect: which portal (`hub_id`) and app (`app_id`) an access token
 * belongs to. A token HubSpot says is not `active` fails like a refused call.
 */
export async function tokenInfo(settings: HubSpotSettings, accessToken: string): Promise<TokenInfo> {
  const answer = (await oauthRequest(settings, 'token info', '/token/introspect', { token: accessToken, token_type_hint: 'access_token' })) as Record<string, unknown> | undefined;
  const hubId = answer?.hub_id;
  const appId = answer?.app_id;
  if (answer?.active !== true || typeof hubId !== 'number' || !Number.isSafeInteger(hubId) || hubId <= 0 || typeof appId !== 'number') {
    throw new HubSpotError('token info', 0, answer?.active === false ? 'the token is not active' : 'the answer names no active token of a portal');
  }
  const scopes = Array.isArray(answer.scopes) ? answer.scopes.filter((scope): scope is string => typeof scope === 'string') : [];
  return { hubId, hubDomain: nonEmptyText(answer.hub_domain) ? answer.hub_domain : null, appId, scopes };
}

/** POST /oauth/2026-03/token/revoke: the refresh token (and what it gave) no longer works. */
export async function revokeRefreshToken(settings: HubSpotSettings, refreshToken: string): Promise<void> {
  await oauthRequest(settings, 'token revocation', '/token/revoke', { token: refreshToken, token_type_hint: 'refresh_token' });
}

/** DELETE /appinstalls/2026-03/external-install: the app is uninstalled from the access token's portal (HubSpot answers 204 and e-mails its admins). */
export async function uninstallApp(settings: Pick<HubSpotSettings, 'apiBaseUrl'>, accessToken: string): Promise<void> {
  await requestJson(portalClient(settings, accessToken), 'app uninstall', 'DELETE', UNINSTALL_PATH);
}

/** A raw request through the client (for the endpoints it has no method for), its JSON answer or a HubSpotError. */
export function requestJson(client: Client, what: string, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
  return send(what, () => client.apiRequest({ method, path, ...(body === undefined ? {} : { body }) }), pacers.get(client));
}

/**
 * Sends a request (bounded by CALL_TIMEOUT_MS, after the portal's pacer lets it when there is one) and
 * reads its answer: the parsed JSON, or a HubSpotError with HubSpot's status, body and Retry-After.
 */
async function send(what: string, request: () => Promise<Response>, pacer?: Pacer): Promise<unknown> {
  let response: Response;
  try {
    await pacer?.before();
    response = await bounded(request());
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
