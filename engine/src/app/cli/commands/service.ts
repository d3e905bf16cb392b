import type { Command } from 'commander';
import { createOutput } from '../../../platform/cli/output.ts';
import { createLogger } from '../../../platform/logger.ts';
import type { FeatureModule } from '../../../platform/module.ts';
import { platformSettings } from '../../../platform/settings.ts';
import { type CliIo, commandLabel, wantsJson, withDatabase } from '../context.ts';
import { onStopSignal } from '../signals.ts';

interface Roles {
  http: boolean;
  worker: boolean;
  quietBootstrap?: boolean;
}

/** `prospect-engine serve [--no-worker] [--quiet-bootstrap]`, `worker` and `migrate`: running the engine itself. */
export function serviceCommands(program: Command, modules: FeatureModule[], io: CliIo): void {
  program
    .command('serve')
    .description('run the HTTP API, and the worker with its cron unless --no-worker')
    .option('--no-worker', 'serve the API only; run `prospect-engine worker` elsewhere')
    .option('--quiet-bootstrap', 'on a first start, create the account but no API key, so no key reaches standard output (also QUIET_BOOTSTRAP=true)')
    .action(async (options: { worker: boolean; quietBootstrap?: boolean }, command: Command) =>
      runUntilSignal(modules, io, command, { http: true, worker: options.worker, quietBootstrap: options.quietBootstrap }),
    );

  program
    .command('worker')
    .description('run the worker and its cron only (no HTTP)')
    .action(async (_options: unknown, command: Command) => runUntilSignal(modules, io, command, { http: false, worker: true }));

  program
    .command('migrate')
    .description('bring the database schema up to date')
    .action(async (_options: unknown, command: Command) => {
      await withDatabase(modules, io.env, command, async ({ applied }) => {
        createOutput(wantsJson(command), io.stdout, io.stderr).result({ applied }, () =>
          applied.length === 0
            ? 'database schema is up to date: nothing to apply'
            : [`applied ${applied.length} migration${applied.length === 1 ? '' : 's'}:`, ...applied.map((name) => `  ${name}`)].join('\n'),
        );
      });
    });
}

/** A repeated signal within this window is the same request delivered twice (npm forwards the Ctrl-C the terminal also sent). */
const SAME_REQUEST_MS = 1_000;

/**
 * Runs the service until SIGINT or SIGTERM, handling both from before start-up: a signal during
 * start-up stops what has started, one later stops the service (in-flight jobs get
 * SHUTDOWN_GRACE_SECONDS, then go back to the queue; the embedded database stops last). Either way
 * the command ends normally (exit code 0). A second signal exits at once (exit code 1).
 */
async function runUntilSignal(modules: FeatureModule[], io: CliIo, command: Command, roles: Roles): Promise<void> {
  const stopRequested = new AbortController();
  let firstSignalAt = 0;
  let log: ReturnType<typeof createLogger> | undefined;
  const restore = onStopSignal((signal) => {
    if (!stopRequested.signal.aborted) {
      firstSignalAt = Date.now();
      log?.info({ signal }, 'shutting down: finishing or handing back in-flight work');
      stopRequested.abort();
      return;
    }
    if (Date.now() - firstSignalAt < SAME_REQUEST_MS) return;
    log?.warn({ signal }, 'second signal: exiting without waiting');
    log?.flush();
    process.exit(1);
  });
  try {
    const platform = platformSettings(io.env);
    log = createLogger(platform.logLevel, 1, platform.ops.logFormat);
    // Loaded here so ops commands do not pay for the HTTP server and the worker.
    const { startService, StartAborted } = await import('../../service.ts');
    let service;
    try {
      service = await startService({ env: io.env, log, modules, ...roles, signal: stopRequested.signal, label: commandLabel(command) });
    } catch (error) {
      if (!(error instanceof StartAborted)) throw error;
      log.info('stopped during start-up');
      return;
    }
    if (!stopRequested.signal.aborted) await new Promise((resolve) => stopRequested.signal.addEventListener('abort', resolve, { once: true }));
    await service.stop();
    log.info('stopped');
  } finally {
    log?.flush();
    restore();
  }
}
