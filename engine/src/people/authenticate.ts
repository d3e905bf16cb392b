import type { FastifyRequest } from 'fastify';
import { API_KEY_ERRORS, apiKeyHolder, type Holder } from '../accounts/index.ts';
import type { Pool } from '../platform/database/database.ts';
import { AppError } from '../platform/errors.ts';
import { allows, isRead, requiredRole } from '../platform/http/roles.ts';
import type { Authentication, HttpScope } from '../platform/module.ts';
import { sessionToken } from './cookie.ts';
import type { PeopleSettings } from './settings.ts';
import { findSession, type Session } from './sessions.ts';

/** The session the request's cookie opens, with its token; 401 `not_signed_in` without one. */
export async function requireSession(pool: Pool, settings: PeopleSettings, request: FastifyRequest): Promise<{ session: Session; token: string }> {
  const token = sessionToken(request);
  // Without SECRET_KEY no CSRF token can be checked, so no session is honoured.
  const session = token === undefined || !settings.secrets ? undefined : await findSession(pool, token, settings.idleMs);
  if (!session || token === undefined) throw new AppError('not_signed_in');
  return { session, token };
}

/** The CSRF token of the session whose cookie holds `token`: derived from it with SECRET_KEY, so nothing more is stored. */
export function csrfToken(settings: PeopleSettings, token: string): string {
  return settings.secrets!.sign('csrf', token);
}

/**
 * Refuses (403 `csrf_failed`) a change sent from another site: its `Origin`, when the browser gives one,
 * must be the engine's own (`PUBLIC_URL`'s, or the address the request was sent to); and with a session,
 * the `x-csrf-token` header must be the session's token, which a page of another site cannot read.
 */
export function checkCsrf(settings: PeopleSettings, request: FastifyRequest, sessionTokenValue?: string): void {
  if (isRead(request.method)) return;
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== new URL(settings.publicUrl).origin && origin !== `${request.protocol}://${request.host}`) {
    throw new AppError('csrf_failed', {}, `a change from ${origin}, which is not this engine's origin`);
  }
  if (sessionTokenValue === undefined) return;
  const given = request.headers['x-csrf-token'];
  if (typeof given !== 'string' || !settings.secrets!.verify('csrf', sessionTokenValue, given)) throw new AppError('csrf_failed', {}, 'a change without the session’s x-csrf-token');
}

/**
 * An API key (`Authorization`) or, without one, the session cookie (a change also needs its CSRF token).
 * Then the role: the route's `config.role`, else `member` for reads and `admin` for changes; a holder
 * below it is refused with 403 `forbidden` and the role needed. Both run as an `onRequest` hook, before
 * the body is read.
 */
export function keyOrSessionAuthentication(pool: Pool, keyPrefix: string, settings: PeopleSettings): Authentication {
  const sessionHolder = async (request: FastifyRequest): Promise<Holder> => {
    const { session, token } = await requireSession(pool, settings, request);
    checkCsrf(settings, request, token);
    return { account: session.account, keyId: null, user: session.user, role: session.role };
  };
  return {
    errors: [...API_KEY_ERRORS, 'not_signed_in', 'csrf_failed', 'forbidden'],
    schemes: ['apiKey', 'session'],
    install(scope: HttpScope) {
      scope.decorateRequest('holder', null as never);
      scope.addHook('onRequest', async (request) => {
        const cookie = request.headers.authorization === undefined && sessionToken(request) !== undefined;
        const holder = cookie ? await sessionHolder(request) : await apiKeyHolder(pool, keyPrefix, request);
        const required = requiredRole(request.method, request.routeOptions.config);
        if (!allows(holder.role, required)) throw new AppError('forbidden', { required_role: required }, `a ${holder.role} may not do this; it needs ${required}`);
        request.holder = holder;
      });
    },
  };
}
