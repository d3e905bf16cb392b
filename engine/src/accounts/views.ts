import type { Account } from './accounts.ts';
import type { ApiKeyInfo, NewApiKey } from './apiKeys.ts';
import type { CreditUsage } from './credits.ts';
import type { Product } from './products.ts';

/** What commands print, in the API's snake_case. */
export const accountView = (account: Account) => ({
  id: account.id,
  name: account.name,
  plan: account.plan,
  language: account.language,
  monthly_credits: account.monthlyCredits,
  max_api_keys: account.maxApiKeys,
  decision_makers: account.decisionMakers,
  billing_anchor: account.billingAnchor,
  current_product_id: account.currentProductId,
  created_at: account.createdAt,
});

export const productView = (product: Product) => ({
  id: product.id,
  account_id: product.accountId,
  name: product.name,
  description: product.description,
  features: product.features,
  customers: product.customers,
  created_at: product.createdAt,
});

export const keyView = (key: ApiKeyInfo) => ({
  id: key.id,
  account_id: key.accountId,
  label: key.label,
  hint: key.hint,
  created_at: key.createdAt,
  revoked_at: key.revokedAt,
});

export const newKeyView = (key: NewApiKey) => ({ ...keyView(key), key: key.key });

export const creditsView = (accountId: number, usage: CreditUsage) => ({
  account_id: accountId,
  used: usage.used,
  limit: usage.limit,
  remaining: usage.remaining,
  cycle_started_at: usage.cycleStart,
  resets_at: usage.resetsAt,
});
