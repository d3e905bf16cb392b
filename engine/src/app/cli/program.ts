import { Command, CommanderError } from 'commander';
import { ConfigError } from '../../platform/env.ts';
import { AppError } from '../../platform/errors.ts';
import type { FeatureModule } from '../../platform/module.ts';
import { serviceCommands } from './commands/service.ts';
import { type CliIo, commandContext } from './context.ts';

/**
 * The `prospect-engine` program: the service commands, then each module's command groups. A new
 * program per run, so a run leaves nothing behind for the next (tests run many in one process).
 */
export function buildProgram(modules: FeatureModule[], io: CliIo): Command {
  const program = new Command('prospect-engine')
    .description('Prospect Research engine: the HTTP API, the workers and the ops commands.')
    .option('--json', 'print results as JSON')
    .showHelpAfterError()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    // Commander throws instead of exiting, so a refused command exits 2 like every other refusal.
    .exitOverride();
  serviceCommands(program, modules, io);
  for (const module of modules) module.commands?.(program, commandContext(module, modules, io));
  return program;
}

/**
 * Runs one command line and answers its exit code: 0 done, 2 refused (the message says why: a bad
 * argument, a bad setting, a refusal such as an unknown account), 1 an unexpected failure. With
 * `--json` a failure is also printed as `{"error": ...}` on standard output.
 */
export async function runCli(argv: string[], modules: FeatureModule[], io: CliIo): Promise<number> {
  const program = buildProgram(modules, io);
  const json = () => Boolean(program.opts().json);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has already printed its message (and help, where asked for).
      const shownHelp = error.code === 'commander.helpDisplayed' || error.code === 'commander.help' || error.code === 'commander.version';
      if (!shownHelp && json()) io.stdout(`${JSON.stringify({ error: error.message.replace(/^error: /, '') })}\n`);
      return shownHelp ? 0 : 2;
    }
    const refused = error instanceof AppError || error instanceof ConfigError;
    const message = refused ? (error as Error).message : `unexpected failure: ${(error as Error).stack ?? String(error)}`;
    // A refusal's details (the problems of a refused Autopilot document) join the JSON.
    if (json()) io.stdout(`${JSON.stringify({ error: message, ...(error instanceof AppError ? error.details : {}) })}\n`);
    io.stderr(`prospect-engine: ${message}\n`);
    return refused ? 2 : 1;
  }
}
