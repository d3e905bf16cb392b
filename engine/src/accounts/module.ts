import type { FeatureModule } from '../platform/module.ts';
import { accountsCommands } from './commands/accounts.ts';
import { creditsCommands } from './commands/credits.ts';
import { keysCommands } from './commands/keys.ts';
import { productsCommands } from './commands/products.ts';
import { ACCOUNT_ERRORS } from './errors.ts';
import { keyRoutes } from './keyRoutes.ts';
import { productRoutes } from './productRoutes.ts';
import { accountRoutes } from './routes.ts';

/**
 * Accounts, their product, API keys and credits: what every feature charges and answers to. Its tables
 * are the core schema (`engine/migrations`); it adds `GET /account`, `GET` and `PUT /product`, the key routes (`/keys`), and the
 * ops commands that manage them.
 */
export function accountsModule(): FeatureModule {
  return {
    name: 'accounts',
    errors: ACCOUNT_ERRORS,
    routes({ withApiKey }, { pool, platform }) {
      accountRoutes(withApiKey, pool);
      productRoutes(withApiKey, pool);
      keyRoutes(withApiKey, pool, platform.apiKeyPrefix);
    },
    commands(program, cli) {
      accountsCommands(program, cli);
      productsCommands(program, cli);
      keysCommands(program, cli);
      creditsCommands(program, cli);
    },
  };
}
