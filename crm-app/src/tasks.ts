import type { CronPayload } from '@prospect-research/engine';

declare global {
  namespace GraphileWorker {
    interface Tasks {
      /** After an install: the property group and properties we write, created if missing; the portal's call dispositions read. */
      hubspot_setup_portal: { portalId: number };
      /** A portal's stored webhook events not processed yet, in the order they occurred. */
      hubspot_process_events: { portalId: number };
      /** A portal's contacts whose lead changed since last written: batch updates in HubSpot; then its new research briefs as notes. */
      hubspot_writeback: { portalId: number };
      /** Every minute: each connected portal's writeback and timeline queued. */
      hubspot_writeback_sweep: CronPayload;
      /** Every hour: each portal with tokens whose access token is due is refreshed, so an uninstall is noticed even in a quiet portal. */
      hubspot_check_installs: CronPayload;
      /** A portal's contacts modified since its sweep cursor, searched for changes of the properties the Autopilots read that no webhook sends. */
      hubspot_sweep_contacts: { portalId: number };
      /** Every few minutes: each connected portal's sweep queued, what each portal watches told to the engine, portals set up by an earlier release set up again. */
      hubspot_sweep_portals: CronPayload;
      /** A blocked workflow action execution ("Research this contact"): its research looked at, and once ended the execution completed in HubSpot. */
      hubspot_workflow_complete: { callbackId: string };
      /** A portal's new lead events (touches sent, replies, leads' ends) sent to its contacts' HubSpot timelines as app events. */
      hubspot_timeline: { portalId: number };
    }
  }
}

/**
 * One events job per portal at a time (its own queue), however many batches arrive meanwhile (one key).
 * Batches arriving while it waits for HubSpot keep its time (`preserve_run_at`): HubSpot is not asked at
 * the pace they arrive.
 */
export const eventsJob = (portalId: number) => ({ jobKey: `hubspot_events:${portalId}`, queueName: `hubspot_events:${portalId}`, jobKeyMode: 'preserve_run_at' as const });

/** One writeback per portal at a time, one pending however often it is asked for. */
export const writebackJob = (portalId: number) => ({ jobKey: `hubspot_writeback:${portalId}`, queueName: `hubspot_writeback:${portalId}` });

/** A portal's setup (the install queues it with the same key): one pending at a time. */
export const setupJob = (portalId: number) => ({ jobKey: `hubspot_setup:${portalId}` });

/** One sweep per portal at a time (its own queue), one pending however often it is asked for. */
export const sweepJob = (portalId: number) => ({ jobKey: `hubspot_sweep:${portalId}`, queueName: `hubspot_sweep:${portalId}` });

/** One timeline job per portal at a time (its own queue: its cursor moves in order), one pending however often it is asked for. */
export const timelineJob = (portalId: number) => ({ jobKey: `hubspot_timeline:${portalId}`, queueName: `hubspot_timeline:${portalId}` });
