import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  /** Header names lower-cased; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: string;
}

export interface RawExchange {
  /** Every complete response read, in order (interim `100 Continue` answers left out). */
  responses: RawResponse[];
  /** Bytes after the last complete response: a response cut short, or one this reader cannot frame. */
  leftover: string;
  /** The server closed the connection before the time was up. */
  closed: boolean;
}

/**
 * Sends bytes exactly as given on a new connection to the server at `baseUrl` and reads what comes
 * back until the server closes the connection, `expect` responses have arrived, or `timeoutMs` has
 * passed (then `closed` is false). For requests no HTTP client would send.
 */
export function rawExchange(baseUrl: string, bytes: string | Buffer, options: { timeoutMs?: number; expect?: number } = {}): Promise<RawExchange> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    let received = Buffer.alloc(0);
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...readResponses(received), closed });
    };
    const timer = setTimeout(() => finish(false), options.timeoutMs ?? 5000);
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (options.expect !== undefined && readResponses(received).responses.length >= options.expect) finish(true);
    });
    socket.on('close', () => finish(true));
    // A server that closes while we still write resets the connection; what it answered is still read.
    socket.on('error', () => {});
    socket.write(bytes);
  });
}

/** Splits HTTP/1.1 responses framed by Content-Length (the only framing the engine uses). */
export function readResponses(data: Buffer): Omit<RawExchange, 'closed'> {
  const responses: RawResponse[] = [];
  let rest = data;
  for (;;) {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd < 0) break;
    const [statusLine = '', ...lines] = rest.subarray(0, headEnd).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3}) /.exec(statusLine)?.[1]);
    if (!status) break;
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    if (headers['transfer-encoding']) break;
    const length = Number(headers['content-length'] ?? 0);
    const bodyStart = headEnd + 4;
    if (rest.length < bodyStart + length) break;
    if (status !== 100) responses.push({ status, headers, body: rest.subarray(bodyStart, bodyStart + length).toString('utf8') });
    rest = rest.subarray(bodyStart + length);
  }
  return { responses, leftover: rest.toString('latin1') };
}
