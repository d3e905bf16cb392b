import { request as httpRequest } from 'node:http';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityAcceptedSchema, autopilotErrorSchema, autopilotStatsSchema, leadClosedSchema, leadDetailSchema } from '../../../src/autopilot/contract.ts';
import { unsubscribeToken } from '../../../src/autopilot/outcomes/unsubscribe.ts';
import { type ErrorCode } from '../../../src/platform/errors.ts';
import { errorStatus } from '../../../src/platform/http/errorStatus.ts';
import { Secrets } from '../../../src/platform/secrets.ts';
import { type OutcomesCustomer, SECRET_KEY, useOutcomesEngine } from './support.ts';

/**
 * The outcome endpoints as a hostile client sees them: seeded random activity bodies, contact and lead
 * ids, unsubscribe tokens, methods and content types. No answer is a 5xx; each is a documented shape.
 * FUZZ_SEED replays a run, FUZZ_RUNS runs more.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const TIMEOUT_MS = 5000;

const { fixture, newCustomer } = useOutcomesEngine();
let customer: OutcomesCustomer;
let lead: { leadId: number; contactId: string };
const secrets = new Secrets(Buffer.from(SECRET_KEY, 'base64'));

beforeAll(async () => {
  customer = await newCustomer();
  // Every stop condition off: a random activity may be recorded but never ends the lead the runs share.
  lead = await customer.lead(await customer.autopilot({ stop_conditions: { reply: false, call_connected: false, meeting_booked: false, property_changes: [] } }));
});

const ajv = new Ajv({ strict: true });
const isError = ajv.compile(autopilotErrorSchema);
const SHAPES = {
  activity: ajv.compile(activityAcceptedSchema),
  detail: ajv.compile(leadDetailSchema),
  closed: ajv.compile(leadClosedSchema),
  stats: ajv.compile(autopilotStatsSchema),
};
const CODES: ErrorCode[] = [
  'malformed_request',
  'payload_too_large',
  'not_found',
  'invalid_json',
  'unsupported_media_type',
  'invalid_activity',
  'contact_not_found',
  'lead_not_found',
  'autopilot_not_found',
];

interface Answer {
  status: number;
  type: string;
  body: string;
}

function send(method: string, path: string, body?: string, contentType = 'application/json', key: string | null = customer.customer.key): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
    if (body !== undefined) headers['content-type'] = contentType;
    const request = httpRequest(fixture.engine.url, { method, path, headers, timeout: TIMEOUT_MS }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

function expectDocumented(answer: Answer, success: (body: unknown) => boolean, what: string): void {
  const context = `${what} answered ${answer.status} ${answer.body.slice(0, 500)}`;
  expect(answer.status, context).toBeLessThan(500);
  if (answer.status >= 200 && answer.status < 300) {
    expect(success(JSON.parse(answer.body)), context).toBe(true);
    return;
  }
  const body = JSON.parse(answer.body) as { error: ErrorCode };
  expect(isError(body), context).toBe(true);
  expect(CODES, context).toContain(body.error);
  expect(answer.status, context).toBe(errorStatus(body.error));
}

const hostileChar = fc.constantFrom('\u0000', '\ud800', '\udfff', '\u0001', '\u001b', '\u007f', '\u0085', '\n', '\r\n', '\t', ' ', '\u200b', '\u202e', '\ufeff', 'ß', '😀', '%', '"', '\\', '/', '.');
const hostileText = fc.string({ unit: fc.oneof({ arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 3 }, hostileChar), maxLength: 20 });
const spoiled = fc.oneof(
  { arbitrary: hostileText, weight: 4 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: fc.constantFrom(null, '', '   ', 0, -1, 1e308, true, [], {}, 'x'.repeat(20_000), '2030-02-30T10:00:00Z', '9999-12-31T23:59:59Z', '0000-01-01T00:00:00Z'), weight: 2 },
);
const percentEncoded = (text: string) => [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

const FIELDS = ['type', 'occurred_at', 'id', 'connected', 'disposition', 'text', 'subject', 'headers', '__proto__', 'other'];
/** Header fields as a client may send them: odd names, values and lists, and ones that mark an auto-reply. */
const headers = fc.dictionary(
  fc.oneof(hostileText, fc.constantFrom('Auto-Submitted', 'auto-submitted', 'Precedence', 'Return-Path', 'X-Autoreply', '__proto__')),
  fc.oneof(hostileText, fc.array(hostileText, { maxLength: 3 }), fc.constantFrom('auto-replied', 'no', 'bulk', '<>', '')),
  { maxKeys: 4 },
);
const activityBody = fc.oneof(
  {
    arbitrary: fc
      .record({
        type: fc.constantFrom('call', 'meeting', 'email_reply'),
        changes: fc.array(fc.tuple(fc.constantFrom(...FIELDS), fc.oneof({ arbitrary: spoiled, weight: 4 }, headers)), { maxLength: 3 }),
      })
      .map(({ type, changes }) => {
        const body: Record<string, unknown> = { type, occurred_at: '2031-01-01T00:00:00Z' };
        for (const [field, value] of changes) Object.defineProperty(body, field, { value, enumerable: true, writable: true, configurable: true });
        return JSON.stringify(body);
      }),
    weight: 8,
  },
  { arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)), weight: 1 },
  { arbitrary: fc.oneof(hostileText, fc.constantFrom('{"type":', 'null', '', '[]')), weight: 1 },
);

