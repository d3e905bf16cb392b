/**
 * The research pipeline's figures, with real source adapters and the real writer pointed at one local
 * emulator of every keyed source and the LLM (`test/support/sourceEmulator.ts`), configured the way
 * ops would: `*_API_KEY` and `*_BASE_URL`, `RESEARCH_KEYLESS_SOURCES=google_news,gravatar` (the website
 * and the mail provider need real DNS), `OPENAI_*`.
 *
 * Where things run: the service (`startService`, HTTP API and graphile-worker) runs as the other
 * measurements run it, in a child process by default (`BENCH_SERVER=inline` puts it in the bench's
 * process). The emulator, the polling client, the submitting loops and graphile-worker's no-op
 * baseline run in the bench's own process.
 *
 * Critical path: with every source at a fixed latency, `BENCH_PIPELINE_SAMPLES` distinct e-mails (each a
 * cache miss), one after the other, from `POST /research` to reading `completed` (polled every 5 ms),
 * against the longest chain of calls that must wait for each other (`criticalPathMs`). Their ratio is
 * what the engine adds on top of its sources: queueing, the worker's pickup, the database, HTTP.
 *
 * Throughput: with instant sources, `BENCH_PIPELINE_JOBS` researches submitted at once (the engine's
 * own `submitResearch`, from 20 loops over a pool of the service's size), at the default worker
 * concurrency, from the first submit until the database shows the last one completed; next to it,
 * graphile-worker's own rate for a no-op task on the same database at the same concurrency (jobs
 * added in one `addJobs` batch, until the queue is empty): the queue's ceiling on this machine.
 *
 * In-process throughput: the same, with the sources and the writer replaced by instant fakes inside the
 * service's process (`bench/support/instantSources.ts`, through `researchModule({ sources })`; the
 * service still runs in its child process, see `ServiceRoles.sources`), so what is measured is the
 * engine: the worker, the job states, the caches, identities and the database. Next to it, the
 * statements the service sent to PostgreSQL per research (engine and graphile-worker, counted on its
 * pool) and graphile-worker's no-op rate on a fresh database of its own, measured right after.
 */
import { performance } from 'node:perf_hooks';
import { makeWorkerUtils, run } from 'graphile-worker';
import { createLogger } from '@prospect-research/engine';
import { createPool, graphileLogger, RUNNER_SETTINGS } from '@prospect-research/engine/bench';
import type { ResearchData } from '@prospect-research/engine/contract';
import type { BenchContext, Measurement } from '../measurement.ts';
import { createBenchCustomer } from '../support/customers.ts';
import type { BenchDatabase } from '../support/databases.ts';
import { runLoops } from '../support/loops.ts';
import { engineSubmit, researchClient, submitInOneTransaction } from '../support/research.ts';
import { FAKE_DECISION_MAKERS, FAKE_TITLE } from '../support/instantSources.ts';
import { countQueries } from '../support/queryCounter.ts';
import { SERVICE_POOL_SIZE, SERVICE_WORKER_CONCURRENCY, type ServiceRoles } from '../support/service.ts';
import { criticalPathMs, DECISION_MAKERS, INSTANT, ROUTES, type SourceEmulator, type SourceLatencies, startSourceEmulator } from '../../test/support/sourceEmulator.ts';
import { percentile, round, sleep } from '../support/stats.ts';

/** Fixed latencies of the emulated sources, in ms: in the range these services answer in. */
export const LATENCIES: SourceLatencies = {
  apolloPersonMatch: 300,
  apolloOrganizationEnrich: 250,
  apolloPeopleSearch: 200,
  apolloBulkMatch: 200,
  pdlPerson: 350,
  pdlCompany: 200,
  unipileProfile: 150,
  unipilePersonPosts: 200,
  unipileCompany: 150,
  unipileCompanyPosts: 200,
  googleNews: 300,
  gravatar: 100,
  llm: 800,
};

const POLL_MS = 5;
/** Loops submitting the throughput phase's jobs, as that many API connections would. */
const SUBMIT_LOOPS = 20;
/** No-op jobs per research job in the graphile-worker baseline: a no-op run must last long enough to time. */
const NOOP_JOBS_PER_RESEARCH = 4;
const NOOP_TASK = 'bench_noop';

