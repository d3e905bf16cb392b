import type { Command } from 'commander';
import { createOutput } from '../../../platform/cli/output.ts';
import { createLogger } from '../../../platform/logger.ts';
import type { FeatureModule } from '../../../platform/module.ts';
import { platformSettings } from '../../../platform/settings.ts';
import { type CliIo, wantsJson, withDatabase } from '../context.ts';

/** `prospect-engine serve [--no-worker]`, `worker` and `migrate`: running the engine itself. */
export function serviceCommands(program: Command, modules: FeatureModule[], io: CliIo): void {
  program
    .command('serve')
    .description('run the HTTP API, and the worker with its cron unless --no-worker')
    .option('--no-worker', 'serve the API only; run `prospect-engine worker` elsewhere')
    .action(async (options: { worker: boolean }) => runUntilSignal(modules, io, { http: true, worker: options.worker }));

  program
    .command('worker')
    .description('run the worker and its cron only (no HTTP)')
    .action(async () => runUntilSignal(modules, io, { http: false, worker: true }));

  program
    .command('migrate')
    .description('bring the database schema up to date')
    .action(async (_options: unknown, command: Command) => {
      await withDatabase(modules, io.env, async () => {
        createOutput(wantsJson(command), io.stdout).result({ migrated: true }, () => 'database schema is up to date');
      });
    });
}

/** Starts the service and leaves it running until SIGINT or SIGTERM; a second signal exits at once. */
async function runUntilSignal(modules: FeatureModule[], io: CliIo, roles: { http: boolean; worker: boolean }): Promise<void> {
  const log = createLogger(platformSettings(io.env).logLevel);
  // Loaded here so ops commands do not pay for the HTTP server and the worker.
  const { startService } = await import('../../service.ts');
  const service = await startService({ env: io.env, log, modules, ...roles });
  let signals = 0;
  const shutdown = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) {
      log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    log.info({ signal }, 'shutting down: finishing or handing back in-flight work');
    service.stop().then(
      () => {
        log.info('stopped');
        log.flush();
        process.exitCode = 0;
      },
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
