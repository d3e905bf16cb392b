import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController, type RouteOptions } from 'fastify';
import type { Pool } from '../database/database.ts';
import { AppError, type ErrorCode } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { Authentication, HttpScope, HttpScopes } from '../module.ts';
import { installHttpMetrics } from '../ops/httpMetrics.ts';
import { type Readiness, readiness } from '../ops/readiness.ts';
import { echoRequestId, requestIdFor } from '../ops/requestId.ts';
import { opsRoutes } from '../ops/routes.ts';
import { fastifyTrustProxy } from '../ops/settings.ts';
import { scrapeMetrics } from '../ops/scrapeMetrics.ts';
import { answerOnSocket, clientErrorHandler, missingHost } from './clientError.ts';
import { errorHandler } from './errorHandler.ts';
import { jsonTooDeep } from './jsonDepth.ts';
import { collectApiDocument, serveApiDocument } from './openapi/apiDocument.ts';
import { withErrors } from './openapi/errorResponses.ts';
import { installResponseCheck, RESPONSE_CHECK_VARIABLE } from './openapi/responseCheck.ts';
import { DEFAULT_RATE_LIMITS, installRateLimits, type RateLimits } from './rateLimits.ts';
import { installValidation } from './validation.ts';

export interface ServerOptions {
  pool: Pool;
  log: Logger;
  authentication: Authentication;
  /** Adds every module's routes. */
  routes(http: HttpScopes): void;
  /** How long a client may take to send a whole request, head and body; `REQUEST_TIMEOUT_MS` unless a test needs it shorter. */
  requestTimeoutMs?: number;
  /** The engine's public address (`PUBLIC_URL`), the document's server; none when unset. */
  publicUrl?: string;
  /** The open routes' limits per client address (`RATE_LIMIT_*`); the defaults unless given. */
  rateLimits?: RateLimits;
  /** Checks every JSON answer against its route's response schema (tests); `ENGINE_CHECK_RESPONSES=1` unless given. */
  checkResponses?: boolean;
  /** What `GET /ready` checks; the database alone unless given (the service adds the migrations and the worker). */
  readiness?: Readiness;
  /** `METRICS_TOKEN`: `GET /metrics` answers only a scraper that sends it; unset, it answers 404. */
  metricsToken?: string;
  /** `TRUST_PROXY`: Fastify's `trustProxy`, so `request.ip` is the client behind a reverse proxy. */
  trustProxy?: boolean | number | string[];
}

/** Request bodies above this answer 413 `payload_too_large`; a research request is a few hundred bytes. */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** A client still sending its request after this is answered 408 `request_timeout` (Fastify's default waits forever). */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Methods whose requests may carry a body, and so be refused for it. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What any route may answer besides its own: a failure, or a server closing. */
const EVERY_ROUTE_ERRORS: ErrorCode[] = ['internal_error', 'service_unavailable'];
/** What a route that reads a body may answer before its handler runs (the JSON parser, the body limit, the content type). */
const BODY_ERRORS: ErrorCode[] = ['invalid_json', 'payload_too_large', 'unsupported_media_type'];
/**
 * A documented route's schema with its own error codes (`schema.errors`) and `errors` among its error
 * responses (hidden routes, Swagger UI's assets, are left alone).
 */
function declareErrors(route: RouteOptions, errors: ErrorCode[]): void {
  if (!route.schema || route.schema.hide) return;
  const { errors: own = [], ...schema } = route.schema;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const bodyErrors = methods.some((method) => BODY_METHODS.has(method)) ? BODY_ERRORS : [];
  route.schema = { ...schema, response: withErrors((schema.response ?? {}) as Record<string, unknown>, [...own, ...errors, ...bodyErrors]) };
}

/** One access-log line per request, with the route pattern rather than the URL (which holds research ids). */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    request.log.info({ method: request.method, route: request.routeOptions.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  }
}

/**
 * The engine's HTTP server: JSON in and out, `{error}` bodies for every failure (also for what Node or
 * Fastify would otherwise answer in their own words), the operator's routes (`/health`, `/ready`,
 * `/metrics`: platform/ops), the modules' routes, and the API's own description of them all
 * (`/openapi.json`, rendered at `/docs`). Each request's id (the caller's safe `X-Request-Id`, or a new
 * one) is on its log lines and echoed in its answer.
 */
export function buildServer(options: ServerOptions): HttpScope {
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
    // A request without Host is answered below in our words, not by Node with an empty 400.
    http: { headersTimeout: requestTimeoutMs, connectionsCheckingInterval: Math.min(requestTimeoutMs, 1000), requireHostHeader: false },
    genReqId: requestIdFor,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
  }).withTypeProvider<TypeBoxTypeProvider>();
  echoRequestId(app);
  installHttpMetrics(app);
  // The route schemas describe requests (the document, the handlers' types) and check them, each part
  // refused with the route's own error in plain words (validation.ts). Answers are plain
  // JSON.stringify: a schema-driven serializer would drop or coerce fields the schema does not list.
  installValidation(app);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  collectApiDocument(app, { publicUrl: options.publicUrl });
  if (options.checkResponses ?? process.env[RESPONSE_CHECK_VARIABLE] === '1') installResponseCheck(app);
  // Before declareErrors: a limited route's schema gains too_many_requests.
  installRateLimits(app, options.rateLimits ?? DEFAULT_RATE_LIMITS);
  app.addHook('onRoute', (route) => declareErrors(route, EVERY_ROUTE_ERRORS));
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

  // Before any route, any hook, the access log's route: what Node would have refused.
  app.addHook('onRequest', (request, reply, done) => {
    if (!missingHost(request.raw)) return done();
    void reply.hijack();
    answerOnSocket(request.raw.socket, 'malformed_request', 'An HTTP/1.1 request must carry a Host header');
  });

  // While closing, requests that still arrive on open connections are refused; Fastify sets `Connection: close`.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async () => {
    if (closing) throw new AppError('service_unavailable');
  });

  void app.register(async (open) => {
    opsRoutes(open, {
      pool: options.pool,
      readiness: options.readiness ?? readiness({ pool: options.pool, streams: [] }),
      metrics: scrapeMetrics(options.pool),
      metricsToken: options.metricsToken,
    });
    serveApiDocument(open);
    void open.register(async (withApiKey) => {
      withApiKey.addHook('onRoute', (route) => {
        declareErrors(route, options.authentication.errors);
        // Each scheme that admits a caller is one entry.
        if (route.schema && !route.schema.hide) route.schema.security = options.authentication.schemes.map((scheme) => ({ [scheme]: [] }));
      });
      options.authentication.install(withApiKey);
      options.routes({ open, withApiKey });
    });
  });
  return app;
}
