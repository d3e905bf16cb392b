import type { Command } from 'commander';
import { fields } from '../../platform/cli/output.ts';
import type { CommandContext } from '../../platform/module.ts';
import { currentProduct, setProduct, splitList } from '../products.ts';
import { productView } from '../views.ts';
import { accountAction, type AccountOption, accountCommand } from './accountCommand.ts';

/** `prospect-engine products set|show`. */
export function productsCommands(program: Command, cli: CommandContext<unknown>): void {
  const products = program.command('products').description("manage an account's product context");

  accountCommand(products, 'set')
    .description("set the account's current product (older products stay stored but are not used for new research)")
    .requiredOption('--name <name>', 'product name')
    .requiredOption('--description <text>', 'what the product does')
    .requiredOption('--features <list>', 'key features, separated by ";"')
    .requiredOption('--customers <list>', 'target customers, separated by ";"')
    .action(
      accountAction(cli, async ({ output, pool }, options: AccountOption & { name: string; description: string; features: string; customers: string }) => {
        const product = await setProduct(pool, options.account, {
          name: options.name,
          description: options.description,
          features: splitList(options.features),
          customers: splitList(options.customers),
        });
        output.result(productView(product), () => fields(productView(product)));
      }),
    );

  accountCommand(products, 'show')
    .description("show the account's current product")
    .action(
      accountAction(cli, async ({ output, pool }, options: AccountOption) => {
        const product = await currentProduct(pool, options.account);
        output.result(product && productView(product), () => (product ? fields(productView(product)) : '(no product)'));
      }),
    );
}
