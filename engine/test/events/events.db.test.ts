/**
 * Lead events: written in the same transaction as the change each describes, once per change, never
 * for one rolled back; paged with GET /events; delivered to webhook subscriptions signed as Standard
 * Webhooks says, retried, deduplicable by id, disabled after a day of failures.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeDueContacts } from '../../src/autopilot/routing/route.ts';
import { eventsModule } from '../../src/events/module.ts';
import { emeaSaas } from '../autopilot/support.ts';
import { useSequenceEngine } from '../autopilot/sequence/support.ts';
import { client, until } from '../support/engine.ts';
import { metricValue } from '../support/metrics.ts';

const SECRET_KEY = Buffer.alloc(32, 9).toString('base64');
/** The test receiver's port, known once it listens; delivery's guard lets it through (test hooks only). */
const receiverPorts: number[] = [];
const events = eventsModule({
  fetchOptions: {
    allowPorts: receiverPorts,
    allowAddress: (address) => address === '127.0.0.1',
    // receiver.test is the test receiver; internal.test a private address the guard refuses.
    lookup: async (host) => (host === 'receiver.test' ? [{ address: '127.0.0.1', family: 4 }] : host === 'internal.test' ? [{ address: '10.1.2.3', family: 4 }] : []),
  },
});
const { clock, email, pool, fixture, newCustomer } = useSequenceEngine({ modules: [events], env: { SECRET_KEY } });

