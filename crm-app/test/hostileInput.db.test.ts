/**
 * The app's open routes tried as a hostile client would: whatever the query, headers or body, no 5xx.
 * Batches signed with the app's secret (HubSpot's, or a leaked one) are fuzzed too: a signed batch of
 * odd events is answered without a 5xx, and processing them never wedges the portal's events job
 * (every stored event gets an outcome, and later events still flow).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API, connectPortal, contactRecord, event, newCustomer, nock, sendBatch, until, useHubSpotEngine } from './support.ts';

const fixture = useHubSpotEngine();

/** FUZZ_SEED replays a run, FUZZ_RUNS runs more. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

const hostileChar = fc.constantFrom(
  '\u0000',
  '\ud800',
  '\udfff',
  '\u0001',
  '\u001b',
  '\u007f',
  '\n',
  '\r\n',
  ' ',
  '\u202e',
  '\ufeff',
  'ß',
  '😀',
  '%',
  '%3A',
  '%zz',
  '"',
  '\\',
  '/',
  '&',
  '=',
  '#',
  '?',
);
const hostileText = fc.string({ unit: fc.oneof({ arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 3 }, hostileChar), maxLength: 30 });
const spoiled = fc.oneof(
  { arbitrary: hostileText, weight: 4 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 2 },
  { arbitrary: fc.constantFrom(null, '', 0, -1, 2 ** 53, 1e308, 1.5, true, [], {}, [1, 'x', null], 'x'.repeat(5000)), weight: 2 },
);

/**
 * The status the engine answered. A request fetch itself refuses to build (an invalid URL or header
 * value) never reaches the engine and counts as refused (400); a request that reached it and got no
 * answer ("fetch failed": the connection dropped) fails the test.
 */
async function status(path: string, init?: RequestInit): Promise<number> {
  let answer: Response;
  try {
    answer = await fetch(`${fixture.engine.url}${path}`, init);
  } catch (error) {
    if (error instanceof TypeError && error.message !== 'fetch failed') return 400;
    throw error;
  }
  await answer.arrayBuffer();
  return answer.status;
}

const query = (pairs: [string, string][]) => pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
const rawQuery = (pairs: [string, string][]) => pairs.map(([key, value]) => `${key}=${value}`).join('&');

