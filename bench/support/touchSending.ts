/**
 * What the sending measurements share (autopilotTouches.ts, channelTouches.ts): a writer that answers at
 * once, a graphile-worker runner in the bench's process with the service's concurrency and settings,
 * and waiting on the database.
 */
import { performance } from 'node:perf_hooks';
import { run, type Runner, type TaskList } from 'graphile-worker';
import { createLogger, type Pool } from '@prospect-research/engine';
import { graphileLogger, type MessageWriter, RUNNER_SETTINGS } from '@prospect-research/engine/bench';
import { SERVICE_WORKER_CONCURRENCY } from './service.ts';
import { sleep } from './stats.ts';

/** A writer that answers at once with a fixed message: the bench measures sending, not writing. */
export const instantWriter: MessageWriter = {
  write: async (request) => ({
    kind: 'written',
    message: { subject: request.subjectAngle === null ? null : 'A short note', body: 'Hello,\n\nA short, useful note about how you handle invoices.' },
    writerCalls: 1,
    rejections: [],
  }),
};

export async function startWorker(pool: Pool, taskList: TaskList): Promise<Runner> {
  return run({ pgPool: pool, concurrency: SERVICE_WORKER_CONCURRENCY, ...RUNNER_SETTINGS, taskList, logger: graphileLogger(createLogger('warn', 2)) });
}

export async function untilDone(what: string, done: () => Promise<boolean>): Promise<void> {
  const started = performance.now();
  while (!(await done())) {
    if (performance.now() - started > 300_000) throw new Error(`${what} did not finish in 5 minutes`);
    await sleep(5);
  }
}

/**
 * Whether every send_touch job due by now is done (a touch held or a job failing waits for later: the
 * caller's count of touches sent then tells). The queue only shrinks, so asking is as cheap as the no-op
 * baseline's own question about its jobs; counting the touches sent instead, every 5 ms over a table
 * that grows with every send, took PostgreSQL a fifth of a core away from the sends being measured.
 */
export async function sendsDone(pool: Pool): Promise<boolean> {
  const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'send_touch' AND run_at <= now()`);
  return rows[0]!.n === 0;
}

export async function sentCount(pool: Pool, accountId: number): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM autopilot_touches WHERE account_id = $1 AND state = 'sent'`, [accountId]);
  return rows[0]!.n;
}
