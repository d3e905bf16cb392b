import { parseCronItems, run, type Runner } from 'graphile-worker';
import type { Pool } from '../database/database.ts';
import type { Logger } from '../logger.ts';
import { graphileLogger } from './graphileLogger.ts';
import type { CronItem, Tasks } from './tasks.ts';

export interface WorkerOptions {
  pool: Pool;
  log: Logger;
  /** Every feature's handlers, merged. */
  tasks: Tasks;
  cron: CronItem[];
  concurrency: number;
  /** In-flight jobs get this long to finish after stop() before they are aborted and handed back. */
  shutdownGraceMs: number;
}

/**
 * How the engine runs graphile-worker, besides its tasks and concurrency (the bench's no-op baseline
 * runs with the same). Jobs scheduled for later (retries) are looked for every second; new jobs arrive
 * by LISTEN/NOTIFY at once.
 */
export const RUNNER_SETTINGS = {
  noHandleSignals: true,
  pollInterval: 1000,
  // With batching off (-1, the default) graphile-worker does not wait for a job's completion or
  // failure to reach the database before stop() resolves; we then end the pool and the write is
  // lost, leaving the job locked for 4 hours. Batchers (delay 0) are flushed before stop() resolves.
  preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
} as const;

/** Starts graphile-worker with the given tasks and cron items in this process. */
export async function startWorker(options: WorkerOptions): Promise<Runner> {
  return run({
    pgPool: options.pool,
    concurrency: options.concurrency,
    ...RUNNER_SETTINGS,
    gracefulShutdownAbortTimeout: options.shutdownGraceMs,
    taskList: options.tasks,
    parsedCronItems: parseCronItems(options.cron),
    logger: graphileLogger(options.log),
  });
}
