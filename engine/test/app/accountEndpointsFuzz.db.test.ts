import fc from 'fast-check';
import nock from 'nock';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountsModule } from '../../src/accounts/module.ts';
import { autopilotModule } from '../../src/autopilot/module.ts';
import { eventsModule } from '../../src/events/module.ts';
import { researchModule } from '../../src/research/module.ts';
import { TEST_SECRET_KEY } from '../mailboxes/support.ts';
import { addSeat, DSN, messageReceived, newRelation, UNIPILE_ENV, WEBHOOK_SECRET } from '../autopilot/channels/unipile/support.ts';
import { createCustomer, useEngine } from '../support/engine.ts';
import { rawExchange } from '../support/rawHttp.ts';

/**
 * The endpoints the seats (and their connection through Unipile's hosted authentication), credit alerts, Unipile's webhooks and the daily stats added, as a hostile client sees them:
 * seeded random ids, bodies and headers. Whatever is sent, no answer is a 5xx and every refusal is one
 * of the codes docs/autopilot.md and docs/events.md give. Set FUZZ_SEED to replay, FUZZ_RUNS for more.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

const fixture = useEngine({ modules: [accountsModule(), researchModule(), autopilotModule(), eventsModule()], env: { ...UNIPILE_ENV, SECRET_KEY: TEST_SECRET_KEY } });

let key: string;
let accountId: number;
beforeAll(async () => {
  const customer = await createCustomer(fixture.engine.pool);
  key = customer.key;
  accountId = customer.account.id;
});

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** One request as raw text (the body may be no JSON at all); the answer must be JSON and no 5xx. */
async function send(method: string, path: string, options: { body?: string; headers?: Record<string, string>; key?: boolean } = {}): Promise<Answer> {
  const headers: Record<string, string> = {
    ...(options.key === false ? {} : { authorization: `Bearer ${key}` }),
    ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...options.headers,
  };
  const response = await fetch(`${fixture.engine.url}${path}`, { method, headers, body: options.body });
  const text = await response.text();
  const what = `${method} ${path} ${options.body?.slice(0, 300) ?? ''} answered ${response.status} ${text.slice(0, 300)}`;
  expect(response.status, what).toBeLessThan(500);
  return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

function expectRefusal(answer: Answer, codes: string[], what: string): void {
  if (answer.status < 400) return;
  expect(codes, `${what}: ${JSON.stringify(answer.body)}`).toContain(answer.body.error);
}

/** A JSON object holding arrays nested `levels` deep (the object itself is one more level). */
function nested(levels: number, field = 'x'): string {
  return `{"${field}": ${'['.repeat(levels)}${']'.repeat(levels)}}`;
}

/** Text that has broken parsers and PostgreSQL: NUL, lone surrogates, path and query characters, huge numbers. */
const hostileText = fc.string({
  unit: fc.constantFrom('a', '0', '9', '-', '/', '%', '%00', '%ED%A0%80', '?', '#', '&', '\u0000', '\ud800', 'é', ' ', '.', '..', '1e308', '99999999999999999999'),
  maxLength: 30,
});
const hostileJson = fc.oneof(fc.jsonValue({ maxDepth: 3 }), hostileText, fc.constantFrom(null, -1, 0, 2 ** 31, 1e308, '', 'x'.repeat(5000)));
const bodyOf = (record: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { arbitrary: record.map((value) => JSON.stringify(value)), weight: 6 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)), weight: 2 },
    { arbitrary: fc.constantFrom('', '{', 'null', '[[[[[[]]]]]]', '{"__proto__": {"admin": true}}', '\u0000', nested(5000), nested(65), nested(64)), weight: 1 },
  );

