/**
 * The Autopilot node and its Trigger inside a real n8n (`n8n start`, workflows activated as a user
 * activates them) against a real engine with lead events: the package README's CRM connector workflow
 * adds a contact, which the engine enrols; a call logged through the Autopilot node ends the lead as a
 * win; the engine's signed lead.responded webhook starts the Trigger's workflow, which posts the note.
 * Add contacts chains into Get Routing State on their defaults; Get Many of leads (Return All) and of contacts
 * (Limit) read the engine's lists. Publishing the Trigger against an engine
 * that refuses private addresses (the default) fails with the engine's reason and setting. A delivery
 * with a bad signature is refused and starts nothing; deactivating removes the subscription.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { engineModules } from '@prospect-research/engine';
import { client, createCustomer, type Customer, newTestDatabase, startTestEngine, type TestDatabase, type TestEngine, until } from '@prospect-research/engine/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { INSTANT, type SourceEmulator, startSourceEmulator } from '../support/sourceEmulator.ts';
import { createN8nInstance, type N8nInstance, type N8nServer } from './n8n.ts';
import { addAndCheckWorkflow, callLoggedWorkflow, crmConnectorWorkflow, getManyWorkflow, researchCredential, triggerWorkflow } from './workflows.ts';

const CONNECTOR = 'prautopilotwf001';
const CALLS = 'prautopilotwf002';
const ADD_AND_CHECK = 'prautopilotwf003';
/** The Trigger with a credential for an engine that refuses private webhook URLs, as engines do by default. */
const REFUSED = 'prautopilotwf004';
const LEADS = 'prautopilotwf005';
const CONTACTS = 'prautopilotwf006';

let database: TestDatabase;
let emulator: SourceEmulator;
let engine: TestEngine;
/** A second engine on the same database, with the default setting: private webhook URLs refused. */
let strictEngine: TestEngine;
let customer: Customer;
let n8n: N8nInstance;
let server: N8nServer;
let chat: Server;
let chatUrl: string;
/** What the workflow posted to the chat webhook. */
const posted: unknown[] = [];

beforeAll(async () => {
  database = await newTestDatabase();
  emulator = await startSourceEmulator(INSTANT);
  engine = await startTestEngine({
    database,
    modules: await engineModules(),
    // n8n runs on this machine: its webhook URL is a loopback address, which the engine refuses by default.
    env: { ...emulator.env, SECRET_KEY: Buffer.alloc(32, 7).toString('base64'), WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' },
  });
  strictEngine = await startTestEngine({ database, modules: await engineModules(), worker: false, env: { ...emulator.env, SECRET_KEY: Buffer.alloc(32, 7).toString('base64') } });
  customer = await createCustomer(engine.pool);
  const api = client(engine.url, customer.key);
  const autopilot = await api.request('PUT', '/autopilots/EMEA%20SaaS', {
    body: {
      enabled: true,
      filter: { match: 'all', rules: [{ property: 'country', operator: 'is', values: ['Germany'] }] },
      channels: ['email'],
      tone: 'Friendly',
      goal: { type: 'meetings', calendar_link: 'https://cal.example.com/team' },
      lead_origin: 'You downloaded our pricing guide last week.',
      sequence: [{ day: 1, channel: 'email', kind: 'email', angle: 'Ask about their pricing.', subject_angle: 'Pricing', signals: [] }],
      stop_conditions: { reply: true, call_connected: true, meeting_booked: true, invite_accepted: false, property_changes: [] },
    },
  });
  expect(autopilot.status, JSON.stringify(autopilot.body)).toBe(201);

  chat = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      posted.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => chat.listen(0, '127.0.0.1', resolve));
  chatUrl = `http://127.0.0.1:${(chat.address() as AddressInfo).port}/chat`;

  n8n = await createN8nInstance(inject('n8nInstallation'), inject('packageTarball'));
  const credential = researchCredential('prautopilotcred1', engine.url, customer.key);
  const strictCredential = researchCredential('prautopilotcred2', strictEngine.url, customer.key);
  await n8n.importCredentials([credential, strictCredential]);
  await n8n.importWorkflows([
    crmConnectorWorkflow(CONNECTOR, credential, chatUrl),
    callLoggedWorkflow(CALLS, credential),
    addAndCheckWorkflow(ADD_AND_CHECK, credential),
    triggerWorkflow(REFUSED, strictCredential),
    getManyWorkflow(LEADS, credential, 'all-leads', { resource: 'lead', operation: 'getAll', returnAll: true, filters: { outcome: 'Responded' }, sort: 'newest' }),
    getManyWorkflow(CONTACTS, credential, 'one-contact', { resource: 'contact', operation: 'getAll', limit: 1, filters: {} }),
  ]);
  server = await n8n.serve();
}, 240_000);