export const pipelineCriticalPath: Measurement = {
  name: 'Research pipeline, sources at fixed latencies (service with a worker)',
  async run(context) {
    const samples = context.settings.pipelineSamples;
    const critical = criticalPathMs(LATENCIES);
    const emulator = await startSourceEmulator(LATENCIES);
    const database = await context.freshDatabase();
    const customer = await createBenchCustomer(database.pool);
    const latencies: number[] = [];
    let phases = { queued: Number.NaN, processing: Number.NaN };
    try {
      const service = await context.startService(database, { worker: true, env: emulator.env });
      try {
        const api = researchClient(service.url, customer.key, POLL_MS);
        context.progress(`research pipeline: one warm-up research, then ${samples} sequential researches of new e-mails over sources at fixed latencies`);
        const research = async (email: string) => expectCompleteBrief((await api.untilCompleted(await api.post(email))).data, email);
        await research('jane.doe.warmup@acme-warmup.io');
        for (let i = 0; i < samples; i++) {
          const email = `jane.doe.${i}@acme-${i}.io`;
          const started = performance.now();
          const data = await api.untilCompleted(await api.post(email));
          latencies.push(performance.now() - started);
          expectCompleteBrief(data.data, email);
        }
      } finally {
        await service.stop();
      }
      expectCalls(emulator, samples + 1, 'research pipeline');
      await expectResearched(database, samples + 1, 'research pipeline');
      // Where the time went, by the database's clock: queued (submit to a worker's claim) and processing (claim to completed).
      const { rows } = await database.pool.query<{ queued_ms: number; processing_ms: number }>(
        `SELECT extract(epoch FROM started_at - created_at)::float8 * 1000 AS queued_ms,
                extract(epoch FROM finished_at - started_at)::float8 * 1000 AS processing_ms
         FROM research_jobs WHERE email NOT LIKE '%warmup%'`,
      );
      phases = {
        queued: percentile(
          rows.map((row) => row.queued_ms),
          50,
        ),
        processing: percentile(
          rows.map((row) => row.processing_ms),
          50,
        ),
      };
    } finally {
      await emulator.close();
    }
    const p50 = percentile(latencies, 50);
    const note = `${samples} sequential new e-mails, polled every ${POLL_MS} ms`;
    return [
      {
        key: 'research_pipeline_critical_path_ms',
        label: 'critical path of the configured latencies',
        value: critical,
        unit: 'ms',
        note: 'longest chain of calls that wait for each other, LLM included',
      },
      { key: 'research_pipeline_completed_p50_ms', label: 'POST to completed, p50', value: round(p50), unit: 'ms', note },
      { key: 'research_pipeline_completed_max_ms', label: 'POST to completed, slowest', value: round(Math.max(...latencies)), unit: 'ms' },
      { key: 'research_pipeline_queued_p50_ms', label: '  of which queued (submit to claim), p50', value: round(phases.queued), unit: 'ms', note: 'database clock' },
      { key: 'research_pipeline_processing_p50_ms', label: '  of which processing (claim to completed), p50', value: round(phases.processing), unit: 'ms', note: 'database clock' },
      { key: 'research_pipeline_vs_critical_path_ratio', label: 'p50 / critical path', value: round(p50 / critical), unit: 'x', note: 'goal <= 1.15' },
    ];
  },
};

export const pipelineThroughput: Measurement = {
  name: 'Research pipeline, instant sources: completed jobs per second',
  async run(context) {
    const jobs = context.settings.pipelineJobs;
    const database = await context.freshDatabase();
    const research = await instantThroughput(context, database, jobs);
    const noop = await noopThroughput(context, database, jobs * NOOP_JOBS_PER_RESEARCH);
    const concurrency = `concurrency ${SERVICE_WORKER_CONCURRENCY}`;
    return [
      {
        key: 'research_pipeline_instant_jobs_per_s',
        label: `researches completed (${jobs} submitted at once, ${concurrency})`,
        value: round(research.perSecond),
        unit: 'jobs/s',
        note: `${jobs} in ${round(research.seconds)} s, submitted in ${round(research.submitSeconds)} s`,
      },
      {
        key: 'graphile_worker_noop_jobs_per_s',
        label: `graphile-worker no-op jobs (one addJobs batch, ${concurrency})`,
        value: round(noop.perSecond),
        unit: 'jobs/s',
        note: `${noop.jobs} in ${round(noop.seconds)} s, same database`,
      },
      { key: 'research_pipeline_instant_vs_noop_ratio', label: 'researches / no-op jobs', value: round(research.perSecond / noop.perSecond), unit: 'x' },
    ];
  },
};

