import type { FastifyInstance } from 'fastify';
import type { Pool } from '../platform/database/database.ts';
import { queryNumber, queryText } from '../platform/http/queryParameters.ts';
import { type Secrets, secretKeyMissing } from '../platform/secrets.ts';
import type { Clock } from '../platform/time.ts';
import type { EventPage, WebhookView } from './contract.ts';
import { listEvents, MAX_EVENTS_PER_PAGE } from './feed.ts';
import { createSubscription, deleteSubscription, listSubscriptions, parseSubscription, webhookId } from './subscriptions.ts';

const WEBHOOK_BODY_LIMIT_BYTES = 16 * 1024;

interface Addressed {
  Params: { id: string };
}

export interface EventsRouteDependencies {
  pool: Pool;
  clock: Clock;
  /** Undefined without SECRET_KEY: subscriptions cannot be created (their secrets are sealed with it). */
  secrets: Secrets | undefined;
  allowPrivateTargets: boolean;
}

/** Lead events behind an API key: `POST|GET /webhooks`, `DELETE /webhooks/{id}`, `GET /events`. */
export function eventsRoutes(app: FastifyInstance, { pool, clock, secrets, allowPrivateTargets }: EventsRouteDependencies): void {
  app.post('/webhooks', { bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, async (request, reply) => {
    const input = parseSubscription(request.body, allowPrivateTargets);
    if (!secrets) throw secretKeyMissing('webhooks', 'signing secrets');
    const created: WebhookView = await createSubscription(pool, secrets, request.holder.account.id, input, clock);
    return reply.code(201).header('Location', `/webhooks/${created.id}`).send(created);
  });

  app.get('/webhooks', async (request): Promise<{ webhooks: WebhookView[] }> => ({ webhooks: await listSubscriptions(pool, request.holder.account.id) }));

  app.delete<Addressed>('/webhooks/:id', async (request): Promise<WebhookView> => deleteSubscription(pool, request.holder.account.id, webhookId(request.params.id)));

  app.get<{ Querystring: { after?: unknown; limit?: unknown } }>('/events', async (request): Promise<EventPage> => {
    const after = queryText(request.query.after, 'after');
    const limit = queryNumber(request.query.limit, 'limit', 1, MAX_EVENTS_PER_PAGE);
    return listEvents(pool, request.holder.account.id, after, limit);
  });
}
