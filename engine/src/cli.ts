import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { fields, table, createOutput, type Output } from './cli/output.ts';
import { accountView, creditsView, keyView, newKeyView, productView } from './cli/views.ts';
import { type Config, ConfigError, loadConfig, logLevel } from './config.ts';
import { type Database, openDatabase, type Pool } from './database/database.ts';
import { migrate } from './database/migrate.ts';
import { createAccount, getAccount, type Language, LANGUAGES, listAccounts, type Plan, PLANS, updateAccount } from './domain/accounts.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './domain/apiKeys.ts';
import { creditUsage } from './domain/credits.ts';
import { currentProduct, setProduct, splitList } from './domain/products.ts';
import { UsageError } from './errors.ts';
import { createLogger } from './logger.ts';

const program = new Command('prospect-engine')
  .description('Prospect Research engine: the Research API, research workers and the ops commands.')
  .option('--json', 'print results as JSON')
  .showHelpAfterError()
  // Commander throws instead of exiting, so a refused command exits 2 like every other refusal.
  .exitOverride();

function json(command: Command): boolean {
  return Boolean(command.optsWithGlobals().json);
}

const id = (value: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new InvalidArgumentError('expected a positive integer');
  return number;
};
const count = (value: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new InvalidArgumentError('expected a whole number >= 0');
  return number;
};
const languageOption = () => new Option('--language <language>', 'language of generated text').choices(LANGUAGES);

/** Opens the database (embedded when DATABASE_URL is unset), brings the schema up to date, runs `work`, closes. */
async function withDatabase(work: (database: Database, config: Config) => Promise<void>): Promise<void> {
  const config = loadConfig();
  const log = createLogger(logLevel(process.env) ?? 'warn', 2);
  const database = await openDatabase(config, log);
  try {
    await migrate(database.pool, log);
    await work(database, config);
  } finally {
    await database.close();
  }
}

interface AdminContext {
  output: Output;
  pool: Pool;
  config: Config;
}

/** Wraps an ops command: commander passes the positional arguments, the options, then the command. */
function admin<A extends unknown[]>(action: (context: AdminContext, ...args: A) => Promise<void>) {
  return async (...args: unknown[]) => {
    const command = args.at(-1) as Command;
    const output = createOutput(json(command));
    await withDatabase((database, config) => action({ output, pool: database.pool, config }, ...(args.slice(0, -1) as A)));
  };
}

// Service

program
  .command('serve')
  .description('run the HTTP API, and the research worker with its cron unless --no-worker')
  .option('--no-worker', 'serve the API only; run `prospect-engine worker` elsewhere')
  .action(async (options: { worker: boolean }) => runUntilSignal({ http: true, worker: options.worker }));

program
  .command('worker')
  .description('run the research worker and its cron only (no HTTP)')
  .action(async () => runUntilSignal({ http: false, worker: true }));

program
  .command('migrate')
  .description('bring the database schema up to date')
  .action(
    admin(async ({ output }) => {
      output.result({ migrated: true }, () => 'database schema is up to date');
    }),
  );

