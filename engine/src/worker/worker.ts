import { run, type Runner, type TaskList } from 'graphile-worker';
import type { Pool } from '../database/database.ts';
import type { Logger } from '../logger.ts';
import { purgeExpiredFacts } from '../research/factsCache.ts';
import { expireOverdueJobs, failStrandedJobs, releaseAbandonedJobs } from '../research/jobs.ts';
import type { ResearchPipeline } from '../research/pipeline.ts';
import { runResearchJob } from '../research/runResearchJob.ts';
import type { CacheTtlDays } from '../research/briefCache.ts';
import { graphileLogger } from './graphileLogger.ts';
import { type ResearchTaskPayload, TASK } from './taskNames.ts';

export interface WorkerDeps {
  pool: Pool;
  pipeline: ResearchPipeline;
  log: Logger;
  concurrency: number;
  timeoutMs: number;
  cacheTtlDays: CacheTtlDays;
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

/** The task registry: every job the engine runs, by name. */
function tasks(deps: WorkerDeps): TaskList {
  const { pool, log } = deps;
  return {
    [TASK.research]: async (payload, helpers) => {
      const researchId = (payload as Partial<ResearchTaskPayload> | null)?.researchId;
      if (typeof researchId !== 'string') {
        log.error({ payload }, 'research task without a researchId; dropped');
        return;
      }
      await runResearchJob(deps, researchId, helpers.abortSignal);
    },
    [TASK.expireResearch]: async () => {
      const expired = await expireOverdueJobs(pool);
      if (expired.length > 0) log.warn({ expired }, 'research jobs past their deadline failed with timeout and were refunded');
      const purged = await purgeExpiredFacts(pool, deps.cacheTtlDays);
      if (purged > 0) log.info({ purged }, 'company facts past their time-to-live deleted');
      const released = await releaseAbandonedJobs(pool);
      if (released.length > 0) log.warn({ released }, 'queued research jobs locked by a worker that never started them were unlocked to run again');
      const stranded = await failStrandedJobs(pool);
      if (stranded.length > 0) log.error({ stranded }, 'queued research jobs without a runnable queue entry failed and were refunded');
    },
  };
}

/** Starts graphile-worker with our tasks and cron in this process. */
export async function startWorker(deps: WorkerDeps): Promise<Runner> {
  return run({
    pgPool: deps.pool,
    concurrency: deps.concurrency,
    ...RUNNER_SETTINGS,
    gracefulShutdownAbortTimeout: deps.shutdownGraceMs,
    taskList: tasks(deps),
    crontab: `* * * * * ${TASK.expireResearch} ?max=1`,
    logger: graphileLogger(deps.log),
  });
}
