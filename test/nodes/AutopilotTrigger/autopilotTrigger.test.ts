/**
 * The Autopilot Trigger: its webhook lifecycle against the engine's /webhooks (nock), and its check of
 * each delivery's Standard Webhooks signature. Deliveries are signed with `standardwebhooks`, the
 * maintained library the engine signs with, so the two sides are held to the same specification.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import nock from 'nock';
import type { IDataObject, IWebhookResponseData } from 'n8n-workflow';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_OPTIONS } from '../../../nodes/AutopilotTrigger/events';
import { ProspectResearchAutopilotTrigger } from '../../../nodes/AutopilotTrigger/ProspectResearchAutopilotTrigger.node';
import { verifySignature } from '../../../nodes/AutopilotTrigger/signature';
import { API_KEY, BASE_URL, createTriggerHarness, WEBHOOK_URL } from '../harness';

const trigger = new ProspectResearchAutopilotTrigger();
const lifecycle = trigger.webhookMethods.default;
const SECRET = `whsec_${randomBytes(32).toString('base64')}`;

const event = {
  id: 'evt_5f0c2a',
  type: 'lead.responded',
  timestamp: '2030-01-07T10:00:00.000+00:00',
  account_id: 12,
  autopilot_id: 3,
  lead_id: 41,
  contact_id: '501',
  data: { contact: { id: '501', email: 'jana.weber@acme-logistik.de', properties: {} }, autopilot: 'EMEA SaaS', outcome: 'Responded', end_reason: 'call_connected', research_id: 'r1' },
};
const body = JSON.stringify(event);

/** The headers the engine sends with a delivery signed at `at` with `secret`. */
function signed(secret: string, at: Date, payload = body, id = event.id): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, payload),
  };
}

const now = () => Math.floor(Date.now() / 1000);

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => {
  const pending = nock.pendingMocks();
  nock.cleanAll();
  expect(pending).toEqual([]);
});

describe('the signature check', () => {
  it('accepts a delivery signed with the secret, now', () => {
    const headers = signed(SECRET, new Date());
    const request = { id: headers['webhook-id'], timestamp: headers['webhook-timestamp'], signature: headers['webhook-signature'], body };
    expect(verifySignature(SECRET, request, now())).toBeNull();
    expect(verifySignature(SECRET, { ...request, body: Buffer.from(body) }, now())).toBeNull();
  });

  it('refuses a tampered body, id or timestamp', () => {
    const headers = signed(SECRET, new Date());
    const request = { id: headers['webhook-id'], timestamp: headers['webhook-timestamp'], signature: headers['webhook-signature'], body };
    expect(verifySignature(SECRET, { ...request, body: body.replace('call_connected', 'meeting_booked') }, now())).toBe('bad_signature');
    expect(verifySignature(SECRET, { ...request, id: 'evt_other' }, now())).toBe('bad_signature');
    expect(verifySignature(SECRET, { ...request, timestamp: String(Number(request.timestamp) - 1) }, now())).toBe('bad_signature');
  });

  it('refuses a signature made with another secret, or with none in the v1 form', () => {
    const other = `whsec_${randomBytes(32).toString('base64')}`;
    const headers = signed(other, new Date());
    const request = { id: headers['webhook-id'], timestamp: headers['webhook-timestamp'], signature: headers['webhook-signature'], body };
    expect(verifySignature(SECRET, request, now())).toBe('bad_signature');
    expect(verifySignature(SECRET, { ...request, signature: headers['webhook-signature']!.replace('v1,', 'v2,') }, now())).toBe('bad_signature');
    expect(verifySignature(SECRET, { ...request, signature: 'v1,' }, now())).toBe('bad_signature');
  });

  it('refuses a timestamp more than 5 minutes old or ahead, and accepts one just inside', () => {
    for (const [offsetSeconds, expected] of [
      [-301, 'stale_timestamp'],
      [301, 'stale_timestamp'],
      [-299, null],
      [299, null],
    ] as const) {
      const headers = signed(SECRET, new Date((now() + offsetSeconds) * 1000));
      const request = { id: headers['webhook-id'], timestamp: headers['webhook-timestamp'], signature: headers['webhook-signature'], body };
      expect(verifySignature(SECRET, request, now()), String(offsetSeconds)).toBe(expected);
    }
  });

  it('takes any of several signatures (a rotated secret), and refuses missing headers', () => {
    const headers = signed(SECRET, new Date());
    const request = { id: headers['webhook-id'], timestamp: headers['webhook-timestamp'], signature: `v1,${randomBytes(32).toString('base64')} ${headers['webhook-signature']}`, body };
    expect(verifySignature(SECRET, request, now())).toBeNull();
    expect(verifySignature(SECRET, { ...request, signature: undefined }, now())).toBe('missing_headers');
    expect(verifySignature(SECRET, { ...request, id: '' }, now())).toBe('missing_headers');
  });
});

