import type { Pool } from '../platform/database/database.ts';
import type { Logger } from '../platform/logger.ts';
import type { CronItem, CronPayload, Tasks } from '../platform/queue/tasks.ts';
import type { CacheTtlDays } from './briefCache.ts';
import { postgresIdentities } from './identities.ts';
import { batchedClaims, batchedCompleteAndCache, expireOverdueJobs, failStrandedJobs, rebaseResearchPriorities, releaseAbandonedJobs } from './jobs.ts';
import type { ResearchPipeline } from './pipeline/pipeline.ts';
import { purgeExpiredFacts } from './pipeline/factsCache.ts';
import { purgeOldResearch } from './retention.ts';
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
      /** Cron: brings the research queue's fair priorities back down once its head has climbed (jobs.ts). */
      rebase_research_priorities: CronPayload;
      /** Cron: fails (and refunds) queued jobs whose queue entry can no longer run. */
      fail_stranded_research: CronPayload;
      /** Cron: deletes company facts past their time-to-live. */
      purge_company_facts: CronPayload;
      /** Cron: anonymises finished jobs, and deletes ids and company facts, older than RESEARCH_RETENTION_DAYS. */
      purge_old_research: CronPayload;
    }
  }
}

export interface ResearchTaskDeps {
  pool: Pool;
  pipeline: ResearchPipeline;
  log: Logger;
  timeoutMs: number;
  cacheTtlDays: CacheTtlDays;
  /** 0: nothing is purged. */
  retentionDays: number;
}

/** The research feature's task handlers. */
export function researchTasks(deps: ResearchTaskDeps): Tasks {
  const { pool, log } = deps;
  const jobDeps = {
    ...deps,
    identities: postgresIdentities(pool),
    claim: batchedClaims(pool, { timeoutMs: deps.timeoutMs, cache: { pipeline: deps.pipeline.fingerprint, ttlDays: deps.cacheTtlDays } }),
    completeAndCache: batchedCompleteAndCache(pool),
  };
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
    rebase_research_priorities: async () => {
      const by = await rebaseResearchPriorities(pool);
      if (by > 0) log.debug({ by }, "the research queue's priorities brought down, keeping their order");
    },
    fail_stranded_research: async () => {
      const stranded = await failStrandedJobs(pool);
      if (stranded.length > 0) log.error({ stranded }, 'queued research jobs without a runnable queue entry failed and were refunded');
    },
    purge_company_facts: async () => {
      const purged = await purgeExpiredFacts(pool, deps.cacheTtlDays);
      if (purged > 0) log.info({ purged }, 'kept source answers (person, company, decision makers) past their time-to-live deleted');
    },
    purge_old_research: async () => {
      const purged = await purgeOldResearch(pool, { retentionDays: deps.retentionDays });
      if (purged.jobs + purged.people + purged.facts > 0) log.info({ purged, retentionDays: deps.retentionDays }, 'research older than its retention period purged');
    },
  };
}

const once = { maxAttempts: 1, backfillPeriod: 0 };

/**
 * The sweepers, one attempt each: a sweep that fails is simply run again next time. The job sweepers
 * run every minute; retention, whose periods are days, every hour, and not at all when it is off.
 */
export function researchCron(retentionDays: number): CronItem[] {
  return [
    ...(['expire_research', 'release_abandoned_research', 'rebase_research_priorities', 'fail_stranded_research', 'purge_company_facts'] as const).map(
      (task): CronItem => ({ task, match: '* * * * *', options: once }),
    ),
    ...(retentionDays > 0 ? [{ task: 'purge_old_research', match: '0 * * * *', options: once } satisfies CronItem] : []),
  ];
}
