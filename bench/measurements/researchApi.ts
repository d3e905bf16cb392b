/**
 * The Research API's figures.
 *
 * POST /research throughput, three ways side by side:
 * - over HTTP with autocannon at `connections` concurrent connections, against the real service run
 *   with `worker: false`: on a 2-core machine graphile-worker would otherwise take CPU from the API
 *   (the jobs stay queued; in production workers can run elsewhere, `prospect-engine serve --no-worker`);
 * - the same work minus HTTP: the engine's own `findKeyHolder`, `parseResearchRequest` and
 *   `submitResearch`, from as many concurrent loops, over a pool of the service's size;
 * - the same statements as raw SQL: the database's ceiling for POST's work on this machine.
 * The SQL variants do as many jobs as HTTP accepted. Both with one account (every debit takes the same
 * `credit_cycles` row lock, so jobs serialise on it) and with one account per connection (no shared row).
 *
 * Latency under a fixed load, one account: at saturation a request's latency is mostly its wait in the
 * queue of requests before it, so autocannon then sends half the ceiling just measured (its
 * `overallRate`), from as many connections, to a fresh service and database: p50 and p99 of a POST
 * when the service keeps up.
 *
 * Cache hits: POST-to-`completed` latency of a job whose brief is cached, with a worker running, as a
 * client that polls `GET /research-status/{id}` every 2 ms sees it.
 *
 * Each phase gets a fresh database, so no phase pays for the rows of the one before.
 */
import { performance } from 'node:perf_hooks';
import type { Pool } from '@prospect-research/engine';
import { createPool } from '@prospect-research/engine/bench';
import type { BenchContext, Figure, Measurement } from '../measurement.ts';
import { load } from '../support/autocannon.ts';
import { paced } from '../support/paced.ts';
import { type BenchCustomer, createBenchCustomer, createBenchCustomers } from '../support/customers.ts';
import { runLoops } from '../support/loops.ts';
import { engineSubmit, expectJobs, rawSubmit, researchClient, type Submit } from '../support/research.ts';
import { SERVICE_POOL_SIZE } from '../support/service.ts';
import { percentile, round } from '../support/stats.ts';

type Accounts = 'one' | 'per-connection';

const describe = (accounts: Accounts) => (accounts === 'one' ? 'one account' : 'one account per connection');

