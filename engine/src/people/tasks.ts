import type { CronPayload } from '../platform/queue/tasks.ts';

declare global {
  namespace GraphileWorker {
    interface Tasks {
      /** Every quarter hour: sessions, one-time links and sign-in counters no request can use any more, deleted. */
      people_sweep: CronPayload;
    }
  }
}
