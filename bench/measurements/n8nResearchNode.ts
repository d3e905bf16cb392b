/**
 * The Research node's batch wait, in a real n8n: how long one run of the node over 20 items takes when
 * every job takes 2 s, divided by 2 s (goal below 1.5). Next to it, the same for one item.
 *
 * Where things run: n8n 2.41.1 (installed by test/n8n-e2e/install-n8n.sh, minutes the first time) with
 * the packed package, one `n8n execute` per run, in its own process; the service as the other
 * measurements run it, configured to run the whole batch at once, as ops would for batches of 20:
 * `WORKER_CONCURRENCY=20` (the sources' concurrency follows it: 3 calls per slot). Its sources and LLM
 * are the emulator at the pipeline measurement's latencies scaled to a 2 s critical path.
 * The time is n8n's own `executionTime` of the node (its `execute`, from the first submit to the last
 * result), not n8n's start-up: each run is a new `n8n execute` process, so its workflow first reads the
 * account (n8n sets up credential decryption and its HTTP client on its first request), and n8n starts
 * no task runner (it runs only Code nodes, and `n8n execute` boots it while the workflow runs).
 *
 * The engine first learns how long jobs take (a warm-up batch; `estimated_seconds` is the median of
 * recent jobs, refreshed at most every 10 s), as a running engine would have: the node reads each job
 * when its estimate is due, then backs off from 0.25 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DURATION_ESTIMATE_REFRESH_MS as REFRESH_MS } from '@prospect-research/engine/bench';
import { createN8nInstance, installN8n, type N8nInstance, outputOf, packCommunityPackage } from '../../test/n8n-e2e/n8n.ts';
import { RESEARCH_NODE, researchCredential, researchWorkflow } from '../../test/n8n-e2e/workflows.ts';
import { criticalPathMs, ROUTES, type SourceLatencies, startSourceEmulator } from '../../test/support/sourceEmulator.ts';
import type { Measurement } from '../measurement.ts';
import { createBenchCustomer } from '../support/customers.ts';
import { researchClient } from '../support/research.ts';
import { percentile, round, sleep } from '../support/stats.ts';
import { expectCalls, LATENCIES } from './researchPipeline.ts';

const JOB_MS = 2_000;
const ITEMS = 20;
const BATCH_RUNS = 3;

function scaled(latencies: SourceLatencies, factor: number): SourceLatencies {
  return Object.fromEntries(ROUTES.map((route) => [route, Math.round(latencies[route] * factor)])) as unknown as SourceLatencies;
}

const emails = (run: string, count: number) => Array.from({ length: count }, (_, i) => `${run}.${i}@acme-${run}-${i}.io`);

/** Executes the workflow and answers the node's execution time; throws unless every item completed. */
async function nodeRunMs(n8n: N8nInstance, workflowId: string, items: number): Promise<number> {
  const execution = await n8n.execute(workflowId);
  const output = outputOf(execution, RESEARCH_NODE);
  const completed = output.filter((item) => item.json.status === 'completed').length;
  if (execution.status !== 'success' || completed !== items) {
    throw new Error(`n8n research node: ${workflowId} ended ${execution.status} with ${completed} of ${items} completed:\n${execution.log.slice(-2000)}`);
  }
  return execution.runData[RESEARCH_NODE]![0]!.executionTime;
}