async function runUntilSignal(roles: { http: boolean; worker: boolean }): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  // Loaded here so ops commands do not pay for the HTTP server and the worker.
  const { startService } = await import('./service.ts');
  const service = await startService({ config, log, ...roles });
  let signals = 0;
  const shutdown = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) {
      log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    log.info({ signal }, 'shutting down: finishing or handing back in-flight work');
    service.stop().then(
      () => {
        log.info('stopped');
        log.flush();
        process.exitCode = 0;
      },
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

// Accounts

const accounts = program.command('accounts').description('manage accounts');

interface AccountOptions {
  name: string;
  plan: Plan;
  language?: Language;
  credits?: number;
  maxKeys?: number;
}

accounts
  .command('create')
  .description('create an account (prints it with its id)')
  .requiredOption('--name <name>', 'account name')
  .addOption(new Option('--plan <plan>', 'plan').choices(PLANS).makeOptionMandatory())
  .addOption(languageOption())
  .option('--credits <n>', 'monthly credits (overrides the plan; required for enterprise)', count)
  .option('--max-keys <n>', 'active API keys allowed (overrides the plan; required for enterprise)', count)
  .action(
    admin(async ({ output, pool }, options: AccountOptions) => {
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
    admin(async ({ output, pool }) => {
      const views = (await listAccounts(pool)).map(accountView);
      output.result(views, () => table(views.map(({ id, name, plan, language, monthly_credits, max_api_keys }) => ({ id, name, plan, language, monthly_credits, max_api_keys }))));
    }),
  );

accounts
  .command('show')
  .description('show an account with its credits and current product')
  .argument('<id>', 'account id', id)
  .action(
    admin(async ({ output, pool }, accountId: number) => {
      const account = accountView(await getAccount(pool, accountId));
      const credits = creditsView(accountId, await creditUsage(pool, accountId));
      const product = await currentProduct(pool, accountId);
      const view = { ...account, credits, product: product && productView(product) };
      output.result(view, () =>
        [fields(account), '', 'credits', fields(credits), '', 'product', product ? fields(productView(product)) : '(none: POST /research answers api_key_has_no_product)'].join('\n'),
      );
    }),
  );

accounts
  .command('set')
  .description("change an account's plan, language, monthly credits or key limit")
  .requiredOption('--id <id>', 'account id', id)
  .addOption(new Option('--plan <plan>', 'plan').choices(PLANS))
  .addOption(languageOption())
  .option('--credits <n>', 'monthly credits (overrides the plan)', count)
  .option('--max-keys <n>', 'active API keys allowed (overrides the plan)', count)
  .action(
    admin(async ({ output, pool }, options: Omit<AccountOptions, 'name' | 'plan'> & { id: number; plan?: Plan }) => {
      const account = await updateAccount(pool, options.id, {
        plan: options.plan,
        language: options.language,
        monthlyCredits: options.credits,
        maxApiKeys: options.maxKeys,
      });
      output.result(accountView(account), () => fields(accountView(account)));
    }),
  );

// Products

const products = program.command('products').description("manage an account's product context");

products
  .command('set')
  .description("set the account's current product (older products stay stored but are not used for new research)")
  .requiredOption('--account <id>', 'account id', id)
  .requiredOption('--name <name>', 'product name')
  .requiredOption('--description <text>', 'what the product does')
  .requiredOption('--features <list>', 'key features, separated by ";"')
  .requiredOption('--customers <list>', 'target customers, separated by ";"')
  .action(
    admin(async ({ output, pool }, options: { account: number; name: string; description: string; features: string; customers: string }) => {
      const product = await setProduct(pool, options.account, {
        name: options.name,
        description: options.description,
        features: splitList(options.features),
        customers: splitList(options.customers),
      });
      output.result(productView(product), () => fields(productView(product)));
    }),
  );

products
  .command('show')
  .description("show the account's current product")
  .requiredOption('--account <id>', 'account id', id)
  .action(
    admin(async ({ output, pool }, options: { account: number }) => {
      await getAccount(pool, options.account);
      const product = await currentProduct(pool, options.account);
      output.result(product && productView(product), () => (product ? fields(productView(product)) : '(no product)'));
    }),
  );

// Keys

const keys = program.command('keys').description('manage API keys');

keys
  .command('create')
  .description('create an API key (its value is printed this once)')
  .requiredOption('--account <id>', 'account id', id)
  .action(
    admin(async ({ output, pool, config }, options: { account: number }) => {
      const key = newKeyView(await createApiKey(pool, config.apiKeyPrefix, options.account));
      output.result(key, () => `${fields(key)}\n\nThe key is shown only this once; store it now.`);
    }),
  );

keys
  .command('list')
  .description("list an account's keys (hints only; key values are never stored)")
  .requiredOption('--account <id>', 'account id', id)
  .action(
    admin(async ({ output, pool }, options: { account: number }) => {
      await getAccount(pool, options.account);
      const views = (await listApiKeys(pool, options.account)).map(keyView);
      output.result(views, () => table(views));
    }),
  );

keys
  .command('revoke')
  .description('revoke a key: requests with it answer 401 invalid_key at once, on every process')
  .argument('<id>', 'key id', id)
  .action(
    admin(async ({ output, pool }, keyId: number) => {
      const key = keyView(await revokeApiKey(pool, keyId));
      output.result(key, () => fields(key));
    }),
  );

// Credits

program
  .command('credits')
  .description('credits')
  .command('show')
  .description("show an account's credits in its current billing cycle")
  .requiredOption('--account <id>', 'account id', id)
  .action(
    admin(async ({ output, pool }, options: { account: number }) => {
      const view = creditsView(options.account, await creditUsage(pool, (await getAccount(pool, options.account)).id));
      output.result(view, () => fields(view));
    }),
  );

try {
  await program.parseAsync();
} catch (error) {
  if (error instanceof CommanderError) {
    // Commander has already printed its message (and help, where asked for).
    const shownHelp = error.code === 'commander.helpDisplayed' || error.code === 'commander.help' || error.code === 'commander.version';
    if (!shownHelp && program.opts().json) process.stdout.write(`${JSON.stringify({ error: error.message.replace(/^error: /, '') })}\n`);
    process.exitCode = shownHelp ? 0 : 2;
  } else {
    const known = error instanceof UsageError || error instanceof ConfigError;
    const message = known ? (error as Error).message : `unexpected failure: ${(error as Error).stack ?? String(error)}`;
    if (program.opts().json) process.stdout.write(`${JSON.stringify({ error: message })}\n`);
    process.stderr.write(`prospect-engine: ${message}\n`);
    process.exitCode = known ? 2 : 1;
  }
}
