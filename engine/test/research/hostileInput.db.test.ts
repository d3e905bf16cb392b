import { type AddressInfo, connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/platform/http/server.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { client, creditState, until, useTestEngine } from '../support/engine.ts';
import { rawExchange, readResponses } from '../support/rawHttp.ts';

// No worker: jobs stay queued, so these tests see exactly what the API did.
const fixture = useTestEngine({ worker: false }, { plan: 'bdr', credits: 1000 });

const api = () => client(fixture.engine.url, fixture.customer.key);
const credits = () => creditState(fixture.engine.pool, fixture.customer.account.id);

/** A POST /research as raw bytes, with the fixture's key; the connection closes after the answer unless kept alive. */
function rawPost(headers: string, body: string, connection: 'close' | 'keep-alive' = 'close'): string {
  return `POST /research HTTP/1.1\r\nHost: engine\r\nConnection: ${connection}\r\nAuthorization: Bearer ${fixture.customer.key}\r\n` + `Content-Type: application/json\r\n${headers}\r\n${body}`;
}

async function storedEmail(researchId: unknown): Promise<string> {
  const { rows } = await fixture.engine.pool.query('SELECT email FROM research_jobs WHERE id = $1', [researchId]);
  return rows[0].email;
}

describe('POST /research: text no field may hold', () => {
  const hostile = [
    ['a NUL', '\u0000'],
    ['a lone high surrogate', '\ud800'],
    ['a lone low surrogate', '\udfff'],
    ['a line break', '\n'],
    ['a tab', '\t'],
    ['an escape sequence', '\u001b[31m'],
    ['DEL', '\u007f'],
    ['a C1 control', '\u0085'],
  ];
  const fields = [
    ['email', 'invalid_email_format', (x: string) => `ja${x}ne@example.com`],
    ['email', 'invalid_email_format', (x: string) => `jane@exa${x}mple.com`],
    ['prospect_name', 'invalid_prospect_name', (x: string) => `Jane${x}Doe`],
    ['company_name', 'invalid_company_name', (x: string) => `Example${x}Inc`],
    ['linkedin_url', 'invalid_linkedin_url', (x: string) => `https://www.linkedin.com/in/jane${x}doe`],
    ['company_linkedin_url', 'invalid_company_linkedin_url', (x: string) => `https://www.linkedin.com/company/${x}example`],
  ] as const;
  const cases = fields.flatMap(([field, code, inject]) => hostile.map(([what, text]) => [field, what, code, inject(text!)] as const));

  it.each(cases)('refuses %s holding %s with 400 %s, and takes no credit', async (field, _what, code, value) => {
    const before = await credits();
    const reply = await api().research({ email: 'jane@example.com', [field]: value });
    expect(reply).toMatchObject({ status: 400, body: { error: code } });
    expect(await credits()).toEqual(before);
  });

  it('still trims whitespace, line breaks included, from both ends', async () => {
    const reply = await api().research({ email: '\tjane@example.com\r\n', prospect_name: '\nJane Doe\n' });
    expect(reply.status).toBe(202);
    const { rows } = await fixture.engine.pool.query('SELECT email, request FROM research_jobs WHERE id = $1', [reply.body.research_id]);
    expect(rows[0]).toEqual({ email: 'jane@example.com', request: { prospect_name: 'Jane Doe' } });
  });

  it('refuses a URL longer than 2048 characters', async () => {
    const reply = await api().research({ email: 'jane@example.com', linkedin_url: `https://www.linkedin.com/in/${'j'.repeat(2048)}` });
    expect(reply).toMatchObject({ status: 400, body: { error: 'invalid_linkedin_url' } });
  });
});

describe('POST /research: the e-mail address rule', () => {
  it.each([
    ['full-width letters', 'ｊａｎｅ@ｅｘａｍｐｌｅ.ｃｏｍ', 'jane@example.com'],
    ['a ligature', 'ﬁnance@example.com', 'finance@example.com'],
    ['an internationalised domain', 'Jane@Bücher.Example', 'jane@xn--bcher-kva.example'],
    ['a domain in another script', 'jane@例え.jp', 'jane@xn--r8jz45g.jp'],
    ['an ideographic full stop', 'jane@example。com', 'jane@example.com'],
    ['a domain already in ASCII form', 'jane@XN--BCHER-KVA.example', 'jane@xn--bcher-kva.example'],
    ['a local part in another script', 'Jöhn@example.com', 'jöhn@example.com'],
  ])('accepts %s and stores the normalised address', async (_what, email, stored) => {
    const reply = await api().research({ email });
    expect(reply.status).toBe(202);
    expect(await storedEmail(reply.body.research_id)).toBe(stored);
  });

  it.each([
    ['a zero-width space in the domain', 'jane@exa\u200bmple.com'],
    ['a zero-width space in the local part', 'ja\u200bne@example.com'],
    ['a zero-width joiner', 'jane@exa\u200dmple.com'],
    ['a soft hyphen', 'jane@exa\u00admple.com'],
    ['a right-to-left override', '\u202ejane@example.com'],
    ['a byte order mark inside', 'ja\ufeffne@example.com'],
    ['a variation selector', 'jane\ufe0f@example.com'],
    ['a Hangul filler', 'jane\u3164@example.com'],
  ])('refuses an address holding %s with 400 invalid_email_format', async (_what, email) => {
    const before = await credits();
    expect(await api().research({ email })).toMatchObject({ status: 400, body: { error: 'invalid_email_format' } });
    expect(await credits()).toEqual(before);
  });

  it.each([
    ['invalid punycode', 'jane@xn--zz.example'],
    ['a percent-encoded letter', 'jane@ex%41mple.com'],
    ['an underscore', 'jane@exa_mple.com'],
    ['left-to-right and right-to-left letters in one label', 'jane@a\u05d0.example'],
    ['a label longer than 63 characters', `jane@${'a'.repeat(64)}.example`],
    ['an empty label', 'jane@example..com'],
    ['an IP literal', 'jane@[127.0.0.1]'],
    ['a numeric host', 'jane@0x7f.1'],
  ])('refuses a domain with %s with 400 invalid_email_format', async (_what, email) => {
    expect(await api().research({ email })).toMatchObject({ status: 400, body: { error: 'invalid_email_format' } });
  });

  it('treats two spellings of one address as one request: the second replays the first under its Idempotency-Key', async () => {
    const before = await credits();
    const first = await api().research({ email: 'jane@bücher.example' }, { 'idempotency-key': 'two-spellings' });
    const second = await api().research({ email: 'ＪＡＮＥ@xn--bcher-kva.example' }, { 'idempotency-key': 'two-spellings' });
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.body.research_id).toBe(first.body.research_id);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect((await credits()).used - before.used).toBe(1);
  });
});

