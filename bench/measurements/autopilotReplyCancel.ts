/**
 * The Autopilot's reply-to-cancel latency: how long after a reply is processed every queued touch of
 * its lead is gone (rows `cancelled`, graphile-worker jobs removed), with a realistic queue behind it.
 *
 * 100,000 touches are scheduled the way enrolment leaves them: 20,000 leads of one Autopilot, 5 steps
 * each (e-mail and the professional network), each touch an `autopilot_touches` row and a `send_touch`
 * job keyed `touch:<id>`, inserted in bulk (rows in one statement, jobs through
 * `graphile_worker.add_jobs` in chunks). Then, for a sample of leads spread over the table, one at a
 * time, the engine's `LeadSignals.replied` (what a channel calls on a human reply) is timed from the
 * call to its commit, the moment the lead is `Responded` and its touches and jobs are gone, which is
 * checked after each sample (outside the timing). The service brings the schema up to date and takes
 * the Autopilot; the replies run in the bench's process over a pool of the service's size.
 */
import { performance } from 'node:perf_hooks';
import { systemClock } from '@prospect-research/engine';
import { createPool, leadOutcomes } from '@prospect-research/engine/bench';
import type { BenchContext, Figure, Measurement } from '../measurement.ts';
import { configuredCustomer } from '../support/customers.ts';
import { SERVICE_POOL_SIZE } from '../support/service.ts';
import { percentile, round } from '../support/stats.ts';

const LEADS = 20_000;
const STEPS = 5;
const TOUCHES = LEADS * STEPS;
const JOB_CHUNK = 10_000;
const WARMUP = 20;
const SAMPLE = 300;
const GOAL_MS = 100;

const SEQUENCE = [
  { day: 1, channel: 'email', kind: 'email', angle: 'A short, useful note.', subject_angle: 'Their pricing' },
  { day: 2, channel: 'linkedin', kind: 'connection_request', angle: 'A friendly request.' },
  { day: 4, channel: 'email', kind: 'email', angle: 'A follow-up with one new idea.' },
  { day: 6, channel: 'linkedin', kind: 'message', angle: 'A short message.' },
  { day: 9, channel: 'email', kind: 'email', angle: 'A last, short note.' },
];

async function configure(url: string, key: string): Promise<number> {
  const document = { enabled: true, filter: { rules: [] }, channels: ['email', 'linkedin'], tone: 'Friendly', goal: { type: 'engage' }, sequence: SEQUENCE };
  const response = await fetch(`${url}/autopilots/Everyone`, { method: 'PUT', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(document) });
  const body = (await response.json()) as { id?: number };
  if (response.status !== 201 || typeof body.id !== 'number') throw new Error(`Autopilot refused: ${response.status} ${JSON.stringify(body)}`);
  return body.id;
}