describe('the open routes, as a hostile client tries them', () => {
  it("GET /hubspot/install, /hubspot/oauth/callback and /hubspot/help: any query and cookie answer a page, never a 5xx (but the callback's 502 when HubSpot refuses the code)", async () => {
    const field = fc.constantFrom('account', 'expires', 'signature', 'code', 'state', 'error', 'error_description', 'other');
    const pairs = fc.array(fc.tuple(field, fc.oneof(hostileText, fc.constantFrom('1', '0', '-1', '99999999999999999999', 'v1.abc', '1.1.a.b.c.d', ''))), { maxLength: 5 });
    const cookieName = fc.constantFrom('__Host-prospect_hubspot_install', 'prospect_hubspot_install', 'x', '');
    const cookie = fc.option(
      fc
        .array(fc.tuple(cookieName, fc.oneof(hostileText, fc.constantFrom('A'.repeat(43), '"quoted"', '%zz', ''))), { maxLength: 3 })
        .map((entries) => entries.map(([name, value]) => `${name}=${value}`).join('; '))
        .filter((text) => /^[\t\x20-\x7e]*$/.test(text)),
    );
    // Any code is exchanged for tokens HubSpot gives (an install HubSpot started has no state): the fuzzed callbacks still only answer pages.
    nock(API).persist().post('/oauth/2026-03/token').reply(400, { status: 'BAD_AUTH_CODE', message: 'unknown code', error: 'invalid_grant' });
    await fc.assert(
      fc.asyncProperty(pairs, fc.boolean(), cookie, async (given, encoded, sent) => {
        // encodeURIComponent refuses half of a surrogate pair: such a query goes raw.
        const search = encoded && given.every(([, value]) => value.isWellFormed()) ? query(given) : rawQuery(given);
        for (const path of ['/hubspot/install', '/hubspot/oauth/callback', '/hubspot/help']) {
          const answered = await status(`${path}?${search}`, sent === null ? undefined : { headers: { cookie: sent } });
          // 502 is the callback's page for HubSpot refusing the code (here every code: nock refuses them all).
          if (!(path === '/hubspot/oauth/callback' && answered === 502)) expect(answered, `${path}?${search} cookie ${sent}`).toBeLessThan(500);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('POST /hubspot/portals/claim: any body answers a portal or a documented refusal, never a 5xx; without a key, 401', async () => {
    const customer = await newCustomer(fixture);
    const codes = ['invalid_claim_code', 'claim_code_not_found', 'invalid_json', 'payload_too_large', 'unsupported_media_type'];
    const code = fc.oneof(
      hostileText,
      fc.constantFrom('ABCD-EFGH-JKMN-PQRS-TVWX', 'abcd efgh jkmn pqrs tvwx', 'ILO0-ILO0-ILO0-ILO0-ILO0', 'U'.repeat(20), 'x'.repeat(5000)),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const body = fc.oneof(
      { arbitrary: code.map((value) => JSON.stringify({ claim_code: value })), weight: 5 },
      { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)), weight: 2 },
      { arbitrary: fc.constantFrom('', '{', 'null', '{"__proto__": {"claim_code": "x"}}', '\u0000'), weight: 1 },
    );
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const answer = await fetch(`${fixture.engine.url}/hubspot/portals/claim`, {
          method: 'POST',
          headers: { authorization: `Bearer ${customer.key}`, 'content-type': 'application/json' },
          body: text,
        });
        const reply = (await answer.json()) as { error?: string };
        expect(answer.status, `${text.slice(0, 200)} -> ${JSON.stringify(reply)}`).toBeLessThan(500);
        expect(codes, `${text.slice(0, 200)} -> ${JSON.stringify(reply)}`).toContain(reply.error);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(await status('/hubspot/portals/claim', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"claim_code": "ABCD-EFGH-JKMN-PQRS-TVWX"}' })).toBe(401);
    expect(await status('/hubspot/portals')).toBe(401);
    const listed = await fetch(`${fixture.engine.url}/hubspot/portals`, { headers: { authorization: `Bearer ${customer.key}` } });
    expect([listed.status, await listed.json()]).toEqual([200, { portals: [] }]);
  });

  it('POST /hubspot/portals/{portal_id}/disconnect and /hubspot/install-link: any path or body answers a documented refusal or an answer, never a 5xx', async () => {
    const customer = await newCustomer(fixture);
    const segment = fc.oneof(hostileText, fc.constantFrom('0', '-1', '1e3', '9007199254740993', '12345', ' 7', '%00', '..', 'x'.repeat(3000)));
    await fc.assert(
      fc.asyncProperty(segment, fc.jsonValue({ maxDepth: 2 }), async (portal, body) => {
        const answer = await fetch(`${fixture.engine.url}/hubspot/portals/${portal.isWellFormed() ? encodeURIComponent(portal) : '%ED%A0%80'}/disconnect`, {
          method: 'POST',
          headers: { authorization: `Bearer ${customer.key}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const reply = (await answer.json()) as { error?: string };
        expect(answer.status, `${portal.slice(0, 100)} -> ${JSON.stringify(reply)}`).toBeLessThan(500);
        expect(['portal_not_found', 'not_found', 'invalid_json', 'payload_too_large'], `${portal.slice(0, 100)} -> ${JSON.stringify(reply)}`).toContain(reply.error);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    const link = await fetch(`${fixture.engine.url}/hubspot/install-link`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.key}`, 'content-type': 'application/json' },
      body: '{"x": 1}',
    });
    expect(link.status).toBe(200);
    expect(await status('/hubspot/install-link', { method: 'POST' })).toBe(401);
    expect(await status('/hubspot/portals/1/disconnect', { method: 'POST' })).toBe(401);
  });

  it('POST /hubspot/webhooks unsigned or badly signed: 401 (or 4xx for what never reaches the check), whatever the body and headers', async () => {
    const headers = fc.dictionary(
      fc.constantFrom('x-hubspot-signature-v3', 'x-hubspot-request-timestamp', 'content-type', 'x-hubspot-signature'),
      fc.oneof(
        hostileText.filter((text) => /^[\t\x20-\x7e]*$/.test(text)),
        fc.constantFrom('application/json', 'text/plain', '0', String(Date.now())),
      ),
    );
    const body = fc.oneof(
      hostileText,
      fc.jsonValue().map((value) => JSON.stringify(value)),
    );
    await fc.assert(
      fc.asyncProperty(headers, body, async (given, text) => {
        const answered = await status('/hubspot/webhooks', { method: 'POST', headers: given, body: text });
        expect(answered, `${JSON.stringify(given)} ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(answered, `${JSON.stringify(given)} ${text.slice(0, 200)}`).toBeLessThan(500);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe('signed batches of odd events', () => {
  it('are answered without a 5xx, and processing them gives every stored event an outcome without wedging the portal', async () => {
    const customer = await newCustomer(fixture);
    const portalId = 9301;
    await connectPortal(fixture.engine.url, customer.account.id, portalId);
    // Contacts 1 to 5 are known (taken earlier); HubSpot knows none of the other objects asked about.
    nock(API)
      .post('/crm/v3/objects/contacts/batch/read')
      .query(true)
      .reply(200, { status: 'COMPLETE', results: [1, 2, 3, 4, 5].map((id) => contactRecord(id, { email: `p${id}@acme-${id}.com` })), startedAt: '', completedAt: '' });
    await sendBatch(
      fixture.engine.url,
      [1, 2, 3, 4, 5].map((id) => event(portalId, 'contact.creation', id, Date.now() - 60_000)),
      { timestamp: fixture.clock.now().getTime() },
    );
    await until('the known contacts taken', async () => (await fixture.engine.pool.query(`SELECT 1 FROM hubspot_events WHERE portal_id = $1 AND outcome = 'taken'`, [portalId])).rows.length === 5);
    const empty = { status: 'COMPLETE', results: [], startedAt: '', completedAt: '' };
    nock(API)
      .persist()
      .post(/\/batch\/read$/)
      .query(true)
      .reply(200, empty);
    nock(API)
      .persist()
      .post(/^\/crm\/v4\/associations\//)
      .reply(200, empty);

    const fields = [
      'eventId',
      'portalId',
      'appId',
      'occurredAt',
      'subscriptionType',
      'objectId',
      'propertyName',
      'propertyValue',
      'objectTypeId',
      'mergedObjectIds',
      'primaryObjectId',
      'newObjectId',
    ] as const;
    const subscriptionType = fc.constantFrom(
      'contact.creation',
      'contact.propertyChange',
      'contact.deletion',
      'contact.privacyDeletion',
      'contact.merge',
      'object.creation',
      'object.propertyChange',
      'object.merge',
      'deal.creation',
      'x',
    );
    let eventId = 5_000_000;
    const oddEvent = fc
      .record({ type: subscriptionType, spoil: fc.dictionary(fc.constantFrom(...fields), spoiled, { maxKeys: 2 }), objectTypeId: fc.constantFrom(undefined, '0-1', '0-48', '0-47', '0-49', '0-3') })
      .map(({ type, spoil, objectTypeId }) => ({
        ...event(portalId, type, 1 + (eventId % 8), Date.now(), { eventId: eventId++, propertyName: 'country', propertyValue: 'Peru', objectTypeId, mergedObjectIds: [2, 3], primaryObjectId: 1 }),
        ...spoil,
      }));
    await fc.assert(
      fc.asyncProperty(fc.array(oddEvent, { minLength: 1, maxLength: 4 }), async (events) => {
        const reply = await sendBatch(fixture.engine.url, events, { timestamp: fixture.clock.now().getTime() });
        const text = await reply.text();
        expect(reply.status, `${JSON.stringify(events).slice(0, 600)} -> ${text}`).toBeLessThan(500);
        expect([204, 400], text).toContain(reply.status);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    const pending = async () => (await fixture.engine.pool.query('SELECT count(*)::int AS n FROM hubspot_events WHERE portal_id = $1 AND processed_at IS NULL', [portalId])).rows[0].n as number;
    let jobs = '';
    await until(
      () => `every stored event processed; jobs: ${jobs}`,
      async () => {
        jobs = JSON.stringify((await fixture.engine.pool.query(`SELECT attempts, last_error FROM graphile_worker.jobs WHERE task_identifier = 'hubspot_process_events'`)).rows);
        return (await pending()) === 0;
      },
      30_000,
    );
    const { rows } = await fixture.engine.pool.query(`SELECT last_error FROM graphile_worker.jobs WHERE task_identifier = 'hubspot_process_events' AND last_error IS NOT NULL`);
    expect(rows).toEqual([]);
    // A plain event after them all is still taken.
    expect(
      (
        await sendBatch(fixture.engine.url, [event(portalId, 'contact.propertyChange', 77, Date.now(), { propertyName: 'country', propertyValue: 'Chile' })], {
          timestamp: fixture.clock.now().getTime(),
        })
      ).status,
    ).toBe(204);
    await until('the plain event processed', async () => (await pending()) === 0);
  });
});

describe('signed batches nested too deep', () => {
  it('answer 400 invalid_body before anything walks them (100,000 levels of arrays, or of objects), and the portal keeps working', async () => {
    const customer = await newCustomer(fixture);
    const portalId = 9302;
    await connectPortal(fixture.engine.url, customer.account.id, portalId);
    const plain = event(portalId, 'contact.propertyChange', 78, Date.now(), { propertyName: 'country', propertyValue: 'Chile' });
    const levels = 100_000;
    const batch = JSON.stringify([plain]);
    const deepArrays = batch.replace('"Chile"', `${'['.repeat(levels)}${']'.repeat(levels)}`);
    const deepObjects = batch.replace('"Chile"', `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);
    // Just over the limit too: 65 levels in all (the batch, the event, 63 arrays).
    const justOver = batch.replace('"Chile"', `${'['.repeat(63)}${']'.repeat(63)}`);
    for (const body of [deepArrays, deepObjects, justOver]) {
      const reply = await sendBatch(fixture.engine.url, [], { body, timestamp: fixture.clock.now().getTime() });
      expect(reply.status).toBe(400);
      expect(await reply.json()).toEqual({ error: 'invalid_body', message: 'the body nests arrays and objects more than 64 levels deep' });
    }
    // Unsigned, the depth is never looked at.
    const unsigned = await fetch(`${fixture.engine.url}/hubspot/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: deepArrays });
    expect(unsigned.status).toBe(401);
    const stored = async () => (await fixture.engine.pool.query('SELECT count(*)::int AS n FROM hubspot_events WHERE portal_id = $1', [portalId])).rows[0].n as number;
    expect(await stored()).toBe(0);
    // The same event, plain, is taken.
    expect((await sendBatch(fixture.engine.url, [plain], { timestamp: fixture.clock.now().getTime() })).status).toBe(204);
    expect(await stored()).toBe(1);
  });
});
