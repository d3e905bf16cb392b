/**
 * The accounts' public face: accounts, API keys, products, credits and the account option of the
 * commands, as every feature above uses them; and the accounts module for the composition.
 */

export { type Account, ACCOUNT_COLUMNS, accountFromRow, accountNotFound, type AccountRow, getAccount, insertAccount, type Language, LANGUAGES } from './accounts.ts';
export { insertApiKey, type KeyHolder, type NewApiKey } from './apiKeys.ts';
export { API_KEY_ERRORS, apiKeyAuthentication, apiKeyHolder, type Holder } from './authenticate.ts';
export { accountAction, accountCommand, type AccountOption } from './commands/accountCommand.ts';
export { creditUsage, debitCredit, debitCredits, reserveCredits } from './credits.ts';
export { accountsModule } from './module.ts';
export { currentProduct, insertProduct, type Product, type ProductInput } from './products.ts';
