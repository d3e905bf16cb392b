/**
 * The workflow actions end to end on a running engine: HubSpot's signed requests (the tests' own
 * signers, hubspotSigner.ts), the engine's routing, leads, research and credits behind them, and
 * HubSpot's API (contact reads, the callback completion) mocked with nock.
 */
import { client, createCustomer, creditState, until } from '@prospect-research/engine/testing';
import fc from 'fast-check';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/settings.ts';
import { hubspotSignatureV2, hubspotSignatureV3 } from '../hubspotSigner.ts';
import { API, CLIENT_SECRET, connectPortal, contactRecord, event, everyone, installFromHubSpot, PUBLIC_URL, sendBatch, useHubSpotEngine } from '../support.ts';

const fixture = useHubSpotEngine();
const pool = () => fixture.engine.pool;

/** Never matches: its filter wants a property no contact here has. */
const picky = { ...everyone, name: 'Picky', filter: { match: 'all', rules: [{ property: 'demo_status', operator: 'is_known' }] } };

let nextPortal = 91_000;
let nextCallback = 1;
const callbackId = () => `ap-${Date.now()}-${nextCallback++}-0`;

/** A connected portal whose account has "Everyone" (position 1) and "Picky" (position 2) switched on. */
async function connected(options: { credits?: number } = {}) {
  const customer = await createCustomer(pool(), { credits: options.credits });
  const portalId = nextPortal++;
  await connectPortal(fixture.engine.url, customer.account.id, portalId);
  for (const autopilot of [everyone, picky]) {
    const put = await client(fixture.engine.url, customer.key).request('PUT', `/autopilots/${autopilot.name}`, { body: autopilot });
    expect(put.status).toBe(201);
  }
  return { customer, portalId };
}

interface Sent {
  secret?: string;
  timestamp?: number;
  tamper?: (body: string) => string;
  /** Signed with v2 (`X-HubSpot-Signature`, `X-HubSpot-Signature-Version: v2`) instead of v3. */
  v2?: boolean;
  /** The raw body, for bodies JSON.stringify cannot make. */
  raw?: string;
}

/** POSTs to one of the action routes as HubSpot does, signed over the URL it called. */
async function send(route: string, body: unknown, options: Sent = {}) {
  const text = options.raw ?? JSON.stringify(body);
  const secret = options.secret ?? CLIENT_SECRET;
  const url = `${PUBLIC_URL}${route}`;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.v2) {
    headers['x-hubspot-signature'] = hubspotSignatureV2(secret, 'POST', url, text);
    headers['x-hubspot-signature-version'] = 'v2';
  } else {
    const timestamp = String(options.timestamp ?? Date.now());
    headers['x-hubspot-signature-v3'] = await hubspotSignatureV3(secret, 'POST', url, text, timestamp);
    headers['x-hubspot-request-timestamp'] = timestamp;
  }
  const response = await fetch(`${fixture.engine.url}${route}`, { method: 'POST', headers, body: options.tamper ? options.tamper(text) : text });
  return { status: response.status, body: (await response.json()) as any };
}

/** An execution request as HubSpot sends it, with the contact's properties (objectRequestOptions) unless `properties` is null. */
function execution(
  portalId: number,
  contactId: number,
  inputFields: Record<string, unknown> = {},
  properties: Record<string, string | null> | null = { email: `p${contactId}@acme-${contactId}.com` },
  id = callbackId(),
) {
  return {
    callbackId: id,
    origin: { portalId, actionDefinitionId: 10646377, actionDefinitionVersion: 1 },
    context: { source: 'WORKFLOWS', workflowId: 192814114 },
    object: { objectId: contactId, objectType: 'CONTACT', ...(properties === null ? {} : { properties: { hs_object_id: String(contactId), ...properties } }) },
    inputFields,
  };
}

async function leadOf(accountId: number, portalId: number, contactId: number) {
  const { rows } = await pool().query<{ autopilot: string; outcome: string; end_reason: string | null; enrolled_by: string }>(
    `SELECT a.name AS autopilot, l.outcome, l.end_reason, l.enrolled_by FROM autopilot_leads l JOIN autopilots a ON a.id = l.autopilot_id
     WHERE l.account_id = $1 AND l.source = $2 AND l.contact_id = $3`,
    [accountId, `hubspot:${portalId}`, String(contactId)],
  );
  return rows;
}

async function researchCount(accountId: number) {
  return (await pool().query('SELECT 1 FROM research_jobs WHERE account_id = $1', [accountId])).rows.length;
}

