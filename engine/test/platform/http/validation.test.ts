/** The validator compiler: each part of a request checked by its route's schema, refused with the route's own error. */
import { pino } from 'pino';
import Type, { type TSchema } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import type { Pool } from '../../../src/platform/database/database.ts';
import { AppError } from '../../../src/platform/errors.ts';
import { registerErrors } from '../../../src/platform/http/errorStatus.ts';
import { pathIdParams } from '../../../src/platform/http/pathId.ts';
import { buildServer } from '../../../src/platform/http/server.ts';
import { checkedByHandler, refusing } from '../../../src/platform/http/validation.ts';
import type { Logger } from '../../../src/platform/logger.ts';
import type { HttpScope } from '../../../src/platform/module.ts';
import { documentRefusal, type Problem } from '../../../src/platform/validation/index.ts';

const WIDGET_ERRORS = { widget_not_found: 404, invalid_widget: 400, invalid_widget_header: 400 } as const;
type WidgetErrors = typeof WIDGET_ERRORS;
declare global {
  namespace ProspectEngine {
    interface ErrorCodes extends WidgetErrors {}
  }
}
registerErrors(WIDGET_ERRORS);

const invalidWidget = (problems: Problem[]) => new AppError('invalid_widget', { problems });
const widgetBody = documentRefusal({ absent: 'Send a widget as JSON', notObject: 'A widget is a set of fields' }, invalidWidget, (value, problems) => {
  const widget = value as { min?: number; max?: number };
  if (widget.min !== undefined && widget.max !== undefined && widget.min > widget.max) problems.error('/max', '"max" is below "min"');
});
const widgetSchema = (nameLength: number) =>
  Type.Object({ name: Type.String({ minLength: 1, maxLength: nameLength }), min: Type.Optional(Type.Integer()), max: Type.Optional(Type.Integer()) }, { additionalProperties: false });

let server: HttpScope | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server whose routes answer what their handler was given. */
function serve(routes: (app: HttpScope) => void): HttpScope {
  server = buildServer({
    pool: {} as Pool,
    log: pino({ level: 'silent' }) as Logger,
    authentication: { install: () => {}, errors: [], schemes: [] },
    routes: ({ open }) => routes(open),
    checkResponses: false,
  });
  return server;
}

/** The widget route: PUT /widgets/{id}?verbose=, a body and an `x-widget-version` header, each refused in the route's own words. */
function widgetRoute(nameLength = 20) {
  return serve((app) => {
    app.put(
      '/widgets/:id',
      {
        schema: {
          params: pathIdParams('The widget id', () => new AppError('widget_not_found')),
          querystring: Type.Object({ verbose: Type.Optional(Type.Enum(['true', 'false'])), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })) }),
          headers: refusing(Type.Object({ 'x-widget-version': Type.Optional(Type.String({ pattern: '^v\\d$' })) }), { error: () => new AppError('invalid_widget_header') }),
          body: refusing(widgetSchema(nameLength), widgetBody),
        },
      },
      async (request) => ({ id: request.params.id, query: request.query, body: request.body }),
    );
  });
}

const put = (app: HttpScope, url: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'PUT', url, headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers }, payload: body === undefined ? undefined : JSON.stringify(body) });

describe('path parameters', () => {
  it('reads an id as a number and hands the handler the number', async () => {
    const answer = await put(widgetRoute(), '/widgets/12', { name: 'cog' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ id: 12 });
  });

  it.each(['0', '01', '1.0', '-1', '0x0c', 'x', '9007199254740992', '12%20'])("answers %s, which cannot be an id, with the route's own 404", async (id) => {
    const answer = await put(widgetRoute(), `/widgets/${id}`, { name: 'cog' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ error: 'widget_not_found' });
  });

  it('answers not_found for a path that does not fit a schema that names no error of its own', async () => {
    const app = serve((scope) => {
      scope.get('/pages/:page', { schema: { params: Type.Object({ page: Type.Integer({ minimum: 1 }) }) } }, async (request) => ({ page: request.params.page }));
    });
    expect((await app.inject('/pages/3')).json()).toEqual({ page: 3 });
    const answer = await app.inject('/pages/three');
    expect([answer.statusCode, answer.json()]).toEqual([404, { error: 'not_found' }]);
  });
});

describe('query parameters', () => {
  it('reads whole numbers and passes text as it came', async () => {
    const answer = await put(widgetRoute(), '/widgets/1?verbose=true&limit=50', { name: 'cog' });
    expect(answer.json()).toMatchObject({ query: { verbose: 'true', limit: 50 } });
  });

  it.each(['limit=0', 'limit=51', 'limit=05', 'limit=1e1', 'limit=', 'limit=1&limit=2', 'verbose=yes', 'verbose=true&verbose=false'])('refuses ?%s as invalid_query, the code alone', async (query) => {
    const answer = await put(widgetRoute(), `/widgets/1?${query}`, { name: 'cog' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: 'invalid_query' });
  });
});

