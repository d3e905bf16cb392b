import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../src/platform/errors.ts';
import { errorStatus, knownErrors } from '../../src/platform/http/errorStatus.ts';
import { errorBodySchema, researchAcceptedSchema, researchListSchema, researchStatusSchema } from '../../src/research/contract.ts';
import { type Customer, createCustomer, creditState, useTestEngine } from '../support/engine.ts';
import { rawExchange } from '../support/rawHttp.ts';

/**
 * The API as a hostile client sees it: seeded random requests (bodies, headers, paths, raw bytes)
 * against a running engine. Whatever is sent, no answer is a 5xx, none takes longer than
 * TIMEOUT_MS, every answer is the documented shape, and only accepted requests take a credit.
 * Set FUZZ_SEED to replay a run, FUZZ_RUNS for more runs per property.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
const TIMEOUT_MS = 5000;

// No worker: accepted jobs stay queued, so the ledger shows exactly what the API did.
const fixture = useTestEngine({ worker: false }, { plan: 'bdr', credits: 100_000 });

const AUTH_CODES: ErrorCode[] = ['missing_api_key', 'invalid_key', 'missing_key_id'];
/** What Node answers before a request reaches an endpoint, and unknown paths and methods. */
const TRANSPORT_CODES: ErrorCode[] = ['malformed_request', 'headers_too_large', 'request_timeout', 'expectation_failed', 'payload_too_large', 'not_found'];
const POST_CODES: ErrorCode[] = [
  ...AUTH_CODES,
  ...TRANSPORT_CODES,
  'missing_email',
  'invalid_email_format',
  'invalid_prospect_name',
  'invalid_company_name',
  'invalid_linkedin_url',
  'invalid_company_linkedin_url',
  'invalid_body',
  'invalid_json',
  'invalid_idempotency_key',
  'idempotency_key_reused',
  'unsupported_media_type',
  'credits_exhausted',
  'trial_limit_reached',
];
/** Any method on a research-status path; a body on a path with no endpoint is still parsed. */
const STATUS_PATH_CODES: ErrorCode[] = [...AUTH_CODES, ...TRANSPORT_CODES, 'invalid_json', 'unsupported_media_type'];

const ajv = new Ajv({ strict: true });
const isAccepted = ajv.compile(researchAcceptedSchema);
const isStatus = ajv.compile(researchStatusSchema);
const isList = ajv.compile(researchListSchema);
const isErrorBody = ajv.compile(errorBodySchema);

interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  body: string;
}

/** Fails the run unless the answer is one docs/api.md documents for `codes`. */
function expectDocumented(answer: Answer, codes: ErrorCode[], what: string): void {
  const context = `${what} answered ${answer.status} ${answer.body}`;
  expect(answer.status, context).toBeLessThan(500);
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  if (answer.status === 202) {
    expect(isAccepted(body), context).toBe(true);
    expect(answer.headers.location, context).toBe(`/research-status/${body.research_id}`);
    return;
  }
  if (answer.status === 200) {
    // GET /research-status/{id} or, with a path of /research, GET /research (the history).
    expect(isStatus(body) || isList(body), context).toBe(true);
    return;
  }
  expect(isErrorBody(body), context).toBe(true);
  expect(codes, context).toContain(body.error);
  expect(answer.status, context).toBe(errorStatus(body.error as ErrorCode));
  expect(Object.keys(body).sort(), context).toEqual(answer.status === 429 ? ['error', 'limit', 'used'] : ['error']);
}

/** Characters that have broken parsers, validators and PostgreSQL: NUL, lone surrogates, controls, invisibles, look-alikes. */
const hostileChar = fc.constantFrom(
  '\u0000',
  '\ud800',
  '\udfff',
  '\u0001',
  '\u001b',
  '\u007f',
  '\u0085',
  '\n',
  '\r',
  '\t',
  ' ',
  '\u00a0',
  '\u3000',
  '\u200b',
  '\u200d',
  '\u202e',
  '\ufeff',
  '\u00ad',
  '\ufe0f',
  '\u3164',
  'ｊ',
  '。',
  'ﬁ',
  'ß',
  'ü',
  '例',
  '😀',
  '\u05d0',
  '@',
  '%',
  '"',
  '\\',
  '<',
  '.',
  '-',
  '_',
  ':',
  '/',
  '?',
  '#',
  'xn--',
);
const hostileText = fc.string({ unit: fc.oneof({ arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 3 }, hostileChar), maxLength: 30 });

/** `text` with hostile pieces spliced in at random places. */
const spliced = (text: fc.Arbitrary<string>) =>
  fc
    .tuple(text, fc.array(fc.tuple(fc.nat(), hostileText), { maxLength: 3 }))
    .map(([base, inserts]) => inserts.reduce((value, [at, piece]) => value.slice(0, at % (value.length + 1)) + piece + value.slice(at % (value.length + 1)), base));

