import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Pool } from '../database/database.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { DurationEstimate } from '../research/durationEstimate.ts';
import { authenticate } from './authenticate.ts';
import { errorHandler } from './errorHandler.ts';
import { accountRoutes } from './routes/account.ts';
import { researchRoutes } from './routes/research.ts';

export interface ServerDeps {
  pool: Pool;
  log: Logger;
  apiKeyPrefix: string;
  estimate: DurationEstimate;
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

export function buildServer(deps: ServerDeps): FastifyInstance {
  const app = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger,
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
      await deps.pool.query('SELECT 1');
    } catch {
      throw new AppError('service_unavailable');
    }
    return { status: 'ok' };
  });

  void app.register(async (authenticated) => {
    authenticated.decorateRequest('holder', null as never);
    authenticated.addHook('onRequest', authenticate(deps.pool, deps.apiKeyPrefix));
    researchRoutes(authenticated, deps);
    accountRoutes(authenticated, deps);
  });
  return app;
}
