import { parseCronItems, run, type Runner, type WorkerEvents } from 'graphile-worker';
import type { Pool } from '../database/database.ts';
import type { Logger } from '../logger.ts';
import { graphileLogger } from './graphileLogger.ts';
import type { CronItem, Tasks } from './tasks.ts';

export interface WorkerOptions {
  pool: Pool;
  log: Logger;
  /** Every feature's handlers, merged. */
  tasks: Tasks;
  /** The tasks among them that are bulk work (research): they run on the bulk runner, every other task on the main one. */
  bulkTasks: ReadonlySet<string>;
  cron: CronItem[];
  /** Slots of each runner: `bulk` (`WORKER_CONCURRENCY`) for the bulk tasks, `main` (`WORKER_MAIN_CONCURRENCY`) for the rest; a runner without is not started here (`WORKER_RUNNERS`). */
  concurrency: { bulk?: number; main?: number };
  /** In-flight jobs get this long to finish after stop() before they are aborted and handed back. */
  shutdownGraceMs: number;
  /** Where each runner reports what it does (jobs, polls), from its very first poll: the metrics and its heartbeat listen there. */
  events?: (runner: RunnerName) => WorkerEvents;
}

/** A process's job runners: `main` (everything but bulk work, and cron) and `bulk` (research). */
export type RunnerName = 'main' | 'bulk';

/** The worker of a process: its runners, stopped together. */
export interface Workers {
  /** Stops taking jobs, lets in-flight ones finish within the grace period (then hands them back), on every runner. */
  stop(): Promise<void>;
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

/**
 * Starts the process's worker: two graphile-worker runners on the one queue, each asking only for its
 * own tasks' jobs (graphile-worker fetches by task). The bulk runner runs the bulk tasks (research,
 * minutes of calls per job, queued by the thousand); the main runner runs everything else (webhook
 * deliveries, routing, sends, the cron sweepers and mailbox reads) and the cron schedule. So a backlog of
 * bulk work holds only the bulk runner's slots, and nothing else ever waits for one of them. A process
 * may run one of the two (`WORKER_RUNNERS`): research workers in processes of their own then take
 * research's CPU off the event loop that delivers.
 */
export async function startWorkers(options: WorkerOptions): Promise<Workers> {
  const bulk: Tasks = {};
  const main: Tasks = {};
  for (const [name, handler] of Object.entries(options.tasks)) (options.bulkTasks.has(name) ? bulk : main)[name] = handler;
  const runner = (name: RunnerName, taskList: Tasks, concurrency: number, cron: CronItem[]) => {
    const events = options.events?.(name);
    return run({
      pgPool: options.pool,
      concurrency,
      ...RUNNER_SETTINGS,
      gracefulShutdownAbortTimeout: options.shutdownGraceMs,
      taskList,
      parsedCronItems: parseCronItems(cron),
      logger: graphileLogger(options.log),
      ...(events ? { events } : {}),
    });
  };
  const runners: Runner[] = [];
  const stop = async () => {
    await Promise.all(runners.map((each) => each.stop()));
  };
  try {
    if (options.concurrency.main !== undefined) runners.push(await runner('main', main, options.concurrency.main, options.cron));
    if (options.concurrency.bulk !== undefined && Object.keys(bulk).length > 0) runners.push(await runner('bulk', bulk, options.concurrency.bulk, []));
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}