describe('POST /research: the Idempotency-Key header', () => {
  const body = JSON.stringify({ email: 'jane@example.com' });
  const post = (idempotencyKey: string) => rawPost(`${idempotencyKey}Content-Length: ${Buffer.byteLength(body)}\r\n`, body);

  it.each([
    ['empty', 'Idempotency-Key: \r\n'],
    ['256 characters', `Idempotency-Key: ${'k'.repeat(256)}\r\n`],
    ['a space', 'Idempotency-Key: two words\r\n'],
    ['a byte outside ASCII', 'Idempotency-Key: caf\xe9\r\n'],
    ['sent twice', 'Idempotency-Key: one\r\nIdempotency-Key: two\r\n'],
  ])('answers 400 invalid_idempotency_key for a key that is %s, and takes no credit', async (_what, header) => {
    const before = await credits();
    const { responses } = await rawExchange(fixture.engine.url, Buffer.from(post(header), 'latin1'));
    expect(responses).toHaveLength(1);
    expect(responses[0]).toMatchObject({ status: 400, body: '{"error":"invalid_idempotency_key"}' });
    expect(await credits()).toEqual(before);
  });

  it('answers 400 malformed_request for a key with a NUL, which Node refuses before the engine reads it', async () => {
    const { responses, closed } = await rawExchange(fixture.engine.url, post('Idempotency-Key: a\u0000b\r\n'));
    expect(responses).toEqual([expect.objectContaining({ status: 400, body: '{"error":"malformed_request"}' })]);
    expect(closed).toBe(true);
  });
});

