/**
 * Fairness between accounts: what another account sees while one account's research backlog fills
 * every research slot.
 *
 * The real service in its child process with a worker at its defaults (`WORKER_CONCURRENCY` research
 * slots), its research sources pointed at the local emulator at the pipeline bench's fixed latencies
 * (a research takes about 2 s), `SECRET_KEY` set and `WEBHOOKS_ALLOW_PRIVATE_TARGETS=true`. Account B has
 * a catch-all Autopilot with leads stored in bulk and a `lead.closed` subscription whose target is a
 * receiver in the bench's process.
 *
 * - Idle: B's leads closed one at a time (one every `PACE_MS`), each timed from the close's answer to
 *   its webhook received, on the engine with nothing else to do.
 * - Busy: account A queues `BACKLOG` researches in one transaction; once A's jobs hold every research
 *   slot, B's leads are closed as before while B submits `RESEARCH_SAMPLES` researches of its own (one
 *   every `RESEARCH_EVERY_MS`), each timed from its submission to a worker's claim (the database's clock:
 *   `started_at - created_at`).
 *
 * Goals: B's delivery p99 while busy at most 2x its idle p99 of the same run; B's research start p99 at
 * most 5 s. Without fairness, B's research would wait behind A's whole backlog (minutes), and its
 * deliveries behind A's research, for a slot.
 */
import { performance } from 'node:perf_hooks';
import type { Pool } from '@prospect-research/engine';
import type { BenchContext, Figure, Measurement } from '../measurement.ts';
import { type BenchCustomer, createBenchCustomer } from '../support/customers.ts';
import { researchClient, submitInOneTransaction } from '../support/research.ts';
import { SERVICE_WORKER_CONCURRENCY } from '../support/service.ts';
import { percentile, round, sleep } from '../support/stats.ts';
import { checkDeliveries, closableLeads, closeLeadsPaced, startReceiver, subscribeToClosedLeads } from '../support/webhooks.ts';
import { startSourceEmulator } from '../../test/support/sourceEmulator.ts';
import { LATENCIES } from './researchPipeline.ts';

const BENCH = 'fairness bench';
/** Account A's researches, queued at once. */
const BACKLOG = 1_000;
const WARMUP = 20;
/** B's leads closed one at a time, in each phase. */
const SAMPLE = 300;
const PACE_MS = 50;
/**
 * B's researches while A's backlog waits, one every RESEARCH_EVERY_MS, as long as the busy phase's closes:
 * well within B's fair share (half the research slots: about 2 researches a second at 10 slots).
 */
const RESEARCH_SAMPLES = 20;
const RESEARCH_EVERY_MS = 750;
const DELIVERY_GOAL_RATIO = 2;
const RESEARCH_START_GOAL_MS = 5_000;
/** How long B's researches may wait for a claim before the figure counts them at that wait. */
const START_WAIT_MS = 60_000;

interface Latency {
  p50: number;
  p99: number;
  max: number;
}

const latencyOf = (samples: number[]): Latency => ({ p50: percentile(samples, 50), p99: percentile(samples, 99), max: Math.max(...samples) });

interface Results {
  idle: Latency;
  busy: Latency;
  researchStart: Latency;
  /** Researches B submitted that no worker had claimed after START_WAIT_MS. */
  unstarted: number;
  /** A's researches still queued when the busy phase ended. */
  backlogLeft: number;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`${BENCH}: still waiting after ${timeoutMs / 1000} s for ${what}`);
    await sleep(50);
  }
}

async function researchCount(pool: Pool, accountId: number, status: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM research_jobs WHERE account_id = $1 AND status = $2', [accountId, status]);
  return rows[0]!.n;
}

/** B's researches, one every RESEARCH_EVERY_MS; answers their ids. */
async function submitPaced(url: string, customer: BenchCustomer): Promise<string[]> {
  const api = researchClient(url, customer.key, 50);
  const ids: string[] = [];
  const started = performance.now();
  for (let i = 0; i < RESEARCH_SAMPLES; i++) {
    const wait = started + i * RESEARCH_EVERY_MS - performance.now();
    if (wait > 0) await sleep(wait);
    ids.push(await api.post(`jane.doe.${i}@other-${i}.io`));
  }
  return ids;
}

