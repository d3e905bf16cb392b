import { observe } from '../platform/ops/metrics.ts';
import { Webhook } from 'standardwebhooks';
import type { Pool, Queryable } from '../platform/database/database.ts';
import type { Logger } from '../platform/logger.ts';
import { safeFetch, SafeFetchError, type SafeFetchOptions } from '../platform/net/safeFetch.ts';
import { addJob } from '../platform/queue/tasks.ts';
import type { Secrets } from '../platform/secrets.ts';
import type { Clock } from '../platform/time.ts';
import type { EventType, LeadEvent } from './contract.ts';
import { eventOf, type EventRow } from './feed.ts';
import { SECRET_PURPOSE } from './subscriptions.ts';
import { deliveryJob } from './tasks.ts';

/** A subscription whose deliveries have failed this long is disabled. */
export const GIVE_UP_AFTER_MS = 24 * 3600_000;
/** Waits between tries: 5 s, doubling with each failure in a row, at most an hour. */
const FIRST_WAIT_MS = 5_000;
const LONGEST_WAIT_MS = 3600_000;
/** One delivery's deadline (connect, send, answer). */
const DELIVERY_TIMEOUT_MS = 10_000;
/** Events read per round. */
const ROUND = 100;

export interface DeliveryDependencies {
  pool: Pool;
  secrets: Secrets;
  clock: Clock;
  log: Logger;
  /** The operator's switch (WEBHOOKS_ALLOW_PRIVATE_TARGETS): targets on private addresses and any port. */
  allowPrivateTargets: boolean;
  /** Tests only: what safeFetch lets through besides (a test receiver's address). */
  fetchOptions?: Pick<SafeFetchOptions, 'allowAddress' | 'allowPorts' | 'lookup'>;
}

interface Subscription {
  id: string;
  account_id: string;
  url: string;
  events: EventType[];
  autopilot_id: string | null;
  secret: string;
  cursor: string;
  failing_since: Date | null;
  failures: number;
  disabled_at: Date | null;
}

/** The headers of one delivery, signed as the Standard Webhooks specification says (HMAC-SHA256 over id, timestamp and body). */
export function signedHeaders(secret: string, event: LeadEvent, body: string, at: Date): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': event.id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(event.id, at, body),
  };
}

/**
 * Delivers a subscription's events not delivered yet, oldest first, one request each, until none is
 * left or one fails. A 2xx moves its cursor on; anything else (an error answer, no answer, a target
 * the private-address guard refuses) keeps the event, and the job queues itself again after a wait that
 * doubles with each failure in a row (5 s to an hour). Failing for a day, or a 410 Gone, disables the
 * subscription, which says why in `GET /webhooks`. At least once: a delivery whose answer was lost is
 * sent again with the same `webhook-id`.
 */
export async function deliverWebhooks(deps: DeliveryDependencies, subscriptionId: number, signal: AbortSignal): Promise<{ delivered: number }> {
  // One job at a time per subscription, in order: a second one (queued while this one finishes) waits
  // here a moment, then reads the cursor this one left. The lock is the session's: a dying process frees it.
  const lock = await deps.pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [`webhooks:${subscriptionId}`]);
    // Its statements go through the lock's own connection: a job never needs a second one from the pool.
    return await deliverLocked({ ...deps, db: lock }, subscriptionId, signal);
  } finally {
    await lock.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [`webhooks:${subscriptionId}`]).catch(() => undefined);
    lock.release();
  }
}

type Locked = DeliveryDependencies & { db: Queryable };

