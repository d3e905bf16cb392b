import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../platform/database/database.ts';
import { AppError, type ErrorCode } from '../platform/errors.ts';
import type { Role } from '../platform/http/roles.ts';
import type { Authentication, HttpScope } from '../platform/module.ts';
import type { Account } from './accounts.ts';
import { findKeyHolder, isApiKeyShaped } from './apiKeys.ts';

/** Who calls an authenticated route: the account it acts in, and with which credential and role. */
export interface Holder {
  account: Account;
  /** The API key the request carries; null for a signed-in person. */
  keyId: number | null;
  /** The signed-in person; null for an API key. */
  user: { id: number; email: string; name: string } | null;
  /** What the caller may do in the account; an API key acts as its owner. */
  role: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling; set on routes of the authenticated scope before the handler runs. */
    holder: Holder;
  }
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** What `apiKeyHolder` answers: no header, a header without a bearer token, an unknown or revoked key. */
export const API_KEY_ERRORS: ErrorCode[] = ['missing_api_key', 'missing_key_id', 'invalid_key'];

/**
 * The holder of the request's API key. No header: `missing_api_key`; a header without a bearer token:
 * `missing_key_id`; an unknown or revoked key: `invalid_key`. The key's state is read on every request,
 * so a revocation takes effect at once on every process.
 */
export async function apiKeyHolder(db: Queryable, keyPrefix: string, request: FastifyRequest): Promise<Holder> {
  const header = request.headers.authorization;
  if (header === undefined) throw new AppError('missing_api_key');
  const token = BEARER.exec(header)?.[1];
  if (token === undefined) throw new AppError('missing_key_id');
  const holder = isApiKeyShaped(keyPrefix, token) ? await findKeyHolder(db, token) : undefined;
  if (!holder) throw new AppError('invalid_key');
  return { account: holder.account, keyId: holder.keyId, user: null, role: 'owner' };
}

/**
 * API keys alone, as an `onRequest` hook: it runs before the body is read, so an unauthenticated caller
 * learns nothing about the body's validity. (The people module admits a signed-in session as well.)
 */
export function apiKeyAuthentication(db: Queryable, keyPrefix: string): Authentication {
  return {
    errors: API_KEY_ERRORS,
    schemes: ['apiKey'],
    install(scope: HttpScope) {
      scope.decorateRequest('holder', null as never);
      scope.addHook('onRequest', async (request) => {
        request.holder = await apiKeyHolder(db, keyPrefix, request);
      });
    },
  };
}
