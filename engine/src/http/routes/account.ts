import type { FastifyInstance } from 'fastify';
import type { Pool } from '../../database/database.ts';
import { creditUsage } from '../../domain/credits.ts';
import { currentProduct } from '../../domain/products.ts';
import { isoWithOffset } from '../../research/status.ts';

/** `GET /account` (beyond the spec): who the key belongs to, its credits and product; for credential tests and ops. */
export function accountRoutes(app: FastifyInstance, deps: { pool: Pool }): void {
  app.get('/account', async (request) => {
    const { account } = request.holder;
    const [credits, product] = await Promise.all([creditUsage(deps.pool, account.id), currentProduct(deps.pool, account.id)]);
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
