import type { Command } from 'commander';
import { fields } from '../../platform/cli/output.ts';
import type { CommandContext } from '../../platform/module.ts';
import { creditUsage } from '../credits.ts';
import { creditsView } from '../views.ts';
import { accountAction, type AccountOption, accountCommand } from './accountCommand.ts';

/** `prospect-engine credits show`. */
export function creditsCommands(program: Command, cli: CommandContext<unknown>): void {
  accountCommand(program.command('credits').description('credits'), 'show')
    .description("show an account's credits in its current billing cycle")
    .action(
      accountAction(cli, async ({ output, pool }, options: AccountOption) => {
        const view = creditsView(options.account, await creditUsage(pool, options.account));
        output.result(view, () => fields(view));
      }),
    );
}