describe('GET /research-status/{research_id}: paths', () => {
  it.each([
    ['an id of 101 characters', `/research-status/${'a'.repeat(101)}`],
    ['an id of 5000 characters', `/research-status/${'a'.repeat(5000)}`],
    ['a malformed percent-encoding', '/research-status/%zz'],
    ['an encoded lone surrogate', '/research-status/%ED%A0%80'],
    ['an encoded NUL', '/research-status/%00'],
  ])('answers 404 not_found for %s', async (_what, path) => {
    expect(await api().request('GET', path)).toMatchObject({ status: 404, body: { error: 'not_found' } });
  });

  it('answers 404 not_found for a path that cannot be decoded, before the key is checked', async () => {
    expect(await client(fixture.engine.url).request('GET', '/res%zzearch')).toMatchObject({ status: 404, body: { error: 'not_found' } });
  });

  it.each(['PUT', 'PATCH', 'DELETE', 'OPTIONS'])('answers 404 not_found for %s /research', async (method) => {
    expect(await api().request(method, '/research', { body: { email: 'jane@example.com' } })).toMatchObject({ status: 404, body: { error: 'not_found' } });
  });

  it('answers HEAD as GET, without a body', async () => {
    const accepted = await api().research({ email: 'jane@example.com' });
    const found = await fetch(`${fixture.engine.url}/research-status/${accepted.body.research_id}`, { method: 'HEAD', headers: { authorization: `Bearer ${fixture.customer.key}` } });
    expect(found.status).toBe(200);
    expect(await found.text()).toBe('');
    const missing = await fetch(`${fixture.engine.url}/research-status/nope`, { method: 'HEAD', headers: { authorization: `Bearer ${fixture.customer.key}` } });
    expect(missing.status).toBe(404);
  });
});

