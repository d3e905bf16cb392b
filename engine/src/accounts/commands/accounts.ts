import { type Command, Option } from 'commander';
import { positiveId, wholeNumber } from '../../platform/cli/arguments.ts';
import { subjectArgument } from '../../platform/cli/subject.ts';
import { fields, table } from '../../platform/cli/output.ts';
import type { CommandContext } from '../../platform/module.ts';
import { createAccount, getAccount, type Language, LANGUAGES, listAccounts, type Plan, PLANS, updateAccount } from '../accounts.ts';
import { creditUsage } from '../credits.ts';
import { currentProduct } from '../products.ts';
import { accountView, creditsView, productView } from '../views.ts';

interface AccountOptions {
  name: string;
  plan: Plan;
  language?: Language;
  credits?: number;
  maxKeys?: number;
}

const languageOption = () => new Option('--language <language>', 'language of generated text').choices(LANGUAGES);

/** `prospect-engine accounts create|list|show|set`. */
export function accountsCommands(program: Command, cli: CommandContext<unknown>): void {
  const accounts = program.command('accounts').description('manage accounts');

  accounts
    .command('create')
    .description('create an account (prints it with its id)')
    .requiredOption('--name <name>', 'account name')
    .addOption(new Option('--plan <plan>', 'plan').choices(PLANS).makeOptionMandatory())
    .addOption(languageOption())
    .option('--credits <n>', 'monthly credits (overrides the plan; required for enterprise)', wholeNumber)
    .option('--max-keys <n>', 'active API keys allowed (overrides the plan; required for enterprise)', wholeNumber)
    .action(
      cli.action(async ({ output, pool }, options: AccountOptions) => {
        const account = await createAccount(pool, {
          name: options.name,
          plan: options.plan,
          language: options.language,
          monthlyCredits: options.credits,
          maxApiKeys: options.maxKeys,
        });
        output.result(accountView(account), () => fields(accountView(account)));
      }),
    );

  accounts
    .command('list')
    .description('list accounts')
    .action(
      cli.action(async ({ output, pool }) => {
        const views = (await listAccounts(pool)).map(accountView);
        output.result(views, () => table(views.map(({ id, name, plan, language, monthly_credits, max_api_keys }) => ({ id, name, plan, language, monthly_credits, max_api_keys }))));
      }),
    );

  accounts
    .command('show')
    .description('show an account with its credits and current product')
    .argument('<id>', 'account id', positiveId)
    .action(
      cli.action(async ({ output, pool }, accountId: number) => {
        const account = accountView(await getAccount(pool, accountId));
        const credits = creditsView(accountId, await creditUsage(pool, accountId));
        const product = await currentProduct(pool, accountId);
        const view = { ...account, credits, product: product && productView(product) };
        output.result(view, () =>
          [fields(account), '', 'credits', fields(credits), '', 'product', product ? fields(productView(product)) : '(none: POST /research answers api_key_has_no_product)'].join('\n'),
        );
      }),
    );

  subjectArgument(
    accounts.command('set').description("change an account's plan, language, monthly credits or key limit (a new plan drops the account's own credits and key limit unless given again)"),
    'id',
    'account id',
    positiveId,
    '--id <id>',
  )
    .addOption(new Option('--plan <plan>', 'plan').choices(PLANS))
    .addOption(languageOption())
    .option('--credits <n>', 'monthly credits (overrides the plan)', wholeNumber)
    .option('--max-keys <n>', 'active API keys allowed (overrides the plan)', wholeNumber)
    .action(
      cli.action(async ({ output, pool }, accountId: number, options: Omit<AccountOptions, 'name' | 'plan'> & { plan?: Plan }) => {
        const { account, dropped } = await updateAccount(pool, accountId, {
          plan: options.plan,
          language: options.language,
          monthlyCredits: options.credits,
          maxApiKeys: options.maxKeys,
        });
        output.result(accountView(account), () => fields(accountView(account)));
        const resets = [
          ...(dropped.monthlyCredits === undefined ? [] : [`its own monthly credits (${dropped.monthlyCredits}) for the plan's ${account.monthlyCredits}`]),
          ...(dropped.maxApiKeys === undefined ? [] : [`its own key limit (${dropped.maxApiKeys}) for the plan's ${account.maxApiKeys}`]),
        ];
        if (resets.length > 0) output.note(`plan ${account.plan}: account ${account.id} dropped ${resets.join(' and ')}; give --credits or --max-keys with --plan to keep your own`);
      }),
    );
}
