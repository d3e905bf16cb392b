import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../database/database.ts';
import { findKeyHolder, isApiKeyShaped, type KeyHolder } from '../domain/apiKeys.ts';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    holder: KeyHolder;
  }
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * `onRequest` hook: runs before the body is read, so an unauthenticated caller learns nothing about
 * the body's validity. No header: `missing_api_key`; a header without a bearer token: `missing_key_id`;
 * an unknown or revoked key: `invalid_key`. The key's state is read on every request, so a
 * revocation takes effect at once on every process.
 */
export function authenticate(db: Queryable, keyPrefix: string) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    if (header === undefined) throw new AppError('missing_api_key');
    const token = BEARER.exec(header)?.[1];
    if (token === undefined) throw new AppError('missing_key_id');
    const holder = isApiKeyShaped(keyPrefix, token) ? await findKeyHolder(db, token) : undefined;
    if (!holder) throw new AppError('invalid_key');
    request.holder = holder;
  };
}
