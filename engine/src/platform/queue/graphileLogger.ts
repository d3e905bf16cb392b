import { Logger as GraphileLogger } from 'graphile-worker';
import type { Logger } from '../logger.ts';

/** graphile-worker's log calls, sent to our pino logger. */
export function graphileLogger(log: Logger): GraphileLogger {
  return new GraphileLogger((scope) => (level, message, meta) => {
    const method = level === 'warning' ? 'warn' : level;
    log[method]({ worker: scope, ...meta }, message);
  });
}
