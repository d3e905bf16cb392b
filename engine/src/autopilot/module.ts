import { fileURLToPath } from 'node:url';
import type { CommandContext, FeatureModule } from '../platform/module.ts';
import { type Clock, systemClock } from '../platform/time.ts';
import { autopilotsCommands } from './commands/autopilots.ts';
import { contactsCommands } from './commands/contacts.ts';
import { leadsCommands } from './commands/leads.ts';
import { settingsCommands } from './commands/settings.ts';
import { type EmailChannel, type EmailSettings, emailSettings } from './channels/email/channel.ts';
import { autopilotRoutes } from './routes.ts';
import { autopilotCron, autopilotTasks } from './tasks.ts';

export interface AutopilotModuleOptions {
  /** Where routing reads the time (the machine's clock unless a test moves its own). */
  clock?: Clock;
  /** The e-mail channel (`emailChannel({signals})`): its mailboxes API and commands, its reader's tasks. Absent: no mailboxes. */
  email?: EmailChannel;
}

/** The Autopilot's own environment: the e-mail channel's (README, configuration table). */
export interface AutopilotModuleSettings {
  email: EmailSettings;
}

/**
 * The Autopilot: an account's Autopilots (documents validated against the published schema, their
 * order, on and off, archiving) and the settings that affect them; the CRM port that takes contacts
 * in; routing (skip rules, filters top to bottom, the waiting queue and its fallbacks) and enrolment
 * with research and its credit; leads; the explanation of each decision and the preview of a draft;
 * with the `email` option, the e-mail channel's mailboxes and its reader (channels/email/). The
 * sequence runtime is not built yet (see docs/autopilot.md).
 */
export function autopilotModule(options: AutopilotModuleOptions = {}): FeatureModule<AutopilotModuleSettings | undefined> {
  const clock = options.clock ?? systemClock;
  const { email } = options;
  return {
    name: 'autopilot',
    settings: (env) => ({ email: emailSettings(env) }),
    ...(email && {
      summary: (settings: AutopilotModuleSettings | undefined) => {
        const { allowPrivateHosts, idleSeconds } = settings?.email ?? emailSettings({});
        const reading = idleSeconds > 0 ? `read every minute, then ${idleSeconds} s in IMAP IDLE (a worker slot each while waiting)` : 'read every minute (no IDLE)';
        return `e-mail channel on: mailboxes ${reading}; mail servers on private addresses ${allowPrivateHosts ? 'allowed' : 'refused'}`;
      },
    }),
    migrations: fileURLToPath(new URL('./migrations', import.meta.url)),
    routes: ({ withApiKey }, { pool, platform, settings }) => {
      autopilotRoutes(withApiKey, pool, clock);
      email?.routes(withApiKey, { pool, secretKey: platform.secretKey, settings: settings?.email ?? emailSettings({}) });
    },
    tasks: ({ pool, log, platform, settings }) => ({
      ...autopilotTasks({ pool, log, clock }),
      ...email?.tasks({ pool, log, secretKey: platform.secretKey, settings: settings?.email ?? emailSettings({}) }),
    }),
    cron: () => [...autopilotCron(), ...(email?.cron() ?? [])],
    commands(program, cli) {
      autopilotsCommands(program, cli);
      settingsCommands(program, cli);
      contactsCommands(program, cli);
      leadsCommands(program, cli);
      email?.commands(program, cli as CommandContext<unknown>);
    },
  };
}
