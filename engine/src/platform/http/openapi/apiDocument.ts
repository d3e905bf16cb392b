import { readFileSync } from 'node:fs';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import Type from 'typebox';
import { example } from './example.ts';
import { htmlResponse } from './htmlResponse.ts';

/** The engine's version, as its package.json says it. */
const ENGINE_VERSION = (JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Where the document is served, and the page that renders it. */
export const DOCUMENT_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';

/** How a caller proves who it is, by name: each authenticated route's `security` names those that admit a caller. */
export const SECURITY_SCHEMES = {
  apiKey: { type: 'http', scheme: 'bearer', description: "An API key (`prospect-engine keys create`), sent as `Authorization: Bearer <key>`. It acts as the account's owner." },
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'pr_session',
    description:
      "A signed-in person's session (`POST /auth/sign-in`), acting in the account they chose with their role there. Every change (a method other than GET, HEAD, OPTIONS) also carries the header `x-csrf-token` with the session's `csrf_token`.",
  },
} as const;

export type SecurityScheme = keyof typeof SECURITY_SCHEMES;

/**
 * Collects every route's schema from the moment it is registered (call before any route is added):
 * the OpenAPI 3.1 document `GET /openapi.json` serves, with the API's version, its public address
 * (`PUBLIC_URL`, when set) and the tags the operations use.
 */
export function collectApiDocument(app: FastifyInstance, options: { publicUrl?: string }): void {
  void app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Prospect Research engine',
        version: ENGINE_VERSION,
        description: 'Research briefs on prospects, and the Autopilot that writes to them. Errors are `{"error": "<code>"}` bodies; refused documents add `problems`, each in words.',
      },
      servers: options.publicUrl === undefined ? [] : [{ url: options.publicUrl }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    // Swagger UI's page is registered as `/docs/` too; the document names it as it is linked, `/docs`.
    transform: ({ schema, url }) => ({ schema, url: url.length > 1 ? url.replace(/\/$/, '') : url }),
    // The tags in the order the operations first use them, so that each feature's routes read together.
    transformObject: (document) => ('openapiObject' in document ? { ...document.openapiObject, tags: tagsOf(document.openapiObject.paths ?? {}) } : document.swaggerObject),
  });
}

function tagsOf(paths: object): { name: string }[] {
  const names = new Set<string>();
  for (const operations of Object.values(paths) as Record<string, { tags?: string[] }>[]) {
    for (const operation of Object.values(operations)) for (const tag of operation.tags ?? []) names.add(tag);
  }
  return [...names].map((name) => ({ name }));
}

/** `GET /openapi.json` and `GET /docs` (the document rendered by Swagger UI, served from this process: no CDN), open to anyone. */
export function serveApiDocument(open: FastifyInstance): void {
  open.get(
    DOCUMENT_PATH,
    {
      schema: {
        summary: 'This API, described',
        description: 'The OpenAPI 3.1 document of every route this engine serves, generated from the schemas the routes declare.',
        tags: ['API'],
        operationId: 'getOpenApiDocument',
        response: { 200: example(Type.Object({ openapi: Type.Literal('3.1.0') }), { openapi: '3.1.0' }, 'The OpenAPI document') },
      },
    },
    async () => open.swagger(),
  );
  void open.register(async (docs) => {
    // Swagger UI's own routes are hidden from the document; its page is described here, its assets (under /docs/) are not.
    docs.addHook('onRoute', (route: RouteOptions) => {
      if (route.url !== DOCS_PATH) return;
      route.schema = {
        summary: 'This API, for people',
        description: `The document of \`${DOCUMENT_PATH}\`, rendered by Swagger UI.`,
        tags: ['API'],
        operationId: 'getApiDocs',
        response: { 200: htmlResponse('The page') },
      };
    });
    await docs.register(fastifySwaggerUi, { routePrefix: DOCS_PATH });
  });
}
