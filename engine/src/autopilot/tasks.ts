import type { Pool } from '../platform/database/database.ts';
import type { Logger } from '../platform/logger.ts';
import type { CronItem, CronPayload, Tasks } from '../platform/queue/tasks.ts';
import type { Clock } from '../platform/time.ts';
import { ROUTING_PRIORITY } from './intake/routingJob.ts';
import { bouncedAtSend } from './outcomes/signals.ts';
import { routeAccount } from './routing/routeAccount.ts';
import { sweepDueContacts } from './routing/route.ts';
import type { ChannelSender, MessageWriter, UnsubscribeLinks } from './sequence/ports.ts';
import { forgetPastDays } from './sequence/senderLoad.ts';
import { sendTouchTask } from './sequence/sendTouchTask.ts';

export interface RouteContactsPayload {
  accountId: number;
}

export interface SendTouchPayload {
  touchId: number;
}

declare global {
  namespace GraphileWorker {
    interface Tasks {
      /** Routes an account's contacts due now, one run per account at a time: queued after new contacts and property changes, one pending per account. */
      route_contacts: RouteContactsPayload;
      /** Cron: routes every account's contacts due now: waiting ones due a look, and any a routing job missed. */
      recheck_contacts: CronPayload;
      /** Cron, hourly: deletes the senders' day counts no sender still lives in (senderLoad.ts). */
      forget_sender_days: CronPayload;
      /** Sends one touch of a lead's sequence when it is due (key `touch:<id>`; ending the lead removes it). */
      send_touch: SendTouchPayload;
    }
  }
}

export interface AutopilotTaskDeps {
  pool: Pool;
  log: Logger;
  clock: Clock;
  /** The channels that can send (none: every step's channel has no sender, see docs/autopilot.md). */
  channels?: readonly ChannelSender[];
  writer?: MessageWriter | null;
  unsubscribeLinks?: UnsubscribeLinks | null;
}

/** The Autopilot's task handlers. */
export function autopilotTasks({ pool, log, clock, channels = [], writer = null, unsubscribeLinks = null }: AutopilotTaskDeps): Tasks {
  const runtime = { pool, log, clock, channels, writer, unsubscribeLinks, bouncedAtSend };
  return {
    send_touch: async (payload, helpers) => {
      const touchId = (payload as Partial<SendTouchPayload> | null)?.touchId;
      if (!Number.isSafeInteger(touchId)) {
        log.error({ payload }, 'send_touch task without a touchId; dropped');
        return;
      }
      await sendTouchTask(runtime, touchId!, helpers.abortSignal ?? new AbortController().signal);
    },
    route_contacts: async (payload) => {
      // A payload is JSON from the database: one queued by hand or by an older version may be anything.
      const accountId = (payload as Partial<RouteContactsPayload> | null)?.accountId;
      if (!Number.isSafeInteger(accountId)) {
        log.error({ payload }, 'route_contacts task without an accountId; dropped');
        return;
      }
      const routed = await routeAccount(pool, clock, accountId!);
      log.debug({ accountId, routed }, 'contacts routed');
    },
    forget_sender_days: async () => {
      const forgotten = await forgetPastDays(pool, clock.now());
      if (forgotten > 0) log.debug({ forgotten }, "past days of the senders' counts deleted");
    },
    recheck_contacts: async () => {
      const routed = await sweepDueContacts(pool, clock);
      if (Object.values(routed).some((count) => count > 0)) log.info({ routed }, 'due contacts routed by the sweep');
    },
  };
}

/**
 * The routing sweep, every minute, one attempt (one that fails is simply run again a minute later),
 * ahead of the main runner's other work as routing jobs are; the senders' past days, hourly.
 */
export function autopilotCron(): CronItem[] {
  return [
    { task: 'recheck_contacts', match: '* * * * *', options: { maxAttempts: 1, backfillPeriod: 0, priority: ROUTING_PRIORITY } },
    { task: 'forget_sender_days', match: '17 * * * *', options: { maxAttempts: 1, backfillPeriod: 0 } },
  ];
}
