import type { CronPayload } from '../platform/queue/tasks.ts';

declare global {
  namespace GraphileWorker {
    interface Tasks {
      /** A subscription's events not delivered yet, in order (queued by the events table's trigger). */
      deliver_webhooks: { subscriptionId: number };
      /** Every day: events older than the retention period deleted. */
      events_retention: CronPayload;
    }
  }
}

/** One delivery job per subscription at a time, in order; one pending however many events arrive. */
export const deliveryJob = (subscriptionId: number) => ({ jobKey: `webhooks:${subscriptionId}`, queueName: `webhooks:${subscriptionId}` });