export const pipelineInProcess: Measurement = {
  name: 'Research pipeline, instant in-process fakes of the sources and the writer: the engine alone',
  async run(context) {
    const jobs = context.settings.pipelineJobs;
    const research = await researchThroughput(context, await context.freshDatabase(), jobs, { worker: true, sources: 'instant' }, 'one transaction', 'in-process research throughput');
    const noop = await noopThroughput(context, await context.freshDatabase(), jobs * NOOP_JOBS_PER_RESEARCH);
    const concurrency = `concurrency ${SERVICE_WORKER_CONCURRENCY}`;
    return [
      {
        key: 'research_pipeline_inprocess_jobs_per_s',
        label: `researches completed (${jobs} queued in one transaction, ${concurrency})`,
        value: round(research.perSecond),
        unit: 'jobs/s',
        note: `${jobs} in ${round(research.seconds)} s from the commit (which took ${round(research.submitSeconds)} s)`,
      },
      {
        key: 'research_pipeline_inprocess_db_round_trips_per_job',
        label: '  statements the service sent per research',
        value: round(research.queries / jobs),
        unit: 'count',
        note: 'engine and graphile-worker, every query on its pool',
      },
      {
        key: 'research_pipeline_inprocess_noop_jobs_per_s',
        label: `graphile-worker no-op jobs (fresh database, ${concurrency})`,
        value: round(noop.fromQueuedPerSecond),
        unit: 'jobs/s',
        note: `${noop.jobs} in ${round(noop.fromQueuedSeconds)} s from addJobs' return`,
      },
      {
        key: 'graphile_worker_noop_db_round_trips_per_job',
        label: '  statements per no-op job',
        value: round(noop.queries / noop.jobs),
        unit: 'count',
        note: 'addJobs, get and complete, on its pool',
      },
      { key: 'research_pipeline_inprocess_vs_noop_ratio', label: 'researches / no-op jobs', value: round(research.perSecond / noop.fromQueuedPerSecond), unit: 'x', note: 'goal >= 0.25' },
    ];
  },
};

/** Researches over the emulator's sources at 0 ms, submitted at once while the service's worker runs. */
async function instantThroughput(context: BenchContext, database: BenchDatabase, jobs: number) {
  const emulator = await startSourceEmulator(INSTANT);
  try {
    const result = await researchThroughput(context, database, jobs, { worker: true, env: emulator.env }, 'loops', 'research throughput');
    expectCalls(emulator, result.researches, 'research throughput');
    return result;
  } finally {
    await emulator.close();
  }
}

/**
 * How the measured jobs reach the queue. `loops`: as POSTs would, the engine's `submitResearch` from 20
 * loops while the worker already runs, timed from the first submit (so the submits' own pace is in
 * it). `one transaction`: every job's `insertResearchJob` in one transaction (as a feature starting
 * jobs in bulk would), timed from its commit, when they all reach the queue at once, as graphile-worker's
 * no-op jobs do in one `addJobs`.
 */
type Submission = 'loops' | 'one transaction';

/**
 * A warm-up, then `jobs` researches submitted to the service started with `roles`, timed until the
 * database shows the last one completed. `queries`: the statements the service sent from the first
 * submit until graphile-worker's queue was empty again.
 */
async function researchThroughput(context: BenchContext, database: BenchDatabase, jobs: number, roles: ServiceRoles, submission: Submission, phase: string) {
  const warmup = Math.min(50, jobs);
  const customer = await createBenchCustomer(database.pool);
  const pool = createPool(database.url, SERVICE_POOL_SIZE);
  try {
    const service = await context.startService(database, roles);
    let result;
    try {
      const submit = engineSubmit(pool);
      const email = (prefix: string, i: number) => `${prefix}.${i}@${prefix}-${i}.io`;
      const batch = async (prefix: string, count: number) => {
        let started = performance.now();
        let submitSeconds = 0;
        let submitted: Promise<void>;
        if (submission === 'loops') {
          submitted = runLoops(count, SUBMIT_LOOPS, (i) => submit(customer.key, email(prefix, i))).then(() => {
            submitSeconds = (performance.now() - started) / 1000;
          });
        } else {
          await submitInOneTransaction(
            pool,
            customer.key,
            Array.from({ length: count }, (_, i) => email(prefix, i)),
          );
          submitSeconds = (performance.now() - started) / 1000;
          started = performance.now();
          submitted = Promise.resolve();
        }
        await untilFinished(database, prefix, count, submitted);
        return { seconds: (performance.now() - started) / 1000, submitSeconds };
      };
      context.progress(`${phase}: ${warmup} researches warm-up, then ${jobs} submitted at once (${submission})`);
      await batch('warmup', warmup);
      await untilQueueEmpty(database, phase);
      const before = await service.queries();
      const measured = await batch('prospect', jobs);
      await untilQueueEmpty(database, phase);
      const queries = (await service.queries()) - before;
      result = { ...measured, perSecond: jobs / measured.seconds, queries, researches: warmup + jobs };
    } finally {
      await service.stop();
    }
    await expectResearched(database, warmup + jobs, phase);
    if (roles.sources === 'instant') await expectCompleteBriefs(database, phase);
    return result;
  } finally {
    await pool.end();
  }
}

