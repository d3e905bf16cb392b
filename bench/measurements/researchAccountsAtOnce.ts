/**
 * Research when many accounts submit at once, against one account alone: does an account's research
 * wait behind the other accounts' jobs?
 *
 * The real service in its child process with a worker at its defaults, its sources and the LLM pointed
 * at the research pipeline's emulator at the same fixed latencies (`LATENCIES`: a research takes about
 * 1.5 s), and `ACCOUNTS` accounts, each with its own API key. Every research is a new e-mail at a new
 * company (a cache miss), submitted with `POST /research` and timed from sending the POST until the
 * bench's poll of the database (every `POLL_MS`, one query for all the pending jobs, the same in both
 * phases) sees it `completed`. Polling the API instead would put 100 callers' `GET /research-status`
 * on the same two cores as the work measured.
 *
 * - One account alone: after a warm-up, one account submits one research and waits for it,
 *   `ALONE_SAMPLES` times in a row: p50 of those.
 * - 100 accounts at once: every account sends one `POST /research` at the same moment, `ROUNDS` times
 *   (each round once the last is done, after a warm-up round): p50 of all their completion times.
 *
 * Goal: the second over the first at most 1.5. An engine that ran research on a few slots would finish
 * the 100 in rounds of that many, so most accounts would wait for others' jobs to end before theirs starts.
 */
import { performance } from 'node:perf_hooks';
import type { Pool } from '@prospect-research/engine';
import type { Figure, Measurement } from '../measurement.ts';
import { createBenchCustomers } from '../support/customers.ts';
import { researchClient } from '../support/research.ts';
import { SERVICE_WORKER_CONCURRENCY } from '../support/service.ts';
import { percentile, round, sleep } from '../support/stats.ts';
import { startSourceEmulator } from '../../test/support/sourceEmulator.ts';
import { expectCalls, expectResearched, LATENCIES } from './researchPipeline.ts';

const PHASE = 'research, 100 accounts at once';
const ACCOUNTS = 100;
const ALONE_SAMPLES = 10;
const ROUNDS = 3;
const POLL_MS = 5;
const GOAL_RATIO = 1.5;
/** How long one research may take before the bench gives up on it. */
const TIMEOUT_MS = 60_000;

type Client = ReturnType<typeof researchClient>;

/**
 * Sends one research per client at the same moment, each for a new e-mail, and answers each one's time
 * from its POST's sending to the database showing it completed.
 */
async function researchAtOnce(pool: Pool, clients: Client[], prefix: string): Promise<number[]> {
  const pending = new Map<string, number>();
  const times: number[] = [];
  const started = performance.now();
  const posted = Promise.all(clients.map(async (client, i) => void pending.set(await client.post(`${prefix}.${i}@${prefix}-${i}.io`), i)));
  let postError: unknown;
  posted.catch((error: unknown) => (postError = error));
  for (;;) {
    if (postError) throw postError;
    if (pending.size > 0) {
      const { rows } = await pool.query<{ id: string; status: string }>(`SELECT id, status FROM research_jobs WHERE id = ANY($1::uuid[]) AND status IN ('completed', 'failed')`, [[...pending.keys()]]);
      const seen = performance.now();
      for (const { id, status } of rows) {
        if (status === 'failed') throw new Error(`${PHASE}: research ${id} (${prefix}) failed`);
        pending.delete(id);
        times.push(seen - started);
      }
    }
    if (times.length === clients.length) return times;
    if (performance.now() - started > TIMEOUT_MS) throw new Error(`${PHASE}: ${clients.length - times.length} of the ${prefix} researches not completed after ${TIMEOUT_MS / 1000} s`);
    await sleep(POLL_MS);
  }
}

/** Submit to a worker's claim by the database's clock, p50, of the researches whose e-mail starts with `prefix`. */
async function queuedP50(pool: Pool, prefix: string): Promise<number> {
  const { rows } = await pool.query<{ ms: number }>(`SELECT extract(epoch FROM started_at - created_at)::float8 * 1000 AS ms FROM research_jobs WHERE email LIKE $1`, [`${prefix}%`]);
  return percentile(
    rows.map((row) => row.ms),
    50,
  );
}

export const researchAccountsAtOnce: Measurement = {
  name: `Research, ${ACCOUNTS} accounts submitting at once against one account alone (service with a worker)`,
  async run(context): Promise<Figure[]> {
    const emulator = await startSourceEmulator(LATENCIES);
    const database = await context.freshDatabase();
    const alone: number[] = [];
    const together: number[] = [];
    let queued = { alone: Number.NaN, together: Number.NaN };
    try {
      const customers = await createBenchCustomers(database.pool, ACCOUNTS);
      const service = await context.startService(database, { worker: true, env: emulator.env });
      try {
        const clients = customers.map((customer) => researchClient(service.url, customer.key, POLL_MS));
        const one = clients.slice(0, 1);
        context.progress(`${PHASE}: warm-up (one research, then one from each of ${ACCOUNTS} accounts at once)`);
        await researchAtOnce(database.pool, one, 'warmup-alone');
        await researchAtOnce(database.pool, clients, 'warmup-together');
        context.progress(`${PHASE}: one account alone, ${ALONE_SAMPLES} researches one after the other`);
        for (let i = 0; i < ALONE_SAMPLES; i++) alone.push(...(await researchAtOnce(database.pool, one, `alone${i}`)));
        context.progress(`${PHASE}: ${ACCOUNTS} accounts each submit one research at the same moment, ${ROUNDS} times`);
        for (let i = 0; i < ROUNDS; i++) together.push(...(await researchAtOnce(database.pool, clients, `together${i}`)));
      } finally {
        await service.stop();
      }
      const researches = 1 + ACCOUNTS + ALONE_SAMPLES + ROUNDS * ACCOUNTS;
      expectCalls(emulator, researches, PHASE);
      await expectResearched(database, researches, PHASE);
      queued = { alone: await queuedP50(database.pool, 'alone'), together: await queuedP50(database.pool, 'together') };
    } finally {
      await emulator.close();
    }
    const p50 = { alone: percentile(alone, 50), together: percentile(together, 50) };
    const ratio = p50.together / p50.alone;
    return [
      {
        key: 'research_p50_one_account_ms',
        label: `one account alone: POST to completed, p50 of ${ALONE_SAMPLES}`,
        value: round(p50.alone),
        unit: 'ms',
        note: `one research at a time, new e-mails; of which queued (submit to claim) ${round(queued.alone)} ms, database clock`,
      },
      {
        key: 'research_p50_at_100_accounts_ms',
        label: `${ACCOUNTS} accounts submitting one research each at once: POST to completed, p50 of ${ROUNDS * ACCOUNTS}`,
        value: round(p50.together),
        unit: 'ms',
        note: `${ROUNDS} rounds, slowest ${round(Math.max(...together))}; of which queued ${round(queued.together)} ms; ${SERVICE_WORKER_CONCURRENCY} research slots`,
      },
      {
        key: 'research_p50_at_100_accounts_ratio',
        label: `${ACCOUNTS} accounts at once / one alone, p50`,
        value: round(ratio),
        unit: 'x',
        note: `goal <= ${GOAL_RATIO}`,
      },
    ];
  },
};
