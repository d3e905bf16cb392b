import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../platform/database/database.ts';
import { AppError } from '../platform/errors.ts';
import { findKeyHolder, isApiKeyShaped, type KeyHolder } from './apiKeys.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The active key the request carries and its account; set on routes behind an API key. */
    holder: KeyHolder;
  }
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * API-key authentication for a Fastify scope, as an `onRequest` hook: it runs before the body is read,
 * so an unauthenticated caller learns nothing about the body's validity. No header: `missing_api_key`;
 * a header without a bearer token: `missing_key_id`; an unknown or revoked key: `invalid_key`. The
 * key's state is read on every request, so a revocation takes effect at once on every process.
 */
export function apiKeyAuthentication(db: Queryable, keyPrefix: string) {
  return (scope: FastifyInstance): void => {
    scope.decorateRequest('holder', null as never);
    scope.addHook('onRequest', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      if (header === undefined) throw new AppError('missing_api_key');
      const token = BEARER.exec(header)?.[1];
      if (token === undefined) throw new AppError('missing_key_id');
      const holder = isApiKeyShaped(keyPrefix, token) ? await findKeyHolder(db, token) : undefined;
      if (!holder) throw new AppError('invalid_key');
      request.holder = holder;
    });
  };
}
