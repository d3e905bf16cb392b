import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { Pool } from '../../../src/platform/database/database.ts';
import { AppError, type ErrorCode } from '../../../src/platform/errors.ts';
import { errorStatus, knownErrors, registerErrors } from '../../../src/platform/http/errorStatus.ts';
import { buildServer } from '../../../src/platform/http/server.ts';
import type { Logger } from '../../../src/platform/logger.ts';

/** A feature's own codes, declared as a feature's `errors.ts` does. */
const TEAPOT_ERRORS = { teapot_refused: 418 } as const;
type TeapotErrors = typeof TEAPOT_ERRORS;
declare global {
  namespace ProspectEngine {
    interface ErrorCodes extends TeapotErrors {}
  }
}

/** A server whose one route throws `error`, logging into `lines`. */
function serverThrowing(error: AppError, lines: Record<string, unknown>[]) {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return buildServer({
    pool: {} as Pool,
    log: pino({ level: 'info' }, sink) as Logger,
    authentication: { install: () => {}, errors: [], schemes: [] },
    routes: ({ open }) => {
      open.get('/throw', async () => {
        throw error;
      });
    },
  });
}

let server: ReturnType<typeof buildServer> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('error codes and their statuses', () => {
  it("knows the platform's codes from the start", () => {
    expect(errorStatus('missing_api_key')).toBe(401);
    expect(errorStatus('credits_exhausted')).toBe(429);
    expect(errorStatus('headers_too_large')).toBe(431);
    expect(knownErrors().get('invalid_json')).toBe(400);
  });

  it("answers a feature's code with the status it registered, and its details", async () => {
    registerErrors(TEAPOT_ERRORS);
    expect(errorStatus('teapot_refused')).toBe(418);
    expect(knownErrors().get('teapot_refused')).toBe(418);
    server = serverThrowing(new AppError('teapot_refused', { message: 'coffee only' }), []);
    const answer = await server.inject({ method: 'GET', url: '/throw' });
    expect(answer.statusCode).toBe(418);
    expect(answer.json()).toEqual({ error: 'teapot_refused', message: 'coffee only' });
  });

  it('takes a code registered again with its status, and refuses another status for it', () => {
    registerErrors(TEAPOT_ERRORS);
    registerErrors(TEAPOT_ERRORS);
    expect(() => registerErrors({ teapot_refused: 400 })).toThrow('error code teapot_refused is declared with status 418 and 400');
    expect(() => registerErrors({ not_found: 410 })).toThrow('error code not_found is declared with status 404 and 410');
    expect(errorStatus('teapot_refused')).toBe(418);
    expect(errorStatus('not_found')).toBe(404);
  });

  it('answers a code no feature registered as 500 internal_error, with a log line naming it', async () => {
    const unregistered = 'never_registered' as ErrorCode;
    expect(errorStatus(unregistered)).toBe(500);
    expect(knownErrors().has(unregistered)).toBe(false);
    const lines: Record<string, unknown>[] = [];
    server = serverThrowing(new AppError(unregistered, { secret: 'not for the caller' }), lines);
    const answer = await server.inject({ method: 'GET', url: '/throw' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({ error: 'internal_error', request_id: expect.any(String) as string });
    const logged = lines.find((line) => line.level === 50);
    expect(logged).toMatchObject({ msg: 'error code never_registered is registered by no feature', reqId: answer.json<{ request_id: string }>().request_id });
    // The server goes on answering.
    expect((await server.inject({ method: 'GET', url: '/nowhere' })).json()).toEqual({ error: 'not_found' });
  });
});
