import { fileURLToPath } from 'node:url';
import { callConcurrency, openaiSettings } from '../integrations/index.ts';
import type { ErrorStatuses } from '../platform/errors.ts';
import type { CommandContext, FeatureModule } from '../platform/module.ts';
import { Secrets } from '../platform/secrets.ts';
import type { PlatformSettings } from '../platform/settings.ts';
import { type Clock, systemClock } from '../platform/time.ts';
import { type EmailChannel, emailChannel } from './channels/email/channel.ts';
import type { ChannelPlug } from './channels/plug.ts';
import { type UnipileChannels, unipileChannels } from './channels/unipile/channel.ts';
import { autopilotsCommands } from './commands/autopilots.ts';
import { contactsCommands } from './commands/contacts.ts';
import { leadsCommands } from './commands/leads.ts';
import { settingsCommands } from './commands/settings.ts';
import { AUTOPILOT_ERRORS } from './errors.ts';
import { leadOutcomes, leadSignals } from './outcomes/signals.ts';
import { unsubscribeRoutes, unsubscribeUrl } from './outcomes/unsubscribe.ts';
import { autopilotRoutes } from './routes.ts';
import type { ChannelSender, MessageWriter, UnsubscribeLinks } from './sequence/ports.ts';
import { autopilotCron, autopilotTasks } from './tasks.ts';
import { messageWriterFrom } from './writer/messageWriter.ts';

export interface AutopilotModuleOptions {
  /** Where routing reads the time (the machine's clock unless a test moves its own). */
  clock?: Clock;
  /**
   * The e-mail channel: the mailboxes API and commands (engine/src/mailboxes/), its reader's tasks, and
   * its sender. By default the real one (channels/email/); null for none.
   */
  email?: EmailChannel | null;
  /**
   * The linkedin, whatsapp and telegram channels (seats connected to Unipile): their seats API and
   * commands, their senders, and what the leads say back (Unipile's webhooks and the catch-up poll).
   * By default the real ones (channels/unipile/); null for none.
   */
  unipile?: UnipileChannels | null;
  /**
   * Other channels touches go out on. One given for `email` (or linkedin, whatsapp, telegram) replaces
   * that channel's own sender (a test's own). A step whose channel has no sender at all waits (see docs/autopilot.md); never a
   * pretend send.
   */
  channels?: ChannelSender[];
  /** The per-lead writer. By default the one the `OPENAI_*` variables configure; without one touches wait, held with "no message writer is configured". */
  writer?: MessageWriter | null;
  /**
   * The one-click unsubscribe link of a lead. By default the signed `PUBLIC_URL/unsubscribe/<token>`
   * link the unsubscribe routes verify, when SECRET_KEY is set; without one, e-mail touches wait, held
   * with that reason.
   */
  unsubscribeLinks?: UnsubscribeLinks;
}

/** The Autopilot's own environment: each channel's (by its plug's name), and the writer the `OPENAI_*` variables configure (the research writer's model). */
export interface AutopilotModuleSettings {
  channels: Record<string, unknown>;
  writer: MessageWriter | undefined;
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
 * decision and the preview of a draft; each lead's sequence: its touches planned at enrolment, written
 * per lead (writer/) and sent by the send_touch task through its channels (the e-mail channel's
 * mailboxes, channels/email/; linkedin, whatsapp and telegram through the seats of channels/unipile/),
 * paced by their windows, days and limits (see docs/autopilot.md).
 */
export function autopilotModule(options: AutopilotModuleOptions = {}): FeatureModule<AutopilotModuleSettings> {
  const clock = options.clock ?? systemClock;
  const email = options.email === undefined ? emailChannel({ clock }) : options.email;
  const unipile = options.unipile === undefined ? unipileChannels({ clock }) : options.unipile;
  // Method parameters are bivariant: each plug takes its own settings, found by its name.
  const plugs = [email, unipile].filter((plug) => plug !== null) as ChannelPlug<unknown>[];
  const given = options.channels ?? [];
  const own = plugs.flatMap((plug) => plug.senders);
  const channels = [...own.filter((sender) => !given.some((channel) => channel.channel === sender.channel)), ...given];
  const writerOf = (settings: AutopilotModuleSettings) => (options.writer === undefined ? settings.writer : options.writer);
  const settingsOf = (plug: ChannelPlug<unknown>) => (moduleSettings: unknown) => (moduleSettings as AutopilotModuleSettings | undefined)?.channels[plug.name];
  return {
    name: 'autopilot',
    errors: plugs.reduce<ErrorStatuses>((errors, plug) => ({ ...errors, ...plug.errors }), AUTOPILOT_ERRORS),
    settings: (env, platform) => ({
      channels: Object.fromEntries(plugs.map((plug) => [plug.name, plug.settings(env)])),
      writer: messageWriterFrom({ openai: openaiSettings(env), concurrency: callConcurrency(env, platform) }),
    }),
    summary: (settings) => {
      const writer = writerOf(settings) ? 'messages written per lead by the model' : 'no message writer (OPENAI_* unset): touches wait';
      return [writer, ...plugs.map((plug) => plug.summary(settings.channels[plug.name]))].join('; ');
    },
    migrations: fileURLToPath(new URL('./migrations', import.meta.url)),
    routes: (scopes, { pool, platform, log, settings }) => {
      autopilotRoutes(scopes.withApiKey, pool, clock);
      unsubscribeRoutes(scopes.open, { pool, clock, log, signals: leadOutcomes(pool, clock), secretKey: platform.secretKey });
      for (const plug of plugs) plug.routes(scopes, { pool, secretKey: platform.secretKey, publicUrl: platform.publicUrl, settings: settings.channels[plug.name], signals: leadSignals(pool, clock) });
    },
    tasks: ({ pool, log, platform, settings }) => ({
      ...autopilotTasks({
        pool,
        log,
        clock,
        channels,
        writer: writerOf(settings) ?? null,
        unsubscribeLinks: options.unsubscribeLinks ?? signedUnsubscribeLinks(platform),
      }),
      ...Object.assign({}, ...plugs.map((plug) => plug.tasks({ pool, log, secretKey: platform.secretKey, settings: settings.channels[plug.name], signals: leadSignals(pool, clock) }))),
    }),
    cron: (settings) => [...autopilotCron(), ...plugs.flatMap((plug) => plug.cron(settings.channels[plug.name]))],
    commands(program, cli) {
      autopilotsCommands(program, cli);
      settingsCommands(program, cli);
      contactsCommands(program, cli);
      leadsCommands(program, cli);
      for (const plug of plugs) plug.commands(program, cli as CommandContext<unknown>, settingsOf(plug));
    },
  };
}