export const n8nResearchNode: Measurement = {
  name: `n8n: one Research node run over ${ITEMS} items, jobs of ${JOB_MS / 1000} s (real n8n, real engine)`,
  async run(context) {
    context.progress('n8n research node: installing n8n if this machine has none yet (minutes, once)');
    const installation = installN8n();
    const database = await context.freshDatabase();
    const customer = await createBenchCustomer(database.pool);
    const latencies = scaled(LATENCIES, JOB_MS / criticalPathMs(LATENCIES));
    const packDir = mkdtempSync(join(tmpdir(), 'prospect-bench-pack-'));
    const emulator = await startSourceEmulator(latencies);
    let n8n: N8nInstance | undefined;
    const batchMs: number[] = [];
    let singleMs = Number.NaN;
    try {
      n8n = await createN8nInstance(installation, packCommunityPackage(packDir), { taskRunner: false });
      const service = await context.startService(database, { worker: true, env: { ...emulator.env, WORKER_CONCURRENCY: String(ITEMS) } });
      try {
        const credential = researchCredential('benchcredential1', service.url, customer.key);
        const runs = ['warmup', 'single', ...Array.from({ length: BATCH_RUNS }, (_, i) => `batch${i + 1}`)];
        const size = (run: string) => (run === 'single' ? 1 : ITEMS);
        const id = (run: string) => `benchflow${run}`.padEnd(16, '0');
        await n8n.importCredentials([credential]);
        await n8n.importWorkflows(runs.map((run) => researchWorkflow({ id: id(run), credential, emails: emails(run, size(run)), warmUp: true })));

        context.progress(`n8n research node: a warm-up batch of ${ITEMS}, then one item, then ${BATCH_RUNS} batches of ${ITEMS}`);
        await nodeRunMs(n8n, id('warmup'), ITEMS);
        // Let the engine's estimate take in the warm-up: one request after its refresh interval starts a refresh.
        await sleep(REFRESH_MS + 500);
        await researchClient(service.url, customer.key, 5).post(emails('warmup', 1)[0]!);
        await sleep(500);
        singleMs = await nodeRunMs(n8n, id('single'), 1);
        for (let i = 1; i <= BATCH_RUNS; i++) batchMs.push(await nodeRunMs(n8n, id(`batch${i}`), ITEMS));
      } finally {
        await service.stop();
      }
      expectCalls(emulator, ITEMS * (BATCH_RUNS + 1) + 1, 'n8n research node');
    } finally {
      n8n?.remove();
      rmSync(packDir, { recursive: true, force: true });
      await emulator.close();
    }
    const { rows } = await database.pool.query<{ processing_ms: number }>(
      `SELECT extract(epoch FROM finished_at - started_at)::float8 * 1000 AS processing_ms FROM research_jobs WHERE email LIKE 'batch%'`,
    );
    const jobP50 = percentile(
      rows.map((row) => row.processing_ms),
      50,
    );
    // The engine's share of a batch: from its first job's submit to its last job's completion.
    const { rows: batches } = await database.pool.query<{ engine_ms: number }>(
      `SELECT extract(epoch FROM max(finished_at) - min(created_at))::float8 * 1000 AS engine_ms
       FROM research_jobs WHERE email LIKE 'batch%' GROUP BY split_part(email, '.', 1)`,
    );
    const engineP50 = percentile(
      batches.map((row) => row.engine_ms),
      50,
    );
    const batchP50 = percentile(batchMs, 50);
    const runsNote = `median of ${BATCH_RUNS} runs: ${batchMs.map((ms) => round(ms)).join(', ')} ms`;
    return [
      {
        key: 'n8n_research_job_p50_ms',
        label: 'one job of a batch, claim to completed, p50',
        value: round(jobP50),
        unit: 'ms',
        note: `emulated sources, critical path ${criticalPathMs(latencies)} ms`,
      },
      { key: 'n8n_research_node_1_item_ms', label: 'Research node run, 1 item', value: round(singleMs), unit: 'ms', note: 'n8n executionTime' },
      { key: 'n8n_research_batch_engine_ms', label: `${ITEMS} jobs, first submit to last completed`, value: round(engineP50), unit: 'ms', note: `database clock, median of ${BATCH_RUNS} batches` },
      { key: 'n8n_research_node_20_items_ms', label: `Research node run, ${ITEMS} items`, value: round(batchP50), unit: 'ms', note: runsNote },
      { key: 'n8n_research_node_20_items_vs_job_ratio', label: `${ITEMS} items / ${JOB_MS / 1000} s`, value: round(batchP50 / JOB_MS), unit: 'x', note: 'goal < 1.5' },
      { key: 'n8n_research_node_20_vs_1_item_ratio', label: `${ITEMS} items / 1 item`, value: round(batchP50 / singleMs), unit: 'x' },
    ];
  },
};