/** A field's value: usually a plausible one, often spoiled, sometimes not a string at all. */
const fieldValue = (plausible: fc.Arbitrary<string>) =>
  fc.oneof(
    { arbitrary: plausible, weight: 10 },
    { arbitrary: spliced(plausible), weight: 3 },
    { arbitrary: hostileText, weight: 1 },
    { arbitrary: fc.string({ unit: 'binary', minLength: 190, maxLength: 2100 }), weight: 1 },
    { arbitrary: fc.constantFrom(null, '', '   ', 0, true, [], {}), weight: 1 },
  );

const email = fc.oneof(
  fc.emailAddress(),
  fc.emailAddress().map((address) => address.toUpperCase()),
  fc.constantFrom('jane@example.com', 'jane@bücher.example', 'ｊａｎｅ@ｅｘａｍｐｌｅ.ｃｏｍ', 'jane@例え.jp', 'jane@xn--bcher-kva.example'),
);
const name = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 });
const url = fc.webUrl({ withQueryParameters: true, withFragments: true });

const researchBody = fc.record(
  {
    email: fieldValue(email),
    prospect_name: fieldValue(name),
    company_name: fieldValue(name),
    linkedin_url: fieldValue(url),
    company_linkedin_url: fieldValue(url),
    unknown_field: fc.jsonValue(),
  },
  { requiredKeys: ['email'] },
);

/** A header value Node's client sends: bytes 0x20 to 0xFF but DEL, without surrounding spaces (raw bytes try the rest). */
const headerText = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0xfe }).map((code) => String.fromCharCode(code < 0x7f ? code : code + 1)), maxLength }).map((text) => text.trim());

const authorization = (key: string) =>
  fc.oneof(
    { arbitrary: fc.constant(`Bearer ${key}`), weight: 8 },
    { arbitrary: fc.constantFrom(`bearer\t${key}`, `BEARER ${key}   `, 'Bearer', 'Basic amFuZTpzZWNyZXQ=', `Bearer ${key}x`, `Bearer pr_live_${'A'.repeat(42)}`), weight: 2 },
    { arbitrary: headerText(80).map((text) => `Bearer ${text}`), weight: 1 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );

const contentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 8 },
  {
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/json; charset=latin1',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json, text/plain',
      '',
    ),
    weight: 2,
  },
  { arbitrary: headerText(40), weight: 1 },
  { arbitrary: fc.constant(undefined), weight: 1 },
);

const idempotencyKey = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 }).map((text) => text.trim()), weight: 2 },
  { arbitrary: headerText(300), weight: 1 },
);

/** The body as sent: JSON of a research body (usually), of any JSON value, or text that may not be JSON. */
const payload = fc.oneof(
  { arbitrary: researchBody.map((body) => JSON.stringify(body)), weight: 8 },
  { arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)), weight: 1 },
  {
    arbitrary: fc.oneof(
      hostileText,
      fc.constantFrom('{"email":', '{"__proto__":{"x":1},"email":"jane@example.com"}', '[]', 'null', '', `{"email": "jane@example.com", "x": ${'['.repeat(8000)}${']'.repeat(8000)}}`),
    ),
    weight: 1,
  },
  { arbitrary: fc.constant(undefined), weight: 1 },
);