describe('bodies', () => {
  it('hands the handler the prepared body: text trimmed', async () => {
    const answer = await put(widgetRoute(), '/widgets/1', { name: '  cog \r\n', min: 1, max: 2 });
    expect(answer.json()).toMatchObject({ body: { name: 'cog', min: 1, max: 2 } });
  });

  it("refuses with the route's code and every problem in words, the schema's then the feature's rules", async () => {
    const answer = await put(widgetRoute(), '/widgets/1', { name: '', colour: 'red', min: 'low' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      error: 'invalid_widget',
      problems: [
        { severity: 'error', path: '/colour', message: '"colour" is not a field of this document; the fields are name, min, max' },
        { severity: 'error', path: '/name', message: '"name" is empty' },
        { severity: 'error', path: '/min', message: '"min" must be a whole number, not the text "low"' },
      ],
    });
    const rules = await put(widgetRoute(), '/widgets/1', { name: 'cog', min: 3, max: 2 });
    expect(rules.json()).toEqual({ error: 'invalid_widget', problems: [{ severity: 'error', path: '/max', message: '"max" is below "min"' }] });
  });

  it('tells no body from a JSON null', async () => {
    expect((await put(widgetRoute(), '/widgets/1')).json()).toEqual({ error: 'invalid_widget', problems: [{ severity: 'error', path: '', message: 'Send a widget as JSON' }] });
    expect((await put(widgetRoute(), '/widgets/1', null)).json()).toEqual({ error: 'invalid_widget', problems: [{ severity: 'error', path: '', message: 'A widget is a set of fields' }] });
  });

  it('refuses text that cannot be stored without a second word from the schema', async () => {
    const answer = await put(widgetRoute(), '/widgets/1', { name: 'c\u0000g', colour: 'red' });
    expect(answer.json()).toEqual({
      error: 'invalid_widget',
      problems: [{ severity: 'error', path: '/name', message: '"name" holds a character that cannot be stored (a NUL, or half of a surrogate pair)' }],
    });
  });

  it('changes what is refused when the schema alone changes: the handler and the refusal stay as they are', async () => {
    const name = 'sprocket';
    expect((await put(widgetRoute(20), '/widgets/1', { name })).statusCode).toBe(200);
    const shorter = await put(widgetRoute(5), '/widgets/1', { name });
    expect(shorter.statusCode).toBe(400);
    expect(shorter.json()).toEqual({ error: 'invalid_widget', problems: [{ severity: 'error', path: '/name', message: '"name" is too long: at most 5 characters, and it has 8' }] });
  });
});

describe('headers', () => {
  it("refuses a header that does not fit with the route's code, whatever case it is sent in", async () => {
    expect((await put(widgetRoute(), '/widgets/1', { name: 'cog' }, { 'X-Widget-Version': 'v2' })).statusCode).toBe(200);
    const answer = await put(widgetRoute(), '/widgets/1', { name: 'cog' }, { 'X-Widget-Version': 'two' });
    expect([answer.statusCode, answer.json()]).toEqual([400, { error: 'invalid_widget_header' }]);
  });
});

describe('the order of the checks', () => {
  it('is params, then body, then query, then headers', async () => {
    const app = widgetRoute();
    const bad = { url: '/widgets/x?limit=0', body: { name: '' }, headers: { 'x-widget-version': 'two' } };
    expect((await put(app, bad.url, bad.body, bad.headers)).json()).toMatchObject({ error: 'widget_not_found' });
    expect((await put(app, '/widgets/1?limit=0', bad.body, bad.headers)).json()).toMatchObject({ error: 'invalid_widget' });
    expect((await put(app, '/widgets/1?limit=0', { name: 'cog' }, bad.headers)).json()).toMatchObject({ error: 'invalid_query' });
    expect((await put(app, '/widgets/1', { name: 'cog' }, bad.headers)).json()).toMatchObject({ error: 'invalid_widget_header' });
  });
});

describe('a route that does not say how its body is refused', () => {
  it('does not start: the error names the route and the part', async () => {
    const app = serve((scope) => {
      scope.post('/gadgets', { schema: { body: Type.Object({ name: Type.String() }) } }, async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow('POST /gadgets: its body schema says neither how it is refused (refusing) nor that the handler checks it (checkedByHandler)');
  });

  it('hands the body to the handler as sent when the handler checks it', async () => {
    const app = serve((scope) => {
      scope.post('/gadgets', { schema: { body: checkedByHandler(Type.Object({ name: Type.String() }) as TSchema) } }, async (request) => ({ given: request.body }));
    });
    const answer = await app.inject({ method: 'POST', url: '/gadgets', headers: { 'content-type': 'application/json' }, payload: '[1]' });
    expect(answer.json()).toEqual({ given: [1] });
  });
});