async function deliverLocked(deps: Locked, subscriptionId: number, signal: AbortSignal): Promise<{ delivered: number }> {
  const { db, clock } = deps;
  const { rows } = await db.query<Subscription>('SELECT * FROM webhook_subscriptions WHERE id = $1', [subscriptionId]);
  const subscription = rows[0];
  if (!subscription || subscription.disabled_at) return { delivered: 0 };
  const secret = deps.secrets.open(SECRET_PURPOSE, subscription.secret);
  let cursor = Number(subscription.cursor);
  let delivered = 0;
  for (;;) {
    const { rows: events } = await db.query<EventRow>(
      `SELECT seq, id, type, occurred_at, account_id, autopilot_id, lead_id, contact_source, contact_id, data FROM events
       WHERE account_id = $1 AND seq > $2
         AND ((subscription_id IS NULL AND type = ANY($3::text[]) AND ($4::bigint IS NULL OR autopilot_id = $4)) OR subscription_id = $5)
       ORDER BY seq LIMIT ${ROUND}`,
      [subscription.account_id, cursor, subscription.events, subscription.autopilot_id, subscriptionId],
    );
    if (events.length === 0) return { delivered };
    for (const row of events) {
      if (signal.aborted) {
        await addJob(db, 'deliver_webhooks', { subscriptionId }, deliveryJob(subscriptionId));
        return { delivered };
      }
      const event = eventOf(row);
      const body = JSON.stringify(event);
      const failure = await post(deps, subscription.url, signedHeaders(secret, event, body, clock.now()), body, signal);
      const triedAt = clock.now();
      if (failure !== undefined) {
        await failed(deps, subscription, failure);
        await recordAttempt(db, subscriptionId, row.seq, triedAt, failure.error);
        observe.webhookDelivery('failed');
        return { delivered };
      }
      cursor = Number(row.seq);
      delivered += 1;
      await db.query(`UPDATE webhook_subscriptions SET cursor = $2, last_delivered_at = $3, failing_since = NULL, failures = 0, last_error = NULL WHERE id = $1`, [
        subscriptionId,
        cursor,
        clock.now(),
      ]);
      await recordAttempt(db, subscriptionId, row.seq, triedAt, undefined);
      observe.webhookDelivery('delivered');
    }
  }
}

/** Adds a try to the event's delivery record (GET /webhooks/{id}/deliveries): delivered, or failed and why. */
async function recordAttempt(db: Queryable, subscriptionId: number, eventSeq: string, at: Date, error: string | undefined): Promise<void> {
  await db.query(
    `INSERT INTO webhook_deliveries AS d (subscription_id, event_seq, status, attempts, last_error, created_at, last_attempt_at, delivered_at)
     VALUES ($1, $2, $3, 1, $4, $5, $5, $6)
     ON CONFLICT (subscription_id, event_seq) DO UPDATE
       SET status = excluded.status, attempts = d.attempts + 1, last_error = excluded.last_error, last_attempt_at = excluded.last_attempt_at, delivered_at = excluded.delivered_at`,
    [subscriptionId, eventSeq, error === undefined ? 'delivered' : 'failed', error ?? null, at, error === undefined ? at : null],
  );
}

/** Sends one delivery; answers why it failed, or undefined when the target took it (2xx). */
async function post(deps: DeliveryDependencies, url: string, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<{ error: string; gone: boolean } | undefined> {
  try {
    const answer = await safeFetch(url, {
      signal,
      post: { body, headers },
      timeoutMs: DELIVERY_TIMEOUT_MS,
      maxBytes: 64 * 1024,
      accept: '*/*',
      userAgent: 'ProspectResearch-Webhooks/1',
      allowPrivateNetwork: deps.allowPrivateTargets,
      ...deps.fetchOptions,
    });
    if (answer.status >= 200 && answer.status < 300) return undefined;
    return { error: `HTTP ${answer.status}`, gone: answer.status === 410 };
  } catch (error) {
    return { error: error instanceof SafeFetchError ? error.message : String(error), gone: false };
  }
}

async function failed(deps: Locked, subscription: Subscription, failure: { error: string; gone: boolean }): Promise<void> {
  const now = deps.clock.now();
  const since = subscription.failing_since ?? now;
  const failures = subscription.failures + 1;
  const giveUp = failure.gone || now.getTime() - since.getTime() >= GIVE_UP_AFTER_MS;
  const reason = failure.gone ? 'the target answered 410 Gone' : `deliveries failed for 24 hours (since ${since.toISOString()}); the last: ${failure.error}`;
  await deps.db.query(`UPDATE webhook_subscriptions SET failing_since = coalesce(failing_since, $2), failures = $3, last_error = $4, disabled_at = $5, disabled_reason = $6 WHERE id = $1`, [
    subscription.id,
    since,
    failures,
    failure.error,
    giveUp ? now : null,
    giveUp ? reason : null,
  ]);
  if (giveUp) {
    observe.webhookDelivery('disabled');
    deps.log.warn({ subscriptionId: Number(subscription.id), reason }, 'webhook subscription disabled');
    return;
  }
  const waitMs = Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - 1));
  await addJob(deps.db, 'deliver_webhooks', { subscriptionId: Number(subscription.id) }, { ...deliveryJob(Number(subscription.id)), runAt: new Date(now.getTime() + waitMs) });
  deps.log.info({ subscriptionId: Number(subscription.id), failures, waitMs, error: failure.error }, 'webhook delivery failed: tried again later');
}
