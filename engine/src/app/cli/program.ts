import { Command, CommanderError, Help } from 'commander';
import type { FeatureModule } from '../../platform/module.ts';
import { ENGINE_VERSION } from '../../platform/ops/version.ts';
import { serviceCommands } from './commands/service.ts';
import { type CliIo, commandContext } from './context.ts';
import { cliFailure, oneLine } from './errors.ts';
import { checkRequiredOptionsLast, isRequired } from './requiredOptions.ts';

/**
 * The `prospect-engine` program: the service commands, then each module's command groups. A new
 * program per run, so a run leaves nothing behind for the next (tests run many in one process).
 * Commands made with `.command()` inherit the help and output set here.
 */
export function buildProgram(modules: FeatureModule[], io: CliIo): Command {
  const program = new Command('prospect-engine')
    .description('Prospect Research engine: the HTTP API, the workers and the ops commands.')
    .version(ENGINE_VERSION, '-V, --version', "print the engine's version")
    .option('--json', 'print results as JSON')
    .configureHelp({ optionDescription: (option) => `${new Help().optionDescription(option)}${isRequired(option) ? ' (required)' : ''}` })
    // A refused command line is one line, with commander's "did you mean" when it has one, not the help.
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr, outputError: (text, write) => write(`prospect-engine: ${oneLine(text)}\n`) })
    // Commander throws instead of exiting, so a refused command exits 2 like every other refusal.
    .exitOverride();
  serviceCommands(program, modules, io);
  for (const module of modules) module.commands?.(program, commandContext(module, modules, io));
  checkRequiredOptionsLast(program);
  return program;
}

/**
 * Runs one command line and answers its exit code: 0 done, 2 refused (the message says why: a bad
 * argument, a bad setting, a refusal such as an unknown account), 1 a check that failed (its result
 * printed) or an unexpected failure. With `--json` a refusal is also printed as `{"error": code,
 * "message": ...}` on standard output, as the HTTP API's error bodies are.
 */
export async function runCli(argv: string[], modules: FeatureModule[], io: CliIo): Promise<number> {
  const program = buildProgram(modules, io);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    // Commander has already printed help or the version where asked for.
    if (error instanceof CommanderError && ['commander.helpDisplayed', 'commander.help', 'commander.version'].includes(error.code)) return 0;
    const failure = cliFailure(error);
    if (failure.body && program.opts().json) io.stdout(`${JSON.stringify(failure.body)}\n`);
    if (failure.line) io.stderr(`prospect-engine: ${failure.line}\n`);
    return failure.exitCode;
  }
}
