/**
 * How soon a contact becomes a lead with its touches planned, at a low steady rate: the real service
 * with its worker (research over the bench's instant in-process sources), one Autopilot every contact
 * matches, and one contact posted to `POST /autopilot/contacts` every 200 ms for 30 s, each in its own
 * request. Timed from the 202's arrival to the first read of the database that shows the lead's first
 * touch (step 0) planned, read every 5 ms, so up to 5 ms of it is polling. What it shows: whether a
 * contact that arrives while the account's routing job runs waits for the worker's next poll.
 */
import { performance } from 'node:perf_hooks';
import type { BenchContext, Figure, Measurement } from '../measurement.ts';
import { createBenchCustomer } from '../support/customers.ts';
import { percentile, round, sleep } from '../support/stats.ts';

const INTERVAL_MS = 200;
const SECONDS = 30;
const WARMUP = 10;
const POLL_MS = 5;
/** The goal: a contact routed, enrolled and its touches planned within a second of its answer. */
const GOAL_MS = 1000;

const AUTOPILOT = {
  enabled: true,
  filter: { match: 'all', rules: [{ property: 'country', operator: 'is', values: ['Germany'] }] },
  channels: ['email'],
  tone: 'Friendly',
  goal: { type: 'engage' },
  sequence: [
    { day: 1, channel: 'email', kind: 'email', angle: 'A short, useful note.' },
    { day: 3, channel: 'email', kind: 'email', angle: 'A follow-up.' },
  ],
};

async function call(url: string, key: string, method: string, path: string, body: unknown): Promise<{ status: number; text: string }> {
  const response = await fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, text: await response.text() };
}

const contactId = (i: number) => `steady-${i}`;

function contact(i: number) {
  return {
    id: contactId(i),
    created_at: new Date().toISOString(),
    properties: { email: `jana.${i}@company${i}.de`, firstname: 'Jana', lastname: `Muster${i}`, company: `Company ${i} GmbH`, country: 'Germany', jobtitle: 'Head of Finance' },
  };
}

async function contactToPlanned(context: BenchContext): Promise<{ latencies: number[]; seconds: number }> {
  const database = await context.freshDatabase();
  const customer = await createBenchCustomer(database.pool);
  const service = await context.startService(database, { worker: true, sources: 'instant', autopilot: true });
  try {
    const reply = await call(service.url, customer.key, 'PUT', '/autopilots/Germany', AUTOPILOT);
    if (reply.status !== 201) throw new Error(`Autopilot refused: ${reply.text}`);
    // Contacts are acted on when created after the Autopilot was switched on.
    await sleep(50);
    const answered = new Map<string, number>();
    const planned = new Map<string, number>();
    const waiting = new Set<string>();
    let polling = true;
    const poller = (async () => {
      while (polling) {
        if (waiting.size > 0) {
          const { rows } = await database.pool.query<{ contact_id: string }>(
            `SELECT l.contact_id FROM autopilot_leads l JOIN autopilot_touches t ON t.lead_id = l.id AND t.step = 0 WHERE l.account_id = $1 AND l.contact_id = ANY($2::text[])`,
            [customer.accountId, [...waiting]],
          );
          const seen = performance.now();
          for (const { contact_id } of rows) {
            waiting.delete(contact_id);
            planned.set(contact_id, seen);
          }
        }
        await sleep(POLL_MS);
      }
    })();
    const count = WARMUP + (SECONDS * 1000) / INTERVAL_MS;
    const started = performance.now();
    try {
      const requests: Promise<void>[] = [];
      for (let i = 0; i < count; i++) {
        const wait = started + i * INTERVAL_MS - performance.now();
        if (wait > 0) await sleep(wait);
        const sent = contact(i);
        requests.push(
          call(service.url, customer.key, 'POST', '/autopilot/contacts', { contacts: [sent] }).then((answer) => {
            if (answer.status !== 202) throw new Error(`intake answered ${answer.status}: ${answer.text.slice(0, 300)}`);
            answered.set(sent.id, performance.now());
            waiting.add(sent.id);
          }),
        );
      }
      await Promise.all(requests);
      const deadline = performance.now() + 60_000;
      while (waiting.size > 0 && performance.now() < deadline) await sleep(POLL_MS);
      if (waiting.size > 0) throw new Error(`${waiting.size} of ${count} contacts had no touch planned a minute after the last was sent`);
    } finally {
      polling = false;
      await poller;
    }
    // Each contact's time from its answer to its plan; one planned before its answer was read counts as 0.
    const measured = Array.from({ length: count - WARMUP }, (_, i) => contactId(WARMUP + i));
    const latencies = measured.map((id) => Math.max(0, planned.get(id)! - answered.get(id)!));
    return { latencies, seconds: (performance.now() - started) / 1000 };
  } finally {
    await service.stop();
  }
}

export const autopilotContactToPlanned: Measurement = {
  name: 'Autopilot contact to first touch planned (service with its worker, research instant)',
  async run(context) {
    const { latencies } = await contactToPlanned(context);
    context.progress(`autopilot: ${latencies.length} contacts, one every ${INTERVAL_MS} ms: p50 ${round(percentile(latencies, 50))} ms, max ${round(Math.max(...latencies))} ms`);
    return [
      {
        key: 'autopilot_contact_to_planned_p50_ms',
        label: `POST /autopilot/contacts answered to the first touch planned, one every ${INTERVAL_MS} ms for ${SECONDS} s`,
        value: round(percentile(latencies, 50)),
        unit: 'ms',
      },
      {
        key: 'autopilot_contact_to_planned_p99_ms',
        label: `the same, p99 (goal at most ${GOAL_MS.toLocaleString('en-US')} ms)`,
        value: round(percentile(latencies, 99)),
        unit: 'ms',
        note: `${latencies.length} contacts, max ${round(Math.max(...latencies))} ms; up to ${POLL_MS} ms of it is polling`,
      },
    ] satisfies Figure[];
  },
};
