/**
 * The Autopilot's routing figures.
 *
 * Routing throughput: the real service's HTTP API (in its child process, without a worker) takes
 * contacts at `POST /autopilot/contacts` in batches of 100 from `BATCH_LOOPS` concurrent loops
 * (keep-alive connections), a mix of skips (free mailbox providers, the skip on), enrolments (research
 * job and credit in the routing transaction) and contacts that wait (no filter matches); a
 * graphile-worker runner with the Autopilot module's own tasks (what a worker process runs; research
 * is left queued, as with workers elsewhere: run here, the sources-less research of thousands of leads
 * would take the machine's two cores and measure research, not routing) routes them. Timed from the
 * first request until the database shows the last contact decided. Next to it, graphile-worker's own
 * single `addJob` (one job, one statement, one commit) from as many loops on a fresh database, in the
 * bench's process: what one queue insert per contact would cost. Their ratio says whether batches make
 * routing cheaper per contact than a queue insert each (goal: 3 or more).
 *
 * The waiting re-check: 10,000 contacts waiting and due a look, routed by one sweep (the engine's
 * `sweepDueContacts`, what the minute cron runs), in the bench's process over a pool of the service's size.
 */
import { performance } from 'node:perf_hooks';
import { makeWorkerUtils, run } from 'graphile-worker';
import { autopilotModule, createLogger, platformSettings, type Pool, systemClock } from '@prospect-research/engine';
import { createPool, graphileLogger, RUNNER_SETTINGS, sweepDueContacts } from '@prospect-research/engine/bench';
import type { BenchContext, Figure, Measurement } from '../measurement.ts';
import { createBenchCustomer } from '../support/customers.ts';
import { runLoops } from '../support/loops.ts';
import { SERVICE_POOL_SIZE, SERVICE_WORKER_CONCURRENCY, serviceEnv } from '../support/service.ts';
import { round, sleep } from '../support/stats.ts';

const BATCH = 100;
/** Concurrent batches, as several CRM connections (a HubSpot portal, n8n workflows) would send them. */
const BATCH_LOOPS = 10;
const WARMUP_BATCHES = 10;
const MEASURED_BATCHES = 150;
const ADD_JOBS = 5000;
const WAITING = 10_000;

/** Contact `i` of a run: every 5th at a free mailbox provider (skipped), then 2 in 5 in Germany (enrolled), the rest elsewhere (waiting). */
function contact(run: string, i: number, createdAt: string) {
  const kind = i % 5;
  return {
    id: `${run}-${i}`,
    created_at: createdAt,
    properties: {
      email: kind === 0 ? `${run}${i}@gmail.com` : `${run}${i}@company${i}.de`,
      firstname: 'Jana',
      lastname: `Muster${i}`,
      company: `Company ${i} GmbH`,
      country: kind === 1 || kind === 2 ? 'Germany' : 'Spain',
      numberofemployees: String(50 + (i % 400)),
      jobtitle: 'Head of Finance',
      lifecyclestage: 'lead',
      hs_lead_status: 'NEW',
      city: 'Berlin',
    },
  };
}

const MIX = { skipped: 1 / 5, enrolled: 2 / 5, waiting: 2 / 5 };

/** The Autopilots of the routing phases: two filters and a fallback, as a small team would have. */
function autopilot(name: string, rules: unknown[], fallback = false) {
  return {
    enabled: true,
    fallback,
    filter: { match: 'all', rules },
    channels: ['email'],
    tone: 'Friendly',
    goal: { type: 'engage' },
    sequence: [{ day: 1, channel: 'email', kind: 'email', angle: 'A short, useful note.' }],
  };
}

const AUTOPILOTS: [string, unknown][] = [
  [
    'Enterprise',
    autopilot('Enterprise', [
      { property: 'numberofemployees', operator: 'gte', values: [5000] },
      { property: 'country', operator: 'is', values: ['Germany', 'Austria'] },
    ]),
  ],
  [
    'Germany',
    autopilot('Germany', [
      { property: 'country', operator: 'is', values: ['Germany'] },
      { property: 'jobtitle', operator: 'contains', values: ['finance', 'cfo'] },
    ]),
  ],
  ['Last look', autopilot('Last look', [{ property: 'lifecyclestage', operator: 'is', values: ['customer'] }], true)],
];

async function call(url: string, key: string, method: string, path: string, body: unknown): Promise<{ status: number; text: string }> {
  const response = await fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, text: await response.text() };
}

async function configure(url: string, key: string): Promise<void> {
  const settings = await call(url, key, 'PATCH', '/autopilot/settings', { skip_free_providers: true });
  if (settings.status !== 200) throw new Error(`settings refused: ${settings.text}`);
  for (const [name, document] of AUTOPILOTS) {
    const reply = await call(url, key, 'PUT', `/autopilots/${encodeURIComponent(name)}`, document);
    if (reply.status !== 201) throw new Error(`Autopilot ${name} refused: ${reply.text}`);
  }
}

