import { fileURLToPath } from 'node:url';
import type { FeatureModule } from '../platform/module.ts';
import { type Clock, systemClock } from '../platform/time.ts';
import { autopilotsCommands } from './commands/autopilots.ts';
import { contactsCommands } from './commands/contacts.ts';
import { leadsCommands } from './commands/leads.ts';
import { settingsCommands } from './commands/settings.ts';
import { autopilotRoutes } from './routes.ts';
import type { ChannelSender, MessageWriter, UnsubscribeLinks } from './sequence/ports.ts';
import { autopilotCron, autopilotTasks } from './tasks.ts';

export interface AutopilotModuleOptions {
  /** Where routing reads the time (the machine's clock unless a test moves its own). */
  clock?: Clock;
  /**
   * The channels touches go out on (the e-mail channel once it is wired in app/modules.ts). A step whose
   * channel has none here has no sender: it is skipped `no_sender`, and a lead none of whose remaining
   * steps can act ends `no_reachable_channel`. Never a pretend send.
   */
  channels?: ChannelSender[];
  /** The per-lead writer; without it touches wait, held with "no message writer is configured". */
  writer?: MessageWriter;
  /** The one-click unsubscribe link of a lead; without it e-mail touches wait, held with that reason. */
  unsubscribeLinks?: UnsubscribeLinks;
}

/**
 * The Autopilot: an account's Autopilots (documents validated against the published schema, their
 * order, on and off, archiving) and the settings that affect them; the CRM port that takes contacts
 * in; routing (skip rules, filters top to bottom, the waiting queue and its fallbacks) and enrolment
 * with research and its credit; leads; the explanation of each decision and the preview of a draft;
 * each lead's sequence: its touches planned at enrolment and sent by the send_touch task, paced by
 * its senders' windows, days and daily limits (see docs/autopilot.md).
 */
export function autopilotModule(options: AutopilotModuleOptions = {}): FeatureModule {
  const clock = options.clock ?? systemClock;
  return {
    name: 'autopilot',
    migrations: fileURLToPath(new URL('./migrations', import.meta.url)),
    routes: ({ withApiKey }, { pool }) => autopilotRoutes(withApiKey, pool, clock),
    tasks: ({ pool, log }) =>
      autopilotTasks({ pool, log, clock, channels: options.channels ?? [], writer: options.writer ?? null, unsubscribeLinks: options.unsubscribeLinks ?? null }),
    cron: () => autopilotCron(),
    commands(program, cli) {
      autopilotsCommands(program, cli);
      settingsCommands(program, cli);
      contactsCommands(program, cli);
      leadsCommands(program, cli);
    },
  };
}
