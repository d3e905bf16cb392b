import { isatty } from 'node:tty';
import { pino, type Logger as PinoLogger } from 'pino';
import pinoPretty from 'pino-pretty';
import type { LogFormat } from './ops/settings.ts';

export type Logger = PinoLogger;

/**
 * Log lines on `destination` (standard error for CLI commands, so `--json` output stays clean): JSON, one
 * object a line, for a collector; readable lines (pino-pretty) for a person. `format` chooses
 * (`LOG_FORMAT`); unset, a terminal gets readable lines and a pipe or a file JSON.
 */
export function createLogger(level: string, destination: 1 | 2 = 1, format: LogFormat | undefined = undefined): Logger {
  const options = {
    level,
    base: undefined,
    redact: { paths: ['req.headers.authorization', '*.apiKey', '*.key'], censor: '[redacted]' },
  };
  if ((format ?? (isatty(destination) ? 'pretty' : 'json')) === 'pretty') {
    return pino(options, pinoPretty({ destination, sync: false, colorize: isatty(destination), translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }));
  }
  return pino(options, pino.destination({ fd: destination, sync: false }));
}