afterAll(async () => {
  await server?.stop();
  n8n?.remove();
  await new Promise<void>((resolve) => (chat ? chat.close(() => resolve()) : resolve()));
  try {
    await strictEngine?.stop();
    await engine?.stop();
  } finally {
    await emulator?.close();
    await database?.drop();
  }
});

async function activate(workflowId: string): Promise<void> {
  const workflow = await server.rest('GET', `/workflows/${workflowId}`);
  await server.rest('POST', `/workflows/${workflowId}/activate`, { versionId: workflow.versionId });
}

async function subscriptions(): Promise<Array<Record<string, unknown>>> {
  const answer = await client(engine.url, customer.key).request('GET', '/webhooks');
  return (answer.body as { webhooks: Array<Record<string, unknown>> }).webhooks;
}

async function executions(workflowId: string): Promise<Array<{ id: string; status: string }>> {
  const data = await server.rest('GET', `/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}`);
  return data.results as Array<{ id: string; status: string }>;
}

/** Calls a production webhook of an active workflow, as the CRM would. */
async function callWebhook(path: string, body: unknown): Promise<number> {
  const response = await fetch(`${server.url}/webhook/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await response.text();
  return response.status;
}

describe('the Autopilot node and its Trigger in a real n8n', () => {
  it("activating the README's CRM connector subscribes its Trigger's webhook URL on the engine, for lead.responded", async () => {
    await activate(CONNECTOR);
    await activate(CALLS);
    // n8n 2.x publishes through an outbox: the trigger's create may run just after the answer.
    await until('the subscription to be made', async () => (await subscriptions()).length > 0, 30_000);
    const [subscription, ...others] = await subscriptions();
    expect(others).toEqual([]);
    expect(subscription).toMatchObject({ url: expect.stringMatching(new RegExp(`^${server.url}/webhook/.+/webhook$`)), events: ['lead.responded'], autopilot: null, state: 'active' });
  });

  it('a contact from the CRM is added and enrolled; a call logged through the Autopilot node ends its lead, and the signed event runs the Trigger workflow', async () => {
    const createdAt = new Date().toISOString();
    const status = await callWebhook('crm-new-contact', {
      id: 501,
      email: 'jana.weber@acme-logistik.de',
      first_name: 'Jana',
      last_name: 'Weber',
      company: 'Acme Logistik GmbH',
      country: 'Germany',
      created_at: createdAt,
    });
    expect(status).toBe(200);
    const api = client(engine.url, customer.key);
    let routing: Record<string, unknown> = {};
    await until(
      'the contact to be enrolled',
      async () => {
        const answer = await api.request('GET', '/autopilot/contacts/501');
        routing = answer.body;
        return answer.status === 200 && routing.state === 'enrolled';
      },
      60_000,
    );
    const leadId = (routing.lead as { id: number }).id;

    expect(await callWebhook('crm-call-logged', { contact_id: '501', occurred_at: new Date().toISOString() })).toBe(200);
    await until('the note in the chat', async () => posted.length > 0, 60_000);
    expect(posted).toEqual([{ text: 'jana.weber@acme-logistik.de responded to EMEA SaaS (call_connected)' }]);
    const lead = await api.request('GET', `/autopilot/leads/${leadId}`);
    expect(lead.body).toMatchObject({ outcome: 'Responded', end_reason: 'call_connected' });
    // n8n answers the delivery before its workflow runs; the engine records it once that answer is in.
    await until('the engine to record the delivery', async () => typeof (await subscriptions())[0]?.last_delivered_at === 'string');
    const [delivered, ...more] = await subscriptions();
    expect(more).toEqual([]);
    expect(delivered).toMatchObject({ state: 'active', last_error: null });
  });

  it('Add contacts chains into Get Routing State with both nodes on their defaults', async () => {
    await activate(ADD_AND_CHECK);
    let status = 0;
    let text = '';
    // n8n 2.x publishes through an outbox: its production webhook may be registered just after the answer.
    await until(
      'the published webhook to answer',
      async () => {
        const response = await fetch(`${server.url}/webhook/crm-add-and-check`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id: 'chain-1', email: 'luc.martin@lumiere-conseil.fr', country: 'France' }),
        });
        status = response.status;
        text = await response.text();
        return status !== 404;
      },
      30_000,
    );
    expect(status, text).toBe(200);
    // The contact Add sent, read by the next node through the item's contact_id; created now (no Created At given).
    expect(JSON.parse(text)).toMatchObject({ id: 'chain-1', source: 'api', state: expect.stringMatching(/^(received|waiting)$/) });
    const { rows } = await engine.pool.query<{ created_at: Date }>("SELECT created_at FROM autopilot_contacts WHERE contact_id = 'chain-1'");
    expect(Math.abs(rows[0]!.created_at.getTime() - Date.now())).toBeLessThan(10 * 60_000);
  });

  it('Get Many reads every lead of the filter with Return All, and only Limit contacts otherwise, from the engine', async () => {
    await activate(LEADS);
    await activate(CONTACTS);
    const ask = async (path: string) => {
      let status = 0;
      let text = '';
      // n8n 2.x publishes through an outbox: its production webhook may be registered just after the answer.
      await until(
        `the webhook ${path} to answer`,
        async () => {
          const response = await fetch(`${server.url}/webhook/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
          status = response.status;
          text = await response.text();
          return status !== 404;
        },
        30_000,
      );
      expect(status, text).toBe(200);
      return JSON.parse(text) as Array<Record<string, unknown>>;
    };
    // The lead of contact 501 ended as Responded (the call above); the engine's own list says the same.
    const leads = await ask('all-leads');
    const { body } = await client(engine.url, customer.key).request('GET', '/autopilot/leads?outcome=Responded&limit=1000');
    expect(leads.map((lead) => lead.id)).toEqual((body.leads as Array<{ id: number }>).map((lead) => lead.id));
    expect(leads).toEqual(expect.arrayContaining([expect.objectContaining({ contact_id: '501', outcome: 'Responded', end_reason: 'call_connected' })]));
    // Two contacts were added above (501 and chain-1); Limit 1 answers the newest only.
    const contacts = await ask('one-contact');
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ id: 'chain-1', source: 'api' });
  });

  it("publishing the Trigger where the engine refuses n8n's private address fails with the engine's reason and setting in the message", async () => {
    await activate(REFUSED);
    // n8n 2.41 publishes through an outbox: the trigger's refusal is its publication status, which the editor shows.
    let triggers: Array<{ status: string; errorMessage: string | null }> = [];
    await until(
      'the publication to settle',
      async () => {
        const publication = await server.rest('GET', `/workflows/${REFUSED}/publication-status`);
        triggers = publication.triggers as typeof triggers;
        return publication.status !== 'in_progress' && triggers.length > 0;
      },
      30_000,
    );
    expect(triggers).toEqual([{ nodeId: 'trigger-alone', status: 'failed', errorMessage: expect.stringMatching(/^The engine refused this workflow's webhook URL: "url" names a private address/) }]);
    expect(triggers[0]!.errorMessage).toContain('WEBHOOKS_ALLOW_PRIVATE_TARGETS=true');
    // The account's one subscription is still the CRM connector's: nothing was subscribed for this trigger.
    expect(await subscriptions()).toHaveLength(1);
  });

  it("refuses a delivery whose signature is not the engine's with 401, and starts nothing", async () => {
    const before = await executions(CONNECTOR);
    const [subscription] = await subscriptions();
    const body = JSON.stringify({ id: 'evt_forged', type: 'lead.responded', data: {} });
    const response = await fetch(String(subscription!.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'evt_forged',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': `v1,${Buffer.alloc(32, 1).toString('base64')}`,
      },
      body,
    });
    expect(response.status).toBe(401);
    expect(await executions(CONNECTOR)).toHaveLength(before.length);
    expect(posted).toHaveLength(1);
  });

  it('deactivating the workflow removes the subscription from the engine', async () => {
    const answer = await server.rest('POST', `/workflows/${CONNECTOR}/deactivate`, {});
    expect(answer.active).toBe(false);
    // Likewise unpublishing: the trigger's delete may run just after the answer.
    await until('the subscription to be removed', async () => (await subscriptions()).length === 0, 30_000);
  });
});
