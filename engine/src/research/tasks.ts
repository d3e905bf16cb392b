import type { Pool } from '../platform/database/database.ts';
import type { Logger } from '../platform/logger.ts';
import type { CronItem, CronPayload, Tasks } from '../platform/queue/tasks.ts';
import type { CacheTtlDays } from './briefCache.ts';
import { postgresIdentities } from './identities.ts';
import { expireOverdueJobs, failStrandedJobs, releaseAbandonedJobs } from './jobs.ts';
import type { ResearchPipeline } from './pipeline/pipeline.ts';
import { purgeExpiredFacts } from './pipeline/factsCache.ts';
import { runResearchJob } from './runResearchJob.ts';

export interface ResearchTaskPayload {
  researchId: string;
}

declare global {
  namespace GraphileWorker {
    interface Tasks {
      /** Runs one research job to a final state. */
      research: ResearchTaskPayload;
      /** Cron: fails (and refunds) jobs processing past their deadline, whose worker died. */
      expire_research: CronPayload;
      /** Cron: queues again the jobs a dead worker locked but never started (graphile-worker would hold them 4 hours). */
      release_abandoned_research: CronPayload;
      /** Cron: fails (and refunds) queued jobs whose queue entry can no longer run. */
      fail_stranded_research: CronPayload;
      /** Cron: deletes company facts past their time-to-live. */
      purge_company_facts: CronPayload;
    }
  }
}

export interface ResearchTaskDeps {
  pool: Pool;
  pipeline: ResearchPipeline;
  log: Logger;
  timeoutMs: number;
  cacheTtlDays: CacheTtlDays;
}

/** The research feature's task handlers. */
export function researchTasks(deps: ResearchTaskDeps): Tasks {
  const { pool, log } = deps;
  const jobDeps = { ...deps, identities: postgresIdentities(pool) };
  return {
    research: async (payload, helpers) => {
      // A payload is JSON from the database: one queued by hand or by an older version may be anything.
      const researchId = (payload as Partial<ResearchTaskPayload> | null)?.researchId;
      if (typeof researchId !== 'string') {
        log.error({ payload }, 'research task without a researchId; dropped');
        return;
      }
      await runResearchJob(jobDeps, researchId, helpers.abortSignal);
    },
    expire_research: async () => {
      const expired = await expireOverdueJobs(pool);
      if (expired.length > 0) log.warn({ expired }, 'research jobs past their deadline failed with timeout and were refunded');
    },
    release_abandoned_research: async () => {
      const released = await releaseAbandonedJobs(pool);
      if (released.length > 0) log.warn({ released }, 'queued research jobs locked by a worker that never started them were queued again');
    },
    fail_stranded_research: async () => {
      const stranded = await failStrandedJobs(pool);
      if (stranded.length > 0) log.error({ stranded }, 'queued research jobs without a runnable queue entry failed and were refunded');
    },
    purge_company_facts: async () => {
      const purged = await purgeExpiredFacts(pool, deps.cacheTtlDays);
      if (purged > 0) log.info({ purged }, 'company facts past their time-to-live deleted');
    },
  };
}

/** Every minute, one attempt each: a sweep that fails is simply run again the next minute. */
export const RESEARCH_CRON: CronItem[] = (['expire_research', 'release_abandoned_research', 'fail_stranded_research', 'purge_company_facts'] as const).map(
  (task) => ({ task, match: '* * * * *', options: { maxAttempts: 1, backfillPeriod: 0 } }),
);
