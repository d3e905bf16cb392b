import type { FastifyInstance } from 'fastify';
import type { Pool } from '../platform/database/database.ts';
import { isoWithOffset } from '../platform/time.ts';
import { creditUsage } from './credits.ts';
import { currentProduct } from './products.ts';

/** `GET /account` (beyond the spec): who the key belongs to, its credits and product; for credential tests and ops. */
export function accountRoutes(app: FastifyInstance, pool: Pool): void {
  app.get('/account', async (request) => {
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
