import type { FastifyRequest, FastifySchemaCompiler, RouteOptions } from 'fastify';
import { AppError } from '../errors.ts';
import { type Refusal, refusalCheck, storable } from '../validation/index.ts';

/**
 * Requests are checked against their route's schema: params, then body, then query, then headers
 * (Fastify's order; the API key's hook and the body's parser have run before). Each part that fails is
 * refused with the route's own error, as its schema says (`refusing`): its code, and its `problems` in
 * words. Without one, a path that does not fit names nothing (`not_found`) and a query that does not fit
 * is `invalid_query`; a body or headers schema must say how it is refused (or that the handler checks it).
 * What a part becomes once prepared (trimmed, say) is what the handler reads.
 */

type Part = 'params' | 'querystring' | 'headers' | 'body';
const PARTS: readonly Part[] = ['params', 'querystring', 'headers', 'body'];

const REFUSAL = Symbol('refusal');
const BY_HANDLER = Symbol('checked by the handler');

type Refusing = { [REFUSAL]?: Refusal | typeof BY_HANDLER };

/** `schema`, for one part of a route's request, refused as `refusal` says when what was sent does not fit it. */
export function refusing<T extends object>(schema: T, refusal: Refusal): T {
  return { ...schema, [REFUSAL]: refusal };
}

/**
 * `schema`, for a part of a route's request that its handler checks itself: the schema describes it
 * (the document, the handler's types) and the handler refuses it (a body whose bytes a signature covers,
 * say).
 */
export function checkedByHandler<T extends object>(schema: T): T {
  return { ...schema, [REFUSAL]: BY_HANDLER };
}

const DEFAULT_REFUSALS: Partial<Record<Part, Refusal>> = {
  params: { error: (problems) => new AppError('not_found', {}, problems.map((problem) => problem.message).join('; ')) },
  // `{error: 'invalid_query'}` alone, as the error schemas allow; the words go to the log.
  querystring: { error: (problems) => new AppError('invalid_query', {}, problems.map((problem) => problem.message).join('; ')) },
};

/** A whole number in a path or query: plain digits, no sign, no leading zero. */
const WHOLE_NUMBER = /^(?:0|[1-9]\d{0,15})$/;

/**
 * A path's or query's values are text: those the schema says are whole numbers become numbers when
 * they are written as one (`"12"`), and are refused otherwise (`"12.0"`, `"0x0c"`, `" 12"`).
 */
function readNumbers(schema: object): (given: unknown) => unknown {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  const numeric = Object.keys(properties).filter((name) => properties[name]?.type === 'integer');
  if (numeric.length === 0) return (given) => given;
  return (given) => {
    if (typeof given !== 'object' || given === null) return given;
    const copy: Record<string, unknown> = { ...given };
    for (const name of numeric) {
      const value = copy[name];
      if (typeof value === 'string' && WHOLE_NUMBER.test(value)) copy[name] = Number(value);
    }
    return copy;
  };
}

/**
 * The first of a path's or query's values that PostgreSQL cannot store (a NUL, `%00`, or half of a
 * surrogate pair, `%ED%A0%80`), by its name; undefined when every one can be. Values are text, or
 * lists of text when a query repeats a name.
 */
function unstorableValue(given: unknown): string | undefined {
  if (typeof given !== 'object' || given === null) return undefined;
  for (const [name, value] of Object.entries(given)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    if (!storable(name) || values.some((item) => typeof item === 'string' && !storable(item))) return name;
  }
  return undefined;
}

/**
 * A route's query is refused when a value is text PostgreSQL cannot store, before any handler could
 * hand it to a query and have PostgreSQL fail: in the route's own words (`declared`), else as any query
 * that does not fit, `invalid_query` (the words go to the log, as the error schemas allow). So is a path
 * whose route says how it is refused; a path
 * without (the default `not_found` is not among every route's answers) is left to its handler, which
 * answers an id it cannot find in its own words.
 */
function unstorableRefusal(part: Part, given: unknown, declared: Refusal | undefined): AppError | undefined {
  if (part !== 'params' && part !== 'querystring') return undefined;
  const name = unstorableValue(given);
  if (name === undefined) return undefined;
  const words = `${storable(name) ? `"${name}"` : 'A parameter name'} holds a character that cannot be stored (a NUL, or half of a surrogate pair)`;
  const refusal = declared ?? (part === 'querystring' ? DEFAULT_REFUSALS.querystring : undefined);
  return refusal?.error([{ severity: 'error', path: storable(name) ? `/${name}` : '', message: words }], given);
}

function compilePart(schema: object, part: Part, declared: Refusal | typeof BY_HANDLER | undefined, where: string): ReturnType<FastifySchemaCompiler<unknown>> {
  if (declared === BY_HANDLER) return () => true;
  const refusal = declared ?? DEFAULT_REFUSALS[part];
  if (!refusal) throw new Error(`${where}: its ${part} schema says neither how it is refused (refusing) nor that the handler checks it (checkedByHandler)`);
  const numbers = part === 'params' || part === 'querystring' ? readNumbers(schema) : (given: unknown) => given;
  const check = refusalCheck(schema, { ...refusal, prepare: (given, problems) => (refusal.prepare ? refusal.prepare(numbers(given), problems) : numbers(given)) });
  // Fastify hands a missing part over as null, and the request only to validators that, like ajv's,
  // have a `schemaEnv`: given it, "no body" and a JSON `null` are told apart.
  const validate = (data: unknown, context?: { parentData?: FastifyRequest }) => {
    const given = part === 'body' && context?.parentData ? context.parentData.body : data;
    const unstorable = unstorableRefusal(part, given, declared);
    if (unstorable) return { error: unstorable };
    const result = check(given);
    if ('error' in result) return { error: result.error };
    return result.value === given ? true : { value: result.value };
  };
  return Object.assign(validate, { schemaEnv: true });
}

/**
 * Fastify's validator compiler and the hook that reads each route's refusals: both set on `app` (the
 * server), so every route of every module is checked. Headers schemas reach the compiler as Fastify's
 * lower-cased copy, so refusals are looked up by route and part rather than on the schema.
 */
export function installValidation(app: { addHook(name: 'onRoute', hook: (route: RouteOptions) => void): unknown; setValidatorCompiler(compiler: FastifySchemaCompiler<unknown>): unknown }): void {
  const refusals = new Map<string, Refusal | typeof BY_HANDLER>();
  const key = (method: string, url: string, part: string) => `${method} ${url} ${part}`;
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const part of PARTS) {
      const refusal = (route.schema?.[part] as Refusing | undefined)?.[REFUSAL];
      if (refusal) for (const method of methods) refusals.set(key(method, route.url, part), refusal);
    }
  });
  app.setValidatorCompiler(({ schema, method, url, httpPart }) => {
    const part = httpPart as Part;
    return compilePart(schema as object, part, refusals.get(key(method, url, part)) ?? (schema as Refusing)[REFUSAL], `${method} ${url}`);
  });
}
