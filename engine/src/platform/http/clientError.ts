import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { errorStatus } from './errorStatus.ts';

/** Node's HTTP parser errors, as our codes; any other refusal of the parser is `malformed_request`. */
const PARSER_CODES: Record<string, ErrorCode> = {
  HPE_HEADER_OVERFLOW: 'headers_too_large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'payload_too_large',
  ERR_HTTP_REQUEST_TIMEOUT: 'request_timeout',
};

/** A connection whose request never became a Fastify request: the answer is written to the socket itself. */
interface ClientSocket extends Duplex {
  /** The response Node is writing on this connection, if any (Node's own `clientError` default reads it too). */
  _httpMessage?: ServerResponse | null;
}

/**
 * Writes `{error}` with the code's status straight to a connection and closes it: for bytes Node's
 * parser refuses (they never reach Fastify, so its error handler cannot answer them) and for requests
 * Node answers itself. As Node does, it writes nothing when a response has already begun on the
 * connection, since more bytes would corrupt it.
 */
export function answerOnSocket(socket: ClientSocket, code: ErrorCode, message?: string): void {
  if (socket.writable && !socket._httpMessage?.headersSent) {
    const status = errorStatus(code);
    const body = JSON.stringify(message === undefined ? { error: code } : { error: code, message });
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` + `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy();
}

/**
 * Fastify's `clientErrorHandler`: bytes Node's parser refused (malformed, headers too large, a request
 * too slow to arrive).
 */
export function clientErrorHandler(log: Logger) {
  return (error: Error & { code?: string }, socket: ClientSocket): void => {
    // A connection the client reset or that is already gone has no one to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const code = (error.code === undefined ? undefined : PARSER_CODES[error.code]) ?? 'malformed_request';
    log.debug({ err: error, code }, 'request refused by the HTTP parser');
    socket.pause();
    answerAfterWholeRequests(socket, code);
  };
}

/**
 * Unlike Node's default, requests that arrived whole before the bad bytes (a body longer than its
 * Content-Length leaves such bytes behind) are answered first, in order: a caller is never charged for
 * a request whose answer it did not get. A request still arriving when the bytes went wrong is the one
 * they broke, and gets this answer.
 */
function answerAfterWholeRequests(socket: ClientSocket, code: ErrorCode): void {
  const earlier = socket._httpMessage;
  if (earlier?.req.complete && !earlier.writableFinished) {
    earlier.once('finish', () => answerAfterWholeRequests(socket, code));
    return;
  }
  answerOnSocket(socket, code);
}

/**
 * Whether a request lacks the `Host` header HTTP/1.1 requires (RFC 9112, 3.2). Node would answer such
 * a request itself, with an empty 400 (its `requireHostHeader`); the server turns that off and answers
 * it in its own words (`malformed_request`) instead. HTTP/1.0 needs no Host.
 */
export function missingHost(request: IncomingMessage): boolean {
  return request.httpVersionMajor === 1 && request.httpVersionMinor === 1 && request.headers.host === undefined;
}
