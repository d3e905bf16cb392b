import type { Pool } from '../platform/database/database.ts';
import { example } from '../platform/http/openapi/example.ts';
import type { HttpScope } from '../platform/module.ts';
import { isoWithOffset } from '../platform/time.ts';
import { type AccountView, accountViewSchema } from './contract.ts';
import { creditUsage } from './credits.ts';
import { currentProduct } from './products.ts';

const ACCOUNT_SCHEMA = {
  summary: "The key's account",
  description: 'Who the API key belongs to, its credits in the current cycle and its product: what credential tests call.',
  tags: ['Account'],
  operationId: 'getAccount',
  response: {
    200: example(accountViewSchema, {
      id: 1,
      name: 'Acme Sales',
      plan: 'bdr',
      language: 'en',
      decision_makers: true,
      credits: { used: 12, limit: 500, remaining: 488, cycle_started_at: '2026-11-01T00:00:00.000+00:00', resets_at: '2026-12-01T00:00:00.000+00:00' },
      product: { name: 'Ledgerly', description: 'Accounts-payable automation for mid-sized manufacturers.', features: ['Invoice capture'], customers: ['CFOs of manufacturers'] },
    }),
  },
};

/** `GET /account` (beyond the spec): who the key belongs to, its credits and product; for credential tests and ops. */
export function accountRoutes(app: HttpScope, pool: Pool): void {
  app.get('/account', { schema: ACCOUNT_SCHEMA }, async (request): Promise<AccountView> => {
    const { account } = request.holder;
    const [credits, product] = await Promise.all([creditUsage(pool, account.id), currentProduct(pool, account.id)]);
    return {
      id: account.id,
      name: account.name,
      plan: account.plan,
      language: account.language,
      decision_makers: account.decisionMakers,
      credits: {
        used: credits.used,
        limit: credits.limit,
        remaining: credits.remaining,
        cycle_started_at: isoWithOffset(credits.cycleStart),
        resets_at: isoWithOffset(credits.resetsAt),
      },
      product: product && {
        name: product.name,
        description: product.description,
        features: product.features,
        customers: product.customers,
      },
    };
  });
}
