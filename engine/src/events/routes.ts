import Type from 'typebox';
import type { Pool } from '../platform/database/database.ts';
import { errorCodes } from '../platform/http/openapi/errorResponses.ts';
import { example } from '../platform/http/openapi/example.ts';
import { pathIdParams } from '../platform/http/pathId.ts';
import { checkedByHandler } from '../platform/http/validation.ts';
import type { HttpScope } from '../platform/module.ts';
import { type Secrets, secretKeyMissing } from '../platform/secrets.ts';
import type { Clock } from '../platform/time.ts';
import { type EventPage, eventPageSchema, webhookInputSchema, webhookListSchema, type WebhookView, webhookViewSchema } from './contract.ts';
import { listEvents, MAX_EVENTS_PER_PAGE } from './feed.ts';
import { createSubscription, deleteSubscription, listSubscriptions, parseSubscription, webhookNotFound } from './subscriptions.ts';

const WEBHOOK_BODY_LIMIT_BYTES = 16 * 1024;

const WEBHOOK: WebhookView = {
  id: 4,
  url: 'https://hooks.acme.example/prospect-research',
  events: ['lead.responded', 'lead.closed'],
  autopilot: null,
  state: 'active',
  created_at: '2026-11-20T10:00:00.000+00:00',
  last_delivered_at: '2026-11-27T09:12:40.000+00:00',
  failing_since: null,
  last_error: null,
  disabled_at: null,
  disabled_reason: null,
};

const SCHEMAS = {
  create: {
    summary: 'Subscribe a webhook',
    description: 'Lead events POSTed to `url`, signed as Standard Webhooks with the `secret` this answer shows once.',
    tags: ['Webhooks'],
    operationId: 'createWebhook',
    body: checkedByHandler(example(webhookInputSchema, { url: 'https://hooks.acme.example/prospect-research', events: ['lead.responded', 'lead.closed'] })),
    errors: errorCodes('invalid_webhook', 'secret_key_missing'),
    response: {
      201: example(webhookViewSchema, { ...WEBHOOK, last_delivered_at: null, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw8f5Qb2Al4nE=' }, 'Subscribed (its address in `Location`)'),
    },
  },
  list: { summary: "The account's webhooks", tags: ['Webhooks'], operationId: 'listWebhooks', response: { 200: example(webhookListSchema, { webhooks: [WEBHOOK] }) } },
  remove: {
    summary: 'Unsubscribe a webhook',
    tags: ['Webhooks'],
    operationId: 'deleteWebhook',
    params: pathIdParams('The webhook id', webhookNotFound),
    errors: errorCodes('webhook_not_found'),
    response: { 200: example(webhookViewSchema, WEBHOOK, 'The webhook removed') },
  },
  events: {
    summary: 'Lead events',
    description: "The account's events, oldest first, a page at a time: pass the answer's `next_after` as `after` for the next.",
    tags: ['Events'],
    operationId: 'listEvents',
    querystring: Type.Object({
      after: Type.Optional(Type.String({ description: 'The id of the last event already read' })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_EVENTS_PER_PAGE, description: `Events in the page, from 1 to ${MAX_EVENTS_PER_PAGE}` })),
    }),
    errors: errorCodes('invalid_query'),
    response: {
      200: example(eventPageSchema, {
        events: [
          {
            id: 'evt_000000000000042',
            type: 'lead.responded',
            timestamp: '2026-11-27T09:12:38.000+00:00',
            account_id: 1,
            autopilot_id: 2,
            lead_id: 17,
            contact_id: '1201',
            contact_source: 'api',
            data: { kind: 'reply' },
          },
        ],
        next_after: 'evt_000000000000042',
      }),
    },
  },
};

export interface EventsRouteDependencies {
  pool: Pool;
  clock: Clock;
  /** Undefined without SECRET_KEY: subscriptions cannot be created (their secrets are sealed with it). */
  secrets: Secrets | undefined;
  allowPrivateTargets: boolean;
}

/** Lead events behind an API key: `POST|GET /webhooks`, `DELETE /webhooks/{id}`, `GET /events`. */
export function eventsRoutes(app: HttpScope, { pool, clock, secrets, allowPrivateTargets }: EventsRouteDependencies): void {
  app.post('/webhooks', { bodyLimit: WEBHOOK_BODY_LIMIT_BYTES, schema: SCHEMAS.create }, async (request, reply) => {
    const input = parseSubscription(request.body, allowPrivateTargets);
    if (!secrets) throw secretKeyMissing('webhooks', 'signing secrets');
    const created: WebhookView = await createSubscription(pool, secrets, request.holder.account.id, input, clock);
    return reply.code(201).header('Location', `/webhooks/${created.id}`).send(created);
  });

  app.get('/webhooks', { schema: SCHEMAS.list }, async (request) => ({ webhooks: await listSubscriptions(pool, request.holder.account.id) }));

  app.delete('/webhooks/:id', { schema: SCHEMAS.remove }, async (request): Promise<WebhookView> => deleteSubscription(pool, request.holder.account.id, request.params.id));

  app.get('/events', { schema: SCHEMAS.events }, async (request): Promise<EventPage> => {
    return listEvents(pool, request.holder.account.id, request.query.after, request.query.limit);
  });
}