describe('the Autopilot options', () => {
  it("lists the account's switched-on Autopilots in routing order, searchable by name; v2 signatures taken", async () => {
    const { portalId } = await connected();
    const request = { origin: { portalId, actionDefinitionId: 1, actionDefinitionVersion: 1 }, inputFieldName: 'autopilot', inputFields: {}, fetchOptions: {} };
    const all = await send(ROUTES.workflowOptions, request);
    expect(all.status).toBe(200);
    expect(all.body.searchable).toBe(true);
    expect(all.body.options.map((option: { label: string; value: string }) => [option.label, option.value])).toEqual([
      ['Everyone', 'Everyone'],
      ['Picky', 'Picky'],
    ]);
    const searched = await send(ROUTES.workflowOptions, { ...request, fetchOptions: { q: 'PICK' } }, { v2: true });
    expect(searched.status).toBe(200);
    expect(searched.body.options.map((option: { value: string }) => option.value)).toEqual(['Picky']);
  });

  it('offers an unclaimed portal one option that says it is not claimed, and enrolling with it changes nothing', async () => {
    const portalId = nextPortal++;
    await installFromHubSpot(fixture.engine.url, portalId);
    const options = await send(ROUTES.workflowOptions, { origin: { portalId }, inputFieldName: 'autopilot', fetchOptions: { q: '' } });
    expect(options.status).toBe(200);
    expect(options.body.options).toHaveLength(1);
    expect(options.body.options[0].label).toBe('No Autopilot: this HubSpot account is not claimed yet');
    const enrol = await send(ROUTES.workflowEnrol, execution(portalId, 7, { autopilot: options.body.options[0].value }));
    expect(enrol.status).toBe(200);
    expect(enrol.body.outputFields).toMatchObject({ status: 'skipped', hs_execution_state: 'SUCCESS' });
    expect(enrol.body.outputFields.reason).toMatch(/not claimed by a Prospect Research account yet/);
    const research = await send(ROUTES.workflowResearch, execution(portalId, 7));
    expect(research.body.outputFields).toMatchObject({ research_status: 'failed', hs_execution_state: 'SUCCESS' });
  });
});

