import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  autopilotErrorSchema,
  autopilotListSchema,
  autopilotSettingsSchema,
  autopilotViewSchema,
  contactRoutingSchema,
  contactsAcceptedSchema,
  leadListSchema,
  previewSchema,
  contactRemovedSchema,
  contactErasedSchema,
  propertiesAcceptedSchema,
  propertiesSeenSchema,
} from '../../src/autopilot/contract.ts';
import { routeDueContacts } from '../../src/autopilot/routing/route.ts';
import type { ErrorCode } from '../../src/platform/errors.ts';
import { systemClock } from '../../src/platform/time.ts';
import { errorStatus, knownErrors } from '../../src/platform/http/errorStatus.ts';
import { useTestEngine } from '../support/engine.ts';
import { emeaSaas } from './support.ts';

/**
 * The Autopilot API as a hostile client sees it: seeded random documents, orders, settings and names,
 * spoiled with text PostgreSQL cannot store, wrong types and raw garbage. Whatever is sent, no answer
 * is a 5xx, and every answer is a documented shape with a code docs/autopilot.md lists.
 * FUZZ_SEED replays a run, FUZZ_RUNS runs more.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const TIMEOUT_MS = 5000;

const fixture = useTestEngine({ worker: false });

const AUTH_CODES: ErrorCode[] = ['missing_api_key', 'invalid_key', 'missing_key_id'];
const TRANSPORT_CODES: ErrorCode[] = ['malformed_request', 'headers_too_large', 'request_timeout', 'payload_too_large', 'not_found', 'invalid_json', 'unsupported_media_type'];
const CODES: ErrorCode[] = [
  ...AUTH_CODES,
  ...TRANSPORT_CODES,
  'invalid_autopilot',
  'invalid_autopilot_order',
  'invalid_autopilot_settings',
  'autopilot_not_found',
  'invalid_query',
  'invalid_contacts',
  'invalid_properties',
  'contact_not_found',
];

const ajv = new Ajv({ strict: true });
const isView = ajv.compile(autopilotViewSchema);
const isList = ajv.compile(autopilotListSchema);
const isSettings = ajv.compile(autopilotSettingsSchema);
const isError = ajv.compile(autopilotErrorSchema);
const isAccepted = ajv.compile(contactsAcceptedSchema);
const isRouting = ajv.compile(contactRoutingSchema);
const isLeadList = ajv.compile(leadListSchema);
const isPreview = ajv.compile(previewSchema);
const isPropertiesAccepted = ajv.compile(propertiesAcceptedSchema);
const isRemoved = ajv.compile(contactRemovedSchema);
const isErased = ajv.compile(contactErasedSchema);
const isPropertiesSeen = ajv.compile(propertiesSeenSchema);

interface Answer {
  status: number;
  body: string;
}

function send(method: string, path: string, body?: string, contentType = 'application/json', key = fixture.customer.key): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${key}` };
    if (body !== undefined) headers['content-type'] = contentType;
    const request = httpRequest(fixture.engine.url, { method, path, headers, timeout: TIMEOUT_MS }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** Fails the run unless the answer is documented: a view, a list or settings on success, else a listed code with its status. */
function expectDocumented(answer: Answer, success: (body: unknown) => boolean, what: string): void {
  const context = `${what} answered ${answer.status} ${answer.body.slice(0, 500)}`;
  expect(answer.status, context).toBeLessThan(500);
  if (answer.status === 200 || answer.status === 201 || answer.status === 202) {
    expect(success(JSON.parse(answer.body)), context).toBe(true);
    return;
  }
  const body = JSON.parse(answer.body) as { error: ErrorCode };
  expect(isError(body), context).toBe(true);
  expect(CODES, context).toContain(body.error);
  expect(answer.status, context).toBe(errorStatus(body.error));
}

const hostileChar = fc.constantFrom(
  '\u0000',
  '\ud800',
  '\udfff',
  '\u0001',
  '\u001b',
  '\u007f',
  '\u0085',
  '\n',
  '\r\n',
  '\t',
  ' ',
  '\u200b',
  '\u202e',
  '\ufeff',
  'ｊ',
  'ß',
  '😀',
  '%',
  '"',
  '\\',
  '/',
  ';',
  '~',
);
const hostileText = fc.string({ unit: fc.oneof({ arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 3 }, hostileChar), maxLength: 20 });

