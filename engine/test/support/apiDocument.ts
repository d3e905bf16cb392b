import { dereference, validate } from '@readme/openapi-parser';
import { Ajv } from 'ajv';
import pg from 'pg';
import { apiKeyAuthentication } from '../../src/accounts/authenticate.ts';
import { activeFeatures, composeAuthentication, composeRoutes, featureContexts, registerModuleErrors } from '../../src/app/features.ts';
import { buildServer } from '../../src/platform/http/server.ts';
import { createLogger } from '../../src/platform/logger.ts';
import type { FeatureModule } from '../../src/platform/module.ts';
import { platformSettings } from '../../src/platform/settings.ts';
import { KEY_PREFIX } from './engine.ts';

/** Swagger UI's own files, served under /docs/: its page (/docs) is documented, they are not. */
const DOCS_ASSETS = /^\/docs\/./;

type Operation = { requestBody?: { content: Record<string, Media> }; responses: Record<string, { content?: Record<string, Media> }> };
type Media = { schema?: object; example?: unknown; examples?: Record<string, { value: unknown }> };

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  servers?: { url: string }[];
  tags?: { name: string }[];
  components?: { securitySchemes?: Record<string, unknown> };
  paths: Record<string, Record<string, Operation & { operationId?: string; security?: Record<string, string[]>[]; tags?: string[] }>>;
}

/** `GET /users/:id` as an OpenAPI path: `GET /users/{id}`. */
export const operationKey = (method: string, url: string) => `${method.toUpperCase()} ${url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

/**
 * The HTTP server of `modules` as the engine builds it (never listening, no database reached), every
 * route it serves as Fastify registered it (`GET /account`; HEAD routes, which Fastify adds for each GET,
 * left out), and the document its `GET /openapi.json` answers.
 */
export async function servedAndDocumented(modules: FeatureModule[], env: Record<string, string> = {}): Promise<{ served: string[]; document: OpenApiDocument }> {
  const log = createLogger('silent');
  const fullEnv: Record<string, string> = { DATABASE_URL: 'postgres://nobody@127.0.0.1:9/never', ...env };
  const platform = platformSettings(fullEnv);
  // Never connected: building routes reads no row, and the document is made from their schemas.
  const pool = new pg.Pool({ connectionString: fullEnv.DATABASE_URL });
  // As the service does: every module's error codes known before the routes declare theirs.
  registerModuleErrors(modules);
  const contexts = featureContexts(activeFeatures(modules, fullEnv, platform), { platform, pool, log });
  const app = buildServer({ pool, log, authentication: composeAuthentication(contexts, apiKeyAuthentication(pool, KEY_PREFIX)), routes: composeRoutes(contexts), publicUrl: fullEnv.PUBLIC_URL });
  const served: string[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD' && !DOCS_ASSETS.test(route.url)) served.push(operationKey(method, route.url));
  });
  try {
    await app.ready();
    const answer = await app.inject({ method: 'GET', url: '/openapi.json' });
    return { served, document: answer.json() };
  } finally {
    await app.close();
    await pool.end();
  }
}

/** Every operation of the document, as `GET /account`. */
export function documentedOperations(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
}

/** What an OpenAPI validator (@readme/openapi-parser) finds wrong with the document, in its words; empty when valid. */
export async function documentErrors(document: OpenApiDocument): Promise<string[]> {
  const result = await validate(structuredClone(document) as never);
  return result.valid ? [] : result.errors.map((error) => error.message);
}

/** Each example of the document (request bodies and answers) that its own schema refuses, with why. */
export async function exampleErrors(document: OpenApiDocument): Promise<string[]> {
  const errors: string[] = [];
  // Schemas the contracts name (`$id`) are components the operations point to: each example is checked against the whole schema.
  const resolved = (await dereference(structuredClone(document) as never)) as unknown as OpenApiDocument;
  for (const [path, operations] of Object.entries(resolved.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const media = [
        ...Object.entries(operation.requestBody?.content ?? {}).map(([type, content]) => [`request ${type}`, content] as const),
        ...Object.entries(operation.responses).flatMap(([status, response]) => Object.entries(response.content ?? {}).map(([type, content]) => [`${status} ${type}`, content] as const)),
      ];
      for (const [where, content] of media) {
        const examples = [...(content.example === undefined ? [] : [content.example]), ...Object.values(content.examples ?? {}).map((named) => named.value)];
        if (examples.length === 0 || content.schema === undefined) continue;
        // OpenAPI 3.1 schemas are JSON Schema; formats the engine defines for itself (work-email) are not checked here.
        const check = new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(content.schema);
        for (const value of examples) if (!check(value)) errors.push(`${method.toUpperCase()} ${path} ${where}: ${JSON.stringify(check.errors)}`);
      }
    }
  }
  return errors;
}

/** The operations that have no example of their success answer, or, when they take a JSON body, none of it. */
export function operationsWithoutExamples(document: OpenApiDocument): string[] {
  const has = (content: Record<string, Media> | undefined) => Object.values(content ?? {}).some((media) => media.example !== undefined || media.examples !== undefined);
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => {
        const successes = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
        const jsonSuccesses = successes.filter(([, response]) => response.content?.['application/json'] !== undefined);
        const bodyLacks = operation.requestBody !== undefined && operation.requestBody.content['application/json'] !== undefined && !has(operation.requestBody.content);
        return bodyLacks || (jsonSuccesses.length > 0 && !jsonSuccesses.some(([, response]) => has(response.content)));
      })
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
}