describe('a delivery to the trigger', () => {
  async function deliver(headers: Record<string, string>, payload = body, staticData: IDataObject = { webhookId: 7, webhookSecret: SECRET }) {
    const harness = createTriggerHarness({ events: ['lead.responded'] }, staticData);
    const { context, response } = harness.deliver(headers, payload);
    const answer: IWebhookResponseData = await trigger.webhook.call(context);
    return { answer, response };
  }

  it('starts the workflow with the event as its item when the signature is good', async () => {
    const { answer, response } = await deliver(signed(SECRET, new Date()));
    expect(answer).toEqual({ workflowData: [[{ json: event }]] });
    expect(response.status).toBeUndefined();
  });

  it('answers 401 and starts nothing for a tampered body, a stale timestamp, another secret, or no subscription', async () => {
    const cases = [
      { headers: signed(SECRET, new Date()), payload: body.replace('"lead_id":41', '"lead_id":42') },
      { headers: signed(SECRET, new Date(Date.now() - 6 * 60_000)), payload: body },
      { headers: signed(`whsec_${randomBytes(32).toString('base64')}`, new Date()), payload: body },
    ];
    for (const { headers, payload } of cases) {
      const { answer, response } = await deliver(headers, payload);
      expect(answer).toEqual({ noWebhookResponse: true });
      expect(response).toMatchObject({ status: 401, body: { error: 'invalid_signature' } });
    }
    const { answer, response } = await deliver(signed(SECRET, new Date()), body, {});
    expect(answer).toEqual({ noWebhookResponse: true });
    expect(response.status).toBe(401);
  });
});

