import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** An incoming id is kept when it is up to 128 of these characters; anything else (a log injection, a novel) is replaced. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:@\-]{1,128}$/;

/**
 * Fastify's `genReqId`: the caller's `X-Request-Id` when it is safe to log and echo, so one id follows
 * a request from the proxy or the client through the engine's logs; a new UUID otherwise.
 */
export function requestIdFor(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(sent) ? sent[0] : sent;
  return value !== undefined && SAFE_REQUEST_ID.test(value) ? value : randomUUID();
}

/** Echoes each request's id in the `X-Request-Id` response header, errors included. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
  });
}
