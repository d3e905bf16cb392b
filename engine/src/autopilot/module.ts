import { fileURLToPath } from 'node:url';
import type { FeatureModule } from '../platform/module.ts';
import { type Clock, systemClock } from '../platform/time.ts';
import { autopilotsCommands } from './commands/autopilots.ts';
import { contactsCommands } from './commands/contacts.ts';
import { leadsCommands } from './commands/leads.ts';
import { settingsCommands } from './commands/settings.ts';
import { leadOutcomes } from './outcomes/signals.ts';
import { unsubscribeRoutes } from './outcomes/unsubscribe.ts';
import { autopilotRoutes } from './routes.ts';
import { autopilotCron, autopilotTasks } from './tasks.ts';

export interface AutopilotModuleOptions {
  /** Where routing reads the time (the machine's clock unless a test moves its own). */
  clock?: Clock;
}

/**
 * The Autopilot: an account's Autopilots (documents validated against the published schema, their
 * order, on and off, archiving) and the settings that affect them; the CRM port that takes contacts
 * in; routing (skip rules, filters top to bottom, the waiting queue and its fallbacks) and enrolment
 * with research and its credit; leads, their timeline and outcomes (replies, bounces, unsubscribes and
 * their open links, CRM activities, property-change stops, manual close, stats); the explanation of each
 * decision and the preview of a draft. Sending sequences is another part (see docs/autopilot.md).
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
    tasks: ({ pool, log }) => autopilotTasks({ pool, log, clock }),
    cron: () => autopilotCron(),
    commands(program, cli) {
      autopilotsCommands(program, cli);
      settingsCommands(program, cli);
      contactsCommands(program, cli);
      leadsCommands(program, cli);
    },
  };
}
