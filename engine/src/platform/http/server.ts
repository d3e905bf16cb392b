import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Pool } from '../database/database.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { HttpScopes } from '../module.ts';
import { answerOnSocket, clientErrorHandler } from './clientError.ts';
import { errorHandler } from './errorHandler.ts';
import { jsonTooDeep } from './jsonDepth.ts';

export interface ServerOptions {
  pool: Pool;
  log: Logger;
  /** Installs API-key authentication on the `withApiKey` scope (a hook that refuses the request or says who is calling). */
  authenticate(scope: FastifyInstance): void;
  /** Adds every module's routes. */
  routes(http: HttpScopes): void;
  /** How long a client may take to send a whole request, head and body; `REQUEST_TIMEOUT_MS` unless a test needs it shorter. */
  requestTimeoutMs?: number;
}

/** Request bodies above this answer 413 `payload_too_large`; a research request is a few hundred bytes. */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** A client still sending its request after this is answered 408 `request_timeout` (Fastify's default waits forever). */
export const REQUEST_TIMEOUT_MS = 30_000;

/** One access-log line per request, with the route pattern rather than the URL (which holds research ids). */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    request.log.info({ method: request.method, route: request.routeOptions.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  }
}

/**
 * The engine's HTTP server: JSON in and out, `{error}` bodies for every failure (also for what Node or
 * Fastify would otherwise answer in their own words), `/health`, and the modules' routes.
 */
export function buildServer(options: ServerOptions): FastifyInstance {
  const requestTimeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    loggerInstance: options.log as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    logController: new AccessLog(),
    // Answered below with our body instead.
    return503OnClosing: false,
    // A URL the router cannot decode, or a path segment too long for any id.
    frameworkErrors: errorHandler,
    clientErrorHandler: clientErrorHandler(options.log),
    requestTimeout: requestTimeoutMs,
    // Node's headers timeout (60 s) must not exceed the request's, or Node lets the body take that long;
    // and Node looks for overdue requests only every 30 s by default, which would double the timeout.
    http: { headersTimeout: requestTimeoutMs, connectionsCheckingInterval: Math.min(requestTimeoutMs, 1000) },
  });
  // JSON only: fastify would otherwise also accept text/plain bodies.
  app.removeContentTypeParser('text/plain');
  // An empty JSON body is no body: each endpoint says in its own words what it was missing (research
  // answers `missing_email`), instead of one refusal for every route. JSON nested deeper than
  // MAX_JSON_DEPTH is refused as malformed before it is parsed, so no route ever walks it.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else if (jsonTooDeep(body as string)) done(new AppError('invalid_json', {}, 'the JSON body nests arrays and objects too deeply'), undefined);
    else parseJson(request, body as string, done);
  });
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).send({ error: 'not_found' });
  });
  // Node answers these itself unless told otherwise: an `Expect` other than 100-continue (417), CONNECT (closed unanswered).
  app.server.on('checkExpectation', (request: IncomingMessage) => answerOnSocket(request.socket, 'expectation_failed'));
  app.server.on('connect', (_request: IncomingMessage, socket: Duplex) => answerOnSocket(socket, 'not_found'));

  // While closing, requests that still arrive on open connections are refused; Fastify sets `Connection: close`.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async () => {
    if (closing) throw new AppError('service_unavailable');
  });

  app.get('/health', async () => {
    try {
      await options.pool.query('SELECT 1');
    } catch {
      throw new AppError('service_unavailable');
    }
    return { status: 'ok' };
  });

  void app.register(async (open) => {
    void open.register(async (withApiKey) => {
      options.authenticate(withApiKey);
      options.routes({ open, withApiKey });
    });
  });
  return app;
}
