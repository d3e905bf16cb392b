import { Readable } from 'node:stream';
import type { Clock, HttpScopes, Pool } from '@prospect-research/engine';
import type { FastifyRequest, preParsingAsyncHookHandler } from 'fastify';
import type { HubSpotSettings } from '../settings.ts';
import { signedUri, signedUriV2, verifyV2, verifyV3 } from '../webhooks/signature.ts';
import { headerOf, rawBody } from './rawBody.ts';

/** The bodies HubSpot sends from inside HubSpot (a card's `hubspot.fetch`, a workflow action's callback) are small: 1 MB is HubSpot's own cap. */
export const SIGNED_BODY_LIMIT = 1024 * 1024;

/** Who HubSpot says is calling: the portal, and for a card or settings page the HubSpot user looking at it. */
export interface HubSpotCaller {
  portalId: number;
  /** The engine account the portal is attached to; null while it is installed but not yet claimed. */
  accountId: number | null;
  state: 'connected' | 'unclaimed';
  /** `hubspot.fetch` adds `userId` and `userEmail` to the query; a workflow action runs as nobody. */
  userId: number | null;
  userEmail: string | null;
}

/** Where a module adds the routes anyone may call; a signed scope is one inside it. */
type Scope = HttpScopes['open'];

const CALLER = Symbol('hubspot caller');

/** The caller of a route registered in a signed scope: set before any handler runs. */
export function callerOf(request: FastifyRequest): HubSpotCaller {
  const caller = (request as unknown as Record<symbol, HubSpotCaller | undefined>)[CALLER];
  if (caller === undefined) throw new Error('callerOf: the route is not in a signed scope');
  return caller;
}

interface Dependencies {
  pool: Pool;
  settings: HubSpotSettings;
  clock: Clock;
  /**
   * Also take HubSpot's v2 signature on a request that carries no v3 one (`X-HubSpot-Signature-Version: v2`
   * and `X-HubSpot-Signature`): HubSpot's custom workflow action guide says its requests to an action's
   * URLs are signed with v2. A request with a v3 header is judged by v3 alone. v2 has no timestamp, so
   * only routes where a repeated request changes nothing may set this (webhooks/signature.ts verifyV2).
   */
  acceptV2?: boolean;
}

/**
 * An encapsulated scope for the routes HubSpot calls on a portal's behalf from inside HubSpot: the app
 * card's and the settings page's `hubspot.fetch` (portal, user and app in the query) and the workflow
 * actions' callbacks (portal in the body's `origin`). Before any route of it parses or validates
 * anything: the body's bytes are read as sent (up to SIGNED_BODY_LIMIT, else 413), HubSpot's v3
 * signature over PUBLIC_URL's URI, the body and the timestamp is checked in constant time and within 5
 * minutes (else 401 `invalid_signature`), the app id, when given, must be ours (else 401), and the
 * portal must have installed the app (else 404 `portal_not_found`; a disconnected portal is one that
 * has not). The route reads who called with `callerOf(request)`, and decides itself what an unclaimed
 * portal may see.
 */
export function signedScope(open: Scope, { pool, settings, clock, acceptV2 = false }: Dependencies, register: (scope: Scope) => void): void {
  // Each route of the scope gets the check as its own preParsing hook: `routes()` runs inside the engine's
  // API-key context, and a plugin registered on `open` from there inherits its API-key hook.
  const preParsing: preParsingAsyncHookHandler = async (request, reply, payload) => {
    const raw = await rawBody(payload, SIGNED_BODY_LIMIT);
    if (raw === undefined) return reply.code(413).send({ error: 'payload_too_large' });
    const header = (name: string) => headerOf(request, name);
    const v3 = header('x-hubspot-signature-v3');
    const signed =
      acceptV2 && v3 === undefined && header('x-hubspot-signature-version') === 'v2'
        ? verifyV2(settings.clientSecret, { method: request.method, uri: signedUriV2(settings.publicUrl, request.url), body: raw, signature: header('x-hubspot-signature') })
        : verifyV3(
            settings.clientSecret,
            { method: request.method, uri: signedUri(settings.publicUrl, request.url), body: raw, timestamp: header('x-hubspot-request-timestamp'), signature: v3 },
            clock.now(),
          );
    if (!signed) return reply.code(401).send({ error: 'invalid_signature' });
    const claimed = claimedCaller(request.url, raw);
    if (claimed === undefined) return reply.code(401).send({ error: 'invalid_signature', message: 'HubSpot signed the request, but it names no portal' });
    if (claimed.appId !== null && claimed.appId !== settings.appId) return reply.code(401).send({ error: 'invalid_signature', message: 'the request is for another HubSpot app' });
    const portal = (
      await pool.query<{ account_id: string | null; state: 'connected' | 'unclaimed' }>(`SELECT account_id, state FROM hubspot_portals WHERE portal_id = $1 AND state IN ('connected', 'unclaimed')`, [
        claimed.portalId,
      ])
    ).rows[0];
    if (portal === undefined) return reply.code(404).send({ error: 'portal_not_found', message: `HubSpot account ${claimed.portalId} has not installed the app, or disconnected it` });
    const caller: HubSpotCaller = {
      portalId: claimed.portalId,
      accountId: portal.account_id === null ? null : Number(portal.account_id),
      state: portal.state,
      userId: claimed.userId,
      userEmail: claimed.userEmail,
    };
    (request as unknown as Record<symbol, HubSpotCaller>)[CALLER] = caller;
    return Readable.from([Buffer.from(raw)]);
  };
  register(withPreParsing(open, preParsing));
}

interface Claimed {
  portalId: number;
  appId: number | null;
  userId: number | null;
  userEmail: string | null;
}

const ID = /^[1-9][0-9]{0,15}$/;
const idOf = (value: unknown): number | null => {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && ID.test(text) ? Number(text) : null;
};

/** The portal (and user, and app) a signed request names: in the query (`hubspot.fetch`) or in the body's `origin` (a workflow action). */
function claimedCaller(url: string, raw: string): Claimed | undefined {
  const query = new URL(url, 'http://signed.invalid').searchParams;
  const fromQuery = idOf(query.get('portalId'));
  if (fromQuery !== null) {
    const email = query.get('userEmail');
    return { portalId: fromQuery, appId: idOf(query.get('appId')), userId: idOf(query.get('userId')), userEmail: email === null || email === '' ? null : email };
  }
  let body: unknown;
  try {
    body = raw === '' ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
  const origin = (body as { origin?: { portalId?: unknown; actionDefinitionId?: unknown } } | undefined)?.origin;
  const portalId = idOf(origin?.portalId);
  return portalId === null ? undefined : { portalId, appId: null, userId: null, userEmail: null };
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** `scope`, whose routes (`get`, `post`, `put`, `patch`, `delete`) run `hook` before their own preParsing hooks. */
function withPreParsing(scope: Scope, hook: preParsingAsyncHookHandler): Scope {
  return new Proxy(scope, {
    get(target, key, receiver) {
      if (typeof key !== 'string' || !METHODS.has(key)) return Reflect.get(target, key, receiver);
      return (path: string, options: Record<string, unknown> | ((...args: unknown[]) => unknown), handler?: unknown) => {
        const routeOptions = typeof options === 'function' ? {} : options;
        const own = routeOptions.preParsing;
        const hooks = [hook, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
        const add = Reflect.get(target, key, receiver) as (...args: unknown[]) => unknown;
        return add.call(target, path, { ...routeOptions, preParsing: hooks }, typeof options === 'function' ? options : handler);
      };
    },
  });
}