async function decidedCounts(pool: Pool, accountId: number): Promise<Record<string, number>> {
  const { rows } = await pool.query<{ state: string; n: number }>('SELECT state, count(*)::int AS n FROM autopilot_contacts WHERE account_id = $1 GROUP BY state', [accountId]);
  return Object.fromEntries(rows.map((row) => [row.state, row.n]));
}

/** Sends `batches` batches from BATCH_LOOPS loops and waits until every contact is decided; answers contacts per second. */
async function sendAndRoute(
  context: BenchContext,
  url: string,
  key: string,
  pool: Pool,
  accountId: number,
  run: string,
  batches: number,
  already: number,
): Promise<{ perSecond: number; seconds: number }> {
  const started = performance.now();
  await runLoops(batches, BATCH_LOOPS, async (b) => {
    const createdAt = new Date().toISOString();
    const reply = await call(url, key, 'POST', '/autopilot/contacts', { contacts: Array.from({ length: BATCH }, (_, j) => contact(run, b * BATCH + j, createdAt)) });
    if (reply.status !== 202) throw new Error(`intake answered ${reply.status}: ${reply.text.slice(0, 300)}`);
  });
  const sent = (performance.now() - started) / 1000;
  const expected = already + batches * BATCH;
  let seconds: number;
  for (;;) {
    // Every contact is stored once its request is answered. While one is still undecided it is due (its
    // next look is its arrival), and the due index finds it at once: the poll every 5 ms costs the
    // database next to nothing, where counting the account's contacts took it a core of the machine's two.
    const { rows: due } = await pool.query<{ undecided: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM autopilot_contacts WHERE account_id = $1 AND next_check_at <= now() AND state = 'received') AS undecided`,
      [accountId],
    );
    if (!due[0]!.undecided) {
      seconds = (performance.now() - started) / 1000;
      const { rows } = await pool.query<{ decided: number; received: number }>(
        `SELECT count(*) FILTER (WHERE state <> 'received')::int AS decided, count(*) FILTER (WHERE state = 'received')::int AS received FROM autopilot_contacts WHERE account_id = $1`,
        [accountId],
      );
      if (rows[0]!.decided >= expected && rows[0]!.received === 0) break;
      throw new Error(`routing left contacts undecided that were not due: ${JSON.stringify(rows[0])} of ${expected}`);
    }
    if (performance.now() - started > 300_000) throw new Error(`routing did not finish within 300 s (${expected} contacts)`);
    await sleep(5);
  }
  context.progress(`autopilot: ${run}: ${batches * BATCH} contacts routed in ${round(seconds)} s (all sent after ${round(sent)} s)`);
  return { perSecond: (batches * BATCH) / seconds, seconds };
}

async function routingThroughput(context: BenchContext): Promise<{ perSecond: number; seconds: number; contacts: number }> {
  const database = await context.freshDatabase();
  const customer = await createBenchCustomer(database.pool);
  const service = await context.startService(database, { worker: false });
  const pool = createPool(database.url, SERVICE_POOL_SIZE);
  const log = createLogger('warn', 2);
  const module = autopilotModule();
  const env = serviceEnv(database.url);
  const platform = platformSettings(env);
  const tasks = module.tasks!({ settings: module.settings!(env, platform)!, platform, pool, log });
  const runner = await run({ pgPool: pool, concurrency: SERVICE_WORKER_CONCURRENCY, ...RUNNER_SETTINGS, taskList: tasks, logger: graphileLogger(log) });
  try {
    await configure(service.url, customer.key);
    await sendAndRoute(context, service.url, customer.key, database.pool, customer.accountId, 'warmup', WARMUP_BATCHES, 0);
    // What autovacuum does on a live database by now (the bench's server may run without it): statistics
    // of the tables the warmup filled. Without any, the planner takes the account's contacts for a handful
    // and, for every chunk, sorts all the due ones and hashes all of them to update 500.
    await database.pool.query('VACUUM ANALYZE');
    const measured = await sendAndRoute(context, service.url, customer.key, database.pool, customer.accountId, 'measured', MEASURED_BATCHES, WARMUP_BATCHES * BATCH);
    // The work must really have happened: the mix as sent, a lead, a research job and a credit for each enrolment, nothing else.
    const total = (WARMUP_BATCHES + MEASURED_BATCHES) * BATCH;
    const counts = await decidedCounts(database.pool, customer.accountId);
    const expected = Object.fromEntries(Object.entries(MIX).map(([state, share]) => [state, Math.round(total * share)]));
    if (JSON.stringify(counts, Object.keys(expected).sort()) !== JSON.stringify(expected, Object.keys(expected).sort())) {
      throw new Error(`routing decided ${JSON.stringify(counts)}, expected ${JSON.stringify(expected)}`);
    }
    const { rows } = await database.pool.query<{ leads: number; jobs: number; debits: number }>(
      `SELECT (SELECT count(*)::int FROM autopilot_leads WHERE account_id = $1) AS leads, (SELECT count(*)::int FROM research_jobs WHERE account_id = $1) AS jobs,
              (SELECT count(*)::int FROM credit_ledger WHERE account_id = $1 AND kind = 'debit') AS debits`,
      [customer.accountId],
    );
    const { leads, jobs, debits } = rows[0]!;
    if (leads !== expected.enrolled || jobs !== leads || debits !== leads)
      throw new Error(`enrolments left ${leads} leads, ${jobs} research jobs, ${debits} debits; expected ${expected.enrolled} each`);
    return { ...measured, contacts: MEASURED_BATCHES * BATCH };
  } finally {
    await runner.stop();
    await pool.end();
    await service.stop();
  }
}

/** graphile-worker's own `addJob`, one job per call, from BATCH_LOOPS loops on a fresh database (no worker running). */
async function addJobThroughput(context: BenchContext): Promise<number> {
  const database = await context.freshDatabase();
  const pool = createPool(database.url, SERVICE_POOL_SIZE);
  const utils = await makeWorkerUtils({ pgPool: pool, logger: graphileLogger(createLogger('warn', 2)) });
  try {
    await utils.migrate();
    await runLoops(200, BATCH_LOOPS, async (i) => void (await utils.addJob('bench_noop', { i })));
    const result = await runLoops(ADD_JOBS, BATCH_LOOPS, async (i) => void (await utils.addJob('bench_noop', { i })));
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'bench_noop'`);
    if (rows[0]!.n !== ADD_JOBS + 200) throw new Error(`${rows[0]!.n} jobs queued, expected ${ADD_JOBS + 200}`);
    context.progress(`autopilot: ${ADD_JOBS} single addJob calls at ${round(result.perSecond)}/s`);
    return result.perSecond;
  } finally {
    await utils.release();
    await pool.end();
  }
}

