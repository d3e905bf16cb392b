import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import type { HttpScope } from '../platform/module.ts';

/** Where the dashboard lives; its client-side routes are all below it. */
export const DASHBOARD_PATH = '/app';

/** Vite names every built asset after a hash of its content: a changed file is a new URL, so a browser may keep each one for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current assets: a browser asks again every time, so a new build is seen at once. */
const REVALIDATE = 'no-cache';

/**
 * `GET /app/assets/*` (hashed files, cached for a year), `GET /app` and every other `/app/*` path
 * (index.html, whose router shows the page; the dashboard's own "not found" page answers unknown paths),
 * and `GET /` for a browser (sent to /app; other clients keep the JSON `not_found`). None of these is
 * part of the API: they stay out of the OpenAPI document.
 */
export function dashboardRoutes(open: HttpScope, dir: string): void {
  void open.register(async (app) => {
    await app.register(fastifyStatic, {
      root: dir,
      prefix: `${DASHBOARD_PATH}/`,
      // One route per built file, so a missing one falls through to index.html below instead of a 404.
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('cache-control', path.startsWith(`${dir}/assets/`) ? IMMUTABLE : REVALIDATE),
    });
    const page = { schema: { hide: true } };
    const sendIndex = async (_request: unknown, reply: FastifyReply) => reply.header('cache-control', REVALIDATE).sendFile('index.html');
    app.get(DASHBOARD_PATH, page, sendIndex);
    app.get(`${DASHBOARD_PATH}/*`, page, async (request, reply) => {
      if (request.url.startsWith(`${DASHBOARD_PATH}/assets/`)) return reply.code(404).send({ error: 'not_found' });
      return sendIndex(request, reply);
    });
    app.get('/', page, async (request, reply) => {
      if (request.headers.accept?.includes('text/html')) return reply.redirect(`${DASHBOARD_PATH}/`, 302);
      return reply.code(404).send({ error: 'not_found' });
    });
  });
}
