import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import type { Pool } from '../database/database.ts';
import { errorHandler } from '../http/errorHandler.ts';
import type { Logger } from '../logger.ts';
import type { HttpScope } from '../module.ts';
import { installHttpMetrics } from './httpMetrics.ts';
import type { Readiness } from './readiness.ts';
import { echoRequestId, requestIdFor } from './requestId.ts';
import { opsRoutes } from './routes.ts';
import { scrapeMetrics } from './scrapeMetrics.ts';
import { fastifyTrustProxy } from './settings.ts';

export interface OpsServerOptions {
  pool: Pool;
  log: Logger;
  readiness: Readiness;
  metricsToken: string | undefined;
  trustProxy: boolean | number | string[];
}

/**
 * The HTTP server of a process that serves no API (`prospect-engine worker` with `WORKER_HTTP_PORT`):
 * `/health`, `/ready` and `/metrics` alone, with the API's error bodies and request ids, so a
 * platform can probe and scrape its workers as it does its API processes.
 */
export function buildOpsServer(options: OpsServerOptions): HttpScope {
  const app = Fastify({
    loggerInstance: options.log as FastifyBaseLogger,
    // Probes and scrapes every few seconds would drown the worker's own lines.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdFor,
    trustProxy: fastifyTrustProxy(options.trustProxy),
    return503OnClosing: true,
  }) as unknown as HttpScope;
  echoRequestId(app);
  installHttpMetrics(app);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).send({ error: 'not_found' });
  });
  opsRoutes(app, { pool: options.pool, readiness: options.readiness, metrics: scrapeMetrics(options.pool), metricsToken: options.metricsToken });
  return app;
}