/** Waits until graphile-worker has recorded every research task done (its completions are batched). */
async function untilQueueEmpty(database: BenchDatabase, phase: string): Promise<void> {
  const until = performance.now() + 10_000;
  for (;;) {
    const { rows } = await database.pool.query<{ left: number }>(`SELECT count(*)::int AS left FROM graphile_worker.jobs WHERE task_identifier = 'research'`);
    if (rows[0]!.left === 0) return;
    if (performance.now() > until) throw new Error(`${phase}: ${rows[0]!.left} research tasks still in graphile-worker's queue 10 s after their jobs completed`);
    await sleep(POLL_MS);
  }
}

/** Polls the database every POLL_MS until the `count` jobs whose e-mail starts with `prefix.` are completed; throws on a failed one. */
async function untilFinished(database: BenchDatabase, prefix: string, count: number, submitted: Promise<void>): Promise<void> {
  let submitError: unknown;
  submitted.catch((error: unknown) => (submitError = error));
  const until = performance.now() + 120_000;
  for (;;) {
    if (submitError) throw submitError;
    const { rows } = await database.pool.query<{ completed: number; failed: number }>(
      `SELECT count(*) FILTER (WHERE status = 'completed')::int AS completed, count(*) FILTER (WHERE status = 'failed')::int AS failed
       FROM research_jobs WHERE email LIKE $1`,
      [`${prefix}.%`],
    );
    const { completed, failed } = rows[0]!;
    if (failed > 0) throw new Error(`research throughput: ${failed} of the ${prefix} researches failed`);
    if (completed === count) return void (await submitted);
    if (performance.now() > until) throw new Error(`research throughput: only ${completed} of ${count} ${prefix} researches completed in 120 s`);
    await sleep(POLL_MS);
  }
}

/**
 * graphile-worker's own rate on the same database: a runner with the service's concurrency and the
 * engine's batching preset, a no-op task, `count` jobs added in one batch, timed until the queue is empty:
 * `perSecond` from sending the batch, `fromQueuedPerSecond` from when it was in the queue (addJobs returned).
 */
async function noopThroughput(context: BenchContext, database: BenchDatabase, count: number) {
  const pool = createPool(database.url, SERVICE_POOL_SIZE);
  const queries = countQueries(pool);
  const logger = graphileLogger(createLogger('warn', 2));
  const utils = await makeWorkerUtils({ pgPool: pool, logger });
  let done = 0;
  const runner = await run({
    pgPool: pool,
    concurrency: SERVICE_WORKER_CONCURRENCY,
    ...RUNNER_SETTINGS,
    taskList: { [NOOP_TASK]: async () => void done++ },
    logger,
  });
  try {
    const batch = async (n: number) => {
      const started = performance.now();
      await utils.addJobs(Array.from({ length: n }, (_, i) => ({ identifier: NOOP_TASK, payload: { i } })));
      const queued = performance.now();
      for (;;) {
        const { rows } = await database.pool.query<{ left: number }>('SELECT count(*)::int AS left FROM graphile_worker.jobs WHERE task_identifier = $1', [NOOP_TASK]);
        if (rows[0]!.left === 0) break;
        if (performance.now() - started > 120_000) throw new Error(`graphile-worker no-op: ${rows[0]!.left} jobs still queued after 120 s`);
        await sleep(POLL_MS);
      }
      return { seconds: (performance.now() - started) / 1000, fromQueued: (performance.now() - queued) / 1000 };
    };
    const warmup = Math.min(200, count);
    context.progress(`graphile-worker no-op: ${warmup} jobs warm-up, then ${count} added in one batch`);
    await batch(warmup);
    const before = queries();
    const { seconds, fromQueued } = await batch(count);
    const sent = queries() - before;
    if (done !== warmup + count) throw new Error(`graphile-worker no-op: ${done} jobs ran, expected ${warmup + count}`);
    return { jobs: count, seconds, perSecond: count / seconds, fromQueuedSeconds: fromQueued, fromQueuedPerSecond: count / fromQueued, queries: sent };
  } finally {
    await runner.stop();
    await utils.release();
    await pool.end();
  }
}

