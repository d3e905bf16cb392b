import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpScope } from '../platform/module.ts';

/** Where the dashboard lives; its client-side routes are all below it. */
export const DASHBOARD_PATH = '/app';

/** Vite names every built asset after a hash of its content: a changed file is a new URL, so a browser may keep each one for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current assets: a browser asks again every time, so a new build is seen at once. */
const REVALIDATE = 'no-cache';

const hidden = { schema: { hide: true } };

/**
 * `GET /app/assets/*` (hashed files, cached for a year), `GET /app` and every other `/app/*` path
 * (index.html, whose router shows the page; the dashboard's own "not found" page answers unknown paths),
 * and `GET /` for a browser (sent to /app; other clients keep the JSON `not_found`). None of these is
 * part of the API: they stay out of the OpenAPI document.
 *
 * Files go out through @fastify/send (what @fastify/static is built on: ranges, ETags, no way out of
 * the folder). @fastify/static itself is a plugin that adds its routes once it has loaded, and a
 * module's routes are added while the API-key scope loads: registered there it would sit behind the
 * key, and called directly it adds its routes after the server listens.
 */
export function dashboardRoutes(open: HttpScope, dir: string): void {
  const sendFile = async (request: FastifyRequest, reply: FastifyReply, path: string, cacheControl: string) => {
    const file = await send(request.raw, path, { root: dir, index: false, cacheControl: false, dotfiles: 'deny' });
    if (file.type !== 'file') return reply.code(404).send({ error: 'not_found' });
    return reply.code(file.statusCode).headers(file.headers).header('cache-control', cacheControl).send(file.stream);
  };
  const page = (request: FastifyRequest, reply: FastifyReply) => sendFile(request, reply, '/index.html', REVALIDATE);

  open.get(`${DASHBOARD_PATH}/assets/*`, hidden, (request, reply) => sendFile(request, reply, `/assets/${(request.params as { '*': string })['*']}`, IMMUTABLE));
  open.get(DASHBOARD_PATH, hidden, page);
  open.get(`${DASHBOARD_PATH}/*`, hidden, page);
  open.get('/', hidden, async (request, reply) => {
    if (request.headers.accept?.includes('text/html')) return reply.redirect(`${DASHBOARD_PATH}/`, 302);
    return reply.code(404).send({ error: 'not_found' });
  });
}
