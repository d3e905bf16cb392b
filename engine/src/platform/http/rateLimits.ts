import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { type Env, integer } from '../env.ts';
import { AppError } from '../errors.ts';
import type { HttpScope } from './scope.ts';

/**
 * The open routes' kinds, each with its own limit of requests per client address and minute:
 * - `webhooks`: third parties' deliveries (HubSpot's batches, Unipile's events and hosted-auth
 *   notices). They come in bursts from few addresses, so the limit is generous: it only stops a flood.
 * - `unsubscribe`: the unsubscribe pages and one-click POSTs. A person clicks once; a mail gateway may
 *   open every link of a batch.
 * - `sign_in`: signing in and invitations. Strict: each attempt guesses a password or a token (the
 *   sign-in's own counters in PostgreSQL still hold per address and account, see people/).
 */
export const OPEN_LIMITS = ['webhooks', 'unsubscribe', 'sign_in'] as const;
export type OpenLimit = (typeof OPEN_LIMITS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The open route's kind: the server gives it that kind's rate limit per client address (rateLimits.ts). */
    openLimit?: OpenLimit;
  }
}

/** Requests per client address and minute, by kind; 0 switches a kind's limit off. */
export type RateLimits = Record<OpenLimit, number>;

/** The defaults: a HubSpot portal's busiest minute is a few batches a second; Unipile's similar. */
export const DEFAULT_RATE_LIMITS: RateLimits = { webhooks: 1200, unsubscribe: 60, sign_in: 10 };

const VARIABLES: Record<OpenLimit, string> = {
  webhooks: 'RATE_LIMIT_WEBHOOKS_PER_MINUTE',
  unsubscribe: 'RATE_LIMIT_UNSUBSCRIBE_PER_MINUTE',
  sign_in: 'RATE_LIMIT_SIGN_IN_PER_MINUTE',
};

/** `RATE_LIMIT_WEBHOOKS_PER_MINUTE`, `RATE_LIMIT_UNSUBSCRIBE_PER_MINUTE`, `RATE_LIMIT_SIGN_IN_PER_MINUTE`: whole numbers, 0 for no limit. */
export function rateLimitSettings(env: Env): RateLimits {
  return Object.fromEntries(OPEN_LIMITS.map((kind) => [kind, integer(env, VARIABLES[kind], DEFAULT_RATE_LIMITS[kind], { min: 0, max: 1_000_000 })])) as RateLimits;
}

const WINDOW_MS = 60_000;

/**
 * Installs the limits on `app` before any route is added: each route whose `config.openLimit` names a
 * kind gets that kind's limit, counted per route and client address (`request.ip`: the connection's
 * address, or the client a trusted proxy names when `TRUST_PROXY` is set) in a fixed minute, in this
 * process's memory. Over it: 429 `too_many_requests` in the engine's body, with `retry_after_seconds`
 * and `Retry-After`. Answers the route's extra error codes, for its schema.
 */
export function installRateLimits(app: HttpScope, limits: RateLimits): void {
  void app.register(rateLimit, {
    global: false,
    // Ours: the plugin's `x-ratelimit-*` headers on every answer tell a prober where the limit is.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number; max: number }) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(
        'too_many_requests',
        { retry_after_seconds: seconds, message: `Too many requests from this address (at most ${context.max} a minute here): try again in ${seconds} s` },
        'rate limit reached',
      );
    },
  });
  app.addHook('onRoute', (route) => {
    const kind = route.config?.openLimit;
    if (kind === undefined || limits[kind] === 0) return;
    // The plugin keeps one store per route so configured: a burst on one route leaves the others open.
    route.config = { ...route.config, rateLimit: { max: limits[kind], timeWindow: WINDOW_MS } } as typeof route.config;
    if (route.schema && !route.schema.hide) route.schema = { ...route.schema, errors: [...(route.schema.errors ?? []), 'too_many_requests'] };
  });
}