describe(`hostile input (seed ${SEED}, ${RUNS} runs a property)`, () => {
  it('GET, PATCH and DELETE /seats/{id}: any id and body answer seat_not_found, invalid_seat or the seat', async () => {
    const patch = bodyOf(
      fc.record({ label: hostileJson, time_zone: hostileJson, window: hostileJson, days: hostileJson, messages_per_day: hostileJson, warmup: hostileJson, channel: hostileJson }, { requiredKeys: [] }),
    );
    const codes = ['seat_not_found', 'invalid_seat', 'invalid_json', 'payload_too_large', 'not_found'];
    await fc.assert(
      fc.asyncProperty(hostileText, patch, async (id, body) => {
        const path = `/seats/${id}`;
        expectRefusal(await send('GET', path), codes, `GET ${path}`);
        expectRefusal(await send('PATCH', path, { body }), codes, `PATCH ${path} ${body}`);
        expectRefusal(await send('DELETE', path), codes, `DELETE ${path}`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 120_000);

  it('PUT /credit-alerts: any body answers the alerts or invalid_credit_alerts', async () => {
    const body = bodyOf(fc.record({ email: fc.oneof(hostileJson, fc.constantFrom('ops@acme.de', 'Ops@Acme.DE ', 'ops@acme.de\u0000', 'a@b', '@acme.de')), extra: hostileJson }, { requiredKeys: [] }));
    await fc.assert(
      fc.asyncProperty(body, async (sent) => {
        const answer = await send('PUT', '/credit-alerts', { body: sent });
        expectRefusal(answer, ['invalid_credit_alerts', 'invalid_json', 'payload_too_large'], `PUT /credit-alerts ${sent}`);
        if (answer.status === 200) expect(answer.body, sent).toMatchObject({ enabled: true, email: expect.any(String) });
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect((await send('DELETE', '/credit-alerts')).body).toMatchObject({ enabled: false });
  }, 120_000);

  it('GET /mailboxes and GET /seats: any query answers a page or invalid_query', async () => {
    const encodable = hostileText.filter((text) => !/[\ud800-\udfff]/.test(text));
    const value = fc.oneof(encodable, fc.integer().map(String), fc.constantFrom('1', '100', '200', '0', ''));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/mailboxes', '/seats'), value, value, async (path, limit, after) => {
        const answer = await send('GET', `${path}?limit=${encodeURIComponent(limit)}&after=${encodeURIComponent(after)}`);
        expectRefusal(answer, ['invalid_query'], `GET ${path} limit=${limit} after=${after}`);
        if (answer.status === 200) expect(answer.body, `${path} ${limit} ${after}`).toHaveProperty('next_after');
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 120_000);

  it('POST /seats/connect: any body answers a link, invalid_seat, seat_not_found or unipile_unavailable, never a 5xx', async () => {
    if (!nock.isActive()) nock.activate();
    nock.disableNetConnect();
    nock.enableNetConnect((host) => host.startsWith('127.0.0.1') || host.startsWith('localhost'));
    nock(DSN).persist().post('/api/v1/hosted/accounts/link').reply(201, { object: 'HostedAuthURL', url: 'https://account.unipile.com/fuzz' });
    try {
      const body = bodyOf(
        fc.record(
          {
            channel: fc.oneof(hostileJson, fc.constantFrom('linkedin', 'whatsapp', 'telegram')),
            seat_id: fc.oneof(hostileJson, fc.integer()),
            label: fc.oneof(hostileJson, fc.constant('Anna')),
            time_zone: fc.oneof(hostileJson, fc.constant('Europe/Berlin')),
            messages_per_day: hostileJson,
            invitations_per_day: hostileJson,
            warmup: hostileJson,
          },
          { requiredKeys: [] },
        ),
      );
      await fc.assert(
        fc.asyncProperty(body, async (sent) => {
          const answer = await send('POST', '/seats/connect', { body: sent });
          expectRefusal(answer, ['invalid_seat', 'seat_not_found', 'unipile_unavailable', 'invalid_json', 'payload_too_large'], `POST /seats/connect ${sent}`);
          if (answer.status === 200) expect(answer.body, sent).toMatchObject({ url: 'https://account.unipile.com/fuzz' });
        }),
        { seed: SEED, numRuns: RUNS },
      );
    } finally {
      nock.cleanAll();
      nock.enableNetConnect();
    }
  }, 120_000);

  it('POST /unipile/hosted-auth/notify: any body answers 200, 400 or 401, never a 5xx, and no seat comes of a forged token', async () => {
    const notification = fc.record(
      { status: fc.oneof(hostileJson, fc.constantFrom('CREATION_SUCCESS', 'RECONNECTED')), account_id: hostileJson, name: fc.oneof(hostileJson, fc.constant('eyJhIjoxfQ.c2ln')) },
      { requiredKeys: [] },
    );
    const before = await fixture.engine.pool.query('SELECT count(*)::int AS n FROM autopilot_seats');
    await fc.assert(
      fc.asyncProperty(bodyOf(notification), async (body) => {
        const answer = await send('POST', '/unipile/hosted-auth/notify', { body, key: false });
        expectRefusal(answer, ['invalid_connect_token', 'invalid_json', 'unsupported_media_type', 'payload_too_large'], `POST /unipile/hosted-auth/notify ${body}`);
        expect(answer.status, body).not.toBe(200);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect((await fixture.engine.pool.query('SELECT count(*)::int AS n FROM autopilot_seats')).rows[0].n).toBe(before.rows[0].n);
  }, 120_000);

  it('POST /unipile/webhooks: any body and Unipile-Auth header answer 200, 400, 401 or 415, never a 5xx', async () => {
    const seat = await addSeat(fixture.engine.pool, accountId, 'linkedin');
    const event = fc.record(
      {
        event: fc.oneof(hostileJson, fc.constantFrom('message_received', 'new_relation', 'message_read')),
        account_id: fc.oneof(hostileJson, fc.constant(seat.unipileAccountId)),
        account_type: fc.oneof(hostileJson, fc.constant('LINKEDIN')),
        chat_id: hostileJson,
        message_id: hostileJson,
        message: hostileJson,
        timestamp: fc.oneof(hostileJson, fc.constant('2030-01-07T09:00:00.000Z')),
        sender: fc.oneof(hostileJson, fc.record({ attendee_provider_id: hostileJson }, { requiredKeys: [] })),
        user_provider_id: hostileJson,
        AccountStatus: fc.oneof(
          hostileJson,
          fc.record({ account_id: fc.oneof(hostileJson, fc.constant(seat.unipileAccountId)), message: fc.oneof(hostileJson, fc.constantFrom('OK', 'CREDENTIALS', 'STOPPED')) }, { requiredKeys: [] }),
        ),
      },
      { requiredKeys: [] },
    );
    const secret = fc.oneof(
      { arbitrary: fc.constant(WEBHOOK_SECRET), weight: 4 },
      {
        arbitrary: fc.oneof(
          fc.constant(''),
          fc.constant(`${WEBHOOK_SECRET}x`),
          fc.constant(WEBHOOK_SECRET.slice(1)),
          fc.string({ maxLength: 40 }).filter((text) => /^[\x21-\x7e]*$/.test(text)),
        ),
        weight: 1,
      },
    );
    await fc.assert(
      fc.asyncProperty(bodyOf(event), secret, async (body, auth) => {
        const answer = await send('POST', '/unipile/webhooks', { body, headers: { 'Unipile-Auth': auth }, key: false });
        expectRefusal(answer, ['invalid_json', 'invalid_webhook_secret', 'unsupported_media_type', 'payload_too_large'], `POST /unipile/webhooks ${body}`);
        if (auth !== WEBHOOK_SECRET) expect(answer.status, `${auth} ${body}`).not.toBe(200);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 120_000);

  it('GET /autopilot/contacts and /autopilot/replies: any query answers a page, invalid_query or autopilot_not_found', async () => {
    const value = fc.oneof(
      hostileText,
      fc.constantFrom('waiting', 'no_match', 'reply', 'auto_reply', 'email', '2030-01-07T09:00:00Z', '2030-02-30T00:00:00Z', '0000-01-01T00:00:00Z', 'WyIxIiwiYXBpIiwiMSJd'),
    );
    const parameters = fc.dictionary(fc.constantFrom('search', 'state', 'reason', 'autopilot', 'received_from', 'received_to', 'before', 'limit', 'kind', 'channel'), value, { maxKeys: 4 });
    const codes = ['invalid_query', 'autopilot_not_found'];
    await fc.assert(
      fc.asyncProperty(parameters, async (given) => {
        const query = new URLSearchParams(given).toString();
        for (const path of ['/autopilot/contacts', '/autopilot/replies']) {
          const answer = await send('GET', `${path}?${query}`);
          expectRefusal(answer, codes, `GET ${path}?${query}`);
          if (answer.status === 200) expect(answer.body).toHaveProperty('next_before');
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 120_000);

  it('GET /autopilot/stats/daily: any dates, zone and Autopilot answer the period or invalid_query / autopilot_not_found', async () => {
    const date = fc.oneof(
      fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }).map((at) => at.toISOString().slice(0, 10)),
      fc.constantFrom('2030-02-30', '0000-00-00', '9999-12-31', '2030-1-1'),
      hostileText,
    );
    const zone = fc.oneof(fc.constantFrom('Europe/Berlin', 'UTC', 'Etc/GMT+14', '+02:00', 'Mars/Olympus', 'europe/berlin', 'America/New_York'), hostileText);
    const query = fc.record({ from: date, to: date, time_zone: zone, autopilot: hostileText }, { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(query, async (fields) => {
        const path = `/autopilot/stats/daily?${new URLSearchParams(fields as Record<string, string>)}`;
        const answer = await send('GET', path);
        expectRefusal(answer, ['invalid_query', 'autopilot_not_found'], `GET ${path}`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 120_000);

  it('POST /autopilot/contacts/{id}/reprocess and /assign: any id, query and body are refused in words, and take no credit', async () => {
    const body = bodyOf(fc.record({ autopilot: hostileJson, extra: hostileJson }, { requiredKeys: [] }));
    const codes = ['contact_not_found', 'contact_not_routable', 'autopilot_not_found', 'invalid_assignment', 'invalid_query', 'invalid_json', 'payload_too_large', 'not_found', 'credits_exhausted'];
    const spent = async () => (await fixture.engine.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM credit_ledger WHERE account_id = $1 AND kind = 'debit'`, [accountId])).rows[0]!.n;
    const before = await spent();
    await fc.assert(
      fc.asyncProperty(hostileText, fc.constantFrom('', '?dry_run=true', '?dry_run=maybe', '?source=api', '?source=%00'), body, async (id, query, sent) => {
        const path = `/autopilot/contacts/${id}`;
        expectRefusal(await send('POST', `${path}/reprocess${query}`), codes, `POST ${path}/reprocess${query}`);
        expectRefusal(await send('POST', `${path}/assign${query}`, { body: sent }), codes, `POST ${path}/assign${query} ${sent}`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(await spent()).toBe(before);
  }, 120_000);

  it('JSON nested deeper than 64 levels: every route that reads JSON answers 400 invalid_json, and the engine goes on answering', async () => {
    const seat = await addSeat(fixture.engine.pool, accountId, 'whatsapp');
    // Each as deep as its body limit lets it be: far beyond what the stack survives when walked by recursion.
    const routes: [string, string, number, Record<string, string>?][] = [
      ['POST', '/research', 8_000],
      ['POST', '/autopilot/contacts', 200_000],
      ['POST', `/autopilot/contacts/deep-1/activities`, 30_000],
      ['POST', `/autopilot/contacts/deep-1/properties`, 200_000],
      ['POST', `/autopilot/contacts/deep-1/assign`, 8_000],
      ['PUT', '/autopilots/Deep', 30_000],
      ['PATCH', '/autopilot/settings', 30_000],
      ['PATCH', `/seats/${seat.id}`, 8_000],
      ['POST', '/mailboxes', 8_000],
      ['POST', '/webhooks', 8_000],
      ['PUT', '/credit-alerts', 2_000],
      ['POST', '/unipile/webhooks', 100_000, { 'Unipile-Auth': WEBHOOK_SECRET }],
      ['POST', '/seats/connect', 8_000],
      ['POST', '/unipile/hosted-auth/notify', 8_000],
    ];
    for (const [method, path, levels, headers] of routes) {
      const answer = await send(method, path, { body: nested(levels), headers });
      expect({ path, status: answer.status, body: answer.body }).toEqual({ path, status: 400, body: { error: 'invalid_json' } });
      // Deep objects too, not only arrays.
      const objects = `${'{"a":'.repeat(Math.floor(levels / 3))}1${'}'.repeat(Math.floor(levels / 3))}`;
      expect({ path, ...(await send(method, path, { body: objects, headers })) }).toEqual({ path, status: 400, body: { error: 'invalid_json' } });
    }
    // The one-click unsubscribe never parses its body (any body type unsubscribes): a deep one is no refusal.
    expect((await fetch(`${fixture.engine.url}/unsubscribe/1.abc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: nested(2_000) })).status).toBe(404);
    // 64 levels are taken as JSON (and answered by the route in its own words).
    expect((await send('POST', '/research', { body: nested(63, 'email') })).body.error).toBe('invalid_email_format');
    expect((await send('GET', '/health', { key: false })).status).toBe(200);
  }, 120_000);

  it('GET /events: an after or before that PostgreSQL cannot store (a NUL) is invalid_query (its words in the log), not a 500', async () => {
    for (const query of ['after=%00', 'after=evt_1%00', 'order=newest&before=%00', 'limit=5&after=a%00b', 'after=x&%00=1']) {
      const answer = await send('GET', `/events?${query}`);
      expect({ query, status: answer.status, body: answer.body }).toEqual({ query, status: 400, body: { error: 'invalid_query' } });
    }
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('after', 'before', 'order', 'limit'), hostileText, async (name, value) => {
        const path = `/events?${name}=${value}`;
        expectRefusal(await send('GET', path), ['invalid_query', 'not_found'], `GET ${path}`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 120_000);

  it('POST /unipile/webhooks: a NUL or half a surrogate pair in any id of a valid event is answered 200 "ignored", never a 500', async () => {
    const seat = await addSeat(fixture.engine.pool, accountId, 'linkedin');
    const message = messageReceived(seat, { id: 'msg-1', chatId: 'chat-1', from: 'ACoAAJana' }) as Record<string, any>;
    const spoiled: unknown[] = [];
    for (const bad of ['\u0000', 'a\u0000b', '\ud800']) {
      spoiled.push(
        { ...message, message_id: bad },
        { ...message, chat_id: bad },
        { ...message, account_id: `${seat.unipileAccountId}${bad}` },
        { ...message, sender: { ...message.sender, attendee_provider_id: bad } },
        { ...newRelation(seat, 'ACoAAJana'), user_provider_id: bad },
        { ...newRelation(seat, 'ACoAAJana'), user_public_identifier: bad },
        { AccountStatus: { account_id: `${seat.unipileAccountId}${bad}`, message: 'OK' } },
        { AccountStatus: { account_id: seat.unipileAccountId, message: `CREDENTIALS${bad}` } },
      );
    }
    for (const body of spoiled) {
      const answer = await send('POST', '/unipile/webhooks', { body: JSON.stringify(body), headers: { 'Unipile-Auth': WEBHOOK_SECRET }, key: false });
      expect({ status: answer.status, result: answer.body.result }, JSON.stringify(body).slice(0, 300)).toEqual({ status: 200, result: 'ignored' });
      expect(answer.body.why).toMatch(/cannot be stored/);
    }
    // A NUL in the text alone is no reason to drop a message: it is stored without it.
    const textOnly = await send('POST', '/unipile/webhooks', { body: JSON.stringify({ ...message, message: 'Hi\u0000 there' }), headers: { 'Unipile-Auth': WEBHOOK_SECRET }, key: false });
    expect(textOnly.status).toBe(200);
    expect(textOnly.body.result).not.toBe('ignored');
  });

  it("a request without a Host header is answered 400 malformed_request in the engine's body, not with Node's empty 400; HTTP/1.0 needs none", async () => {
    for (const head of ['GET /health HTTP/1.1', `GET /events?after=x HTTP/1.1\r\nAuthorization: Bearer ${key}`, 'POST /research HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2']) {
      const exchange = await rawExchange(fixture.engine.url, `${head}\r\nConnection: close\r\n\r\n{}`);
      expect(
        exchange.responses.map((response) => ({ status: response.status, type: response.headers['content-type'], body: JSON.parse(response.body) })),
        head,
      ).toEqual([{ status: 400, type: 'application/json; charset=utf-8', body: { error: 'malformed_request', message: 'An HTTP/1.1 request must carry a Host header' } }]);
      expect(exchange.closed).toBe(true);
    }
    const old = await rawExchange(fixture.engine.url, 'GET /health HTTP/1.0\r\n\r\n');
    expect(old.responses.map((response) => response.status)).toEqual([200]);
  });
});
