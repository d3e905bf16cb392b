import { type Pool, transaction } from '../platform/database/database.ts';
import { addJob } from '../platform/queue/tasks.ts';
import { isoWithOffset, type Clock } from '../platform/time.ts';
import type { DeliveredEventType, WebhookDelivery, WebhookDeliveryPage, WebhookTest } from './contract.ts';
import { eventOf, type EventRow } from './feed.ts';
import { webhookNotFound } from './subscriptions.ts';
import { deliveryJob } from './tasks.ts';

/** Deliveries a page holds at most, and by default. */
export const MAX_DELIVERIES_PER_PAGE = 100;
const DEFAULT_PAGE = 20;

interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: DeliveredEventType;
  status: 'delivered' | 'failed';
  attempts: number;
  last_error: string | null;
  created_at: Date;
  last_attempt_at: Date;
  delivered_at: Date | null;
}

function view(row: DeliveryRow): WebhookDelivery {
  return {
    id: Number(row.id),
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    created_at: isoWithOffset(row.created_at),
    last_attempt_at: isoWithOffset(row.last_attempt_at),
    delivered_at: row.delivered_at ? isoWithOffset(row.delivered_at) : null,
  };
}

async function ownSubscription(pool: Pool, accountId: number, subscriptionId: number): Promise<void> {
  const { rows } = await pool.query('SELECT 1 FROM webhook_subscriptions WHERE account_id = $1 AND id = $2', [accountId, subscriptionId]);
  if (!rows[0]) throw webhookNotFound(String(subscriptionId));
}

/**
 * `GET /webhooks/{id}/deliveries?before=&limit=`: the events the webhook tried to deliver, newest
 * first, a page at a time (keyset on the delivery's id, which its index holds in that order).
 */
export async function listDeliveries(pool: Pool, accountId: number, subscriptionId: number, before?: number, limit = DEFAULT_PAGE): Promise<WebhookDeliveryPage> {
  await ownSubscription(pool, accountId, subscriptionId);
  const { rows } = await pool.query<DeliveryRow>(
    `SELECT d.id, e.id AS event_id, e.type AS event_type, d.status, d.attempts, d.last_error, d.created_at, d.last_attempt_at, d.delivered_at
     FROM webhook_deliveries d JOIN events e ON e.seq = d.event_seq
     WHERE d.subscription_id = $1 AND ($2::bigint IS NULL OR d.id < $2)
     ORDER BY d.id DESC LIMIT $3`,
    [subscriptionId, before ?? null, limit + 1],
  );
  const deliveries = rows.slice(0, limit).map(view);
  return { deliveries, next_before: rows.length > limit ? deliveries.at(-1)!.id : null };
}

/**
 * `POST /webhooks/{id}/test`: a `webhook.test` event for this webhook alone, delivered by its
 * delivery job like any event (in order, signed, retried): it reaches the target after the events
 * queued before it. A disabled webhook keeps it until it is subscribed again, which is to say never.
 */
export async function sendTestEvent(pool: Pool, accountId: number, subscriptionId: number, clock: Clock): Promise<WebhookTest> {
  return transaction(pool, async (client) => {
    const { rows: found } = await client.query<{ disabled_at: Date | null }>('SELECT disabled_at FROM webhook_subscriptions WHERE account_id = $1 AND id = $2', [accountId, subscriptionId]);
    if (!found[0]) throw webhookNotFound(String(subscriptionId));
    const now = clock.now();
    const { rows } = await client.query<EventRow>(
      `INSERT INTO events (account_id, type, occurred_at, subscription_id, data) VALUES ($1, 'webhook.test', $2, $3, $4)
       RETURNING seq, id, type, occurred_at, account_id, autopilot_id, lead_id, contact_source, contact_id, data`,
      [accountId, now, subscriptionId, { webhook_id: subscriptionId, text: 'A test event from Prospect Research: this webhook receives and checks signed deliveries.' }],
    );
    await addJob(client, 'deliver_webhooks', { subscriptionId }, deliveryJob(subscriptionId));
    const text = found[0].disabled_at
      ? `Test event queued, but webhook ${subscriptionId} is disabled: it is not delivered`
      : `Test event queued for webhook ${subscriptionId}: see it under its deliveries`;
    return { event: eventOf(rows[0]!), text };
  });
}