/** A path for GET /research-status/{id}: ids that exist, ids of another account, and anything a client could put there. */
const statusSegment = (ids: () => string[], othersId: () => string) =>
  fc.oneof(
    fc.nat().map((index) => ids()[index % ids().length]!),
    fc.constant(null).map(() => othersId()),
    fc.uuid(),
    fc.uuid().map((id) => id.toUpperCase()),
    fc.string({ unit: fc.integer({ min: 0x21, max: 0xff }).map((code) => String.fromCharCode(code)), maxLength: 60 }),
    fc.string({ unit: fc.constantFrom('%', '0', 'f', 'F', 'e', 'd', '8', 'z', '/', '.', '?', '#', 'a'), maxLength: 20 }),
    fc.string({ unit: 'binary', maxLength: 12 }).map((text) => [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')),
    fc.integer({ min: 90, max: 6000 }).map((length) => 'a'.repeat(length)),
  );

/** Sends a request with Node's client, path and header bytes as given. */
function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(fixture.engine.url, { method, path, headers, timeout: TIMEOUT_MS }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

describe(`fuzz (seed ${SEED}, ${RUNS} runs a property)`, () => {
  let other: Customer;
  let othersJob: string;
  const ownJobs: string[] = [];

  beforeAll(async () => {
    console.log(`fuzz seed ${SEED} (FUZZ_SEED=${SEED} replays this run)`);
    other = await createCustomer(fixture.engine.pool, { plan: 'bdr' });
    const reply = await send('POST', '/research', { authorization: `Bearer ${other.key}`, 'content-type': 'application/json' }, JSON.stringify({ email: 'other@example.com' }));
    othersJob = JSON.parse(reply.body).research_id;
    const own = await send('POST', '/research', { authorization: `Bearer ${fixture.customer.key}`, 'content-type': 'application/json' }, JSON.stringify({ email: 'own@example.com' }));
    ownJobs.push(JSON.parse(own.body).research_id);
  });

  /** The account's credits used, ledger debits and jobs. */
  async function ledger() {
    const { used, debits, refunds } = await creditState(fixture.engine.pool, fixture.customer.account.id);
    const { rows } = await fixture.engine.pool.query<{ jobs: number }>('SELECT count(*)::int AS jobs FROM research_jobs WHERE account_id = $1', [fixture.customer.account.id]);
    return { used, debits, refunds, jobs: rows[0]!.jobs };
  }

  /**
   * Runs `property`, which hands every answer it gets to `seen`, then checks that the account was
   * charged one credit (with one job) for each new 202 among them, and nothing for anything else.
   */
  async function expectChargedForAcceptedOnly(property: (seen: (answer: Answer) => void) => Promise<void>): Promise<void> {
    const before = await ledger();
    let accepted = 0;
    await property((answer) => {
      if (answer.status !== 202) return;
      if (answer.headers['idempotent-replayed'] === undefined) accepted++;
      ownJobs.push(JSON.parse(answer.body).research_id);
    });
    const after = await ledger();
    expect({ used: after.used - before.used, debits: after.debits - before.debits, jobs: after.jobs - before.jobs, refunds: after.refunds }).toEqual({
      used: accepted,
      debits: accepted,
      jobs: accepted,
      refunds: 0,
    });
  }

  it('documents every code it expects', () => {
    const doc = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
    for (const code of new Set([...POST_CODES, ...STATUS_PATH_CODES])) {
      expect([...knownErrors().keys()]).toContain(code);
      expect(new RegExp(`[\`"]${code}[\`"]`).test(doc), `${code} is not in docs/api.md`).toBe(true);
    }
  });

  it('POST /research: any body and headers get a documented answer, and only accepted requests take a credit', () =>
    expectChargedForAcceptedOnly((seen) =>
      fc.assert(
        fc.asyncProperty(payload, authorization(fixture.customer.key), contentType, idempotencyKey, async (body, auth, type, key) => {
          const headers: Record<string, string> = {};
          if (auth !== undefined) headers.authorization = auth;
          if (type !== undefined && body !== undefined) headers['content-type'] = type;
          if (key !== undefined) headers['idempotency-key'] = key;
          const answer = await send('POST', '/research', headers, body);
          expectDocumented(answer, POST_CODES, `POST /research ${JSON.stringify(headers)} ${JSON.stringify(body)}`);
          seen(answer);
        }),
        { seed: SEED, numRuns: RUNS },
      ),
    ));

  it("GET /research-status/{id}: any path and method get a documented answer, and only the account's own jobs are found", async () => {
    await fc.assert(
      fc.asyncProperty(
        statusSegment(
          () => ownJobs,
          () => othersJob,
        ),
        fc.oneof({ arbitrary: fc.constant('GET'), weight: 6 }, { arbitrary: fc.constantFrom('HEAD', 'DELETE', 'PUT', 'OPTIONS', 'PATCH'), weight: 1 }),
        authorization(fixture.customer.key),
        async (segment, method, auth) => {
          // Bytes above 0x7E are refused by Node's parser, whose answer has a body a HEAD client cannot read.
          const path = `/research-status/${method === 'HEAD' ? segment.replace(/[^\x21-\x7e]/g, (char) => `%${char.charCodeAt(0).toString(16)}`) : segment}`;
          const answer = await send(method, path, auth === undefined ? {} : { authorization: auth });
          const what = `${method} ${path}`;
          if (method === 'HEAD') {
            expect(answer.body, what).toBe('');
            expect(answer.status, what).toBeLessThan(500);
            return;
          }
          expectDocumented(answer, STATUS_PATH_CODES, what);
          if (segment === othersJob) expect(answer.status, what).not.toBe(200);
          if (answer.status === 200) expect(JSON.parse(answer.body).research_id, what).toBe(segment.toLowerCase());
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('raw bytes: any request line, headers and framing get documented answers, the connection ends, and only accepted requests take a credit', async () => {
    const line = fc.tuple(
      fc.oneof(
        { arbitrary: fc.constantFrom('POST', 'GET'), weight: 6 },
        fc.constantFrom('PUT', 'DELETE', 'OPTIONS', 'PATCH', 'CONNECT', 'TRACE', 'BREW', 'get', ''),
        fc.string({ unit: 'binary-ascii', maxLength: 8 }),
      ),
      fc.oneof(
        { arbitrary: fc.constant('/research'), weight: 6 },
        // A job of the account (known once the suite has started).
        fc.constant(null).map(() => `/research-status/${ownJobs[0]}`),
        fc.constantFrom('*', 'http://engine/research', '/research?x=%zz', '/research/', '//research', '/research%00', '/res%zzearch'),
        fc.string({ unit: fc.integer({ min: 0x21, max: 0xff }).map((code) => String.fromCharCode(code)), maxLength: 40 }).map((text) => `/${text}`),
      ),
      fc.oneof({ arbitrary: fc.constant('HTTP/1.1'), weight: 8 }, fc.constantFrom('HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1x', 'HTTP/9.9', '')),
    );
    const headerName = fc
      .oneof(
        { arbitrary: fc.constantFrom('Host', 'Authorization', 'Content-Type', 'Idempotency-Key', 'Expect', 'Accept', 'X-Forwarded-For', 'Content-Encoding'), weight: 6 },
        { arbitrary: fc.string({ unit: fc.constantFrom(...'abcXYZ019-_!#$%&*+.^`|~'), minLength: 1, maxLength: 12 }), weight: 2 },
        { arbitrary: fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 12 }), weight: 1 },
      )
      .filter((name) => !/[\r\n]|content-length|transfer-encoding|connection|upgrade/i.test(name));
    const headerValue = fc.oneof(
      { arbitrary: headerText(60), weight: 6 },
      { arbitrary: fc.constantFrom(`Bearer ${fixture.customer.key}`, 'application/json', '100-continue', 'gzip'), weight: 6 },
      { arbitrary: fc.string({ unit: fc.constantFrom('\u0000', '\u0001', '\u007f', '\t', 'a', '\r'), maxLength: 4 }), weight: 1 },
      { arbitrary: fc.integer({ min: 8000, max: 20_000 }).map((length) => 'v'.repeat(length)), weight: 1 },
    );
    const framing = fc.oneof(
      { arbitrary: fc.constant('exact'), weight: 4 },
      { arbitrary: fc.constant('chunked'), weight: 2 },
      { arbitrary: fc.constantFrom('longer body', 'broken chunk', 'none'), weight: 1 },
    );

    await expectChargedForAcceptedOnly((seen) =>
      fc.assert(
        fc.asyncProperty(
          line,
          fc.array(fc.tuple(headerName, headerValue), { maxLength: 3 }),
          fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, fc.constant(false)),
          payload,
          framing,
          fc.nat(20),
          async ([method, target, version], extra, withKey, body, frame, cut) => {
            const text = Buffer.from(body ?? '');
            const head = [`${method} ${target} ${version}`, 'Host: engine', 'Connection: close'];
            if (withKey) head.push(`Authorization: Bearer ${fixture.customer.key}`, 'Content-Type: application/json');
            for (const [headerName, value] of extra) head.push(`${headerName}: ${value}`);
            let payloadBytes: Buffer = Buffer.alloc(0);
            if (frame === 'exact' || frame === 'longer body') {
              // A Content-Length shorter than the body leaves bytes that read as a next request.
              head.push(`Content-Length: ${frame === 'exact' ? text.length : Math.max(0, text.length - 1 - cut)}`);
              payloadBytes = text;
            } else if (frame === 'chunked' || frame === 'broken chunk') {
              head.push('Transfer-Encoding: chunked');
              const size = frame === 'chunked' ? text.length.toString(16) : 'zz';
              payloadBytes = Buffer.concat([Buffer.from(`${size}\r\n`), text, Buffer.from('\r\n0\r\n\r\n')]);
            }
            const bytes = Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), payloadBytes]);
            const what = JSON.stringify(bytes.toString('latin1').slice(0, 600));
            const exchange = await rawExchange(fixture.engine.url, bytes, { timeoutMs: TIMEOUT_MS });
            expect(exchange.closed, `${what}: still open after ${TIMEOUT_MS} ms`).toBe(true);
            expect(exchange.leftover, `${what}: an answer cut short or not framed by Content-Length`).toBe('');
            expect(exchange.responses.length, `${what}: closed without an answer`).toBeGreaterThan(0);
            for (const response of exchange.responses) {
              expectDocumented(response, [...new Set([...POST_CODES, ...STATUS_PATH_CODES])], what);
              seen(response);
            }
          },
        ),
        { seed: SEED, numRuns: RUNS },
      ),
    );
  });
});
