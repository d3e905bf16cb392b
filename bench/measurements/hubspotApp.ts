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
 *
 * Writes lost: the same 1,000 leads written again (what was written forgotten, as after a new property)
 * against a hostile stand-in: 10 contacts it no longer has (a batch holding one is refused whole, 404
 * naming it), 20 values it does not take and 40 contacts it cannot take the first time (207 answers
 * with per-contact errors), and a 429 on every fifth request. Writeback runs until a run sends nothing;
 * then each lead's values must be what the stand-in holds, or refused by it with the app holding the
 * refusal and HubSpot's reason for those values. Goal: 0 lost.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { platformSettings } from '@prospect-research/engine';
import type { Pool } from '@prospect-research/engine';
import { linkPortal } from '../../crm-app/src/portals.ts';
import { hubspotSettings } from '../../crm-app/src/settings.ts';
import { signatureV3 } from '../../crm-app/src/webhooks/signature.ts';
import { desiredValues } from '../../crm-app/src/writeback/writeback.ts';
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

type Properties = Record<string, string>;

/** The hostile stand-in's contacts, by their index among the 1,000 (id 1,000,000 + index). */
const MISSING = (index: number) => index % 100 === 37;
const INVALID = (index: number) => index % 50 === 11;
const BUSY_ONCE = (index: number) => index % 25 === 3;

/**
 * HubSpot's API as the app calls it, answering at once; counts the batch updates and the contacts in
 * them. `hostile` turns on the refusals described at the top; `held` is what HubSpot holds of each
 * contact (the values of its last update it took), `refused` the contacts it refused for good.
 */