/** The brief is whole: the writer's text, the posts, the news and the decision makers all made it in. */
function expectCompleteBrief(data: ResearchData, email: string, decisionMakers = DECISION_MAKERS): void {
  const { prospect, company } = data;
  const problems = [
    prospect.opening_talk?.length !== 3 && 'prospect.opening_talk is not 3 items',
    !prospect.summary && 'prospect.summary is empty',
    prospect.title !== 'VP Operations' && `prospect.title is ${JSON.stringify(prospect.title)}`,
    !prospect.photo && 'prospect.photo is empty',
    (prospect.posts?.length !== 3 || prospect.posts.some((post) => !post.summary)) && 'prospect.posts are not 3 summarised posts',
    (company.posts?.length !== 3 || company.posts.some((post) => !post.summary)) && 'company.posts are not 3 summarised posts',
    company.news?.length !== 3 && 'company.news is not 3 items',
    company.problems?.length !== 4 && 'company.problems is not 4 items',
    company.discovery_questions?.length !== 3 && 'company.discovery_questions is not 3 items',
    !company.description && 'company.description is empty',
    data.decision_makers.length !== decisionMakers && `decision_makers has ${data.decision_makers.length}, not ${decisionMakers}`,
  ].filter((problem) => problem !== false);
  if (problems.length > 0) throw new Error(`the brief for ${email} is not complete: ${problems.join('; ')}`);
}

/**
 * Every brief the in-process fakes gave is whole, as `expectCompleteBrief` checks each over the emulator,
 * and has every field filled but `company.clients` (no source counts a company's clients).
 */
async function expectCompleteBriefs(database: BenchDatabase, phase: string): Promise<void> {
  const { rows } = await database.pool.query<{ email: string; result: ResearchData }>('SELECT email, result FROM research_jobs');
  for (const { email, result } of rows) {
    expectCompleteBrief(result, email, FAKE_DECISION_MAKERS);
    const { clients: _, ...company } = result.company;
    const parts: object[] = [result.prospect, company, ...result.decision_makers];
    const empty = parts.flatMap((part) =>
      Object.entries(part)
        .filter(([, value]) => value === null)
        .map(([field]) => field),
    );
    if (result.prospect.title !== FAKE_TITLE || empty.length > 0) throw new Error(`${phase}: the brief for ${email} lacks ${empty.join(', ') || "the fakes' title"}`);
  }
}

/** Every research made exactly one call per emulated route: none failed, retried or repaired. */
export function expectCalls(emulator: SourceEmulator, researches: number, phase: string): void {
  const calls = emulator.calls();
  // Apollo's person answer carries a photo, so Gravatar (asked only when no source has one) never is.
  const wrong = ROUTES.filter((route) => calls[route] !== (route === 'gravatar' ? 0 : researches));
  const unexpected = emulator.unexpected();
  if (wrong.length > 0 || unexpected.length > 0) {
    throw new Error(`${phase}: expected ${researches} calls of every route; got ${JSON.stringify(calls)}; unexpected requests: ${unexpected.slice(0, 5).join(', ') || 'none'}`);
  }
}

/** Every job completed from the sources, none from the cache, with the writer's 3 opening talks and the decision makers. */
export async function expectResearched(database: BenchDatabase, researches: number, phase: string): Promise<void> {
  const { rows } = await database.pool.query<{ jobs: number; complete: number }>(
    `SELECT count(*)::int AS jobs,
            count(*) FILTER (WHERE status = 'completed' AND NOT from_cache
                               AND jsonb_array_length(result->'prospect'->'opening_talk') = 3
                               AND jsonb_array_length(result->'decision_makers') = $1)::int AS complete
     FROM research_jobs`,
    [DECISION_MAKERS],
  );
  const { jobs, complete } = rows[0]!;
  if (jobs !== researches || complete !== researches) throw new Error(`${phase}: expected ${researches} researched jobs with complete briefs, found ${complete} of ${jobs}`);
}
