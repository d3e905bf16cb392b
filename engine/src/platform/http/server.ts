import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Pool } from '../database/database.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { HttpScopes } from '../module.ts';
import { errorHandler } from './errorHandler.ts';

export interface ServerOptions {
  pool: Pool;
  log: Logger;
  /** Installs API-key authentication on the `withApiKey` scope (a hook that refuses the request or says who is calling). */
  authenticate(scope: FastifyInstance): void;
  /** Adds every module's routes. */
  routes(http: HttpScopes): void;
}

/** Request bodies above this answer 413 `payload_too_large`; a research request is a few hundred bytes. */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** One access-log line per request, with the route pattern rather than the URL (which holds research ids). */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    request.log.info({ method: request.method, route: request.routeOptions.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  }
}

/** The engine's HTTP server: JSON in and out, `{error}` bodies for every failure, `/health`, and the modules' routes. */
export function buildServer(options: ServerOptions): FastifyInstance {
  const app = Fastify({
    loggerInstance: options.log as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    logController: new AccessLog(),
    return503OnClosing: true,
  });
  // JSON only: fastify would otherwise also accept text/plain bodies.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).send({ error: 'not_found' });
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