async function measure(context: BenchContext): Promise<Results> {
  const emulator = await startSourceEmulator(LATENCIES);
  const receiver = await startReceiver(BENCH);
  const database = await context.freshDatabase();
  const { pool } = database;
  const env = { ...emulator.env, SECRET_KEY: Buffer.alloc(32, 11).toString('base64'), WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' };
  const service = await context.startService(database, { worker: true, env });
  try {
    const bulk = await createBenchCustomer(pool, 'Bulk Corp');
    const other = await createBenchCustomer(pool, 'Other Corp');
    const leadIds = await closableLeads(pool, service.url, other, 2 * (WARMUP + SAMPLE), BENCH);
    const subscription = await subscribeToClosedLeads(service.url, other.key, receiver.url, BENCH);

    const deliveryLatencies = async (leads: number[], what: string): Promise<number[]> => {
      const answered = await closeLeadsPaced(service.url, other.key, leads, PACE_MS, BENCH);
      await receiver.waitFor(leads.length, what);
      const delivered = checkDeliveries(BENCH, receiver.take(), subscription.secret, leads, what);
      return leads.slice(WARMUP).map((id) => delivered.get(id)!.at - answered.get(id)!.answered);
    };

    context.progress(`fairness: idle engine, ${WARMUP} + ${SAMPLE} of B's leads closed one at a time, one every ${PACE_MS} ms`);
    const idle = latencyOf(await deliveryLatencies(leadIds.slice(0, WARMUP + SAMPLE), 'the idle phase'));

    context.progress(`fairness: account A queues ${BACKLOG} researches; waiting for them to hold all ${SERVICE_WORKER_CONCURRENCY} research slots`);
    await submitInOneTransaction(
      pool,
      bulk.key,
      Array.from({ length: BACKLOG }, (_, i) => `backlog.${i}@bulk-${i}.io`),
    );
    await until('A holding every research slot', async () => (await researchCount(pool, bulk.accountId, 'processing')) >= SERVICE_WORKER_CONCURRENCY, 30_000);

    context.progress(`fairness: busy engine, B's leads closed as before while B submits ${RESEARCH_SAMPLES} researches, one every ${RESEARCH_EVERY_MS} ms`);
    const [busyLatencies, researchIds] = await Promise.all([deliveryLatencies(leadIds.slice(WARMUP + SAMPLE), 'the busy phase'), submitPaced(service.url, other)]);
    const busy = latencyOf(busyLatencies);
    const backlogLeft = await researchCount(pool, bulk.accountId, 'queued');
    const unstartedNow = async () => researchCount(pool, other.accountId, 'queued');
    await until("B's researches claimed", async () => (await unstartedNow()) === 0, START_WAIT_MS).catch(() => undefined);
    const { rows } = await pool.query<{ wait_ms: number; started: boolean }>(
      `SELECT extract(epoch FROM coalesce(started_at, now()) - created_at)::float8 * 1000 AS wait_ms, started_at IS NOT NULL AS started FROM research_jobs WHERE id = ANY($1::uuid[])`,
      [researchIds],
    );
    if (rows.length !== RESEARCH_SAMPLES) throw new Error(`${BENCH}: ${rows.length} of B's ${RESEARCH_SAMPLES} researches were stored`);
    const unexpected = emulator.unexpected();
    if (unexpected.length > 0) throw new Error(`${BENCH}: the source emulator was asked what it does not answer: ${unexpected.slice(0, 3).join(', ')}`);
    return {
      idle,
      busy,
      researchStart: latencyOf(rows.map((row) => row.wait_ms)),
      unstarted: rows.filter((row) => !row.started).length,
      backlogLeft,
    };
  } finally {
    await service.stop();
    await receiver.close();
    await emulator.close();
  }
}

export const fairness: Measurement = {
  name: `Fairness between accounts: account B while account A has ${BACKLOG} researches queued (service with a worker)`,
  async run(context): Promise<Figure[]> {
    const { idle, busy, researchStart, unstarted, backlogLeft } = await measure(context);
    const deliveryGoal = DELIVERY_GOAL_RATIO * idle.p99;
    return [
      {
        key: 'fairness_other_account_delivery_idle_p99_ms',
        label: `B's lead closed to its webhook received, idle engine, p99 of ${SAMPLE}`,
        value: round(idle.p99),
        unit: 'ms',
        note: `p50 ${round(idle.p50)}, max ${round(idle.max)}; one close every ${PACE_MS} ms`,
      },
      {
        key: 'fairness_other_account_delivery_p99_ms',
        label: `the same while A's ${BACKLOG} researches hold every research slot, p99 of ${SAMPLE}`,
        value: round(busy.p99),
        unit: 'ms',
        note: `p50 ${round(busy.p50)}, max ${round(busy.max)}; ${round(busy.p99 / idle.p99)}x idle; goal at most ${DELIVERY_GOAL_RATIO}x idle (${round(deliveryGoal)}); ${backlogLeft} of A's researches still queued at the end`,
        ...(busy.p99 > deliveryGoal ? { problem: `B's deliveries take ${round(busy.p99)} ms at p99 while A's backlog runs, over ${DELIVERY_GOAL_RATIO}x the idle ${round(idle.p99)} ms` } : {}),
      },
      {
        key: 'fairness_other_account_research_start_p99_ms',
        label: `B's research submitted to claimed by a worker, A's backlog waiting, p99 of ${RESEARCH_SAMPLES}`,
        value: round(researchStart.p99),
        unit: 'ms',
        note: `p50 ${round(researchStart.p50)}, max ${round(researchStart.max)}; goal at most ${RESEARCH_START_GOAL_MS}${unstarted > 0 ? `; ${unstarted} not claimed after ${START_WAIT_MS / 1000} s` : ''}`,
        ...(researchStart.p99 > RESEARCH_START_GOAL_MS || unstarted > 0
          ? { problem: `B's research waits ${round(researchStart.p99)} ms at p99 for a worker behind A's backlog, over the goal of ${RESEARCH_START_GOAL_MS}` }
          : {}),
      },
    ];
  },
};
