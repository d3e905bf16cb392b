import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Set to `1` (the test suite does, vitest.config.mts) to check every JSON answer against its route's
 * response schema: the document is then proved by every answer the tests get.
 */
export const RESPONSE_CHECK_VARIABLE = 'ENGINE_CHECK_RESPONSES';

const compiled = new WeakMap<object, ValidateFunction>();

const violations: string[] = [];

/** Every answer that broke its route's schema since the last call (the test suite fails on any), and forgets them. */
export function takeResponseViolations(): string[] {
  return violations.splice(0);
}

/** The schema for `status` among a route's responses: the status's own, else its class (`4xx`), else `default`. */
function schemaFor(responses: Record<string, unknown>, status: number): unknown {
  return responses[status] ?? responses[`${String(status)[0]}xx`] ?? responses.default;
}

/**
 * An `onSend` hook that validates each JSON answer of a route that declares responses against the
 * schema for its status. A violation is recorded (`takeResponseViolations` hands them to the test suite), logged, and answered as a 500
 * naming what broke, so that no test passes on an answer the document does not describe.
 */
export function installResponseCheck(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const responses = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
    if (responses === undefined || typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const schema = schemaFor(responses, reply.statusCode);
    const problems = schema === undefined ? [`status ${reply.statusCode} is not among the route's responses`] : check(schema as object, JSON.parse(payload));
    if (problems.length === 0) return payload;
    const violation = `${request.method} ${request.routeOptions.url} answered ${reply.statusCode} ${payload.slice(0, 500)}: ${problems.join('; ')}`;
    violations.push(violation);
    request.log.error({ violation }, 'answer does not match its schema');
    void reply.code(500);
    return JSON.stringify({ error: 'internal_error', response_check: violation });
  });
}

function check(schema: object, body: unknown): string[] {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    // An ajv of its own per schema: contract schemas with an `$id` appear in several routes' answers.
    validate = new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(schema);
    compiled.set(schema, validate);
  }
  return validate(body) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? 'is not valid'}`);
}
