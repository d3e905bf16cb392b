import type { Command } from 'commander';
import { createOutput } from '../../platform/cli/output.ts';
import { type Database, openDatabase } from '../../platform/database/database.ts';
import { migrate } from '../../platform/database/migrate.ts';
import { type Env, logLevel } from '../../platform/env.ts';
import { createLogger, type Logger } from '../../platform/logger.ts';
import type { CommandContext, CommandRun, FeatureModule } from '../../platform/module.ts';
import { withKeptSecretKey } from '../../platform/keptSecretKey.ts';
import { opsSettings } from '../../platform/ops/settings.ts';
import { type PlatformSettings, platformSettings } from '../../platform/settings.ts';
import { activeFeatures, migrationStreams, settingsForCommand } from '../features.ts';

/** Where a CLI run reads its settings and writes its output: the process's, or a test's. */
export interface CliIo {
  env: Env;
  stdout(text: string): void;
  stderr(text: string): void;
}

export interface OpenedDatabase {
  database: Database;
  platform: PlatformSettings;
  log: Logger;
  /** The migrations this command applied, as `stream/file` (usually none: the schema is up to date). */
  applied: string[];
}

/**
 * Reads every setting (a bad variable stops the command before it touches the database), opens the
 * database (embedded when `DATABASE_URL` is unset: attached to the one a running service owns, or
 * owned for this command's run), brings the schema of every module that is on up to date, runs `work`,
 * closes. Ops commands log at `warn` to standard error unless LOG_LEVEL says otherwise, so `--json`
 * output stays clean. (A SIGINT or SIGTERM ends a command at once, see signals.ts; an embedded database
 * it owns gets a fast shutdown on the way out.)
 */
export async function withDatabase<T>(modules: FeatureModule[], env: Env, command: Command, work: (opened: OpenedDatabase) => Promise<T>): Promise<T> {
  const platform = withKeptSecretKey(platformSettings(env));
  const features = activeFeatures(modules, env, platform);
  const log = createLogger(logLevel(env) ?? 'warn', 2, opsSettings(env).logFormat);
  const database = await openDatabase(platform, log, { role: 'command', label: commandLabel(command) });
  try {
    const applied = await migrate(database.pool, log, migrationStreams(features));
    return await work({ database, platform, log, applied });
  } finally {
    await database.close();
  }
}

/** `prospect-engine accounts list`: the command and the groups above it. */
export function commandLabel(command: Command): string {
  const names: string[] = [];
  for (let current: Command | null = command; current; current = current.parent) names.unshift(current.name());
  return names.join(' ');
}

/** Whether the command (or the program above it) was given `--json`. */
export function wantsJson(command: Command): boolean {
  return Boolean(command.optsWithGlobals().json);
}

/** The CommandContext a module's commands get. */
export function commandContext(module: FeatureModule, modules: FeatureModule[], io: CliIo): CommandContext<unknown> {
  return {
    action<A extends unknown[]>(work: (context: CommandRun<unknown>, ...args: A) => Promise<void>) {
      return async (...args: unknown[]) => {
        const command = args.at(-1) as Command;
        const output = createOutput(wantsJson(command), io.stdout, io.stderr);
        const settings = settingsForCommand(module, io.env, withKeptSecretKey(platformSettings(io.env)));
        await withDatabase(modules, io.env, command, async ({ database, platform, log }) => {
          await work({ output, pool: database.pool, platform, settings, log: log.child({ feature: module.name }) }, ...(args.slice(0, -1) as A));
        });
      };
    },
  };
}
