import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountsModule } from '../../src/accounts/module.ts';
import { autopilotModule } from '../../src/autopilot/module.ts';
import { eventsModule } from '../../src/events/module.ts';
import { researchModule } from '../../src/research/module.ts';
import { TEST_SECRET_KEY } from '../mailboxes/support.ts';
import { addSeat, UNIPILE_ENV, WEBHOOK_SECRET } from '../autopilot/channels/unipile/support.ts';
import { createCustomer, useEngine } from '../support/engine.ts';

/**
 * The endpoints the seats, credit alerts and Unipile's webhooks added, as a hostile client sees them:
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

  it('JSON nested deeper than 64 levels: every route that reads JSON answers 400 invalid_json, and the engine goes on answering', async () => {
    const seat = await addSeat(fixture.engine.pool, accountId, 'whatsapp');
    // Each as deep as its body limit lets it be: far beyond what the stack survives when walked by recursion.
    const routes: [string, string, number, Record<string, string>?][] = [
      ['POST', '/research', 8_000],
      ['POST', '/autopilot/contacts', 200_000],
      ['POST', `/autopilot/contacts/deep-1/activities`, 30_000],
      ['POST', `/autopilot/contacts/deep-1/properties`, 200_000],
      ['PUT', '/autopilots/Deep', 30_000],
      ['PATCH', '/autopilot/settings', 30_000],
      ['PATCH', `/seats/${seat.id}`, 8_000],
      ['POST', '/mailboxes', 8_000],
      ['POST', '/webhooks', 8_000],
      ['PUT', '/credit-alerts', 2_000],
      ['POST', '/unipile/webhooks', 100_000, { 'Unipile-Auth': WEBHOOK_SECRET }],
      ['POST', '/unsubscribe/1.abc', 2_000],
    ];
    for (const [method, path, levels, headers] of routes) {
      const answer = await send(method, path, { body: nested(levels), headers });
      expect({ path, status: answer.status, body: answer.body }).toEqual({ path, status: 400, body: { error: 'invalid_json' } });
      // Deep objects too, not only arrays.
      const objects = `${'{"a":'.repeat(Math.floor(levels / 3))}1${'}'.repeat(Math.floor(levels / 3))}`;
      expect({ path, ...(await send(method, path, { body: objects, headers })) }).toEqual({ path, status: 400, body: { error: 'invalid_json' } });
    }
    // 64 levels are taken as JSON (and answered by the route in its own words).
    expect((await send('POST', '/research', { body: nested(63, 'email') })).body.error).toBe('invalid_email_format');
    expect((await send('GET', '/health', { key: false })).status).toBe(200);
  }, 120_000);
});
