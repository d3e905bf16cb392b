import { CommanderError } from 'commander';
import { ConfigError } from '../../platform/env.ts';
import { AppError } from '../../platform/errors.ts';
import { FailedCheck } from '../../platform/cli/failedCheck.ts';

/** How a failed command line is told: its exit code, its code and words, and what `--json` adds. */
export interface CliFailure {
  exitCode: number;
  /** The `{error, message, ...}` body `--json` prints on standard output; none when the result was printed already. */
  body?: Record<string, unknown>;
  /** The line for standard error; none when commander has printed it. */
  line?: string;
}

/** Commander's refusals of a command line, by the code a script sees (the HTTP API's style: lower case, `_`). */
const COMMAND_LINE_CODES: Record<string, string> = {
  'commander.unknownCommand': 'unknown_command',
  'commander.unknownOption': 'unknown_option',
  'commander.missingArgument': 'missing_argument',
  'commander.missingMandatoryOptionValue': 'missing_option',
  'commander.optionMissingArgument': 'missing_option_value',
  'commander.invalidArgument': 'invalid_argument',
  'commander.excessArguments': 'too_many_arguments',
  'commander.conflictingOption': 'conflicting_options',
};

/**
 * Commander's message on one line: "error: unknown option '--acount'\n(Did you mean --account?)"
 * reads "unknown option '--acount' (did you mean --account?)".
 */
export function oneLine(message: string): string {
  return message
    .replace(/^error: /, '')
    .replace(/\n\(Did you mean/, ' (did you mean')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

/**
 * Exit codes: 2 refused (a bad command line, a bad setting, a refusal such as an unknown account), 1 a
 * check that failed or an unexpected failure. Whatever was thrown, the JSON carries a code as the HTTP
 * API's error bodies do: an AppError's own (`account_not_found`), the command line's
 * (`unknown_option`), `invalid_configuration`, `check_failed` or `internal_error`.
 */
export function cliFailure(error: unknown): CliFailure {
  if (error instanceof CommanderError) {
    const code = COMMAND_LINE_CODES[error.code] ?? 'invalid_command_line';
    return { exitCode: 2, body: { error: code, message: oneLine(error.message) } };
  }
  // The HTTP API's body for the error, with its words beside it (`message`): a script reads both alike.
  if (error instanceof AppError) return { exitCode: 2, body: { ...error.toBody(), message: error.message }, line: error.message };
  if (error instanceof ConfigError) return { exitCode: 2, body: { error: 'invalid_configuration', message: error.message }, line: error.message };
  if (error instanceof FailedCheck) return { exitCode: 1, line: error.message };
  const message = `unexpected failure: ${(error as Error)?.stack ?? String(error)}`;
  return { exitCode: 1, body: { error: 'internal_error', message }, line: message };
}