const idSegment = fc.oneof(
  fc.constantFrom('c-1', 'C-1', '%00', '%20', '..', '%2F', '0', '-1', '1e3', '99999999999999999999', '9007199254740993'),
  fc.integer({ min: 1, max: 2 ** 40 }).map(String),
  fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 40 }).map((text) => text.replace(/[/?#%]/g, '')),
  hostileText.map(percentEncoded),
  fc.integer({ min: 90, max: 2000 }).map((length) => 'n'.repeat(length)),
);

describe(`the outcome endpoints under hostile input (seed ${SEED}, ${RUNS} runs a property)`, () => {
  it('POST /autopilot/contacts/{id}/activities: any body, id and content type get a documented answer', async () => {
    const type = fc.oneof({ arbitrary: fc.constant('application/json'), weight: 9 }, fc.constantFrom('text/plain', 'application/x-www-form-urlencoded'));
    await fc.assert(
      fc.asyncProperty(activityBody, fc.oneof({ arbitrary: fc.constant(lead.contactId), weight: 2 }, idSegment), type, async (body, id, contentType) => {
        const path = `/autopilot/contacts/${id}/activities`;
        expectDocumented(await send('POST', path, body, contentType), SHAPES.activity, `POST ${path} ${body.slice(0, 300)}`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('GET /autopilot/leads/{id} and POST /autopilot/leads/{id}/close: any id gets a documented answer', async () => {
    await fc.assert(
      // Never the shared lead's own id: closing it would end the lead the other runs use.
      fc.asyncProperty(
        idSegment.filter((id) => id !== String(lead.leadId)),
        fc.boolean(),
        async (id, close) => {
          const path = close ? `/autopilot/leads/${id}/close` : `/autopilot/leads/${id}`;
          expectDocumented(await send(close ? 'POST' : 'GET', path), close ? SHAPES.closed : SHAPES.detail, path);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    expectDocumented(await send('GET', `/autopilot/leads/${lead.leadId}`), SHAPES.detail, 'the lead');
  });

  it('GET /autopilots/{name}/stats: any name gets a documented answer', async () => {
    await fc.assert(
      fc.asyncProperty(idSegment, async (name) => {
        expectDocumented(await send('GET', `/autopilots/${name}/stats`), SHAPES.stats, name);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('/unsubscribe/{token}: any token, method, body and content type get a page or an error below 500, and never end the lead', async () => {
    const good = unsubscribeToken(secrets, lead.leadId);
    const token = fc.oneof(
      idSegment,
      fc.constantFrom(`${lead.leadId}.`, `.${good.split('.')[1]}`, `${good}.`, good.toUpperCase(), `${lead.leadId}.${good.split('.')[1]!.slice(1)}=`),
      fc.string({ unit: fc.constantFrom(...'0123456789.abcXYZ-_'.split('')), maxLength: 80 }),
    );
    const method = fc.constantFrom('GET', 'POST', 'HEAD', 'PUT', 'DELETE');
    const contentType = fc.constantFrom('application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json', 'text/plain', 'image/png');
    const body = fc.oneof(fc.constant(undefined), fc.constant('List-Unsubscribe=One-Click'), hostileText, fc.constant('x'.repeat(10_000)));
    await fc.assert(
      fc.asyncProperty(token, method, contentType, body, async (segment, verb, type, payload) => {
        const answer = await send(verb, `/unsubscribe/${segment}`, payload, type, null);
        expect(answer.status, `${verb} /unsubscribe/${segment} answered ${answer.status} ${answer.body.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
        expect(answer.status, `${verb} /unsubscribe/${segment} answered ${answer.status} ${answer.body.slice(0, 300)}`).toBeLessThan(500);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    const { rows } = await fixture.engine.pool.query('SELECT outcome FROM autopilot_leads WHERE id = $1', [lead.leadId]);
    expect(rows[0]).toEqual({ outcome: 'Active' });
  });

  it('leaves the API-key routes JSON only: a form body there is still 415', async () => {
    const answer = await send('POST', '/autopilot/contacts', 'contacts=1', 'application/x-www-form-urlencoded');
    expect(answer.status).toBe(415);
  });
});