describe('Enrol in an Autopilot', () => {
  it('enrols the contact in the Autopilot chosen, whatever its filter says, once however often HubSpot delivers the execution', async () => {
    const { customer, portalId } = await connected();
    const body = execution(portalId, 501, { autopilot: 'Picky' });
    const first = await send(ROUTES.workflowEnrol, body);
    expect(first.status).toBe(200);
    expect(first.body.outputFields).toMatchObject({ status: 'enrolled', hs_execution_state: 'SUCCESS' });
    expect(first.body.outputFields.reason).toMatch(/^Enrolled in "Picky" \(position 2\) by a CRM workflow \(its filter is not asked\); research [0-9a-f-]+ started \(1 credit\)$/);
    expect(await leadOf(customer.account.id, portalId, 501)).toEqual([{ autopilot: 'Picky', outcome: 'Active', end_reason: null, enrolled_by: 'assigned' }]);
    // HubSpot retries: the same answer, nothing done again; five at once are one execution too.
    const again = await send(ROUTES.workflowEnrol, body);
    expect(again.body).toEqual(first.body);
    const burst = execution(portalId, 502, { autopilot: 'Everyone' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(ROUTES.workflowEnrol, burst)));
    for (const answer of answers) expect(answer).toEqual({ status: 200, body: answers[0]!.body });
    expect(answers[0]!.body.outputFields.status).toBe('enrolled');
    expect(await creditState(pool(), customer.account.id)).toMatchObject({ used: 2, debits: 2 });
    expect(await researchCount(customer.account.id)).toBe(2);
    // Another execution for a contact already a lead: skipped, its lead as it was.
    const second = await send(ROUTES.workflowEnrol, execution(portalId, 501, { autopilot: 'Everyone' }));
    expect(second.body.outputFields.status).toBe('skipped');
    expect(second.body.outputFields.reason).toMatch(/^The contact is a lead already \(lead \d+ in "Picky", active\): a contact is enrolled once$/);
    expect(await creditState(pool(), customer.account.id)).toMatchObject({ used: 2 });
  });

  it("keeps routing's skip rules: a role address is skipped, nothing stored, no credit", async () => {
    const { customer, portalId } = await connected();
    expect((await client(fixture.engine.url, customer.key).request('PATCH', '/autopilot/settings', { body: { skip_role_based: true } })).status).toBe(200);
    const skipped = await send(ROUTES.workflowEnrol, execution(portalId, 601, { autopilot: 'Everyone' }, { email: 'info@acme-601.com' }));
    expect(skipped.status).toBe(200);
    expect(skipped.body.outputFields).toEqual({
      status: 'skipped',
      reason: '"info" is a role address (a team or a function, not a person), and the account skips those. No research, no credit',
      hs_execution_state: 'SUCCESS',
    });
    expect(await leadOf(customer.account.id, portalId, 601)).toEqual([]);
    expect((await pool().query('SELECT 1 FROM autopilot_contacts WHERE account_id = $1', [customer.account.id])).rows).toEqual([]);
    expect(await creditState(pool(), customer.account.id)).toMatchObject({ used: 0 });
    // An Autopilot switched off (or renamed) since the workflow chose it: skipped, in words.
    const gone = await send(ROUTES.workflowEnrol, execution(portalId, 602, { autopilot: 'Renamed since' }));
    expect(gone.body.outputFields).toMatchObject({ status: 'skipped' });
    expect(gone.body.outputFields.reason).toMatch(/^No Autopilot "Renamed since" is switched on/);
    // No valid address: waiting for one, nothing charged.
    const noEmail = await send(ROUTES.workflowEnrol, execution(portalId, 603, { autopilot: 'Everyone' }, { email: 'not an address' }));
    expect(noEmail.body.outputFields.status).toBe('waiting');
  });

  it('reads the contact from HubSpot when the request carries none of its properties, and answers 503 (HubSpot retries) when HubSpot fails', async () => {
    const { customer, portalId } = await connected();
    nock(API).post('/crm/v3/objects/contacts/batch/read').query(true).reply(502, { status: 'error', message: 'Bad gateway' });
    const failed = await send(ROUTES.workflowEnrol, execution(portalId, 701, { autopilot: 'Everyone' }, null));
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ error: 'service_unavailable' });
    expect(failed.body.message).toMatch(/^The contact could not be read from HubSpot \(HubSpot contact read: HTTP 502/);
    const read = nock(API, { reqheaders: { authorization: `Bearer access-${portalId}` } })
      .post('/crm/v3/objects/contacts/batch/read', (body: { inputs: { id: string }[]; properties: string[] }) => body.inputs[0]!.id === '701' && body.properties.includes('email'))
      .query(true)
      .reply(200, { status: 'COMPLETE', results: [contactRecord(701, { email: 'grace@hopper-labs.com', firstname: 'Grace' })], startedAt: '', completedAt: '' });
    const answer = await send(ROUTES.workflowEnrol, execution(portalId, 701, { autopilot: 'Everyone' }, null));
    expect(answer.body.outputFields.status).toBe('enrolled');
    expect(read.isDone()).toBe(true);
    const { rows } = await pool().query('SELECT email FROM autopilot_contacts WHERE account_id = $1 AND contact_id = $2', [customer.account.id, '701']);
    expect(rows).toEqual([{ email: 'grace@hopper-labs.com' }]);
  });

  it('makes one lead of a contact HubSpot creates while a workflow enrols it: whichever comes first, the other changes nothing', async () => {
    const { customer, portalId } = await connected();
    for (const id of [1501, 1502, 1503]) {
      const created = new Date(Date.now() + 1000);
      nock(API)
        .post('/crm/v3/objects/contacts/batch/read')
        .query(true)
        .reply(200, { status: 'COMPLETE', results: [contactRecord(id, { email: `p${id}@acme-${id}.com` }, created)], startedAt: '', completedAt: '' });
      const [, enrol] = await Promise.all([
        sendBatch(fixture.engine.url, [event(portalId, 'contact.creation', id, created.getTime())]),
        send(ROUTES.workflowEnrol, execution(portalId, id, { autopilot: 'Picky' })),
      ]);
      expect(['enrolled', 'skipped']).toContain(enrol.body.outputFields.status);
      await until(`contact ${id} routed`, async () => (await leadOf(customer.account.id, portalId, id)).length === 1);
      const [lead] = await leadOf(customer.account.id, portalId, id);
      // The workflow's answer says which came first.
      expect(lead!.autopilot).toBe(enrol.body.outputFields.status === 'enrolled' ? 'Picky' : 'Everyone');
    }
    await until('research done', async () => (await pool().query(`SELECT 1 FROM research_jobs WHERE account_id = $1 AND status IN ('queued', 'processing')`, [customer.account.id])).rows.length === 0);
    expect(await creditState(pool(), customer.account.id)).toMatchObject({ used: 3, debits: 3 });
  });

  it('waits, charging nothing, when the account has no credits left', async () => {
    const { customer, portalId } = await connected({ credits: 1 });
    expect((await send(ROUTES.workflowEnrol, execution(portalId, 801, { autopilot: 'Everyone' }))).body.outputFields.status).toBe('enrolled');
    const broke = await send(ROUTES.workflowEnrol, execution(portalId, 802, { autopilot: 'Everyone' }));
    expect(broke.body.outputFields.status).toBe('waiting');
    expect(broke.body.outputFields.reason).toMatch(/^The account has no credits left \(1 of 1 used this cycle, which ends .+\); nothing was charged$/);
    expect(await leadOf(customer.account.id, portalId, 802)).toEqual([]);
    expect(await creditState(pool(), customer.account.id)).toMatchObject({ used: 1, debits: 1 });
    const research = await send(ROUTES.workflowResearch, execution(portalId, 803));
    expect(research.body.outputFields).toEqual({
      research_status: 'no_credits',
      research_summary: '',
      reason: 'The account has no credits left (1 of 1 used): no research, no credit',
      hs_execution_state: 'SUCCESS',
    });
    expect(await researchCount(customer.account.id)).toBe(1);
  });
});

