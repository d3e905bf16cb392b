declare global {
  namespace GraphileWorker {
    interface Tasks {
      /** After an install: the property group and properties we write, created if missing; the portal's call dispositions read. */
      hubspot_setup_portal: { portalId: number };
      /** A portal's stored webhook events not processed yet, in the order they occurred. */
      hubspot_process_events: { portalId: number };
    }
  }
}

/** One events job per portal at a time (its own queue), however many batches arrive meanwhile (one key). */
export const eventsJob = (portalId: number) => ({ jobKey: `hubspot_events:${portalId}`, queueName: `hubspot_events:${portalId}` });

export {};