describe('requests Node refuses before the engine reads them', () => {
  const body = JSON.stringify({ email: 'jane@example.com' });

  it('reads a body longer than its Content-Length as a body of that length (here 400 invalid_json), and closes the connection', async () => {
    const before = await credits();
    const { responses, closed } = await rawExchange(fixture.engine.url, rawPost('Content-Length: 10\r\n', body, 'keep-alive'));
    expect(responses).toEqual([expect.objectContaining({ status: 400, body: '{"error":"invalid_json"}' })]);
    expect(closed).toBe(true);
    expect(await credits()).toEqual(before);
  });

  it('answers a whole request before the malformed bytes that follow it, so the caller sees the credit it was charged', async () => {
    const before = await credits();
    const { responses, closed } = await rawExchange(fixture.engine.url, rawPost(`Content-Length: ${body.length}\r\n`, `${body}garbage\r\n\r\n`, 'keep-alive'));
    expect(responses.map(({ status }) => status)).toEqual([202, 400]);
    expect(JSON.parse(responses[0]!.body)).toMatchObject({ status: 'processing' });
    expect(responses[1]!.body).toBe('{"error":"malformed_request"}');
    expect(responses[1]!.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', connection: 'close' });
    expect(closed).toBe(true);
    expect((await credits()).used - before.used).toBe(1);
  });

  it.each([
    ['a Content-Length that is not a number', () => rawPost('Content-Length: ten\r\n', body)],
    ['both Content-Length and Transfer-Encoding', () => rawPost(`Content-Length: ${body.length}\r\nTransfer-Encoding: chunked\r\n`, body)],
    ['a chunk size that is not hexadecimal', () => rawPost('Transfer-Encoding: chunked\r\n', 'zz\r\n{}\r\n0\r\n\r\n')],
    ['bytes that are not HTTP', () => '\u0000\u0001hello\r\n\r\n'],
    ['an HTTP/2 preface', () => 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'],
  ])('answers 400 malformed_request to %s', async (_what, bytes) => {
    const { responses, closed } = await rawExchange(fixture.engine.url, bytes());
    expect(responses).toEqual([expect.objectContaining({ status: 400, body: '{"error":"malformed_request"}' })]);
    expect(closed).toBe(true);
  });

  it('answers 431 headers_too_large to headers above 16 KiB', async () => {
    const { responses } = await rawExchange(fixture.engine.url, `GET /research-status/x HTTP/1.1\r\nHost: engine\r\nX-Padding: ${'p'.repeat(20_000)}\r\n\r\n`);
    expect(responses).toEqual([expect.objectContaining({ status: 431, body: '{"error":"headers_too_large"}' })]);
  });

  it('answers 413 payload_too_large to a chunk extension too long to read', async () => {
    const { responses } = await rawExchange(fixture.engine.url, rawPost('Transfer-Encoding: chunked\r\n', `2;${'x'.repeat(20_000)}\r\n{}\r\n0\r\n\r\n`));
    expect(responses).toEqual([expect.objectContaining({ status: 413, body: '{"error":"payload_too_large"}' })]);
  });

  it('answers 417 expectation_failed to an Expect header other than 100-continue', async () => {
    const { responses } = await rawExchange(fixture.engine.url, rawPost(`Expect: gold\r\nContent-Length: ${body.length}\r\n`, body));
    expect(responses).toEqual([expect.objectContaining({ status: 417, body: '{"error":"expectation_failed"}' })]);
  });

  it('answers 404 not_found to CONNECT', async () => {
    const { responses, closed } = await rawExchange(fixture.engine.url, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(responses).toEqual([expect.objectContaining({ status: 404, body: '{"error":"not_found"}' })]);
    expect(closed).toBe(true);
  });
});

describe('the server on its own', () => {
  let server: FastifyInstance | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /**
   * The engine's HTTP server with a route that answers only when `release` is called, one that echoes
   * the body, and a note of each 503 it sends.
   */
  async function startServer(options: { requestTimeoutMs?: number } = {}) {
    const slow = Promise.withResolvers<void>();
    const released = Promise.withResolvers<void>();
    const refused = Promise.withResolvers<void>();
    const app = buildServer({
      pool: fixture.engine.pool,
      log: createLogger('silent'),
      authentication: { install: () => {}, errors: [], schemes: [] },
      routes: ({ open }) => {
        open.addHook('onSend', async (_request, reply, payload) => {
          if (reply.statusCode === 503) refused.resolve();
          return payload;
        });
        open.get('/slow', async () => {
          slow.resolve();
          await released.promise;
          return { done: true };
        });
        open.post('/echo', async (request) => request.body);
      },
      ...options,
    });
    server = app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return { app, port, url: `http://127.0.0.1:${port}`, slowArrived: slow.promise, release: released.resolve, refused: refused.promise };
  }

  it('answers 408 request_timeout to a client that stops sending its body, and closes the connection', async () => {
    const { url } = await startServer({ requestTimeoutMs: 200 });
    const { responses, closed } = await rawExchange(url, 'POST /echo HTTP/1.1\r\nHost: engine\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email"');
    expect(responses).toEqual([expect.objectContaining({ status: 408, body: '{"error":"request_timeout"}' })]);
    expect(closed).toBe(true);
  });

  it('answers 503 service_unavailable to a request that arrives on an open connection while the server closes', async () => {
    const { app, port, slowArrived, release, refused } = await startServer();
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    socket.on('data', (chunk) => (received = Buffer.concat([received, chunk])));
    const socketClosed = new Promise((resolve) => socket.on('close', resolve));
    socket.write('GET /slow HTTP/1.1\r\nHost: engine\r\n\r\n');
    await slowArrived;
    const closing = app.close();
    await until('the server stops listening', async () => !app.server.listening);
    socket.write('GET /slow HTTP/1.1\r\nHost: engine\r\n\r\n');
    await refused;
    release();
    await Promise.all([closing, socketClosed]);
    const { responses } = readResponses(received);
    expect(responses.map(({ status, body }) => ({ status, body }))).toEqual([
      { status: 200, body: '{"done":true}' },
      { status: 503, body: '{"error":"service_unavailable"}' },
    ]);
    expect(responses[1]!.headers.connection).toBe('close');
  });
});