async function fakeHubSpot() {
  const counts = { updateRequests: 0, updatedContacts: 0 };
  const hostile = { on: false, requests: 0, answers: {} as Record<number, number>, held: new Map<string, Properties>(), refused: new Set<string>(), seen: new Set<string>() };
  const batchUpdate = (inputs: { id: string; properties: Properties }[]): [number, unknown] => {
    const now = new Date().toISOString();
    const record = (id: string) => ({ id, properties: {}, createdAt: now, updatedAt: now, archived: false });
    hostile.requests += 1;
    if (hostile.requests % 5 === 0) return [429, { status: 'error', message: 'You have reached your ten_secondly_rolling limit.', category: 'RATE_LIMITS', policyName: 'TEN_SECONDLY_ROLLING' }];
    const index = (id: string) => Number(id) - 1_000_000;
    const missing = inputs.filter((input) => MISSING(index(input.id))).map((input) => input.id);
    if (missing.length > 0) {
      for (const id of missing) hostile.refused.add(id);
      return [
        404,
        {
          status: 'error',
          message: 'Could not get some CONTACT objects, they may be deleted or not exist. Check that ids are valid.',
          correlationId: 'bench',
          context: { ids: missing },
          category: 'OBJECT_NOT_FOUND',
        },
      ];
    }
    const errors: unknown[] = [];
    const taken: string[] = [];
    for (const input of inputs) {
      if (INVALID(index(input.id))) {
        hostile.refused.add(input.id);
        errors.push({ status: 'error', category: 'VALIDATION_ERROR', message: `Property values were not valid for ${input.id}`, context: { ids: [input.id] }, errors: [], links: {} });
      } else if (BUSY_ONCE(index(input.id)) && !hostile.seen.has(input.id)) {
        hostile.seen.add(input.id);
        errors.push({ status: 'error', category: 'RATE_LIMITS', message: 'Try again later', context: { ids: [input.id] }, errors: [], links: {} });
      } else {
        hostile.held.set(input.id, input.properties);
        taken.push(input.id);
      }
    }
    if (errors.length === 0) return [200, { status: 'COMPLETE', results: taken.map(record), startedAt: now, completedAt: now }];
    return [207, { status: 'COMPLETE', results: taken.map(record), numErrors: errors.length, errors, startedAt: now, completedAt: now }];
  };
  const server = createServer(async (request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const payload = (await body(request)) as { inputs?: { id: string; properties: Properties }[] } | undefined;
    const json = (status: number, value: unknown) => response.writeHead(status, { 'content-type': 'application/json', ...(status === 429 ? { 'retry-after': '1' } : {}) }).end(JSON.stringify(value));
    const now = new Date().toISOString();
    if (path === '/crm/v3/objects/contacts/batch/read') {
      return json(200, {
        status: 'COMPLETE',
        startedAt: now,
        completedAt: now,
        results: (payload?.inputs ?? []).map(({ id }) => ({
          id,
          properties: { email: `p${id}@firm${id}.de`, country: 'Germany' },
          createdAt: new Date(Date.now() + 60_000).toISOString(),
          updatedAt: now,
          archived: false,
        })),
      });
    }
    if (path === '/crm/v3/objects/contacts/batch/update') {
      if (hostile.on) {
        const [status, answer] = batchUpdate(payload?.inputs ?? []);
        hostile.answers[status] = (hostile.answers[status] ?? 0) + 1;
        return json(status, answer);
      }
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
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, counts, hostile, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Queues the portal's writeback (as the minute cron does) and waits until no writeback of it is left (a 429 queues one a second later). */
async function writebackRun(pool: Pool): Promise<void> {
  await pool.query(`SELECT graphile_worker.add_job('hubspot_writeback', json_build_object('portalId', $1::bigint), job_key := 'hubspot_writeback:' || $1, queue_name := 'hubspot_writeback:' || $1)`, [
    PORTAL,
  ]);
  await until(
    async () => {
      const { rows } = await pool.query<{ last_error: string | null }>(`SELECT last_error FROM graphile_worker.jobs WHERE task_identifier = 'hubspot_writeback'`);
      if (rows.some((row) => row.last_error)) throw new Error(`hubspot bench: a writeback failed: ${rows.find((row) => row.last_error)!.last_error}`);
      return rows.length === 0;
    },
    'the writeback run',
    120_000,
  );
}

/**
 * The hostile phase: every lead written again against the hostile stand-in until a run sends nothing;
 * answers the leads lost (their values neither held by the stand-in nor refused by it and recorded so
 * by the app for those values) and what it took.
 */
async function writesLost(pool: Pool, hubspot: Awaited<ReturnType<typeof fakeHubSpot>>) {
  hubspot.hostile.on = true;
  await pool.query('DELETE FROM hubspot_written WHERE portal_id = $1', [PORTAL]);
  let runs = 0;
  for (let before = -1; before !== hubspot.hostile.requests; runs++) {
    if (runs === 20) throw new Error('hubspot bench: the writeback still sends after 20 runs');
    before = hubspot.hostile.requests;
    await writebackRun(pool);
  }
  const desired = await desiredValues(pool, PORTAL);
  const { rows: refusals } = await pool.query<{ contact_id: string; message: string; current: boolean }>(
    `SELECT f.contact_id, f.message, f.properties_md5 = md5(d.value::text) AS current
     FROM hubspot_refused f JOIN jsonb_each($2::jsonb) d ON d.key = f.contact_id WHERE f.portal_id = $1`,
    [PORTAL, JSON.stringify(Object.fromEntries(desired))],
  );
  const recorded = new Map(refusals.map((row) => [row.contact_id, row]));
  let lost = 0;
  let held = 0;
  let refused = 0;
  for (const [id, properties] of desired) {
    if (JSON.stringify(hubspot.hostile.held.get(id)) === JSON.stringify(properties)) held += 1;
    else if (hubspot.hostile.refused.has(id) && recorded.get(id)?.current && recorded.get(id)!.message) refused += 1;
    else lost += 1;
  }
  return { leads: desired.size, lost, held, refused, runs, requests: hubspot.hostile.requests, answers: hubspot.hostile.answers };
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`hubspot bench: still waiting for ${what}`);
    await sleep(100);
  }
}

export const hubspotApp: Measurement = {
  name: 'HubSpot app: signed webhook batches answered, requests per 100 contacts written, writes lost',
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
          name: 'Everyone',
          enabled: true,
          fallback: false,
          filter: { match: 'all', rules: [] },
          channels: ['email'],
          tone: 'Friendly',
          goal: { type: 'meetings', calendar_link: 'https://cal.example.com/team' },
          lead_origin: 'You signed up.',
          sequence: [{ day: 1, channel: 'email', kind: 'email', angle: 'Ask one question.', subject_angle: 'A question', signals: ['news'] }],
          stop_conditions: { reply: true, call_connected: true, meeting_booked: true, invite_accepted: false, property_changes: [] },
        }),
      });
      if (!put.ok) throw new Error(`hubspot bench: the Autopilot was refused: ${await put.text()}`);
      const settings = hubspotSettings(env, platformSettings(env))!;
      const now = new Date();
      await linkPortal(
        database.pool,
        settings,
        customer.accountId,
        'bench-install-link',
        { hubId: PORTAL, hubDomain: 'bench.hubspot.com', appId: APP_ID, scopes: [] },
        { accessToken: 'bench-access', refreshToken: 'bench-refresh', expiresIn: 86_400 },
        now,
      );

      context.progress(`hubspot: ${CREATION_BATCHES + CHANGE_BATCHES} signed batches of ${BATCH} events`);
      const answers: number[] = [];
      let eventId = 1;
      for (let b = 0; b < CREATION_BATCHES + CHANGE_BATCHES; b++) {
        const creation = b < CREATION_BATCHES;
        const events = Array.from({ length: BATCH }, (_, i) => ({
          eventId: eventId++,
          subscriptionId: 1,
          portalId: PORTAL,
          appId: APP_ID,
          occurredAt: Date.now(),
          attemptNumber: 0,
          changeSource: 'CRM',
          subscriptionType: creation ? 'contact.creation' : 'contact.propertyChange',
          objectId: creation ? 1_000_000 + b * BATCH + i : 1_000_000 + (i % (CREATION_BATCHES * BATCH)),
          ...(creation ? {} : { propertyName: 'lifecyclestage', propertyValue: `stage${b}` }),
        }));
        const raw = JSON.stringify(events);
        const timestamp = String(Date.now());
        const started = performance.now();
        const response = await fetch(`${service.url}/hubspot/webhooks`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-hubspot-request-timestamp': timestamp,
            'x-hubspot-signature-v3': signatureV3(env.HUBSPOT_CLIENT_SECRET, 'POST', `${PUBLIC_URL}/hubspot/webhooks`, raw, timestamp),
          },
          body: raw,
        });
        await response.arrayBuffer();
        answers.push(performance.now() - started);
        if (response.status !== 204) throw new Error(`hubspot bench: batch ${b + 1} answered ${response.status}`);
      }

      context.progress('hubspot: routing the 1,000 new contacts');
      const count = async (sql: string) => Number((await database.pool.query<{ n: string }>(sql, [customer.accountId])).rows[0]!.n);
      await until(async () => (await count(`SELECT count(*) AS n FROM autopilot_leads WHERE account_id = $1`)) === CREATION_BATCHES * BATCH, 'the contacts enrolled');
      await database.pool.query(
        `SELECT graphile_worker.add_job('hubspot_writeback', json_build_object('portalId', $1::bigint), job_key := 'hubspot_writeback:' || $1, queue_name := 'hubspot_writeback:' || $1)`,
        [PORTAL],
      );
      await until(async () => (await database.pool.query(`SELECT 1 FROM hubspot_written WHERE portal_id = $1`, [PORTAL])).rows.length >= CREATION_BATCHES * BATCH, 'the leads written');
      context.progress(`hubspot: ${hubspot.counts.updatedContacts} contacts written in ${hubspot.counts.updateRequests} batch updates`);
      const perHundred = (hubspot.counts.updateRequests / hubspot.counts.updatedContacts) * 100;
      const p99 = percentile(answers, 99);

      context.progress('hubspot: the leads written again against a stand-in that refuses some (404, 207) and answers 429s');
      const hostile = await writesLost(database.pool, hubspot);
      const answered = Object.entries(hostile.answers)
        .map(([status, n]) => `${n}×${status}`)
        .join(', ');
      context.progress(`hubspot: ${hostile.held} held, ${hostile.refused} refused and recorded, ${hostile.lost} lost; ${hostile.requests} requests (${answered}) in ${hostile.runs} runs`);
      return [
        {
          key: 'hubspot_batch_answer_p99_ms',
          label: `signed ${BATCH}-event batch answered, p99 (${answers.length} batches)`,
          value: round(p99),
          unit: 'ms',
          note: `median ${round(percentile(answers, 50))} ms; goal < 250`,
        },
        {
          key: 'hubspot_requests_per_100_writes',
          label: 'HubSpot requests per 100 contacts written',
          value: round(perHundred),
          unit: 'requests',
          note: `${hubspot.counts.updateRequests} batch updates for ${hubspot.counts.updatedContacts} contacts; goal <= 2`,
        },
        {
          key: 'hubspot_writes_lost_per_1000',
          label: 'leads neither written nor refused with a reason, per 1,000 (HubSpot refusing some, 429s)',
          value: round((hostile.lost / hostile.leads) * 1000),
          unit: 'leads',
          note: `${hostile.held} written, ${hostile.refused} refused and recorded, ${hostile.lost} lost of ${hostile.leads}; ${hostile.requests} requests (${answered}) in ${hostile.runs} runs; goal 0`,
        },
      ];
    } finally {
      await service.stop();
      await hubspot.close();
    }
  },
};
