/**
 * The HubSpot app's figures, against the real service (the engine's own modules, the HubSpot app on)
 * and a stand-in for HubSpot's API on a local port (batch read and batch update, answering at once).
 *
 * Webhook answers: signed batches of 100 events sent one after the other, as HubSpot sends a portal's
 * (10 batches of contact creations, then property changes), each timed from the request to the answer:
 * verify the signature, store the events once, queue the portal's job. Goal: p99 under 250 ms.
 *
 * Writeback: the 1,000 contacts of those creations are routed and enrolled by a catch-all Autopilot;
 * one writeback run then writes their leads; HubSpot requests made per 100 contacts written. Goal: at
 * most 2 (batch updates take 100 contacts).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { platformSettings } from '@prospect-research/engine';
import { linkPortal } from '../../crm-app/src/portals.ts';
import { hubspotSettings } from '../../crm-app/src/settings.ts';
import { signatureV3 } from '../../crm-app/src/webhooks/signature.ts';
import type { BenchContext, Figure, Measurement } from '../measurement.ts';
import { createBenchCustomer } from '../support/customers.ts';
import { percentile, round, sleep } from '../support/stats.ts';

const PORTAL = 424242;
const APP_ID = 4242;
const CREATION_BATCHES = 10;
const CHANGE_BATCHES = 190;
const BATCH = 100;
const PUBLIC_URL = 'https://research.example.com';

async function body(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
}

/** HubSpot's API as the app calls it, answering at once; counts the batch updates and the contacts in them. */
async function fakeHubSpot() {
  const counts = { updateRequests: 0, updatedContacts: 0 };
  const server = createServer(async (request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const payload = (await body(request)) as { inputs?: { id: string }[] } | undefined;
    const json = (status: number, value: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    const now = new Date().toISOString();
    if (path === '/crm/v3/objects/contacts/batch/read') {
      return json(200, {
        status: 'COMPLETE', startedAt: now, completedAt: now,
        results: (payload?.inputs ?? []).map(({ id }) => ({ id, properties: { email: `p${id}@firm${id}.de`, country: 'Germany' }, createdAt: new Date(Date.now() + 60_000).toISOString(), updatedAt: now, archived: false })),
      });
    }
    if (path === '/crm/v3/objects/contacts/batch/update') {
      counts.updateRequests += 1;
      counts.updatedContacts += payload?.inputs?.length ?? 0;
      return json(200, { status: 'COMPLETE', results: [], startedAt: now, completedAt: now });
    }
    if (path === '/calling/v1/dispositions') return json(200, []);
    if (path === '/crm/v3/properties/contacts/batch/read') return json(200, { status: 'COMPLETE', results: [], startedAt: now, completedAt: now });
    if (path?.startsWith('/crm/v3/properties/')) return json(201, { name: 'x', label: 'x', type: 'string', fieldType: 'text', groupName: 'prospect_research', options: [] });
    return json(404, { status: 'error', message: `not in the stand-in: ${path}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, counts, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`hubspot bench: still waiting for ${what}`);
    await sleep(100);
  }
}

export const hubspotApp: Measurement = {
  name: 'HubSpot app: signed webhook batches answered, requests per 100 contacts written',
  async run(context: BenchContext): Promise<Figure[]> {
    const hubspot = await fakeHubSpot();
    const env = {
      HUBSPOT_CLIENT_ID: 'bench-client',
      HUBSPOT_CLIENT_SECRET: 'bench-secret',
      HUBSPOT_APP_ID: String(APP_ID),
      HUBSPOT_API_BASE_URL: hubspot.url,
      SECRET_KEY: Buffer.alloc(32, 9).toString('base64'),
      PUBLIC_URL,
    };
    const database = await context.freshDatabase();
    const service = await context.startService(database, { worker: true, env });
    try {
      const customer = await createBenchCustomer(database.pool);
      const put = await fetch(`${service.url}/autopilots/Everyone`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${customer.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Everyone', enabled: true, fallback: false, filter: { match: 'all', rules: [] }, channels: ['email'], tone: 'Friendly',
          goal: { type: 'meetings', calendar_link: 'https://cal.example.com/team' }, lead_origin: 'You signed up.',
          sequence: [{ day: 1, channel: 'email', kind: 'email', angle: 'Ask one question.', subject_angle: 'A question', signals: ['news'] }],
          stop_conditions: { reply: true, call_connected: true, meeting_booked: true, invite_accepted: false, property_changes: [] },
        }),
      });
      if (!put.ok) throw new Error(`hubspot bench: the Autopilot was refused: ${await put.text()}`);
      const settings = hubspotSettings(env, platformSettings(env))!;
      const now = new Date();
      await linkPortal(database.pool, settings, customer.accountId, 'bench-install-link', { hubId: PORTAL, hubDomain: 'bench.hubspot.com', appId: APP_ID, scopes: [] }, { accessToken: 'bench-access', refreshToken: 'bench-refresh', expiresIn: 86_400 }, now);

      context.progress(`hubspot: ${CREATION_BATCHES + CHANGE_BATCHES} signed batches of ${BATCH} events`);
      const answers: number[] = [];
      let eventId = 1;
      for (let b = 0; b < CREATION_BATCHES + CHANGE_BATCHES; b++) {
        const creation = b < CREATION_BATCHES;
        const events = Array.from({ length: BATCH }, (_, i) => ({
          eventId: eventId++, subscriptionId: 1, portalId: PORTAL, appId: APP_ID, occurredAt: Date.now(), attemptNumber: 0, changeSource: 'CRM',
          subscriptionType: creation ? 'contact.creation' : 'contact.propertyChange',
          objectId: creation ? 1_000_000 + b * BATCH + i : 1_000_000 + (i % (CREATION_BATCHES * BATCH)),
          ...(creation ? {} : { propertyName: 'lifecyclestage', propertyValue: `stage${b}` }),
        }));
        const raw = JSON.stringify(events);
        const timestamp = String(Date.now());
        const started = performance.now();
        const response = await fetch(`${service.url}/hubspot/webhooks`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hubspot-request-timestamp': timestamp, 'x-hubspot-signature-v3': signatureV3(env.HUBSPOT_CLIENT_SECRET, 'POST', `${PUBLIC_URL}/hubspot/webhooks`, raw, timestamp) },
          body: raw,
        });
        await response.arrayBuffer();
        answers.push(performance.now() - started);
        if (response.status !== 204) throw new Error(`hubspot bench: batch ${b + 1} answered ${response.status}`);
      }

      context.progress('hubspot: routing the 1,000 new contacts');
      const count = async (sql: string) => Number((await database.pool.query<{ n: string }>(sql, [customer.accountId])).rows[0]!.n);
      await until(async () => (await count(`SELECT count(*) AS n FROM autopilot_leads WHERE account_id = $1`)) === CREATION_BATCHES * BATCH, 'the contacts enrolled');
      await database.pool.query(`SELECT graphile_worker.add_job('hubspot_writeback', json_build_object('portalId', $1::bigint), job_key := 'hubspot_writeback:' || $1, queue_name := 'hubspot_writeback:' || $1)`, [PORTAL]);
      await until(async () => (await database.pool.query(`SELECT 1 FROM hubspot_written WHERE portal_id = $1`, [PORTAL])).rows.length >= CREATION_BATCHES * BATCH, 'the leads written');
      context.progress(`hubspot: ${hubspot.counts.updatedContacts} contacts written in ${hubspot.counts.updateRequests} batch updates`);
      const perHundred = (hubspot.counts.updateRequests / hubspot.counts.updatedContacts) * 100;
      const p99 = percentile(answers, 99);
      return [
        { key: 'hubspot_batch_answer_p99_ms', label: `signed ${BATCH}-event batch answered, p99 (${answers.length} batches)`, value: round(p99), unit: 'ms', note: `median ${round(percentile(answers, 50))} ms; goal < 250` },
        { key: 'hubspot_requests_per_100_writes', label: 'HubSpot requests per 100 contacts written', value: round(perHundred), unit: 'requests', note: `${hubspot.counts.updateRequests} batch updates for ${hubspot.counts.updatedContacts} contacts; goal <= 2` },
      ];
    } finally {
      await service.stop();
      await hubspot.close();
    }
  },
};
