import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Pool } from '@prospect-research/engine';
import { Webhook } from 'standardwebhooks';
import type { BenchCustomer } from './customers.ts';
import { sleep } from './stats.ts';

const DELIVERY_TIMEOUT_MS = 120_000;

export interface Delivery {
  /** performance.now() when its body had arrived. */
  at: number;
  body: string;
  headers: IncomingHttpHeaders;
}

export interface ReceivedEvent {
  id: string;
  type: string;
  lead_id: number;
}

/** A webhook subscription's target in the bench's process: answers 204 to every POST and keeps what arrived, in order. `bench` names the measurement in errors. */
export async function startReceiver(bench: string) {
  let deliveries: Delivery[] = [];
  let waiting: { count: number; resolve: () => void } | undefined;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push({ at: performance.now(), body: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
      response.writeHead(204).end();
      if (waiting && deliveries.length >= waiting.count) waiting.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/prospect`,
    /** Resolves once `count` deliveries have arrived since the last `take`. */
    async waitFor(count: number, what: string): Promise<void> {
      if (deliveries.length >= count) return;
      const arrived = new Promise<void>((resolve) => (waiting = { count, resolve }));
      const timer = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`${bench}: ${deliveries.length} of ${count} deliveries arrived for ${what} within ${DELIVERY_TIMEOUT_MS / 1000} s`)), DELIVERY_TIMEOUT_MS).unref(),
      );
      try {
        await Promise.race([arrived, timer]);
      } finally {
        waiting = undefined;
      }
    },
    /** What arrived since the last take, and starts a new list. */
    take(): Delivery[] {
      const taken = deliveries;
      deliveries = [];
      return taken;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The events delivered, each signature checked; throws unless they are `lead.closed` of exactly `leadIds`, once each. Answers each lead's delivery. */
export function checkDeliveries(bench: string, deliveries: Delivery[], secret: string, leadIds: readonly number[], what: string): Map<number, Delivery> {
  const webhook = new Webhook(secret);
  const byLead = new Map<number, Delivery>();
  for (const delivery of deliveries) {
    const event = webhook.verify(delivery.body, {
      'webhook-id': String(delivery.headers['webhook-id']),
      'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
      'webhook-signature': String(delivery.headers['webhook-signature']),
    }) as ReceivedEvent;
    if (event.type !== 'lead.closed') throw new Error(`${bench}: a ${event.type} event was delivered for ${what}`);
    if (byLead.has(event.lead_id)) throw new Error(`${bench}: lead ${event.lead_id}'s event was delivered twice for ${what}`);
    byLead.set(event.lead_id, delivery);
  }
  const missing = leadIds.filter((id) => !byLead.has(id));
  if (missing.length > 0 || byLead.size !== leadIds.length)
    throw new Error(`${bench}: ${byLead.size} deliveries for ${leadIds.length} leads closed for ${what} (missing e.g. ${missing.slice(0, 3).join(', ')})`);
  return byLead;
}

/**
 * `count` leads of a catch-all Autopilot (configured through the API: PUT /autopilots/Everyone), stored
 * in bulk as enrolment leaves them, ready to be closed; answers their ids, in order.
 */
export async function closableLeads(pool: Pool, url: string, customer: BenchCustomer, count: number, bench: string): Promise<number[]> {
  const response = await fetch(`${url}/autopilots/Everyone`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${customer.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      enabled: true,
      filter: { rules: [] },
      channels: ['email'],
      tone: 'Friendly',
      goal: { type: 'engage' },
      sequence: [{ day: 1, channel: 'email', kind: 'email', angle: 'A short, useful note.', subject_angle: 'Their pricing' }],
    }),
  });
  const body = (await response.json()) as { id?: number };
  if (response.status !== 201 || typeof body.id !== 'number') throw new Error(`${bench}: the Autopilot was refused: ${response.status} ${JSON.stringify(body)}`);
  const enrolledAt = new Date();
  await pool.query(
    `INSERT INTO autopilot_contacts (account_id, contact_id, properties, email, created_at, received_at, state, reason, autopilot_id, decided_at)
     SELECT $1, 'c' || i, jsonb_build_object('email', 'lead' || i || '@company' || i || '.de', 'firstname', 'Lead ' || i, 'company', 'Company ' || i), 'lead' || i || '@company' || i || '.de', $3, $3, 'enrolled', 'matched', $2, $3
     FROM generate_series(1, $4) AS i`,
    [customer.accountId, body.id, enrolledAt, count],
  );
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO autopilot_leads (account_id, contact_id, autopilot_id, autopilot_revision, enrolled_by, research_reused, enrolled_at)
     SELECT $1, 'c' || i, $2, 1, 'matched', false, $3 FROM generate_series(1, $4) AS i ORDER BY i RETURNING id`,
    [customer.accountId, body.id, enrolledAt, count],
  );
  await pool.query('VACUUM ANALYZE autopilot_contacts, autopilot_leads, events');
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/** Subscribes `target` to the account's `lead.closed` events (POST /webhooks); answers the subscription's id and signing secret. */
export async function subscribeToClosedLeads(url: string, key: string, target: string, bench: string): Promise<{ id: number; secret: string }> {
  const response = await fetch(`${url}/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: target, events: ['lead.closed'] }),
  });
  const subscription = (await response.json()) as { id?: number; secret?: string };
  if (response.status !== 201 || typeof subscription.id !== 'number' || !subscription.secret)
    throw new Error(`${bench}: the subscription was refused: ${response.status} ${JSON.stringify(subscription)}`);
  return { id: subscription.id, secret: subscription.secret };
}

/**
 * Closes `leadIds` one at a time through `POST /autopilot/leads/{id}/close`, one every `paceMs` (an open
 * loop: the next is due at its time whatever the answers); answers when each request was sent and answered
 * (performance.now()), by lead.
 */
export async function closeLeadsPaced(url: string, key: string, leadIds: readonly number[], paceMs: number, bench: string): Promise<Map<number, { sent: number; answered: number }>> {
  const answered = new Map<number, { sent: number; answered: number }>();
  const started = performance.now();
  for (const [i, leadId] of leadIds.entries()) {
    const wait = started + i * paceMs - performance.now();
    if (wait > 0) await sleep(wait);
    const sent = performance.now();
    const response = await fetch(`${url}/autopilot/leads/${leadId}/close`, { method: 'POST', headers: { authorization: `Bearer ${key}` } });
    const body = (await response.json()) as { closed?: boolean };
    answered.set(leadId, { sent, answered: performance.now() });
    if (response.status !== 200 || body.closed !== true) throw new Error(`${bench}: closing lead ${leadId} answered ${response.status} ${JSON.stringify(body)}`);
  }
  return answered;
}