interface Throughput {
  jobs: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** POST /research over HTTP, as engine functions and as raw SQL, with one account or one per connection. */
export function postResearch(accounts: Accounts): Measurement {
  const prefix = accounts === 'one' ? 'post_research' : 'post_research_many_accounts';
  return {
    name: `POST /research, ${describe(accounts)}`,
    async run(context) {
      const { connections } = context.settings;
      const http = await httpThroughput(context, accounts);
      const rate = Math.max(1, Math.round(http.perSecond / 2));
      const half =
        accounts === 'one'
          ? { rate, autocannon: await httpThroughput(context, accounts, { kind: 'autocannon', rate }), paced: await httpThroughput(context, accounts, { kind: 'paced', rate }) }
          : undefined;
      const engine = await sqlThroughput(context, accounts, 'engine functions', engineSubmit, http.jobs);
      const raw = await sqlThroughput(context, accounts, 'raw SQL', rawSubmit, http.jobs);
      const loops = `${connections} loops, pool of ${SERVICE_POOL_SIZE}`;
      const latency = (key: string, result: Throughput): Figure[] => [
        { key: `${key}_p50_ms`, label: '  latency p50', value: round(result.p50), unit: 'ms' },
        { key: `${key}_p99_ms`, label: '  latency p99', value: round(result.p99), unit: 'ms' },
      ];
      return [
        {
          key: `${prefix}_http_per_s`,
          label: `HTTP, autocannon (${connections} connections), accepted`,
          value: round(http.perSecond),
          unit: 'req/s',
          note: `${http.jobs} in ${round(http.seconds)} s`,
        },
        ...latency(`${prefix}_http`, http),
        { key: `${prefix}_http_non_202`, label: '  answers other than 202, errors', value: http.non202, unit: 'count', problem: http.problem },
        ...(half ? halfCeiling(prefix, half) : []),
        {
          key: `${prefix}_engine_per_s`,
          label: `same work minus HTTP, engine functions (${loops})`,
          value: round(engine.perSecond),
          unit: 'jobs/s',
          note: `${engine.jobs} in ${round(engine.seconds)} s`,
        },
        ...latency(`${prefix}_engine`, engine),
        { key: `${prefix}_raw_sql_per_s`, label: `same statements, raw SQL (${loops})`, value: round(raw.perSecond), unit: 'jobs/s', note: `${raw.jobs} in ${round(raw.seconds)} s` },
        ...latency(`${prefix}_raw_sql`, raw),
        { key: `${prefix}_http_vs_engine_ratio`, label: 'HTTP / engine functions', value: round(http.perSecond / engine.perSecond), unit: 'x' },
        { key: `${prefix}_http_vs_raw_sql_ratio`, label: 'HTTP / raw SQL', value: round(http.perSecond / raw.perSecond), unit: 'x' },
      ];
    },
  };
}

/** The figures of POST /research at half the saturated rate, sent by autocannon and evenly spaced. */
function halfCeiling(prefix: string, half: { rate: number; autocannon: HttpThroughput; paced: HttpThroughput }): Figure[] {
  const { rate, autocannon, paced } = half;
  return [
    { key: `${prefix}_http_half_ceiling_offered_per_s`, label: 'HTTP at half that rate: offered', value: rate, unit: 'req/s' },
    {
      key: `${prefix}_http_half_ceiling_per_s`,
      label: '  autocannon overallRate: accepted',
      value: round(autocannon.perSecond),
      unit: 'req/s',
      note: `${autocannon.jobs} in ${round(autocannon.seconds)} s, each connection's quota sent at the start of each second`,
    },
    { key: `${prefix}_http_p50_at_half_ceiling_ms`, label: '    latency p50', value: round(autocannon.p50), unit: 'ms' },
    { key: `${prefix}_http_p99_at_half_ceiling_ms`, label: '    latency p99', value: round(autocannon.p99), unit: 'ms', note: 'goal < 50' },
    { key: `${prefix}_http_half_ceiling_non_202`, label: '    answers other than 202, errors', value: autocannon.non202, unit: 'count', problem: autocannon.problem },
    {
      key: `${prefix}_http_half_ceiling_paced_per_s`,
      label: '  evenly spaced: accepted',
      value: round(paced.perSecond),
      unit: 'req/s',
      note: `${paced.jobs} in ${round(paced.seconds)} s, one every ${round(1000 / rate)} ms`,
    },
    { key: `${prefix}_http_p50_at_half_ceiling_paced_ms`, label: '    latency p50', value: round(paced.p50), unit: 'ms' },
    { key: `${prefix}_http_p99_at_half_ceiling_paced_ms`, label: '    latency p99', value: round(paced.p99), unit: 'ms', note: 'goal < 50' },
    { key: `${prefix}_http_half_ceiling_paced_non_202`, label: '    answers other than 202, errors', value: paced.non202, unit: 'count', problem: paced.problem },
  ];
}

async function customersFor(context: BenchContext, accounts: Accounts, pool: Pool): Promise<BenchCustomer[]> {
  return accounts === 'one' ? [await createBenchCustomer(pool)] : createBenchCustomers(pool, context.settings.connections);
}

type HttpThroughput = Throughput & { non202: number; problem: string | undefined };

/**
 * How requests are sent: `saturate`, autocannon at `connections` connections as fast as the service
 * answers; `autocannon`, the same at `rate` requests per second (`overallRate`); `paced`, `rate`
 * requests per second evenly spaced (`paced`).
 */
type Pace = { kind: 'saturate' } | { kind: 'autocannon' | 'paced'; rate: number };

/** POST /research over HTTP, at `pace`, against a fresh service and database. */
async function httpThroughput(context: BenchContext, accounts: Accounts, pace: Pace = { kind: 'saturate' }): Promise<HttpThroughput> {
  const { seconds, warmupSeconds, connections } = context.settings;
  const database = await context.freshDatabase();
  const customers = await customersFor(context, accounts, database.pool);
  const service = await context.startService(database, { worker: false });
  const headers = (connection: number) => ({ authorization: `Bearer ${customers[connection % customers.length]!.key}`, 'content-type': 'application/json' });
  let sent = 0;
  const fire = (duration: number) =>
    pace.kind === 'paced'
      ? paced({
          url: `${service.url}/research`,
          headers: headers(0),
          body: () => JSON.stringify({ email: `prospect-paced-${sent++}@example.com`, company_name: 'Example Inc' }),
          rate: pace.rate,
          seconds: duration,
        })
      : load({
          url: `${service.url}/research`,
          method: 'POST',
          seconds: duration,
          connections,
          headers,
          body: JSON.stringify({ email: 'prospect-[<id>]@example.com', company_name: 'Example Inc' }),
          overallRate: pace.kind === 'autocannon' ? pace.rate : undefined,
        });
  const how = pace.kind === 'saturate' ? `${connections} connections` : pace.kind === 'autocannon' ? `${pace.rate} req/s from ${connections} connections` : `${pace.rate} req/s evenly spaced`;
  const runs = [];
  try {
    if (warmupSeconds > 0) {
      context.progress(`POST /research over HTTP, ${describe(accounts)}: ${warmupSeconds} s warm-up at ${how}`);
      runs.push(await fire(warmupSeconds));
    }
    context.progress(`POST /research over HTTP, ${describe(accounts)}: ${seconds} s at ${how}`);
    runs.push(await fire(seconds));
  } finally {
    await service.stop();
  }
  // Every request must be accepted: anything else is reported in the table and fails the run.
  const refused = runs.map((run) => {
    const answered = Object.values(run.statuses).reduce((sum, n) => sum + n, 0);
    return { count: answered - (run.statuses[202] ?? 0) + run.errors, statuses: run.statuses, errors: run.errors };
  });
  const non202 = refused.reduce((sum, run) => sum + run.count, 0);
  const problem =
    non202 === 0 ? undefined : `not every request was accepted with 202: ${refused.map((run) => `answers ${JSON.stringify(run.statuses)}, ${run.errors} connection errors or timeouts`).join('; ')}`;
  const measured = runs.at(-1)!;
  const accepted = measured.statuses[202] ?? 0;
  const latencies = measured.latencies.get(202) ?? [];
  // Requests in flight when autocannon stops are finished by the service but not counted: up to one per connection and run.
  const counted = runs.reduce((sum, run) => sum + (run.statuses[202] ?? 0), 0);
  if (!problem) await expectJobs(database, counted, 'HTTP', connections * runs.length);
  return {
    jobs: accepted,
    seconds: measured.seconds,
    perSecond: accepted / measured.seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    non202,
    problem,
  };
}

async function sqlThroughput(context: BenchContext, accounts: Accounts, kind: string, variant: (pool: Pool) => Submit, jobs: number): Promise<Throughput> {
  const { connections, seconds, warmupSeconds } = context.settings;
  const database = await context.freshDatabase();
  const customers = await customersFor(context, accounts, database.pool);
  const pool = createPool(database.url, SERVICE_POOL_SIZE);
  try {
    const submit = variant(pool);
    // Loop `i` uses account `i`, as HTTP connection `i` does.
    const job = (prefix: string) => (index: number, loop: number) => submit(customers[loop % customers.length]!.key, `${prefix}-${index}@example.com`);
    const warmup = Math.round((jobs * warmupSeconds) / seconds);
    context.progress(`POST's work without HTTP, ${kind}, ${describe(accounts)}: ${warmup} jobs warm-up, then ${jobs} from ${connections} loops`);
    await runLoops(warmup, connections, job('warmup'));
    const started = performance.now();
    const run = await runLoops(jobs, connections, job('prospect'));
    const elapsed = (performance.now() - started) / 1000;
    await expectJobs(database, warmup + jobs, kind);
    return { jobs, seconds: elapsed, perSecond: run.perSecond, p50: percentile(run.latencies, 50), p99: percentile(run.latencies, 99) };
  } finally {
    await pool.end();
  }
}

const POLL_MS = 2;

export const cacheHitLatency: Measurement = {
  name: 'Cache hit, POST to completed (service with a worker)',
  async run(context) {
    const samples = context.settings.cacheHits;
    const database = await context.freshDatabase();
    const customer = await createBenchCustomer(database.pool);
    const service = await context.startService(database, { worker: true });
    const latencies: number[] = [];
    try {
      const api = researchClient(service.url, customer.key, POLL_MS);
      const email = 'jane.doe@example.com';
      context.progress(`cache hits: one research to fill the cache, then ${samples} sequential POST-to-completed round trips`);
      await api.untilCompleted(await api.post(email));
      for (let i = 0; i < samples; i++) {
        const started = performance.now();
        await api.untilCompleted(await api.post(email));
        latencies.push(performance.now() - started);
      }
    } finally {
      await service.stop();
    }
    const { rows } = await database.pool.query<{ hits: number }>('SELECT count(*)::int AS hits FROM research_jobs WHERE from_cache');
    if (rows[0]!.hits !== samples) throw new Error(`cache hits: expected ${samples} jobs answered from the cache, found ${rows[0]!.hits}`);
    const note = `${samples} sequential, polled every ${POLL_MS} ms`;
    return [
      { key: 'cache_hit_completed_p50_ms', label: 'latency p50', value: round(percentile(latencies, 50)), unit: 'ms', note },
      { key: 'cache_hit_completed_p99_ms', label: 'latency p99', value: round(percentile(latencies, 99)), unit: 'ms' },
    ];
  },
};