describe('the webhook lifecycle', () => {
  const created = { id: 7, url: WEBHOOK_URL, events: ['lead.responded', 'lead.closed'], autopilot: 'EMEA SaaS', state: 'active', secret: SECRET };

  it('activating subscribes the webhook URL with the events and Autopilot, keeping the id and secret', async () => {
    const harness = createTriggerHarness({ events: ['lead.responded', 'lead.closed'], autopilot: 'EMEA SaaS' });
    nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
      .post('/webhooks', { url: WEBHOOK_URL, events: ['lead.responded', 'lead.closed'], autopilot: 'EMEA SaaS' })
      .reply(201, created);
    expect(await lifecycle.checkExists.call(harness.hooks)).toBe(false);
    expect(await lifecycle.create.call(harness.hooks)).toBe(true);
    expect(harness.staticData).toEqual({ webhookId: 7, webhookSecret: SECRET });
    expect(harness.requests).toEqual(['POST /webhooks']);
  });

  it('subscribes to all Autopilots when none is chosen', async () => {
    const harness = createTriggerHarness({ events: ['lead.enrolled'], autopilot: '' });
    nock(BASE_URL)
      .post('/webhooks', { url: WEBHOOK_URL, events: ['lead.enrolled'] })
      .reply(201, { ...created, autopilot: null });
    expect(await lifecycle.create.call(harness.hooks)).toBe(true);
  });

  it("stops with the engine's words when it refuses the subscription", async () => {
    const harness = createTriggerHarness({ events: ['lead.responded'] });
    nock(BASE_URL).post('/webhooks').reply(503, { error: 'secret_key_missing', message: 'no SECRET_KEY' });
    await expect(lifecycle.create.call(harness.hooks)).rejects.toMatchObject({ message: expect.stringContaining('SECRET_KEY'), context: { code: 'secret_key_missing' } });
    expect(harness.staticData).toEqual({});
  });

  it("a webhook URL the engine refuses stops publishing with the engine's reason and setting in the message itself", async () => {
    const harness = createTriggerHarness({ events: ['lead.responded'] });
    const reason = '"url" names a private address (127.0.0.1); a self-hosted engine whose targets run on its own network sets WEBHOOKS_ALLOW_PRIVATE_TARGETS=true';
    nock(BASE_URL)
      .post('/webhooks')
      .reply(400, { error: 'invalid_webhook', problems: [{ message: reason }] });
    const error = (await lifecycle.create.call(harness.hooks).catch((caught: unknown) => caught)) as Error & { description?: string };
    expect(error.message).toBe(`The engine refused this workflow's webhook URL: ${reason} (invalid_webhook)`);
    expect(error.description).toMatch(/N8N_WEBHOOK_URL/);
    expect(harness.staticData).toEqual({});
  });

  it('finds its subscription while the engine lists it for this URL, and makes it again once it is gone or disabled', async () => {
    const harness = createTriggerHarness({ events: ['lead.responded'] }, { webhookId: 7, webhookSecret: SECRET });
    nock(BASE_URL)
      .get('/webhooks')
      .reply(200, { webhooks: [{ ...created, secret: undefined }] });
    expect(await lifecycle.checkExists.call(harness.hooks)).toBe(true);

    nock(BASE_URL)
      .get('/webhooks')
      .reply(200, { webhooks: [{ ...created, id: 8 }] });
    expect(await lifecycle.checkExists.call(harness.hooks)).toBe(false);
    expect(harness.staticData).toEqual({});

    const disabled = createTriggerHarness({ events: ['lead.responded'] }, { webhookId: 7, webhookSecret: SECRET });
    nock(BASE_URL)
      .get('/webhooks')
      .reply(200, { webhooks: [{ ...created, state: 'disabled' }] })
      .delete('/webhooks/7')
      .reply(200, created);
    expect(await lifecycle.checkExists.call(disabled.hooks)).toBe(false);
    expect(disabled.requests).toEqual(['GET /webhooks', 'DELETE /webhooks/7']);
    expect(disabled.staticData).toEqual({});
  });

  it('deactivating removes the subscription; one the engine no longer has counts as removed', async () => {
    const harness = createTriggerHarness({ events: ['lead.responded'] }, { webhookId: 7, webhookSecret: SECRET });
    nock(BASE_URL, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
      .delete('/webhooks/7')
      .reply(200, created);
    expect(await lifecycle.delete.call(harness.hooks)).toBe(true);
    expect(harness.staticData).toEqual({});
    expect(harness.requests).toEqual(['DELETE /webhooks/7']);

    const gone = createTriggerHarness({ events: ['lead.responded'] }, { webhookId: 9, webhookSecret: SECRET });
    nock(BASE_URL).delete('/webhooks/9').reply(404, { error: 'webhook_not_found' });
    expect(await lifecycle.delete.call(gone.hooks)).toBe(true);
    expect(gone.staticData).toEqual({});

    const down = createTriggerHarness({ events: ['lead.responded'] }, { webhookId: 9, webhookSecret: SECRET });
    nock(BASE_URL).delete('/webhooks/9').reply(500, { error: 'internal_error' });
    expect(await lifecycle.delete.call(down.hooks)).toBe(false);
    expect(down.staticData).toEqual({ webhookId: 9, webhookSecret: SECRET });
  });
});

describe('the trigger in the editor', () => {
  it("shows no notice about the engine's environment: that is said when publishing fails", () => {
    expect(trigger.description.properties.filter((property) => property.type === 'notice')).toEqual([]);
  });

  it('offers every event type of the engine (docs/events.md, "Event types"), and no other', () => {
    const docs = readFileSync(resolve(__dirname, '../../../docs/events.md'), 'utf8');
    const table = docs.slice(docs.indexOf('## Event types'), docs.indexOf('\n## ', docs.indexOf('## Event types') + 1));
    const documented = [...table.matchAll(/^\| `([a-z]+\.[a-z]+)` \|/gm)].map((match) => match[1]);
    expect(documented.length).toBeGreaterThan(5);
    expect(EVENT_OPTIONS.map((option) => option.value).sort()).toEqual(documented.sort());
  });

  it('lists the Autopilots for the filter, all of them first', async () => {
    const harness = createTriggerHarness({});
    nock(BASE_URL)
      .get('/autopilots')
      .reply(200, {
        autopilots: [
          { name: 'EMEA SaaS', enabled: true },
          { name: 'Everyone else', enabled: false },
        ],
      });
    expect(await trigger.methods.loadOptions.getAutopilots.call(harness.loadOptions)).toEqual([
      { name: 'All Autopilots', value: '' },
      { name: 'EMEA SaaS', value: 'EMEA SaaS', description: 'On' },
      { name: 'Everyone else', value: 'Everyone else', description: 'Off' },
    ]);
  });
});