/** One sweep over WAITING contacts that are all due a look. */
async function waitingRecheck(context: BenchContext): Promise<number> {
  const database = await context.freshDatabase();
  const customer = await createBenchCustomer(database.pool);
  // The service brings the schema up to date and takes the configuration; routing runs in the bench's process.
  const service = await context.startService(database, { worker: false });
  const pool = createPool(database.url, SERVICE_POOL_SIZE);
  try {
    await configure(service.url, customer.key);
    const createdAt = new Date().toISOString();
    const contacts = Array.from({ length: WAITING }, (_, i) => contact('waiting', i * 5 + 3, createdAt));
    await pool.query(
      `INSERT INTO autopilot_contacts (account_id, contact_id, properties, email, created_at, received_at, next_check_at)
       SELECT $1, c.id, c.properties, c.properties->>'email', c.created_at, now(), now() FROM jsonb_to_recordset($2::jsonb) AS c (id text, properties jsonb, created_at timestamptz)`,
      [customer.accountId, JSON.stringify(contacts)],
    );
    // The first look leaves them all waiting; then they are all due their next one.
    const first = await sweepDueContacts(pool, systemClock);
    if (first.waiting !== WAITING) throw new Error(`the first sweep left ${JSON.stringify(first)}, expected ${WAITING} waiting`);
    await pool.query(`UPDATE autopilot_contacts SET next_check_at = now() - interval '1 second' WHERE account_id = $1`, [customer.accountId]);
    await pool.query('VACUUM ANALYZE autopilot_contacts');
    const started = performance.now();
    const swept = await sweepDueContacts(pool, systemClock);
    const ms = performance.now() - started;
    if (swept.waiting !== WAITING) throw new Error(`the sweep left ${JSON.stringify(swept)}, expected ${WAITING} waiting`);
    context.progress(`autopilot: one sweep over ${WAITING} waiting contacts in ${round(ms)} ms`);
    return ms;
  } finally {
    await pool.end();
    await service.stop();
  }
}

export const autopilotRouting: Measurement = {
  name: "Autopilot routing (service without a worker; the Autopilot's tasks in the bench's runner)",
  async run(context) {
    const routing = await routingThroughput(context);
    const addJob = await addJobThroughput(context);
    const recheck = await waitingRecheck(context);
    return [
      {
        key: 'autopilot_routed_per_s',
        label: `contacts from intake to decision, batches of ${BATCH} from ${BATCH_LOOPS} loops`,
        value: round(routing.perSecond),
        unit: 'contacts/s',
        note: `${routing.contacts} in ${round(routing.seconds)} s; 1/5 skipped, 2/5 enrolled (research, credit), 2/5 waiting`,
      },
      {
        key: 'graphile_worker_add_job_per_s',
        label: `graphile-worker single addJob calls, ${BATCH_LOOPS} loops`,
        value: round(addJob),
        unit: 'jobs/s',
        note: `${ADD_JOBS} jobs, pool of ${SERVICE_POOL_SIZE}`,
      },
      { key: 'autopilot_routed_vs_add_job_ratio', label: 'routed contacts / single addJob calls (goal at least 3)', value: round(routing.perSecond / addJob), unit: 'x' },
      { key: 'autopilot_waiting_recheck_10k_ms', label: `one sweep over ${WAITING.toLocaleString('en-US')} waiting contacts`, value: round(recheck), unit: 'ms' },
    ] satisfies Figure[];
  },
};