describe('Stop the Autopilot lead', () => {
  it("closes the contact's active lead manually; again, or with no lead, it says so and changes nothing", async () => {
    const { customer, portalId } = await connected();
    await send(ROUTES.workflowEnrol, execution(portalId, 901, { autopilot: 'Everyone' }));
    const stopping = execution(portalId, 901);
    const stop = await send(ROUTES.workflowStop, stopping);
    expect(stop.status).toBe(200);
    // HubSpot delivering it again gets the same answer, not "not active".
    expect((await send(ROUTES.workflowStop, stopping)).body).toEqual(stop.body);
    expect(stop.body.outputFields).toMatchObject({ status: 'closed', hs_execution_state: 'SUCCESS' });
    expect(stop.body.outputFields.reason).toMatch(/^Lead \d+ closed manually: its queued touches are cancelled\.$/);
    expect(await leadOf(customer.account.id, portalId, 901)).toMatchObject([{ outcome: 'Closed', end_reason: 'closed_manually' }]);
    expect((await send(ROUTES.workflowStop, execution(portalId, 901))).body.outputFields.status).toBe('not_active');
    expect((await send(ROUTES.workflowStop, execution(portalId, 999))).body.outputFields).toEqual({
      status: 'no_lead',
      reason: 'The contact has no Autopilot lead: nothing to close.',
      hs_execution_state: 'SUCCESS',
    });
  });

  it('never reaches a contact of another portal, even of the same account and with the same id', async () => {
    const { customer, portalId } = await connected();
    const other = nextPortal++;
    await connectPortal(fixture.engine.url, customer.account.id, other, { existing: true });
    await send(ROUTES.workflowEnrol, execution(portalId, 1001, { autopilot: 'Everyone' }));
    const stop = await send(ROUTES.workflowStop, execution(other, 1001));
    expect(stop.body.outputFields.status).toBe('no_lead');
    expect(await leadOf(customer.account.id, portalId, 1001)).toMatchObject([{ outcome: 'Active' }]);
    // The other portal's execution of the first portal's callbackId is refused, and shows nothing of it.
    const body = execution(portalId, 1002, { autopilot: 'Everyone' });
    await send(ROUTES.workflowEnrol, body);
    const stolen = await send(ROUTES.workflowEnrol, { ...body, origin: { portalId: other } });
    expect(stolen.status).toBe(400);
    expect(stolen.body).toEqual({ error: 'invalid_body', message: 'This callbackId belongs to another execution: HubSpot gives each execution its own' });
    // A portal that never installed the app is refused.
    expect((await send(ROUTES.workflowStop, execution(1, 1001))).status).toBe(404);
  });
});

