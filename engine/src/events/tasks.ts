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

/**
 * One pending delivery job per subscription however many events arrive. Not a named queue: a job
 * queued while the previous one finishes would wait for the worker's next poll (graphile-worker is not
 * told when a queue frees); the job takes the subscription's lock instead (delivery.ts).
 */
export const deliveryJob = (subscriptionId: number) => ({ jobKey: `webhooks:${subscriptionId}` });
