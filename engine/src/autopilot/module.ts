import { fileURLToPath } from 'node:url';
import type { FeatureModule } from '../platform/module.ts';
import { Secrets } from '../platform/secrets.ts';
import type { PlatformSettings } from '../platform/settings.ts';
import { type Clock, systemClock } from '../platform/time.ts';
import { autopilotsCommands } from './commands/autopilots.ts';
import { contactsCommands } from './commands/contacts.ts';
import { leadsCommands } from './commands/leads.ts';
import { settingsCommands } from './commands/settings.ts';
import { leadOutcomes } from './outcomes/signals.ts';
import { unsubscribeRoutes, unsubscribeUrl } from './outcomes/unsubscribe.ts';
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
  /**
   * The one-click unsubscribe link of a lead. By default the signed `PUBLIC_URL/unsubscribe/<token>`
   * link the unsubscribe routes verify, when SECRET_KEY is set; without one, e-mail touches wait, held
   * with that reason.
   */
  unsubscribeLinks?: UnsubscribeLinks;
}

/** The engine's own unsubscribe links, signed with SECRET_KEY; null when it is not set. */
function signedUnsubscribeLinks(platform: PlatformSettings): UnsubscribeLinks | null {
  if (platform.secretKey === undefined) return null;
  const secrets = new Secrets(platform.secretKey);
  return ({ leadId }) => unsubscribeUrl(platform.publicUrl, secrets, leadId);
}

/**
 * The Autopilot: an account's Autopilots (documents validated against the published schema, their
 * order, on and off, archiving) and the settings that affect them; the CRM port that takes contacts
 * in; routing (skip rules, filters top to bottom, the waiting queue and its fallbacks) and enrolment
 * with research and its credit; leads, their timeline and outcomes (replies, bounces, unsubscribes and
 * their open links, CRM activities, property-change stops, manual close, stats); the explanation of each
 * decision and the preview of a draft; each lead's sequence: its touches planned at enrolment and sent
 * by the send_touch task, paced by its senders' windows, days and daily limits (see docs/autopilot.md).
 */
export function autopilotModule(options: AutopilotModuleOptions = {}): FeatureModule {
  const clock = options.clock ?? systemClock;
  return {
    name: 'autopilot',
    migrations: fileURLToPath(new URL('./migrations', import.meta.url)),
    routes: ({ withApiKey, open }, { pool, platform, log }) => {
      autopilotRoutes(withApiKey, pool, clock);
      unsubscribeRoutes(open, { pool, clock, log, signals: leadOutcomes(pool, clock), secretKey: platform.secretKey });
    },
    tasks: ({ pool, log, platform }) =>
      autopilotTasks({
        pool,
        log,
        clock,
        channels: options.channels ?? [],
        writer: options.writer ?? null,
        unsubscribeLinks: options.unsubscribeLinks ?? signedUnsubscribeLinks(platform),
      }),
    cron: () => autopilotCron(),
    commands(program, cli) {
      autopilotsCommands(program, cli);
      settingsCommands(program, cli);
      contactsCommands(program, cli);
      leadsCommands(program, cli);
    },
  };
}