describe('Research this contact', () => {
  it('starts one research however often HubSpot delivers the execution, blocks it, and completes it through the callbacks API once the research ends', async () => {
    const { customer, portalId } = await connected();
    const body = execution(portalId, 1101, {}, { email: 'ada@acme-analytics.com', firstname: 'Ada', lastname: 'Lovelace' });
    const completions: unknown[] = [];
    const complete = nock(API, { reqheaders: { authorization: `Bearer access-${portalId}` } })
      .post(`/automation/actions/callbacks/2026-03/${body.callbackId}/complete`)
      // Kept in the reply, which only the matched request reaches: nock asks a body matcher about other requests too.
      .reply(async (request: Request) => {
        completions.push(await request.json());
        return [204];
      });
    // Four deliveries at once, then one more: one research.
    const answers = await Promise.all(Array.from({ length: 4 }, () => send(ROUTES.workflowResearch, body)));
    for (const answer of answers) expect(answer).toEqual({ status: 200, body: { outputFields: { hs_execution_state: 'BLOCK', hs_expiration_duration: 'P1D' } } });
    const again = await send(ROUTES.workflowResearch, body);
    expect(again.body).toEqual(answers[0]!.body);
    expect(await researchCount(customer.account.id)).toBe(1);
    expect(await creditState(pool(), customer.account.id)).toMatchObject({ used: 1, debits: 1 });
    await until('the execution completed in HubSpot', async () => complete.isDone(), 30_000);
    // The sources here find nothing: the research completes with an empty brief.
    expect(completions).toEqual([{ outputFields: { research_status: 'completed', research_summary: '', reason: 'The research completed; its brief has no summary', hs_execution_state: 'SUCCESS' } }]);
    await until(
      'the completion recorded',
      async () => (await pool().query(`SELECT 1 FROM hubspot_workflow_executions WHERE callback_id = $1 AND state = 'completed'`, [body.callbackId])).rows.length === 1,
    );
    // A late delivery now answers the outputs.
    expect((await send(ROUTES.workflowResearch, body)).body.outputFields).toMatchObject({ research_status: 'completed', hs_execution_state: 'SUCCESS' });
    expect(await creditState(pool(), customer.account.id)).toMatchObject({ used: 1, debits: 1 });
  });

  it('records HubSpot refusing the completion (an execution it no longer waits for), and tries no more', async () => {
    const { portalId } = await connected();
    const body = execution(portalId, 1201);
    const refused = nock(API).post(`/automation/actions/callbacks/2026-03/${body.callbackId}/complete`).reply(400, { status: 'error', message: 'Callback expired', category: 'VALIDATION_ERROR' });
    expect((await send(ROUTES.workflowResearch, body)).body.outputFields.hs_execution_state).toBe('BLOCK');
    await until('HubSpot asked', async () => refused.isDone(), 30_000);
    await until(
      'the refusal recorded',
      async () => (await pool().query(`SELECT 1 FROM hubspot_workflow_executions WHERE callback_id = $1 AND state = 'expired'`, [body.callbackId])).rows.length === 1,
    );
    const { rows } = await pool().query<{ completion_error: string }>('SELECT completion_error FROM hubspot_workflow_executions WHERE callback_id = $1', [body.callbackId]);
    expect(rows[0]!.completion_error).toMatch(/HTTP 400 .*Callback expired/);
  });
});

