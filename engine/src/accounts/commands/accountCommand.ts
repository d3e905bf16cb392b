import type { Command } from 'commander';
import { positiveId } from '../../platform/cli/arguments.ts';
import type { CommandContext, CommandRun } from '../../platform/module.ts';
import { getAccount } from '../accounts.ts';

/** The options every command about one account has. */
export interface AccountOption {
  account: number;
}

/** A subcommand about one account: `--account <id>`, required. Its action comes from `accountAction`. */
export function accountCommand(parent: Command, name: string): Command {
  return parent.command(name).requiredOption('--account <id>', 'account id', positiveId);
}

/**
 * `cli.action` for an `accountCommand`: the account is looked up first, so a wrong id answers
 * "account 7 not found" rather than an empty list or a missing Autopilot. `work` gets the options,
 * then the command's arguments.
 */
export function accountAction<O extends AccountOption, A extends unknown[] = []>(
  cli: CommandContext<unknown>,
  work: (run: CommandRun<unknown>, options: O, ...args: A) => Promise<void>,
): (...args: unknown[]) => Promise<void> {
  return cli.action(async (run, ...args: unknown[]) => {
    const options = args.at(-1) as O;
    await getAccount(run.pool, options.account);
    await work(run, options, ...(args.slice(0, -1) as A));
  });
}
