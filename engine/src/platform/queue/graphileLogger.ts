import { Logger as GraphileLogger } from 'graphile-worker';
import type { Logger } from '../logger.ts';
import { JobHandedBack } from './tasks.ts';

/** A job graphile-worker's cron queued: its payload carries `_cron` (the time it stands for). */
const fromCron = (job: unknown) =>
  typeof job === 'object' &&
  job !== null &&
  typeof (job as { payload?: unknown }).payload === 'object' &&
  (job as { payload: object | null }).payload !== null &&
  '_cron' in (job as { payload: object }).payload;

/**
 * graphile-worker's warning that the pool has fewer connections than a runner has slots: it takes every
 * slot for a connection, which the research runner's are not (poolFit.ts weighs the pool instead).
 */
const poolSmallerThanSlots = (message: string) => message.startsWith('WARNING: having maxPoolSize');

/**
 * graphile-worker's log calls, sent to our pino logger. A job handed back on shutdown is logged in
 * one line at info instead of as a failed task with its stack. A cron job's success (the sweepers
 * run every minute) is logged at debug: at info it would be most of the log, saying nothing. So is
 * graphile-worker's own check of the pool against the slots, which the start-up log's replaces.
 */
export function graphileLogger(log: Logger): GraphileLogger {
  return new GraphileLogger((scope) => (level, message, meta) => {
    if (meta?.failure && meta.error instanceof JobHandedBack) {
      const job = meta.job as { id?: string; task_identifier?: string } | undefined;
      log.info({ worker: scope, job: { id: job?.id, task: job?.task_identifier } }, meta.error.message);
      return;
    }
    const method = (meta?.success === true && fromCron(meta.job)) || poolSmallerThanSlots(message) ? 'debug' : level === 'warning' ? 'warn' : level;
    log[method]({ worker: scope, ...meta }, message);
  });
}
