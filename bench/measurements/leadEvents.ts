/**
 * Lead events delivered as webhooks: how many deliveries a second one subscription gets, and how long
 * after a change commits its webhook arrives.
 *
 * The real service in its child process with a worker (`SECRET_KEY` set, `WEBHOOKS_ALLOW_PRIVATE_TARGETS=true`),
 * one account with a catch-all Autopilot and leads stored in bulk, one subscription to `lead.closed`
 * whose target is a receiver in the bench's process (`node:http` on 127.0.0.1, answering 204 and noting
 * when each delivery's body has arrived).
 *
 * - Latency: leads closed one at a time through `POST /autopilot/leads/{id}/close`, one every
 *   `PACE_MS`, each timed from the route's answer (its transaction committed just before) to its
 *   delivery received. The worker hears of each by LISTEN/NOTIFY; a change committing in the few
 *   milliseconds between the previous job's last look for events and its completion would wait for
 *   graphile-worker's polling instead (bench/README.md), which this pace does not hit.
 * - Throughput: the other leads ended by one UPDATE (the events table's trigger writes their events and
 *   queues the subscription's job in the same transaction), timed from its commit to the last delivery
 *   received. Beside it, the same requests (the bodies and signed headers that arrived) sent again one
 *   after the other from the bench's process with the engine's own HTTP client and delivery options
 *   (`safeFetch`, a new connection each), to the same receiver, with the service stopped: the rate one
 *   subscription's deliveries could reach if the HTTP requests were all there was to them.
 *
 * Every delivery's signature is checked with the Standard Webhooks library, and every lead's event must
 * arrive exactly once (in order, for the burst), or the bench fails.
 */
import { performance } from 'node:perf_hooks';
import { safeFetch } from '@prospect-research/engine/bench';
import type { BenchContext, Figure, Measurement } from '../measurement.ts';
import { createBenchCustomer } from '../support/customers.ts';
import { percentile, round, sleep } from '../support/stats.ts';
import { checkDeliveries, closableLeads, closeLeadsPaced, subscribeToClosedLeads, type Delivery, type ReceivedEvent, startReceiver } from '../support/webhooks.ts';

/** Leads ended by one UPDATE: the burst of events. */
const BURST = 3_000;
const WARMUP = 20;
/** Leads closed one at a time for the latency. */
const SAMPLE = 300;
/** One close every this many milliseconds (20 a second). */
const PACE_MS = 50;
interface Results {
  deliveredPerSecond: number;
  burstSeconds: number;
  updateMs: number;
  /** Statements the service sent to PostgreSQL per delivery, from the UPDATE's commit until the job was done. */
  statementsPerDelivery: number;
  rawPerSecond: number;
  latency: { p50: number; p99: number; max: number; over100: number; fromRequestP50: number };
}

