import type { Pool } from '../platform/database/database.ts';
import type { Logger } from '../platform/logger.ts';
import { JobHandedBack } from '../platform/queue/tasks.ts';
import { raceSignal } from '../platform/net/raceSignal.ts';
import { researchDataErrors } from './briefErrors.ts';
import type { BriefKey } from './briefCache.ts';
import { emptyReason } from './emptyBrief.ts';
import { type Brief, type ClaimedJob, type Completion, completeJob, failJob, requeueJob } from './jobs.ts';
import { type Identities, type ResearchInput, type ResearchPipeline, SourcesDown, type WriterReport } from './pipeline/pipeline.ts';

export interface ResearchJobDeps {
  pool: Pool;
  pipeline: ResearchPipeline;
  /** The process's identities (identities.ts), shared by its jobs so that ids they ask at once go in one statement. */
  identities: Identities;
  /** The process's claims (jobs.ts, batchedClaims, with the job's time limit and this pipeline's cache), shared by its jobs so that those starting at once go in one statement. */
  claim: (researchId: string) => Promise<ClaimedJob | undefined>;
  /** The process's completions (jobs.ts, batchedCompleteAndCache), shared by its jobs so that those completing at once go in one statement. */
  completeAndCache: (completion: Completion) => Promise<boolean>;
  timeoutMs: number;
  log: Logger;
}

/**
 * Runs one research job to a final state. The pipeline races the job's deadline: at the deadline its
 * signal aborts and the job fails with `timeout` (one refund) even if the pipeline ignores the signal.
 * When `shutdown` aborts first, the job goes back to the queue and this throws, so graphile-worker retries it.
 */
export async function runResearchJob(deps: ResearchJobDeps, researchId: string, shutdown: AbortSignal): Promise<void> {
  const { pool, pipeline, log } = deps;
  const job = await deps.claim(researchId);
  if (!job) {
    log.debug({ researchId }, 'research job is not queued; nothing to do');
    return;
  }
  if (job.cached) {
    await completeJob(pool, researchId, job.cached, true);
    return;
  }
  const key: BriefKey = {
    email: job.email,
    productId: job.productId,
    language: job.language,
    decisionMakers: job.decisionMakers,
    pipeline: pipeline.fingerprint,
  };

  const deadline = AbortSignal.timeout(deps.timeoutMs);
  const signal = AbortSignal.any([deadline, shutdown]);
  const input: ResearchInput = {
    email: job.email,
    prospectName: job.request.prospect_name,
    companyName: job.request.company_name,
    linkedinUrl: job.request.linkedin_url,
    companyLinkedinUrl: job.request.company_linkedin_url,
    language: job.language,
    decisionMakers: job.decisionMakers,
    product: job.product,
  };
  try {
    const outcome = await raceSignal(pipeline.run(input, deps.identities, signal), signal);
    // The spec: decision makers are always empty on plans without them, whatever a pipeline returns.
    const data = job.decisionMakers ? outcome.data : { ...outcome.data, decision_makers: [] };
    const problems = researchDataErrors(data);
    if (problems) {
      log.error({ researchId, problems }, 'pipeline produced a brief that breaks the schema');
      await failJob(pool, researchId, 'internal_error');
      return;
    }
    const brief: Brief = { data, emptyReason: emptyReason(data, input, outcome.sources), writer: outcome.writer ?? null, provenance: outcome.provenance ?? null };
    if (brief.emptyReason !== null) log.info({ researchId, emptyReason: brief.emptyReason, sources: outcome.sources }, 'the brief is empty');
    if (outcome.writer) logWriter(log, researchId, outcome.writer);
    // A brief a failing source or writer degraded (empty or not) is never cached: the next request for it asks again.
    if (outcome.sources.failed.length > 0 || outcome.writerFailed) {
      log.info({ researchId, failed: outcome.sources.failed, writerFailed: outcome.writerFailed ?? false }, 'the brief is degraded: a source or the writer failed; it is not cached');
      await completeJob(pool, researchId, brief, false);
      return;
    }
    // A brief that cannot be cached still completes its job.
    await deps.completeAndCache({ researchId, brief, key, fetchedAt: outcome.fetchedAt }).catch((error: unknown) => {
      log.warn({ err: error, researchId }, 'could not cache the brief');
      return completeJob(pool, researchId, brief, false);
    });
  } catch (error) {
    if (deadline.aborted) {
      log.warn({ researchId }, 'research job timed out');
      await failJob(pool, researchId, 'timeout');
    } else if (shutdown.aborted) {
      await requeueJob(pool, researchId);
      throw new JobHandedBack(`research job ${researchId} handed back to the queue on shutdown: it runs again at the next start`);
    } else if (error instanceof SourcesDown) {
      // Not a brief of nulls charged to the caller: the job fails and its credit comes back (once: the ledger allows one refund).
      log.warn({ researchId, failures: error.failures }, 'every source that can identify the prospect failed: the job fails and is refunded');
      await failJob(pool, researchId, 'internal_error');
    } else {
      log.error({ err: error, researchId }, 'research job failed');
      await failJob(pool, researchId, 'internal_error');
    }
  }
}

/** One line per written brief (see writerLog). */
function logWriter(log: Logger, researchId: string, writer: WriterReport): void {
  const { level, fields, message } = writerLog(writer);
  log[level]({ researchId, ...fields }, message);
}

/**
 * The log line of a written brief: the writer's requests, and the generated texts the grounding checks
 * rejected, counted by outcome and by rule (the texts themselves are on the job: `prospect-engine research show`).
 */
export function writerLog(writer: WriterReport): { level: 'info' | 'debug'; fields: Record<string, unknown>; message: string } {
  const count = (keys: string[]) => keys.reduce<Record<string, number>>((counts, key) => ({ ...counts, [key]: (counts[key] ?? 0) + 1 }), {});
  const rejected = writer.rejections.length;
  const fields = {
    writerCalls: writer.calls,
    rejected,
    outcomes: count(writer.rejections.map((rejection) => rejection.outcome)),
    rules: count(writer.rejections.flatMap((rejection) => rejection.rules)),
  };
  return rejected > 0
    ? { level: 'info', fields, message: `the grounding checks rejected ${rejected} generated text${rejected === 1 ? '' : 's'}` }
    : { level: 'debug', fields, message: 'every generated text passed the grounding checks' };
}
