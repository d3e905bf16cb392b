import { Logger as GraphileLogger } from 'graphile-worker';
import type { Logger } from '../logger.ts';
import { JobHandedBack } from './tasks.ts';

/**
 * graphile-worker's log calls, sent to our pino logger. A job handed back on shutdown is logged in
 * one line at info instead of as a failed task with its stack.
 */
export function graphileLogger(log: Logger): GraphileLogger {
  return new GraphileLogger((scope) => (level, message, meta) => {
    if (meta?.failure && meta.error instanceof JobHandedBack) {
      const job = meta.job as { id?: string; task_identifier?: string } | undefined;
      log.info({ worker: scope, job: { id: job?.id, task: job?.task_identifier } }, meta.error.message);
      return;
    }
    const method = level === 'warning' ? 'warn' : level;
    log[method]({ worker: scope, ...meta }, message);
  });
}
