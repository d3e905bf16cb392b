import Type from 'typebox';
import { AppError } from '../errors.ts';
import { errorCodes } from '../http/openapi/errorResponses.ts';
import { example } from '../http/openapi/example.ts';
import type { Pool } from '../database/database.ts';
import type { HttpScope } from '../module.ts';
import type { Readiness } from './readiness.ts';
import type { MetricsScrape } from './scrapeMetrics.ts';
import { bearerTokenMatches } from './bearerToken.ts';
import { ENGINE_VERSION } from './version.ts';

export interface OpsRoutesOptions {
  pool: Pool;
  readiness: Readiness;
  metrics: MetricsScrape;
  /** `METRICS_TOKEN`; unset, `/metrics` answers 404 as if it were not there. */
  metricsToken: string | undefined;
}

const HEALTH_SCHEMA = {
  summary: 'Whether the process is alive',
  description:
    'Liveness: 200 with the version while the process serves HTTP and its database answers; `service_unavailable` otherwise (and while the engine stops). Whether it may take traffic and work (migrations applied, the worker polling) is `GET /ready`.',
  tags: ['Health'],
  operationId: 'getHealth',
  response: {
    200: example(
      Type.Object({ status: Type.Literal('ok'), version: Type.String({ description: "The engine's version" }) }, { additionalProperties: false }),
      { status: 'ok', version: '0.1.0' },
      'Alive',
    ),
  },
};

const READY_SCHEMA = {
  summary: 'Whether the process may take traffic and work',
  description:
    'Readiness: 200 once the database answers, every migration of this version is applied and, in a process that runs jobs, each runner of its worker (`main`, `bulk`) asked for a job within the last 30 s (or is running one). Otherwise 503 `not_ready` with each thing not ready in words (`problems`).',
  tags: ['Health'],
  operationId: 'getReady',
  errors: errorCodes('not_ready'),
  response: {
    200: example(
      Type.Object({ status: Type.Literal('ready'), version: Type.String({ description: "The engine's version" }) }, { additionalProperties: false }),
      { status: 'ready', version: '0.1.0' },
      'Ready',
    ),
  },
};

const METRICS_SCHEMA = {
  summary: 'Metrics in the Prometheus text format',
  description:
    'For a Prometheus scraper, with `Authorization: Bearer <METRICS_TOKEN>`. Off (404 `not_found`) until `METRICS_TOKEN` is set: the metrics are business data (each tenant\'s volumes), not for anyone who reaches the port. The metrics and their labels: docs/deploying.md, "Metrics".',
  tags: ['Health'],
  operationId: 'getMetrics',
  errors: errorCodes('invalid_metrics_token', 'not_found'),
  response: {
    200: {
      description: 'Every metric, in the Prometheus text exposition format 0.0.4',
      content: {
        'text/plain; version=0.0.4; charset=utf-8': {
          schema: { type: 'string' },
          example: '# HELP prospect_build_info Always 1; the engine version as a label.\n# TYPE prospect_build_info gauge\nprospect_build_info{version="0.1.0"} 1\n',
        },
      },
    },
  },
};

/** `GET /health` (liveness), `GET /ready` (readiness) and `GET /metrics`: what a platform's probes and scrapers call, on the open scope. */
export function opsRoutes(open: HttpScope, options: OpsRoutesOptions): void {
  open.get('/health', { schema: HEALTH_SCHEMA }, async () => {
    try {
      await options.pool.query('SELECT 1');
    } catch {
      throw new AppError('service_unavailable');
    }
    return { status: 'ok' as const, version: ENGINE_VERSION };
  });

  open.get('/ready', { schema: READY_SCHEMA }, async () => {
    const problems = await options.readiness();
    if (problems.length > 0) throw new AppError('not_ready', { problems: problems.map((message) => ({ message })) }, `not ready: ${problems.join('; ')}`);
    return { status: 'ready' as const, version: ENGINE_VERSION };
  });

  open.get('/metrics', { schema: METRICS_SCHEMA }, async (request, reply) => {
    if (options.metricsToken === undefined) throw new AppError('not_found');
    if (!bearerTokenMatches(request.headers.authorization, options.metricsToken)) throw new AppError('invalid_metrics_token');
    const text = await options.metrics.read();
    return reply.type(options.metrics.contentType).send(text);
  });
}