async function deliver(context: BenchContext): Promise<Results> {
  const receiver = await startReceiver('lead events bench');
  const database = await context.freshDatabase();
  const env = { SECRET_KEY: Buffer.alloc(32, 7).toString('base64'), WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' };
  const service = await context.startService(database, { worker: true, env });
  let serviceRunning = true;
  try {
    const customer = await createBenchCustomer(database.pool);
    const leadIds = await closableLeads(database.pool, service.url, customer, WARMUP + SAMPLE + BURST, 'lead events bench');

    // Subscribed after the enrolments: their lead.enrolled events are not delivered (nor wanted).
    const subscription = await subscribeToClosedLeads(service.url, customer.key, receiver.url, 'lead events bench');

    context.progress(`lead events: ${WARMUP} + ${SAMPLE} leads closed one at a time, one every ${PACE_MS} ms`);
    const paced = leadIds.slice(0, WARMUP + SAMPLE);
    const answered = await closeLeadsPaced(service.url, customer.key, paced, PACE_MS, 'lead events bench');
    await receiver.waitFor(paced.length, 'the leads closed one at a time');
    const single = checkDeliveries('lead events bench', receiver.take(), subscription.secret, paced, 'the leads closed one at a time');
    const measured = paced.slice(WARMUP);
    const latencies = measured.map((id) => single.get(id)!.at - answered.get(id)!.answered);
    const fromRequest = measured.map((id) => single.get(id)!.at - answered.get(id)!.sent);
    const latency = {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: Math.max(...latencies),
      over100: latencies.filter((ms) => ms > 100).length,
      fromRequestP50: percentile(fromRequest, 50),
    };
    context.progress(`lead events: commit to delivery p50 ${round(latency.p50)} ms, p99 ${round(latency.p99)} ms, max ${round(latency.max)} ms`);

    const burst = leadIds.slice(WARMUP + SAMPLE);
    context.progress(`lead events: ${BURST} leads ended by one UPDATE`);
    const queriesBefore = await service.queries();
    const updating = performance.now();
    const ended = await database.pool.query(
      `UPDATE autopilot_leads SET outcome = 'Closed', end_reason = 'sequence_ended', ended_at = now() WHERE account_id = $1 AND id = ANY($2::bigint[]) AND outcome = 'Active'`,
      [customer.accountId, burst],
    );
    const committed = performance.now();
    if (ended.rowCount !== BURST) throw new Error(`lead events bench: the UPDATE ended ${ended.rowCount} leads, expected ${BURST}`);
    await receiver.waitFor(BURST, 'the burst');
    const burstDeliveries = receiver.take();
    checkDeliveries('lead events bench', burstDeliveries, subscription.secret, burst, 'the burst');
    const order = burstDeliveries.map((delivery) => (JSON.parse(delivery.body) as ReceivedEvent).lead_id);
    if (order.some((id, i) => i > 0 && id < order[i - 1]!)) throw new Error('lead events bench: the burst was delivered out of order');
    const burstSeconds = (burstDeliveries.at(-1)!.at - committed) / 1000;
    await sleep(200); // the job's last look for more events, and its completion
    const statementsPerDelivery = ((await service.queries()) - queriesBefore) / BURST;

    const { rows: views } = await database.pool.query<{ failures: number; last_error: string | null }>('SELECT failures, last_error FROM webhook_subscriptions WHERE id = $1', [subscription.id]);
    if (views[0]!.failures !== 0 || views[0]!.last_error !== null) throw new Error(`lead events bench: the subscription has failed deliveries: ${JSON.stringify(views[0])}`);
    await service.stop();
    serviceRunning = false;

    context.progress(`lead events: the same ${BURST} requests sent again one after the other with safeFetch`);
    const raw = await replay(receiver.url, burstDeliveries);
    receiver.take();
    return { deliveredPerSecond: BURST / burstSeconds, burstSeconds, updateMs: committed - updating, statementsPerDelivery, rawPerSecond: raw, latency };
  } finally {
    if (serviceRunning) await service.stop();
    await receiver.close();
  }
}

/** Sends these deliveries' bodies and signed headers again, one after the other, as delivery does (`safeFetch`, its options); answers requests per second. */
async function replay(url: string, deliveries: Delivery[]): Promise<number> {
  const signal = new AbortController().signal;
  const started = performance.now();
  for (const delivery of deliveries) {
    const headers = {
      'content-type': 'application/json',
      'webhook-id': String(delivery.headers['webhook-id']),
      'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
      'webhook-signature': String(delivery.headers['webhook-signature']),
    };
    const answer = await safeFetch(url, {
      signal,
      post: { body: delivery.body, headers },
      timeoutMs: 10_000,
      maxBytes: 64 * 1024,
      accept: '*/*',
      userAgent: 'ProspectResearch-Webhooks/1',
      allowPrivateNetwork: true,
    });
    if (answer.status !== 204) throw new Error(`lead events bench: the receiver answered ${answer.status}`);
  }
  return deliveries.length / ((performance.now() - started) / 1000);
}

export const leadEvents: Measurement = {
  name: 'Lead events: webhook deliveries to a local receiver (one subscription)',
  async run(context): Promise<Figure[]> {
    const result = await deliver(context);
    const { latency } = result;
    return [
      {
        key: 'events_delivered_per_s',
        label: `webhook deliveries per second, ${BURST} events from one UPDATE`,
        value: round(result.deliveredPerSecond),
        unit: 'deliveries/s',
        note: `commit to the last received in ${round(result.burstSeconds)} s (the UPDATE took ${round(result.updateMs)} ms); ${round(result.statementsPerDelivery)} statements per delivery`,
      },
      {
        key: 'events_raw_post_per_s',
        label: 'the same requests sent one after the other with safeFetch',
        value: round(result.rawPerSecond),
        unit: 'requests/s',
        note: "from the bench's process, service stopped",
      },
      { key: 'events_delivered_vs_raw_post_ratio', label: 'deliveries over raw requests', value: round(result.deliveredPerSecond / result.rawPerSecond), unit: 'ratio' },
      {
        key: 'event_delivery_p99_ms',
        label: `lead closed (POST .../close answered) to its webhook received, p99 of ${SAMPLE}`,
        value: round(latency.p99),
        unit: 'ms',
        note: `max ${round(latency.max)}; ${latency.over100} over 100 ms; one close every ${PACE_MS} ms`,
      },
      {
        key: 'event_delivery_p50_ms',
        label: `lead closed to its webhook received, p50 of ${SAMPLE}`,
        value: round(latency.p50),
        unit: 'ms',
        note: `from the close request sent: p50 ${round(latency.fromRequestP50)}`,
      },
    ];
  },
};
