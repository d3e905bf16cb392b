import { pino, type Logger as PinoLogger } from 'pino';

export type Logger = PinoLogger;

/** JSON lines on `destination` (standard error for CLI commands, so `--json` output stays clean). */
export function createLogger(level: string, destination: 1 | 2 = 1): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: ['req.headers.authorization', '*.apiKey', '*.key'], censor: '[redacted]' },
    },
    pino.destination({ fd: destination, sync: false }),
  );
}
