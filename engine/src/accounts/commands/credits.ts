import type { Command } from 'commander';
import { positiveId } from '../../platform/cli/arguments.ts';
import { fields } from '../../platform/cli/output.ts';
import type { CommandContext } from '../../platform/module.ts';
import { getAccount } from '../accounts.ts';
import { creditUsage } from '../credits.ts';
import { creditsView } from '../views.ts';

/** `prospect-engine credits show`. */
export function creditsCommands(program: Command, cli: CommandContext<unknown>): void {
  program
    .command('credits')
    .description('credits')
    .command('show')
    .description("show an account's credits in its current billing cycle")
    .requiredOption('--account <id>', 'account id', positiveId)
    .action(
      cli.action(async ({ output, pool }, options: { account: number }) => {
        const view = creditsView(options.account, await creditUsage(pool, (await getAccount(pool, options.account)).id));
        output.result(view, () => fields(view));
      }),
    );
}