interface Delivery {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** A webhook receiver: records each delivery and answers what `answer` says (200 by default). */
const received: Delivery[] = [];
let answer: (delivery: Delivery) => number = () => 200;
let server: Server;
beforeAll(async () => {
  server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const delivery = { path: request.url ?? '', headers: request.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') };
      received.push(delivery);
      response.statusCode = answer(delivery);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverPorts.push((server.address() as AddressInfo).port);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const receiverUrl = (path = '/hook') => `http://receiver.test:${receiverPorts[0]}${path}`;

async function eventTypes(accountId: number): Promise<string[]> {
  const { rows } = await pool().query<{ type: string }>('SELECT type FROM events WHERE account_id = $1 ORDER BY seq', [accountId]);
  return rows.map((row) => row.type);
}

/** What graphile-worker does when a waiting delivery's time comes: here, now. */
async function deliverNow() {
  await pool().query(`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key LIKE 'webhooks:%' AND locked_at IS NULL`);
  await pool().query(`SELECT pg_notify('jobs:insert', '{"count":1}')`);
}

/** The deliveries so far and the delivery jobs and advisory locks now: what a wait that runs out prints. */
async function deliveryState(): Promise<string> {
  const { rows: jobs } = await pool().query(
    `SELECT j.key, j.run_at, j.locked_at, j.attempts, j.max_attempts, j.last_error FROM graphile_worker._private_jobs j
     JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = 'deliver_webhooks'`,
  );
  const { rows: locks } = await pool().query(`SELECT pid, granted FROM pg_locks WHERE locktype = 'advisory'`);
  return `received ${JSON.stringify(received.map((delivery) => delivery.path))}; delivery jobs ${JSON.stringify(jobs)}; advisory locks ${JSON.stringify(locks)}`;
}

async function customerWithAutopilot() {
  const customer = await newCustomer();
  clock.set('2030-01-07T08:59:00Z');
  const put = await customer.api.put('EMEA SaaS', emeaSaas({ sequence: [{ day: 1, channel: 'email', kind: 'email', angle: 'Ask about their pricing.', subject_angle: 'Pricing', signals: [] }] }));
  expect(put.status, JSON.stringify(put.body)).toBe(201);
  clock.set('2030-01-07T09:00:00Z');
  return { ...customer, http: client(fixture.engine.url, customer.customer.key) };
}

describe('lead events', () => {
  it('each change writes one event in its own transaction: routing, enrolment, touches, wins and closes; none twice, none for a rolled-back change', async () => {
    const customer = await newCustomer();
    clock.set('2030-01-07T08:59:00Z');
    const step = (day: number) => ({ day, channel: 'email' as const, kind: 'email' as const, angle: 'Ask about their pricing.', subject_angle: 'Pricing', signals: [] });
    expect((await customer.api.put('EMEA SaaS', emeaSaas({ sequence: [step(1), step(3)] }))).status).toBe(201);
    clock.set('2030-01-07T09:00:00Z');
    expect((await customer.api.patchSettings({ skip_role_based: true })).status).toBe(200);
    email.addSender(customer.accountId);
    email.unreachableWhen = (contact) => (contact.email?.startsWith('unreachable') ? 'address_bounced' : null);

    const won = await customer.enrol('won', { email: 'anna@acme-logistik.de', country: 'Germany', numberofemployees: 120 });
    const closed = await customer.enrol('closed', { email: 'unreachable@acme-logistik.de', country: 'Germany', numberofemployees: 120 });
    await customer.crm.send([
      customer.contact('role', { email: 'info@acme-logistik.de', country: 'Germany', numberofemployees: 120 }),
      customer.contact('far', { email: 'bo@acme.us', country: 'USA' }),
    ]);
    expect((await customer.routed('role')).state).toBe('skipped');
    expect((await customer.routed('far')).state).toBe('waiting');
    // The first touches wait a minute for the research begun at enrolment; then they go out (or are skipped).
    clock.set('2030-01-07T09:05:00Z');
    await customer.runDue();
    const crm = client(fixture.engine.url, customer.customer.key);
    expect((await crm.request('POST', '/autopilot/contacts/won/activities', { body: { type: 'call', occurred_at: '2030-01-07T10:00:00Z', connected: true } })).status).toBe(202);
    expect((await crm.request('POST', `/autopilot/leads/${closed}/close`)).status).toBe(200);
    // The same again: nothing changes, no event.
    expect((await crm.request('POST', '/autopilot/contacts/won/activities', { body: { type: 'call', occurred_at: '2030-01-07T10:00:00Z', connected: true } })).status).toBe(202);
    expect((await crm.request('POST', `/autopilot/leads/${closed}/close`)).status).toBe(200);
    // The queue wait ends for the contact nothing matched.
    clock.set('2030-01-07T16:00:00Z');
    await routeDueContacts(pool(), clock, customer.accountId);

    const types = await eventTypes(customer.accountId);
    expect(types.filter((type) => type.startsWith('contact.')).sort()).toEqual(['contact.abandoned', 'contact.skipped', 'contact.waiting']);
    expect(types.filter((type) => type === 'lead.enrolled')).toHaveLength(2);
    expect(types.filter((type) => type.startsWith('touch.')).sort()).toEqual(['touch.sent', 'touch.skipped']);
    expect(types.filter((type) => type === 'lead.responded' || type === 'lead.closed').sort()).toEqual(['lead.closed', 'lead.responded']);
    expect(types).toHaveLength(9);

    // What a workflow needs: the contact, the win, the touch's channel and step, the research.
    const page = await crm.request('GET', '/events?limit=500');
    expect(page.status).toBe(200);
    const listed = (page.body as { events: { type: string; lead_id: number | null; contact_id: string | null; data: Record<string, unknown> }[] }).events;
    expect(listed.find((event) => event.type === 'lead.responded')).toMatchObject({
      lead_id: won,
      contact_id: 'won',
      data: { outcome: 'Responded', end_reason: 'call_connected', contact: { id: 'won', email: 'anna@acme-logistik.de' } },
    });
    expect(listed.find((event) => event.type === 'touch.sent')).toMatchObject({ lead_id: won, data: { channel: 'email', step: 0 } });
    expect(listed.find((event) => event.type === 'touch.skipped')).toMatchObject({ lead_id: closed, data: { skip_reason: 'address_bounced' } });
    expect(listed.find((event) => event.type === 'lead.enrolled')!.data.research_id).toEqual(expect.any(String));

    // A change rolled back leaves no event.
    const db = await pool().connect();
    try {
      await db.query('BEGIN');
      await db.query(`UPDATE autopilot_contacts SET state = 'skipped', reason = 'excluded_domain', next_check_at = NULL WHERE account_id = $1 AND contact_id = 'far'`, [customer.accountId]);
      await db.query('ROLLBACK');
    } finally {
      db.release();
    }
    expect(await eventTypes(customer.accountId)).toEqual(types);
  });

  it('two contacts sharing an id in two sources, routed in one statement, each have their own events, once', async () => {
    const customer = await customerWithAutopilot();
    const received = new Date(clock.now().getTime() - 1000);
    // Stored before routing runs, so one chunk (one UPDATE, one INSERT of leads) decides both.
    await pool().query(
      `INSERT INTO autopilot_contacts (account_id, source, contact_id, properties, email, created_at, received_at, next_check_at)
       VALUES ($1, 'api', 'same', $2, 'anna@acme-logistik.de', $4, $4, $4), ($1, 'hubspot:1', 'same', $3, 'bo@acme.us', $4, $4, $4)`,
      [customer.accountId, JSON.stringify({ email: 'anna@acme-logistik.de', country: 'Germany', numberofemployees: 120 }), JSON.stringify({ email: 'bo@acme.us', country: 'USA' }), received],
    );
    expect(await routeDueContacts(pool(), clock, customer.accountId)).toMatchObject({ enrolled: 1, waiting: 1 });
    clock.set('2030-01-07T16:00:00Z');
    expect(await routeDueContacts(pool(), clock, customer.accountId)).toMatchObject({ abandoned: 1 });

    const { rows } = await pool().query<{ type: string; contact_source: string; contact_id: string; contact: { id: string; source: string; email: string } }>(
      `SELECT type, contact_source, contact_id, data -> 'contact' AS contact FROM events WHERE account_id = $1 ORDER BY seq`,
      [customer.accountId],
    );
    expect(rows).toEqual([
      { type: 'lead.enrolled', contact_source: 'api', contact_id: 'same', contact: expect.objectContaining({ id: 'same', source: 'api', email: 'anna@acme-logistik.de' }) },
      { type: 'contact.waiting', contact_source: 'hubspot:1', contact_id: 'same', contact: expect.objectContaining({ id: 'same', source: 'hubspot:1', email: 'bo@acme.us' }) },
      { type: 'contact.abandoned', contact_source: 'hubspot:1', contact_id: 'same', contact: expect.objectContaining({ id: 'same', source: 'hubspot:1', email: 'bo@acme.us' }) },
    ]);
  });

  it('GET /events pages oldest first from the last id a receiver took; an unknown id or a bad limit is invalid_query', async () => {
    const customer = await customerWithAutopilot();
    for (const id of ['p1', 'p2', 'p3']) await customer.crm.send([customer.contact(id, { email: `${id}@acme.us`, country: 'USA' })]);
    await until('three waiting', async () => (await eventTypes(customer.accountId)).length === 3);
    const http = customer.http;
    const first = await http.request('GET', '/events?limit=2');
    const body = first.body as { events: { id: string; contact_id: string }[]; next_after: string | null };
    expect(body.events.map((event) => event.contact_id)).toEqual(['p1', 'p2']);
    const rest = (await http.request('GET', `/events?after=${body.next_after}`)).body as typeof body;
    expect(rest).toMatchObject({ events: [{ contact_id: 'p3' }], next_after: null });
    for (const query of ['after=evt_nope', 'limit=0', 'limit=501', 'limit=x', 'after=']) {
      const bad = await http.request('GET', `/events?${query}`);
      expect([bad.status, (bad.body as { error: string }).error], query).toEqual([400, 'invalid_query']);
    }
    // Another account's events are not this one's.
    const other = await newCustomer();
    expect(((await client(fixture.engine.url, other.customer.key).request('GET', `/events?after=${body.next_after}`)).body as { error: string }).error).toBe('invalid_query');
  });
  it('GET /events?order=newest pages from the latest event back with before; after and before do not mix with the other order', async () => {
    const customer = await customerWithAutopilot();
    for (const id of ['n1', 'n2', 'n3']) await customer.crm.send([customer.contact(id, { email: `${id}@acme.us`, country: 'USA' })]);
    await until('three waiting', async () => (await eventTypes(customer.accountId)).length === 3);
    const http = customer.http;
    const first = (await http.request('GET', '/events?order=newest&limit=2')).body as { events: { id: string; contact_id: string }[]; next_after: null; next_before: string | null };
    expect(first.events.map((event) => event.contact_id)).toEqual(['n3', 'n2']);
    expect(first.next_after).toBeNull();
    const rest = (await http.request('GET', `/events?order=newest&before=${first.next_before}`)).body;
    expect(rest).toMatchObject({ events: [{ contact_id: 'n1' }], next_before: null });
    const oldest = (await http.request('GET', '/events?order=oldest')).body as { events: { contact_id: string }[] };
    expect(oldest.events.map((event) => event.contact_id)).toEqual(['n1', 'n2', 'n3']);
    for (const query of [`order=oldest&before=${first.next_before}`, `order=newest&after=${first.next_before}`, `before=${first.next_before}`, 'order=latest', 'order=newest&before=evt_nope']) {
      const bad = await http.request('GET', `/events?${query}`);
      expect([bad.status, (bad.body as { error: string }).error], query).toEqual([400, 'invalid_query']);
    }
  });
});

describe('credit alerts', () => {
  it("credits.threshold once when a cycle's use reaches 75% and once at 95% of the pool, not again after a refund", async () => {
    const customer = await newCustomer();
    await pool().query('UPDATE accounts SET monthly_credits = 20 WHERE id = $1', [customer.accountId]);
    const cycle = '2030-01-01T00:00:00Z';
    const use = (used: number) =>
      pool().query(`INSERT INTO credit_cycles (account_id, cycle_start, used) VALUES ($1, $2, $3) ON CONFLICT (account_id, cycle_start) DO UPDATE SET used = $3`, [customer.accountId, cycle, used]);
    const alerts = async () =>
      (
        await pool().query<{ data: { threshold: number; used: number; limit: number } }>(`SELECT data FROM events WHERE account_id = $1 AND type = 'credits.threshold' ORDER BY seq`, [
          customer.accountId,
        ])
      ).rows.map((row) => row.data);
    await use(14);
    expect(await alerts()).toEqual([]);
    await use(15);
    await use(16);
    expect(await alerts()).toMatchObject([{ threshold: 75, used: 15, limit: 20 }]);
    await use(19);
    await use(18);
    await use(19);
    await use(20);
    expect(await alerts()).toMatchObject([{ threshold: 75 }, { threshold: 95, used: 19, limit: 20 }]);

    // A pool near the integer limit (an unlimited plan): debits go on, no alert.
    const unlimited = await newCustomer();
    await pool().query('UPDATE accounts SET monthly_credits = 2147483647 WHERE id = $1', [unlimited.accountId]);
    await pool().query(`INSERT INTO credit_cycles (account_id, cycle_start, used) VALUES ($1, $2, 100000)`, [unlimited.accountId, cycle]);
    await pool().query(`UPDATE credit_cycles SET used = used + 1 WHERE account_id = $1`, [unlimited.accountId]);
    expect((await pool().query(`SELECT 1 FROM events WHERE account_id = $1 AND type = 'credits.threshold'`, [unlimited.accountId])).rows).toEqual([]);
  });
});

describe('webhooks', () => {
  it('delivers the events subscribed to, signed (Standard Webhooks), retried after failures with the same id, and only from its creation on', async () => {
    const customer = await customerWithAutopilot();
    const http = customer.http;
    await customer.crm.send([customer.contact('before', { email: 'x@acme.us', country: 'USA' })]);
    await until('the earlier event', async () => (await eventTypes(customer.accountId)).length === 1);
    const created = await http.request('POST', '/webhooks', { body: { url: receiverUrl('/a'), events: ['contact.waiting'] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, secret } = created.body as { id: number; secret: string };
    expect(created.body).toMatchObject({ url: receiverUrl('/a'), events: ['contact.waiting'], autopilot: null, state: 'active', last_delivered_at: null });
    expect(secret).toMatch(/^whsec_/);
    expect(JSON.stringify((await http.request('GET', '/webhooks')).body)).not.toContain(secret);

    const deliveries = async () => ({
      delivered: await metricValue('prospect_webhook_deliveries_total', { outcome: 'delivered' }),
      failed: await metricValue('prospect_webhook_deliveries_total', { outcome: 'failed' }),
    });
    const before = await deliveries();
    let failuresLeft = 2;
    answer = () => (failuresLeft-- > 0 ? 500 : 204);
    received.length = 0;
    await customer.crm.send([customer.contact('after', { email: 'y@acme.us', country: 'USA' })]);
    await until(
      'delivered after two failures',
      async () => {
        await deliverNow();
        return received.length === 3;
      },
      60_000,
    );
    answer = () => 200;
    // The metrics count each try by its outcome (the success once the engine has recorded it, after the receiver answered).
    await expect.poll(async () => (await deliveries()).delivered - before.delivered).toBe(1);
    expect((await deliveries()).failed - before.failed).toBe(2);
    // The same event each time: one id a receiver deduplicates by; the signature verifies with the secret.
    expect(new Set(received.map((delivery) => delivery.headers['webhook-id'])).size).toBe(1);
    const delivered = new Webhook(secret).verify(received[2]!.body, received[2]!.headers) as { type: string; contact_id: string; data: { contact: { email: string } } };
    expect(delivered).toMatchObject({ type: 'contact.waiting', contact_id: 'after', data: { contact: { email: 'y@acme.us' } } });
    expect(() => new Webhook(secret).verify(received[2]!.body.replace('after', 'other'), received[2]!.headers)).toThrow();
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(received[2]!.body, received[2]!.headers)).toThrow();
    const listed = (await http.request('GET', '/webhooks')).body as { webhooks: { id: number; state: string; last_error: string | null }[] };
    expect(listed.webhooks).toEqual([expect.objectContaining({ id, state: 'active', last_error: null })]);

    // Deleted: nothing more is delivered.
    const removed = await http.request('DELETE', `/webhooks/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id, url: receiverUrl('/a'), state: 'active' });
    expect(await http.request('DELETE', `/webhooks/${id}`)).toMatchObject({ status: 404, body: { error: 'webhook_not_found' } });
    received.length = 0;
    await customer.crm.send([customer.contact('later', { email: 'z@acme.us', country: 'USA' })]);
    await until('the later event', async () => (await eventTypes(customer.accountId)).length === 3);
    await deliverNow();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(received).toEqual([]);
    expect((await http.request('GET', '/webhooks')).body).toEqual({ webhooks: [] });
  }, 90_000);

  it('a subscription failing for a day, or answered 410 Gone, is disabled and says why; a private target is refused', async () => {
    const customer = await customerWithAutopilot();
    const http = customer.http;
    const failing = (await http.request('POST', '/webhooks', { body: { url: receiverUrl('/down'), events: ['contact.waiting'] } })).body as { id: number };
    const gone = (await http.request('POST', '/webhooks', { body: { url: receiverUrl('/gone'), events: ['contact.waiting'] } })).body as { id: number };
    const internal = (await http.request('POST', '/webhooks', { body: { url: 'https://internal.test/hook', events: ['contact.waiting'] } })).body as { id: number };
    // The receiver answers 410 on /gone and 503 elsewhere.
    answer = (delivery) => (delivery.path === '/gone' ? 410 : 503);
    await customer.crm.send([customer.contact('w', { email: 'w@acme.us', country: 'USA' })]);
    const view = async () =>
      Object.fromEntries(
        ((await http.request('GET', '/webhooks')).body as { webhooks: { id: number; state: string; last_error: string | null; disabled_reason: string | null }[] }).webhooks.map((hook) => [
          hook.id,
          hook,
        ]),
      );
    await until(
      'the first tries',
      async () => {
        await deliverNow();
        const hooks = await view();
        return hooks[gone.id]!.state === 'disabled' && hooks[failing.id]!.state === 'failing' && hooks[internal.id]!.state === 'failing';
      },
      60_000,
    );
    const hooks = await view();
    expect(hooks[gone.id]).toMatchObject({ state: 'disabled', disabled_reason: 'the target answered 410 Gone' });
    expect(hooks[internal.id]!.last_error).toMatch(/not public/);
    // A day of failures later.
    await pool().query(`UPDATE webhook_subscriptions SET failing_since = failing_since - interval '25 hours' WHERE id = $1`, [failing.id]);
    await until(
      'disabled after a day',
      async () => {
        await deliverNow();
        return (await view())[failing.id]!.state === 'disabled';
      },
      60_000,
    );
    expect((await view())[failing.id]!.disabled_reason).toMatch(/^deliveries failed for 24 hours .*HTTP 503$/);
    answer = () => 200;

    for (const url of ['http://127.0.0.1:5678/webhook', 'http://localhost/x', 'http://[::1]/x', 'http://10.0.0.1/x', 'ftp://receiver.test/x', 'not a url']) {
      const refused = await http.request('POST', '/webhooks', { body: { url, events: ['lead.responded'] } });
      expect([refused.status, (refused.body as { error: string }).error], url).toEqual([400, 'invalid_webhook']);
    }
    const badEvents = await http.request('POST', '/webhooks', { body: { url: receiverUrl(), events: ['lead.won'], extra: 1 } });
    const problems = (badEvents.body as { problems: { message: string }[] }).problems.map((problem) => problem.message);
    expect(problems).toEqual([expect.stringContaining('"extra" is not a field'), expect.stringContaining('"lead.won" is not an event type')]);
  }, 90_000);
  it("a statement's events wake only the subscriptions that take one of them (their type, their Autopilot)", async () => {
    const customer = await customerWithAutopilot();
    const subscribe = async (body: Record<string, unknown>) => ((await customer.http.request('POST', '/webhooks', { body: { url: receiverUrl(), ...body } })).body as { id: number }).id;
    const waiting = await subscribe({ events: ['contact.waiting'] });
    const responded = await subscribe({ events: ['lead.responded'] });
    const ofAutopilot = await subscribe({ events: ['contact.waiting'], autopilot: 'EMEA SaaS' });
    const { rows } = await pool().query<{ id: string }>(`SELECT id FROM autopilots WHERE account_id = $1`, [customer.accountId]);
    // Inside the transaction that writes the events: its delivery jobs are queued, no worker sees them yet.
    const woken = async (autopilotId: number | null) => {
      const db = await pool().connect();
      try {
        await db.query('BEGIN');
        await db.query(`INSERT INTO events (account_id, type, occurred_at, autopilot_id, data) VALUES ($1, 'contact.waiting', now(), $2, '{}')`, [customer.accountId, autopilotId]);
        const jobs = await db.query<{ key: string }>(`SELECT key FROM graphile_worker._private_jobs WHERE key = ANY($1::text[]) `, [[waiting, responded, ofAutopilot].map((id) => `webhooks:${id}`)]);
        return jobs.rows.map((job) => job.key).sort();
      } finally {
        await db.query('ROLLBACK');
        db.release();
      }
    };
    expect(await woken(null)).toEqual([`webhooks:${waiting}`]);
    expect(await woken(Number(rows[0]!.id))).toEqual([`webhooks:${waiting}`, `webhooks:${ofAutopilot}`].sort());
  });
});

describe('webhook deliveries and test events', () => {
  it('POST /webhooks/{id}/test delivers a signed webhook.test to that webhook alone; GET /webhooks/{id}/deliveries lists its tries newest first, a page at a time', async () => {
    const customer = await customerWithAutopilot();
    const http = customer.http;
    const tested = (await http.request('POST', '/webhooks', { body: { url: receiverUrl('/tested'), events: ['contact.waiting'] } })).body as { id: number; secret: string };
    const other = (await http.request('POST', '/webhooks', { body: { url: receiverUrl('/other'), events: ['contact.waiting', 'lead.responded'] } })).body as { id: number };
    received.length = 0;
    // The first try fails; the second, after the wait, is taken.
    let failuresLeft = 1;
    answer = () => (failuresLeft-- > 0 ? 502 : 200);

    const queued = await http.request('POST', `/webhooks/${tested.id}/test`);
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    const event = (queued.body as { event: { id: string; type: string; data: Record<string, unknown> } }).event;
    expect(event).toMatchObject({ type: 'webhook.test', data: { webhook_id: tested.id } });
    await until(
      'the test delivered after one failure',
      async () => {
        await deliverNow();
        return received.length === 2;
      },
      60_000,
    );
    answer = () => 200;
    expect(received.map((delivery) => delivery.path)).toEqual(['/tested', '/tested']);
    const verified = new Webhook(tested.secret).verify(received[1]!.body, received[1]!.headers) as { id: string; type: string };
    expect(verified).toMatchObject({ id: event.id, type: 'webhook.test' });

    // Recorded once the job has saved the try (a moment after the receiver answered).
    await until(
      'the delivery recorded',
      async () => ((await http.request('GET', `/webhooks/${tested.id}/deliveries`)).body as { deliveries: { status: string }[] }).deliveries[0]?.status === 'delivered',
    );
    // Never in the feed nor another webhook's deliveries.
    const feed = (await http.request('GET', '/events?limit=500')).body as { events: { type: string }[] };
    expect(feed.events.map((listed) => listed.type)).not.toContain('webhook.test');
    expect((await http.request('GET', `/webhooks/${other.id}/deliveries`)).body).toEqual({ deliveries: [], next_before: null });

    const page = await http.request('GET', `/webhooks/${tested.id}/deliveries`);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      deliveries: [
        {
          id: expect.any(Number),
          event_id: event.id,
          event_type: 'webhook.test',
          status: 'delivered',
          attempts: 2,
          last_error: null,
          created_at: expect.any(String),
          last_attempt_at: expect.any(String),
          delivered_at: expect.any(String),
        },
      ],
      next_before: null,
    });

    // Two more: pages of one, newest first.
    for (let sent = 0; sent < 2; sent++) expect((await http.request('POST', `/webhooks/${tested.id}/test`)).status).toBe(202);
    let state = '';
    await until(
      () => `three delivered: ${state}`,
      async () => {
        await deliverNow();
        state = await deliveryState();
        return received.length >= 4;
      },
      60_000,
    );
    expect(received.length, state).toBe(4);
    await until('three recorded', async () => ((await http.request('GET', `/webhooks/${tested.id}/deliveries`)).body as { deliveries: unknown[] }).deliveries.length === 3);
    const first = (await http.request('GET', `/webhooks/${tested.id}/deliveries?limit=2`)).body as { deliveries: { id: number; attempts: number }[]; next_before: number };
    expect(first.deliveries.map((delivery) => delivery.attempts)).toEqual([1, 1]);
    expect(first.deliveries[0]!.id).toBeGreaterThan(first.deliveries[1]!.id);
    const second = (await http.request('GET', `/webhooks/${tested.id}/deliveries?limit=2&before=${first.next_before}`)).body as { deliveries: { attempts: number }[]; next_before: null };
    expect(second).toEqual({ deliveries: [expect.objectContaining({ attempts: 2, event_id: event.id })], next_before: null });

    // Another account's webhook is not found.
    const stranger = await customerWithAutopilot();
    expect(await stranger.http.request('GET', `/webhooks/${tested.id}/deliveries`)).toMatchObject({ status: 404, body: { error: 'webhook_not_found' } });
    expect(await stranger.http.request('POST', `/webhooks/${tested.id}/test`)).toMatchObject({ status: 404, body: { error: 'webhook_not_found' } });
    expect(await http.request('GET', `/webhooks/${tested.id}/deliveries?limit=0`)).toMatchObject({ status: 400, body: { error: 'invalid_query' } });
  }, 90_000);

  it('a failed try shows its error while the webhook keeps trying', async () => {
    const customer = await customerWithAutopilot();
    const hook = (await customer.http.request('POST', '/webhooks', { body: { url: receiverUrl('/down'), events: ['lead.closed'] } })).body as { id: number };
    answer = () => 503;
    expect((await customer.http.request('POST', `/webhooks/${hook.id}/test`)).status).toBe(202);
    // The try is listed once it is under way: the page read once its answer is recorded (a retry may follow at once).
    let listed: Record<string, unknown>[] = [];
    await until(
      'the first try',
      async () => {
        await deliverNow();
        listed = ((await customer.http.request('GET', `/webhooks/${hook.id}/deliveries`)).body as { deliveries: Record<string, unknown>[] }).deliveries;
        return listed.length === 1 && listed[0]!.last_error != null;
      },
      60_000,
    );
    expect(listed[0]).toMatchObject({ event_type: 'webhook.test', status: 'failed', last_error: 'HTTP 503', delivered_at: null });
    answer = () => 200;
    await customer.http.request('DELETE', `/webhooks/${hook.id}`);
  }, 90_000);
});

describe('as a hostile client tries them', () => {
  it('POST /webhooks, DELETE /webhooks/{id}, GET /webhooks/{id}/deliveries, POST /webhooks/{id}/test and GET /events: any body, id and query answer without a 5xx', async () => {
    const customer = await customerWithAutopilot();
    const http = customer.http;
    const text = fc.string({ unit: fc.constantFrom('a', '/', '%', '0', '9', '\u0000', 'é', '?', '&', '=', ' ', 'evt_', 'http://', 'receiver.test'), maxLength: 30 });
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.record(
        {
          url: fc.oneof(text, fc.constant(receiverUrl()), fc.jsonValue()),
          events: fc.oneof(fc.array(fc.oneof(text, fc.constantFrom('lead.responded', 'touch.sent'))), fc.jsonValue()),
          autopilot: fc.oneof(text, fc.jsonValue()),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(body, text, text, async (sent, id, query) => {
        const created = await http.request('POST', '/webhooks', { body: sent });
        expect(created.status, JSON.stringify(sent)).toBeLessThan(500);
        expect([201, 400]).toContain(created.status);
        const removed = await http.request('DELETE', `/webhooks/${encodeURIComponent(id)}`);
        expect(removed.status, id).toBeLessThan(500);
        const listed = await http.request('GET', `/events?${query}`);
        expect(listed.status, query).toBeLessThan(500);
        const deliveries = await http.request('GET', `/webhooks/${encodeURIComponent(id)}/deliveries?${query}`);
        expect([400, 404], `${id} ${query}`).toContain(deliveries.status);
        const tested = await http.request('POST', `/webhooks/${encodeURIComponent(id)}/test`, { body: sent });
        expect([400, 404], id).toContain(tested.status);
        if (created.status === 201) await http.request('DELETE', `/webhooks/${(created.body as { id: number }).id}`);
      }),
      { seed: 20_261_126, numRuns: 150 },
    );
  });
});
