import type { FastifyInstance } from 'fastify';
import { httpRequestDuration, httpRequests } from './metrics.ts';

/** The route label of a request no route matched: its URL would let anyone make up label values. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Counts every answered request by its route pattern (`/research/:id`, never the URL) and status, with its latency. */
export function installHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const method = request.routeOptions.url === undefined ? 'other' : request.method;
    httpRequests.inc({ method, route, status: String(reply.statusCode) });
    httpRequestDuration.observe({ method, route }, reply.elapsedTime / 1000);
  });
}
