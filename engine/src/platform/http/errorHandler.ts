import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode } from '../errors.ts';
import { errorStatus, knownErrors } from './errorStatus.ts';

/** Fastify's own request errors, as our codes. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  // The router's: a path that cannot be percent-decoded, or a segment longer than any id, names nothing.
  FST_ERR_BAD_URL: 'not_found',
  FST_ERR_MAX_PARAM_LENGTH: 'not_found',
};

/**
 * One place where failures become responses: `{error}` with the code's status. Anything unexpected
 * is logged with the request id and answered as 500 `internal_error` with that id, never its details:
 * so is an AppError whose code no feature registered (a module that forgot its `errors`).
 * Also Fastify's `frameworkErrors` handler, for URLs its router refuses.
 */
export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): void {
  // The client closed the connection, or was cut off for being too slow, before its body was read.
  if (request.socket.destroyed) {
    request.log.info({ err: error }, 'request abandoned before it was read');
    return;
  }
  if (error instanceof AppError) {
    if (knownErrors().has(error.code)) void reply.code(errorStatus(error.code)).send(error.toBody());
    else internalError(error, request, reply, `error code ${error.code} is registered by no feature`);
    return;
  }
  const fastifyError = error as FastifyError;
  const code = (fastifyError.code && FASTIFY_CODES[fastifyError.code]) ??
    (error instanceof SyntaxError && fastifyError.statusCode === 400 ? 'invalid_json' : undefined);
  if (code) {
    void reply.code(errorStatus(code)).send({ error: code });
    return;
  }
  internalError(error, request, reply, 'request failed');
}

function internalError(error: Error, request: FastifyRequest, reply: FastifyReply, message: string): void {
  request.log.error({ err: error }, message);
  void reply.code(500).send({ error: 'internal_error', request_id: request.id });
}
