import { SourceError, SourceHttp } from '../../platform/net/sourceHttp.ts';
import { UNIPILE, unipileBaseUrlProblem } from './client.ts';

/** The providers of Unipile's hosted authentication the engine's seats connect. */
export type HostedAuthProvider = 'LINKEDIN' | 'WHATSAPP' | 'TELEGRAM';

/** A link to Unipile's hosted authentication wizard: to connect a new account, or to reconnect one Unipile lost. */
export interface HostedAuthRequest {
  type: 'create' | 'reconnect';
  providers: HostedAuthProvider[];
  /** When the link stops working (Unipile also ends every link at its daily restart). */
  expiresOn: Date;
  /** Where Unipile POSTs `{status, account_id, name}` once the account is connected. */
  notifyUrl: string;
  /** Given back as is in the notification: what binds the account to whoever asked for the link. */
  name: string;
  successRedirectUrl: string;
  failureRedirectUrl: string;
  /** The Unipile account to reconnect (`type: reconnect`). */
  reconnectAccount?: string;
}

/** Asks Unipile for a hosted authentication link; answers its URL. */
export type HostedAuthLinker = (request: HostedAuthRequest, signal: AbortSignal) => Promise<string>;

/**
 * `POST /api/v1/hosted/accounts/link` with `UNIPILE_API_KEY` on the workspace's DSN, answered
 * `{object: "HostedAuthURL", url}` (Unipile's hosted auth wizard). The call acts as the workspace, not
 * as a connected account, so it does not go through the shared client (whose calls name one).
 */
export function hostedAuthLinker(connection: { apiKey: string; baseUrl: string }, options: { timeoutMs?: number } = {}): HostedAuthLinker {
  const { dsn, http } = workspaceHttp(connection, options);
  return async (request, signal) => {
    const body = {
      type: request.type,
      providers: request.providers,
      api_url: dsn,
      expiresOn: request.expiresOn.toISOString(),
      notify_url: request.notifyUrl,
      name: request.name,
      success_redirect_url: request.successRedirectUrl,
      failure_redirect_url: request.failureRedirectUrl,
      ...(request.reconnectAccount === undefined ? {} : { reconnect_account: request.reconnectAccount }),
    };
    const answer = (await http.request({ method: 'POST', path: '/hosted/accounts/link', body, signal })).json<{ object?: unknown; url?: unknown }>();
    if (typeof answer?.url !== 'string' || !/^https?:\/\//i.test(answer.url)) {
      throw new SourceError(UNIPILE, 'invalid_response', 'the hosted authentication link answer carries no URL');
    }
    return answer.url;
  };
}

/** A connected account as `GET /api/v1/accounts/{id}` describes it: what a notification is checked against. */
export interface HostedAccount {
  id: string;
  /** The account's `name`: for an account the hosted authentication connected, the `name` its link was given. */
  name: string | null;
  /** When Unipile says the account was connected (`created_at`), in ms; null when it does not say. */
  createdAt: number | null;
}

/** Reads a connected account of the workspace; null when Unipile does not know it (404). */
export type HostedAccountReader = (accountId: string, signal: AbortSignal) => Promise<HostedAccount | null>;

/**
 * `GET /api/v1/accounts/{id}` with `UNIPILE_API_KEY`, answered `{object: "Account", id, name, type,
 * sources, ...}`. A hosted authentication's notification names an account id anyone could type; what
 * Unipile says of that account (its `name`, the link's) is what proves the link connected it.
 */
export function hostedAccountReader(connection: { apiKey: string; baseUrl: string }, options: { timeoutMs?: number } = {}): HostedAccountReader {
  const { http } = workspaceHttp(connection, options);
  return async (accountId, signal) => {
    const response = await http.request({ path: `/accounts/${encodeURIComponent(accountId)}`, signal });
    if (response.status === 404) return null;
    const answer = response.json<Record<string, unknown> | null>();
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer) || typeof answer.id !== 'string') {
      throw new SourceError(UNIPILE, 'invalid_response', 'the account answer carries no id');
    }
    const createdAt = typeof answer.created_at === 'string' ? Date.parse(answer.created_at) : Number.NaN;
    return { id: answer.id, name: typeof answer.name === 'string' ? answer.name : null, createdAt: Number.isFinite(createdAt) ? createdAt : null };
  };
}

/** Calls as the workspace (no connected account named) on its DSN's API v1, retried once. */
function workspaceHttp(connection: { apiKey: string; baseUrl: string }, options: { timeoutMs?: number }): { dsn: string; http: SourceHttp } {
  const problem = unipileBaseUrlProblem(connection.baseUrl);
  if (problem) throw new Error(`unipile: the base URL ${connection.baseUrl} cannot be used: ${problem}`);
  const dsn = connection.baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  const http = new SourceHttp({ source: UNIPILE, baseUrl: `${dsn}/api/v1`, headers: { 'X-API-KEY': connection.apiKey }, retries: 1, timeoutMs: options.timeoutMs ?? 15_000 });
  return { dsn, http };
}