/** A value replacing a field: often plausible text spoiled, sometimes any JSON at all. */
const spoiled = fc.oneof(
  { arbitrary: hostileText, weight: 4 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: fc.constantFrom(null, '', '   ', 0, -1, 1e308, 1.5, true, [], {}, [[]], 'x'.repeat(3000)), weight: 2 },
);

/** A path into the example document, as keys: where to put a spoiled value. */
const FIELD_PATHS: (string | number)[][] = [
  ['name'],
  ['enabled'],
  ['fallback'],
  ['filter'],
  ['filter', 'match'],
  ['filter', 'rules'],
  ['filter', 'rules', 0],
  ['filter', 'rules', 0, 'property'],
  ['filter', 'rules', 0, 'operator'],
  ['filter', 'rules', 0, 'values'],
  ['filter', 'rules', 0, 'values', 0],
  ['filter', 'rules', 1, 'values', 1],
  ['filter', 'rules', 2],
  ['channels'],
  ['channels', 0],
  ['tone'],
  ['goal'],
  ['goal', 'type'],
  ['goal', 'calendar_link'],
  ['goal', 'questions'],
  ['lead_origin'],
  ['threading'],
  ['sequence'],
  ['sequence', 0],
  ['sequence', 0, 'day'],
  ['sequence', 0, 'channel'],
  ['sequence', 0, 'kind'],
  ['sequence', 0, 'angle'],
  ['sequence', 0, 'subject_angle'],
  ['sequence', 0, 'signals'],
  ['sequence', 1],
  ['stop_conditions'],
  ['stop_conditions', 'reply'],
  ['stop_conditions', 'property_changes', 0, 'value'],
  ['__proto__'],
  ['unknown field'],
];

function setAt(target: Record<string, unknown>, path: (string | number)[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(target);
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = typeof key === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  }
  Object.defineProperty(node, path.at(-1)!, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

const spoiledDocument = fc
  .array(fc.tuple(fc.constantFrom(...FIELD_PATHS), spoiled), { maxLength: 3 })
  .map((changes) => changes.reduce((document, [path, value]) => setAt(document, path, value), emeaSaas({ name: 'Target' }) as Record<string, unknown>));

/** The body as sent: a spoiled document (usually), any JSON, or text that may not be JSON. */
const documentPayload = fc.oneof(
  { arbitrary: spoiledDocument.map((document) => JSON.stringify(document)), weight: 8 },
  { arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)), weight: 1 },
  { arbitrary: fc.oneof(hostileText, fc.constantFrom('{"name":', '[[[[[[[[[[', '{"__proto__":{"x":1}}', '{"name":"a","name":"b"}', 'null', '')), weight: 1 },
);

