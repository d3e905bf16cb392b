import Type from 'typebox';
import type { Pool } from '../platform/database/database.ts';
import { AppError } from '../platform/errors.ts';
import { errorCodes } from '../platform/http/openapi/errorResponses.ts';
import { example } from '../platform/http/openapi/example.ts';
import { pathIdParams } from '../platform/http/pathId.ts';
import { checkedByHandler } from '../platform/http/validation.ts';
import type { HttpScope } from '../platform/module.ts';
import { type Secrets, secretKeyMissing } from '../platform/secrets.ts';
import type { Clock } from '../platform/time.ts';
import {
  type EventPage,
  eventPageSchema,
  webhookDeliveryPageSchema,
  type WebhookDeliveryPage,
  webhookInputSchema,
  webhookListSchema,
  type WebhookTest,
  webhookTestSchema,
  type WebhookView,
  webhookViewSchema,
} from './contract.ts';
import { listDeliveries, MAX_DELIVERIES_PER_PAGE, sendTestEvent } from './deliveries.ts';
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

const webhookId = pathIdParams('The webhook id', webhookNotFound);

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
    params: webhookId,
    errors: errorCodes('webhook_not_found'),
    response: { 200: example(webhookViewSchema, WEBHOOK, 'The webhook removed') },
  },
  deliveries: {
    summary: "A webhook's recent deliveries",
    description: 'The events it tried to deliver, newest first, with their tries and the last error; a page at a time: pass `next_before` as `before` for the next.',
    tags: ['Webhooks'],
    operationId: 'listWebhookDeliveries',
    params: webhookId,
    querystring: Type.Object({
      before: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'A delivery id: the deliveries before it' })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_DELIVERIES_PER_PAGE, description: `Deliveries in the page, from 1 to ${MAX_DELIVERIES_PER_PAGE}` })),
    }),
    errors: errorCodes('invalid_query', 'webhook_not_found'),
    response: {
      200: example(webhookDeliveryPageSchema, {
        deliveries: [
          {
            id: 311,
            event_id: 'evt_000000000000042',
            event_type: 'lead.responded',
            status: 'delivered',
            attempts: 2,
            last_error: null,
            created_at: '2026-11-27T09:12:39.000+00:00',
            last_attempt_at: '2026-11-27T09:12:45.000+00:00',
            delivered_at: '2026-11-27T09:12:45.000+00:00',
          },
        ],
        next_before: null,
      }),
    },
  },
  test: {
    summary: 'Send a webhook a test event',
    description: 'A `webhook.test` event for this webhook alone, delivered, signed and retried as its lead events are; it shows in its deliveries, not in `GET /events`.',
    tags: ['Webhooks'],
    operationId: 'testWebhook',
    params: webhookId,
    errors: errorCodes('webhook_not_found'),
    response: {
      202: example(
        webhookTestSchema,
        {
          event: {
            id: 'evt_5c1d0e3a9b7f4e2a8d6c4b2a1f0e9d8c',
            type: 'webhook.test',
            timestamp: '2026-11-27T09:20:00.000+00:00',
            account_id: 1,
            autopilot_id: null,
            lead_id: null,
            contact_id: null,
            contact_source: null,
            data: { webhook_id: 4, text: 'A test event from Prospect Research: this webhook receives and checks signed deliveries.' },
          },
          text: 'Test event queued for webhook 4: see it under its deliveries',
        },
        'Queued for delivery',
      ),
    },
  },
  events: {
    summary: 'Lead events',
    description:
      "The account's events, oldest first, a page at a time: pass the answer's `next_after` as `after` for the next. `order=newest` reads them the other way, from the latest: pass `next_before` as `before`.",
    tags: ['Events'],
    operationId: 'listEvents',
    querystring: Type.Object({
      after: Type.Optional(Type.String({ description: 'The id of the last event already read (oldest first)' })),
      order: Type.Optional(Type.Union([Type.Literal('oldest'), Type.Literal('newest')], { description: '`oldest` (the default) or `newest` first' })),
      before: Type.Optional(Type.String({ description: 'With `order=newest`: the id of the oldest event already read' })),
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

/** Lead events behind an API key: `POST|GET /webhooks`, `DELETE /webhooks/{id}`, `GET /webhooks/{id}/deliveries`, `POST /webhooks/{id}/test`, `GET /events`. */
export function eventsRoutes(app: HttpScope, { pool, clock, secrets, allowPrivateTargets }: EventsRouteDependencies): void {
  app.post('/webhooks', { bodyLimit: WEBHOOK_BODY_LIMIT_BYTES, schema: SCHEMAS.create }, async (request, reply) => {
    const input = parseSubscription(request.body, allowPrivateTargets);
    if (!secrets) throw secretKeyMissing('webhooks', 'signing secrets');
    const created: WebhookView = await createSubscription(pool, secrets, request.holder.account.id, input, clock);
    return reply.code(201).header('Location', `/webhooks/${created.id}`).send(created);
  });

  app.get('/webhooks', { schema: SCHEMAS.list }, async (request) => ({ webhooks: await listSubscriptions(pool, request.holder.account.id) }));

  app.delete('/webhooks/:id', { schema: SCHEMAS.remove }, async (request): Promise<WebhookView> => deleteSubscription(pool, request.holder.account.id, request.params.id));

  app.get('/webhooks/:id/deliveries', { schema: SCHEMAS.deliveries }, async (request): Promise<WebhookDeliveryPage> => {
    return listDeliveries(pool, request.holder.account.id, request.params.id, request.query.before, request.query.limit);
  });

  // A body, if any, says nothing: the address names the webhook.
  app.post('/webhooks/:id/test', { schema: SCHEMAS.test }, async (request, reply) => {
    const queued: WebhookTest = await sendTestEvent(pool, request.holder.account.id, request.params.id, clock);
    return reply.code(202).send(queued);
  });

  app.get('/events', { schema: SCHEMAS.events }, async (request): Promise<EventPage> => {
    const { after, before, order = 'oldest', limit } = request.query;
    if (order === 'oldest' && before !== undefined) throw new AppError('invalid_query', {}, 'before goes with order=newest; oldest first pages with after');
    if (order === 'newest' && after !== undefined) throw new AppError('invalid_query', {}, 'after goes with oldest first; order=newest pages with before');
    return listEvents(pool, request.holder.account.id, order === 'oldest' ? { order, after } : { order, before }, limit);
  });
}