describe('what HubSpot did not sign, and bodies it would not send', () => {
  it('refuses tampered, stale, foreign-secret and mixed signatures with 401, doing nothing', async () => {
    const { customer, portalId } = await connected();
    const body = execution(portalId, 1301, { autopilot: 'Everyone' });
    const refused = [
      await send(ROUTES.workflowEnrol, body, { tamper: (text) => text.replace('1301', '1302') }),
      await send(ROUTES.workflowEnrol, body, { timestamp: Date.now() - 6 * 60_000 }),
      await send(ROUTES.workflowEnrol, body, { secret: 'another-secret' }),
      await send(ROUTES.workflowEnrol, body, { v2: true, tamper: (text) => text.replace('Everyone', 'Picky') }),
    ];
    for (const answer of refused) expect(answer).toMatchObject({ status: 401, body: { error: 'invalid_signature' } });
    // A v3 header that does not verify is not rescued by a good v2 one.
    const text = JSON.stringify(body);
    const mixed = await fetch(`${fixture.engine.url}${ROUTES.workflowEnrol}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hubspot-signature-v3': 'bm90IGEgc2lnbmF0dXJl',
        'x-hubspot-request-timestamp': String(Date.now()),
        'x-hubspot-signature': hubspotSignatureV2(CLIENT_SECRET, 'POST', `${PUBLIC_URL}${ROUTES.workflowEnrol}`, text),
        'x-hubspot-signature-version': 'v2',
      },
      body: text,
    });
    expect(mixed.status).toBe(401);
    expect(await leadOf(customer.account.id, portalId, 1301)).toEqual([]);
    // The same request signed as HubSpot signs it (v2 here) is taken.
    expect((await send(ROUTES.workflowEnrol, body, { v2: true })).body.outputFields.status).toBe('enrolled');
  });

  it('answers malformed bodies 400 in words, never 500', async () => {
    const { portalId } = await connected();
    const good = execution(portalId, 1401, { autopilot: 'Everyone' });
    const cases: [unknown, RegExp][] = [
      [{ ...good, callbackId: 42 }, /"callbackId"/],
      [{ ...good, callbackId: 'a\nb' }, /"callbackId"/],
      [{ ...good, object: { objectId: 1401, objectType: 'COMPANY' } }, /contacts only/],
      [{ ...good, object: { objectId: 'abc', objectType: 'CONTACT' } }, /"object.objectId"/],
      [{ ...good, object: { objectId: 1401, objectType: 'CONTACT', properties: { email: 7 } } }, /"object.properties.email" must be text/],
      [{ ...good, object: { objectId: 1401, objectType: 'CONTACT', properties: { email: 'a\u0000@b.com' } } }, /cannot be stored/],
      [{ ...good, inputFields: { autopilot: '' } }, /"inputFields.autopilot"/],
      [{ ...good, inputFields: [] }, /"inputFields"/],
    ];
    for (const [body, message] of cases) {
      const answer = await send(ROUTES.workflowEnrol, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toBe('invalid_body');
      expect(answer.body.message).toMatch(message);
    }
    // A body naming no portal cannot be told apart from one not signed for it.
    expect((await send(ROUTES.workflowStop, { callbackId: 'x' })).status).toBe(401);
    expect((await send(ROUTES.workflowStop, [good])).status).toBe(401);
    expect((await send(ROUTES.workflowStop, null, { raw: 'not json' })).status).toBe(401);
    const options = await send(ROUTES.workflowOptions, { origin: { portalId }, inputFieldName: 'language' });
    expect(options).toMatchObject({ status: 400, body: { error: 'invalid_body' } });
  });

  it('answers any signed body on any of the routes with a documented status (a 503 only when HubSpot cannot be asked), never a 500, and charges only for executions it took', async () => {
    const { customer, portalId } = await connected();
    const routes = [ROUTES.workflowOptions, ROUTES.workflowEnrol, ROUTES.workflowStop, ROUTES.workflowResearch];
    // Bodies near what HubSpot sends (its fields, any values) and anything at all.
    const near = fc.record(
      {
        callbackId: fc.oneof(fc.string(), fc.constant(callbackId())),
        origin: fc.oneof(fc.constant({ portalId }), fc.record({ portalId: fc.oneof(fc.constant(portalId), fc.jsonValue()) })),
        object: fc.record(
          { objectId: fc.oneof(fc.integer(), fc.string(), fc.jsonValue()), objectType: fc.oneof(fc.constant('CONTACT'), fc.string()), properties: fc.jsonValue({ maxDepth: 1 }) },
          { requiredKeys: [] },
        ),
        inputFields: fc.oneof(fc.constant({ autopilot: 'Everyone' }), fc.jsonValue({ maxDepth: 2 })),
        inputFieldName: fc.oneof(fc.constant('autopilot'), fc.jsonValue({ maxDepth: 1 })),
        fetchOptions: fc.jsonValue({ maxDepth: 2 }),
      },
      { requiredKeys: ['origin'] },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.oneof(near, fc.jsonValue({ maxDepth: 3 })), async (route, body) => {
        const answer = await send(route, body);
        // 503: a contact HubSpot sent no properties of, and HubSpot (nock, here) could not be asked.
        expect([200, 400, 401, 404, 503], JSON.stringify({ route, body, answer })).toContain(answer.status);
        if (answer.status !== 200) expect(typeof answer.body.error).toBe('string');
      }),
      { numRuns: 60 },
    );
    // Each credit taken is a research of an execution recorded as taken.
    const researched = await pool().query("SELECT 1 FROM hubspot_workflow_executions WHERE portal_id = $1 AND (research_id IS NOT NULL OR outputs->>'status' = 'enrolled')", [portalId]);
    expect((await creditState(pool(), customer.account.id)).used).toBe(researched.rows.length);
  });
});