/** A name segment of a path: real names, their case variants, and anything a client could put there. */
const nameSegment = fc.oneof(
  fc.constantFrom('Target', 'TARGET', 'EMEA%20SaaS', 'order', 'Order', '%20', '%00', '%C2%85', '%E2%80%8B', '..', '.', '%2F', 'a%2Fb'),
  fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 40 }).map((text) => text.replace(/[/?#]/g, '')),
  fc.string({ unit: 'binary', maxLength: 12 }).map((text) => [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')),
  fc.integer({ min: 90, max: 2000 }).map((length) => 'n'.repeat(length)),
);

describe(`the Autopilot API under hostile input (seed ${SEED}, ${RUNS} runs a property)`, () => {
  it("documents every code it answers with: the Autopilot's in docs/autopilot.md, those of every endpoint in docs/api.md", () => {
    const docs = { autopilot: readFileSync(new URL('../../../docs/autopilot.md', import.meta.url), 'utf8'), api: readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8') };
    for (const code of CODES) {
      expect([...knownErrors().keys()]).toContain(code);
      const where = [...AUTH_CODES, ...TRANSPORT_CODES].includes(code) ? 'api' : 'autopilot';
      expect(new RegExp(`[\`"]${code}[\`"]`).test(docs[where]), `${code} is not in docs/${where}.md`).toBe(true);
    }
  });

  it('PUT /autopilots/{name}: any document, name and content type get a documented answer', async () => {
    await fc.assert(
      fc.asyncProperty(
        documentPayload,
        nameSegment,
        fc.oneof({ arbitrary: fc.constant('application/json'), weight: 9 }, fc.constantFrom('text/plain', 'application/json; charset=utf-8')),
        async (body, segment, type) => {
          const path = `/autopilots/${segment}`;
          expectDocumented(await send('PUT', path, body, type), isView, `PUT ${path} ${body.slice(0, 300)}`);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('GET /autopilots: any query gets a documented answer', async () => {
    const value = fc.oneof(
      fc.constantFrom('true', 'false', 'TRUE', '1', '', '%00'),
      hostileText.map((text) => [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')),
    );
    const query = fc.array(fc.tuple(fc.constantFrom('archived', 'other'), value), { maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(query, async (pairs) => {
        const path = `/autopilots?${pairs.map(([name, v]) => `${name}=${v}`).join('&')}`;
        expectDocumented(await send('GET', path), isList, `GET ${path}`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('GET, DELETE and any other method on /autopilots/{name}: any name gets a documented answer', async () => {
    await fc.assert(
      fc.asyncProperty(nameSegment, fc.constantFrom('GET', 'DELETE', 'PATCH', 'POST', 'OPTIONS'), async (segment, method) => {
        const path = `/autopilots/${segment}`;
        expectDocumented(await send(method, path), isView, `${method} ${path}`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('PATCH /autopilots/{name}: any body and name get a documented answer', async () => {
    await send('PUT', '/autopilots/Target', JSON.stringify(emeaSaas({ name: 'Target' })));
    const body = fc.oneof(
      { arbitrary: fc.boolean().map((enabled) => JSON.stringify({ enabled })), weight: 4 },
      { arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)), weight: 3 },
      { arbitrary: spoiled.map((text) => JSON.stringify({ enabled: text })), weight: 2 },
      { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
    );
    await fc.assert(
      fc.asyncProperty(body, nameSegment, async (payload, segment) => {
        const path = `/autopilots/${segment}`;
        expectDocumented(await send('PATCH', path, payload), isView, `PATCH ${path} ${payload.slice(0, 300)}`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('PUT /autopilots/order: any body gets a documented answer', async () => {
    const names = fc.array(fc.oneof(fc.constantFrom('Target', 'target', 'Nobody'), spoiled), { maxLength: 5 });
    const body = fc.oneof(
      { arbitrary: names.map((list) => JSON.stringify({ names: list })), weight: 6 },
      { arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)), weight: 2 },
      { arbitrary: hostileText, weight: 1 },
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        expectDocumented(await send('PUT', '/autopilots/order', payload), isList, `PUT /autopilots/order ${payload.slice(0, 300)}`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('PATCH /autopilot/settings: any body gets a documented answer, and the settings stay valid', async () => {
    const field = fc.constantFrom(
      'queue_wait_hours',
      'drop_behind_days',
      'skip_role_based',
      'skip_free_providers',
      'excluded_domains',
      'research_once',
      'content_language',
      'email_signature',
      'sender_identity',
      'email_ready',
      'nope',
    );
    const value = fc.oneof(
      spoiled,
      fc.constantFrom(2, 48, 7, 60, 'de', true, false, ['acme.com', 'Bücher.example'], { name: 'Jane', company: 'Acme', postal_address: '1 Main St' }, { name: '\u0000' }),
    );
    const body = fc.oneof(
      { arbitrary: fc.dictionary(field, value, { maxKeys: 4 }).map((patch) => JSON.stringify(patch)), weight: 8 },
      { arbitrary: fc.jsonValue().map((json) => JSON.stringify(json)), weight: 1 },
      { arbitrary: hostileText, weight: 1 },
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        expectDocumented(await send('PATCH', '/autopilot/settings', payload), isSettings, `PATCH /autopilot/settings ${payload.slice(0, 300)}`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(isSettings(JSON.parse((await send('GET', '/autopilot/settings')).body))).toBe(true);
  });

  /** A contact as a CRM sends it, spoiled in up to three places. */
  const CONTACT_PATHS: (string | number)[][] = [
    ['id'],
    ['created_at'],
    ['properties'],
    ['properties', 'email'],
    ['properties', 'country'],
    ['properties', 'numberofemployees'],
    ['properties', '\u0000'],
    ['__proto__'],
    ['extra'],
  ];
  const spoiledContact = fc.tuple(fc.integer({ min: 0, max: 1_000_000 }), fc.array(fc.tuple(fc.constantFrom(...CONTACT_PATHS), spoiled), { maxLength: 3 })).map(([n, changes]) =>
    changes.reduce((contact, [path, value]) => setAt(contact, path, value), {
      id: `fuzz-${n}`,
      created_at: '2026-01-07T09:00:00Z',
      properties: { email: `p${n}@acme.de`, country: 'Germany', numberofemployees: '120' },
    } as Record<string, unknown>),
  );
  const contactsBody = fc.oneof(
    { arbitrary: fc.array(spoiledContact, { minLength: 0, maxLength: 5 }).map((contacts) => JSON.stringify({ contacts })), weight: 8 },
    { arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)), weight: 1 },
    { arbitrary: fc.oneof(hostileText, fc.constantFrom('', '{"contacts":', '{"contacts":[[[[[[]]]]]]}', 'null')), weight: 1 },
  );
  const contactId = fc.oneof(fc.constantFrom('fuzz-1', 'fuzz-2', 'known', '%2F', '%00', '..'), nameSegment);

  it('POST /autopilot/contacts: any body gets a documented answer', async () => {
    await fc.assert(
      fc.asyncProperty(contactsBody, async (body) => {
        expectDocumented(await send('POST', '/autopilot/contacts', body), isAccepted, `POST /autopilot/contacts ${body.slice(0, 300)}`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // Whatever was taken, routing decides about it (this engine runs no worker: route them here).
    await send('PUT', '/autopilots/Everyone', JSON.stringify(emeaSaas({ name: 'Everyone', filter: { rules: [] } })));
    const { pool } = fixture.engine;
    await routeDueContacts(pool, systemClock, fixture.customer.account.id);
    const { rows } = await pool.query<{ state: string }>('SELECT state FROM autopilot_contacts WHERE account_id = $1', [fixture.customer.account.id]);
    expect(rows.length, 'contacts taken').toBeGreaterThan(10);
    expect(rows.filter((row) => row.state === 'received')).toEqual([]);
  });

  it('POST /autopilot/contacts/{id}/properties, GET and DELETE /autopilot/contacts/{id}[?erase=]: any id and body get a documented answer', async () => {
    await send('POST', '/autopilot/contacts', JSON.stringify({ contacts: [{ id: 'known', created_at: '2026-01-07T09:00:00Z', properties: { email: 'k@acme.de' } }] }));
    const changes = fc.oneof(
      { arbitrary: fc.dictionary(fc.oneof(fc.constantFrom('email', 'country', 'EMAIL'), hostileText), spoiled, { maxKeys: 3 }).map((properties) => JSON.stringify({ properties })), weight: 6 },
      { arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)), weight: 1 },
      { arbitrary: hostileText, weight: 1 },
    );
    // The contact's source (`?source=`): none, the API's, a CRM app's, or anything at all.
    const source = fc.oneof(
      fc.constantFrom('', '?source=api', '?source=hubspot:12345', '?source=HubSpot', '?source=', '?source=a:b:c', '?source=api&source=api', `?source=${'x'.repeat(200)}`),
      hostileText.map((text) => `?source=${[...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')}`),
    );
    // Erasing (`erase=`): asked for, not, or anything at all, beside the source.
    const erase = fc.oneof(
      fc.constantFrom('', 'erase=true', 'erase=false', 'erase=', 'erase=TRUE', 'erase=1', 'erase=true&erase=true', 'erase=true&erase=false', 'erase[]=true'),
      hostileText.map((text) => `erase=${[...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')}`),
    );
    const joined = (query: string, more: string) => (more === '' ? query : query === '' ? `?${more}` : `${query}&${more}`);
    await fc.assert(
      fc.asyncProperty(contactId, changes, source, erase, async (id, body, query, erasing) => {
        expectDocumented(await send('POST', `/autopilot/contacts/${id}/properties${query}`, body), isPropertiesAccepted, `POST /autopilot/contacts/${id}/properties${query} ${body.slice(0, 300)}`);
        expectDocumented(await send('GET', `/autopilot/contacts/${id}${query}`), isRouting, `GET /autopilot/contacts/${id}${query}`);
        const deleting = joined(query, erasing);
        expectDocumented(await send('DELETE', `/autopilot/contacts/${id}${deleting}`), (answer) => isRemoved(answer) || isErased(answer), `DELETE /autopilot/contacts/${id}${deleting}`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('GET /autopilot/properties: over hostile contacts, with any query, gets a documented answer', async () => {
    const value = fc.oneof(hostileText, fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(null, '', ';', '\n\n', 'x'.repeat(70_000), ['a', null, 1]));
    const contact = fc.record({ id: fc.uuid(), created_at: fc.constant('2026-01-07T09:00:00Z'), properties: fc.dictionary(hostileText, value, { maxKeys: 5 }) });
    const query = fc.constantFrom('', '?limit=5', '?x=%00', '?contacts=-1&contacts=2', `?${'a'.repeat(3000)}=1`);
    await fc.assert(
      fc.asyncProperty(fc.array(contact, { minLength: 1, maxLength: 3 }), query, async (contacts, q) => {
        await send('POST', '/autopilot/contacts', JSON.stringify({ contacts }));
        expectDocumented(await send('GET', `/autopilot/properties${q}`), isPropertiesSeen, `GET /autopilot/properties${q}`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('GET /autopilot/leads and its CSV export: any query gets a documented answer', async () => {
    const value = fc.oneof(
      fc.constantFrom('Active', 'closed', 'Won', '0', '1', '1001', '-1', '99999999999', 'EMEA%20SaaS', 'Nobody', '%00', ''),
      fc.constantFrom(
        'replied',
        'newest',
        'oldest',
        'recently_ended',
        '2026-11-20',
        '2026-02-31',
        '2026-11-20T10:00:00%2B01:00',
        '99999-01-01',
        'WyJvbGRlc3QiLDEsbnVsbF0',
        'WyJyZWNlbnRseV9lbmRlZCIsMSw5ZTE1XQ',
        '%25',
        '_',
      ),
      hostileText.map((text) => [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')),
    );
    const name = fc.constantFrom('autopilot', 'outcome', 'limit', 'before', 'other', 'end_reason', 'enrolled_from', 'enrolled_to', 'email', 'sort', 'cursor');
    const query = fc.array(fc.tuple(name, value), { maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(query, fc.boolean(), async (pairs, csv) => {
        const path = `/autopilot/leads${csv ? '.csv' : ''}?${pairs.map(([key, v]) => `${key}=${v}`).join('&')}`;
        const answer = await send('GET', path);
        if (csv && answer.status === 200)
          expect(answer.body.split('\r\n')[0], `GET ${path}`).toBe('id,email,autopilot,outcome,end_reason,enrolled_at,ended_at,enrolled_by,contact_source,contact_id,research_id');
        else expectDocumented(answer, isLeadList, `GET ${path}`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('POST /autopilots/{name}/preview: any draft, name and query get a documented answer', async () => {
    const query = fc.constantFrom('', '?contacts=5', '?contacts=0', '?contacts=x', '?position=1', '?position=99999999999', '?contacts=1&contacts=2');
    await fc.assert(
      fc.asyncProperty(documentPayload, nameSegment, query, async (body, segment, q) => {
        const path = `/autopilots/${segment}/preview${q}`;
        expectDocumented(await send('POST', path, body), isPreview, `POST ${path} ${body.slice(0, 300)}`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('answers bodies that are deeply nested, huge in number or repeat keys', async () => {
    const cases: [string, string][] = [
      ['60,000 nested lists', `${'['.repeat(30_000)}${']'.repeat(30_000)}`],
      ['a deeply nested document field', JSON.stringify(emeaSaas({ name: 'Deep', lead_origin: null })).replace('"lead_origin":null', `"lead_origin":${'['.repeat(20_000)}${']'.repeat(20_000)}`)],
      ['a number beyond doubles', JSON.stringify(emeaSaas({ name: 'Huge' })).replace('"day":1', '"day":1e400')],
      ['a repeated key', '{"name":"Dup","name":"Dup2"}'],
    ];
    for (const [what, body] of cases) {
      const answer = await send('PUT', '/autopilots/Deep', body);
      expectDocumented(answer, isView, what);
      expect(answer.status, what).toBe(400);
    }
  });
});