async function replyCancel(context: BenchContext): Promise<{ p99: number; p50: number; max: number; setupSeconds: number }> {
  const { database, customer, configured: autopilotId } = await configuredCustomer(context, configure);
  const pool = createPool(database.url, SERVICE_POOL_SIZE);
  try {
    const setup = performance.now();
    const enrolledAt = new Date();
    await pool.query(
      `INSERT INTO autopilot_contacts (account_id, contact_id, properties, email, created_at, received_at, state, reason, autopilot_id, decided_at)
       SELECT $1, 'c' || i, jsonb_build_object('email', 'lead' || i || '@company' || i || '.de'), 'lead' || i || '@company' || i || '.de', $3, $3, 'enrolled', 'matched', $2, $3
       FROM generate_series(1, $4) AS i`,
      [customer.accountId, autopilotId, enrolledAt, LEADS],
    );
    await pool.query(
      `INSERT INTO autopilot_leads (account_id, contact_id, autopilot_id, autopilot_revision, enrolled_by, research_reused, enrolled_at)
       SELECT $1, 'c' || i, $2, 1, 'matched', false, $3 FROM generate_series(1, $4) AS i`,
      [customer.accountId, autopilotId, enrolledAt, LEADS],
    );
    // Each step's touch, due on its day (business days do not matter here: only that they wait).
    await pool.query(
      `INSERT INTO autopilot_touches (account_id, lead_id, step, spec, channel, kind, planned_at, due_at)
       SELECT l.account_id, l.id, s.step, s.spec, s.spec ->> 'channel', s.spec ->> 'kind', $3::timestamptz + ((s.spec ->> 'day')::int * interval '1 day'), $3::timestamptz + ((s.spec ->> 'day')::int * interval '1 day')
       FROM autopilot_leads l CROSS JOIN (SELECT ordinality - 1 AS step, value AS spec FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY) AS s
       WHERE l.account_id = $1 ORDER BY l.id, s.step`,
      [customer.accountId, JSON.stringify(SEQUENCE), enrolledAt],
    );
    const { rows: range } = await pool.query<{ low: string; high: string; n: number }>('SELECT min(id) AS low, max(id) AS high, count(*)::int AS n FROM autopilot_touches');
    if (range[0]!.n !== TOUCHES) throw new Error(`${range[0]!.n} touches scheduled, expected ${TOUCHES}`);
    for (let low = Number(range[0]!.low); low <= Number(range[0]!.high); low += JOB_CHUNK) {
      await pool.query(
        `SELECT count(*) FROM graphile_worker.add_jobs(array(
           SELECT json_populate_recordset(null::graphile_worker.job_spec,
             (SELECT json_agg(json_build_object('identifier', 'send_touch', 'payload', json_build_object('touchId', id), 'run_at', due_at, 'job_key', 'touch:' || id))
              FROM autopilot_touches WHERE id >= $1 AND id < $2))))`,
        [low, low + JOB_CHUNK],
      );
    }
    const { rows: jobs } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'send_touch'`);
    if (jobs[0]!.n !== TOUCHES) throw new Error(`${jobs[0]!.n} send_touch jobs queued, expected ${TOUCHES}`);
    await pool.query('VACUUM ANALYZE autopilot_leads, autopilot_touches, autopilot_lead_events, graphile_worker._private_jobs');
    const setupSeconds = (performance.now() - setup) / 1000;
    context.progress(`autopilot: ${TOUCHES} touches and jobs scheduled for ${LEADS} leads in ${round(setupSeconds)} s`);

    const { rows: leads } = await pool.query<{ id: string }>('SELECT id FROM autopilot_leads WHERE account_id = $1 ORDER BY id', [customer.accountId]);
    const stride = Math.floor(leads.length / (WARMUP + SAMPLE));
    const chosen = Array.from({ length: WARMUP + SAMPLE }, (_, i) => Number(leads[i * stride]!.id));
    const signals = leadOutcomes(pool, systemClock);
    const times: number[] = [];
    for (const [i, leadId] of chosen.entries()) {
      const started = performance.now();
      const applied = await signals.replied({ accountId: customer.accountId, leadId, channel: 'email', occurredAt: new Date(), dedupeKey: `<bench-${leadId}@example.com>` });
      const ms = performance.now() - started;
      if (applied.effect !== 'ended_lead' || applied.outcome !== 'Responded') throw new Error(`lead ${leadId}: the reply did ${JSON.stringify(applied)}`);
      const { rows } = await pool.query<{ queued: number; jobs: number }>(
        `SELECT (SELECT count(*)::int FROM autopilot_touches WHERE lead_id = $1 AND state <> 'cancelled') AS queued,
                (SELECT count(*)::int FROM graphile_worker.jobs j JOIN autopilot_touches t ON j.key = 'touch:' || t.id WHERE t.lead_id = $1) AS jobs`,
        [leadId],
      );
      if (rows[0]!.queued !== 0 || rows[0]!.jobs !== 0) throw new Error(`lead ${leadId}: ${rows[0]!.queued} touches and ${rows[0]!.jobs} jobs left after its reply`);
      if (i >= WARMUP) times.push(ms);
    }
    const { rows: left } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'send_touch'`);
    if (left[0]!.n !== TOUCHES - chosen.length * STEPS) throw new Error(`${left[0]!.n} jobs left, expected ${TOUCHES - chosen.length * STEPS}: a reply removed jobs of other leads`);
    const result = { p99: percentile(times, 99), p50: percentile(times, 50), max: Math.max(...times), setupSeconds };
    context.progress(`autopilot: reply to cancel over ${SAMPLE} leads: p50 ${round(result.p50)} ms, p99 ${round(result.p99)} ms, max ${round(result.max)} ms`);
    return result;
  } finally {
    await pool.end();
  }
}

export const autopilotReplyCancel: Measurement = {
  name: "Autopilot reply to cancel (100,000 touches scheduled; LeadSignals.replied in the bench's process)",
  async run(context): Promise<Figure[]> {
    const result = await replyCancel(context);
    return [
      {
        key: 'autopilot_reply_cancel_p99_ms',
        label: `reply processed to all its lead's queued touches removed, p99 of ${SAMPLE}`,
        value: round(result.p99),
        unit: 'ms',
        note: `goal <= ${GOAL_MS}${result.p99 > GOAL_MS ? ' (missed)' : ' (met)'}; p50 ${round(result.p50)}, max ${round(result.max)}; ${TOUCHES} touches and jobs queued (${LEADS} leads x ${STEPS})`,
      },
    ];
  },
};
