import Type, { type Static } from 'typebox';

/** The lead events an account's webhooks and `GET /events` carry (docs/events.md). */
export const EVENT_TYPES = ['contact.skipped', 'contact.waiting', 'contact.abandoned', 'lead.enrolled', 'touch.sent', 'touch.skipped', 'lead.responded', 'lead.closed', 'credits.threshold'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
/** What a delivery carries: the lead events, and `webhook.test`, sent to one subscription when asked (`POST /webhooks/{id}/test`). */
export const DELIVERED_EVENT_TYPES = [...EVENT_TYPES, 'webhook.test'] as const;
export type DeliveredEventType = (typeof DELIVERED_EVENT_TYPES)[number];

const nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const timestamp = (description = 'ISO 8601 with offset') => Type.String({ description });

/** One event, as delivered (the webhook body) and listed. */
export const leadEventSchema = Type.Object(
  {
    id: Type.String({ description: "Stable: a receiver deduplicates by it (it is also the delivery's `webhook-id`)." }),
    type: Type.Enum(DELIVERED_EVENT_TYPES, { description: '`webhook.test` only in a delivery asked for by `POST /webhooks/{id}/test`.' }),
    timestamp: timestamp('When the change happened, ISO 8601.'),
    account_id: Type.Integer(),
    autopilot_id: nullable(Type.Integer()),
    lead_id: nullable(Type.Integer()),
    contact_id: nullable(Type.String()),
    contact_source: nullable(Type.String({ description: "Where the contact comes from: `api`, or a CRM app's source (`hubspot:<portal id>`); null when there is no contact." })),
    data: Type.Record(Type.String(), Type.Unknown()),
  },
  { additionalProperties: false },
);
export type LeadEvent = Static<typeof leadEventSchema>;

/** `GET /events`: oldest first; `next_after` pages on (null when this page was the last). */
export const eventPageSchema = Type.Object(
  {
    events: Type.Array(leadEventSchema),
    next_after: nullable(Type.String({ description: 'Oldest first: pass as `after` for the next page; null on the last page, and with `order=newest`.' })),
    next_before: Type.Optional(nullable(Type.String({ description: 'With `order=newest` only: pass as `before` for the next (older) page; null on the last page.' }))),
  },
  { additionalProperties: false },
);
export type EventPage = Static<typeof eventPageSchema>;

/** The body of `POST /webhooks`. */
export const webhookInputSchema = Type.Object(
  {
    url: Type.String({ maxLength: 2048, description: 'An http or https address; a private one only where WEBHOOKS_ALLOW_PRIVATE_TARGETS=true.' }),
    events: Type.Array(Type.Enum(EVENT_TYPES), { minItems: 1 }),
    autopilot: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "Only this Autopilot's events (its name)." })),
  },
  { additionalProperties: false },
);

/** A webhook subscription as `GET /webhooks` shows it; the signing secret only in the answer to its creation. */
export const webhookViewSchema = Type.Object(
  {
    id: Type.Integer(),
    url: Type.String(),
    events: Type.Array(Type.Enum(EVENT_TYPES)),
    autopilot: nullable(Type.String({ description: "Only this Autopilot's events; null for all of the account's." })),
    state: Type.Enum(['active', 'failing', 'disabled']),
    created_at: timestamp(),
    last_delivered_at: nullable(timestamp()),
    failing_since: nullable(timestamp()),
    last_error: nullable(Type.String()),
    disabled_at: nullable(timestamp()),
    disabled_reason: nullable(Type.String()),
    secret: Type.Optional(Type.String({ description: '`whsec_...`: shown once, in the answer to `POST /webhooks`.' })),
  },
  { additionalProperties: false },
);
export type WebhookView = Static<typeof webhookViewSchema>;

/** One event a subscription tried to deliver, as `GET /webhooks/{id}/deliveries` lists it. */
export const webhookDeliverySchema = Type.Object(
  {
    id: Type.Integer(),
    event_id: Type.String({ description: "The event's id (the delivery's `webhook-id`)." }),
    event_type: Type.Enum(DELIVERED_EVENT_TYPES),
    status: Type.Enum(['delivered', 'failed'], { description: '`failed`: its last try failed; it is tried again while the webhook is not disabled.' }),
    attempts: Type.Integer({ minimum: 1 }),
    last_error: nullable(Type.String({ description: "Why the last try failed: the target's HTTP status, or the connection's error." })),
    created_at: timestamp('Its first try.'),
    last_attempt_at: timestamp(),
    delivered_at: nullable(timestamp()),
  },
  { additionalProperties: false },
);
export type WebhookDelivery = Static<typeof webhookDeliverySchema>;

/** `GET /webhooks/{id}/deliveries`: newest first; `next_before` pages on (null when this page was the last). */
export const webhookDeliveryPageSchema = Type.Object({ deliveries: Type.Array(webhookDeliverySchema), next_before: nullable(Type.Integer()) }, { additionalProperties: false });
export type WebhookDeliveryPage = Static<typeof webhookDeliveryPageSchema>;

/** `POST /webhooks/{id}/test`: the test event queued for delivery to that webhook alone. */
export const webhookTestSchema = Type.Object({ event: leadEventSchema, text: Type.String() }, { additionalProperties: false });
export type WebhookTest = Static<typeof webhookTestSchema>;

export const webhookListSchema = Type.Object({ webhooks: Type.Array(webhookViewSchema) }, { additionalProperties: false });

/** The body of `PUT /credit-alerts`. */
export const creditAlertsInputSchema = Type.Object({ email: Type.String({ description: 'Who receives the alerts.' }) }, { additionalProperties: false });

/** `GET|PUT|DELETE /credit-alerts`: whether they are on, to whom, from which mailbox, and the latest ones. */
export const creditAlertsViewSchema = Type.Object(
  {
    enabled: Type.Boolean(),
    email: nullable(Type.String({ description: 'Who receives them; null while they are off.' })),
    thresholds: Type.Array(Type.Integer(), { description: 'Percentages of the monthly credits.' }),
    from: nullable(Type.String({ description: "The mailbox they are sent from (the account's first); null when the account has none, and then none is sent." })),
    recent: Type.Array(
      Type.Object(
        {
          threshold: Type.Integer(),
          cycle_start: Type.String(),
          state: Type.Enum(['sent', 'not_sent']),
          recipient: nullable(Type.String()),
          detail: nullable(Type.String()),
          at: Type.String(),
        },
        { additionalProperties: false },
      ),
      { description: 'The latest alerts, newest first: sent, or not sent and why.' },
    ),
  },
  { additionalProperties: false },
);
