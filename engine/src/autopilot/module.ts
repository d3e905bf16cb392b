import { fileURLToPath } from 'node:url';
import type { FeatureModule } from '../platform/module.ts';
import { autopilotsCommands } from './commands/autopilots.ts';
import { settingsCommands } from './commands/settings.ts';
import { autopilotRoutes } from './routes.ts';

/**
 * The Autopilot's configuration: an account's Autopilots (documents validated against the published
 * schema, their order, on and off, archiving) and the account settings that affect them, through the
 * HTTP API and `prospect-engine autopilots|settings`. Routing contacts to them, leads and sending are
 * not built yet; routing reads `readRoutingTable` and runs `evaluateFilter` (see docs/autopilot.md).
 */
export function autopilotModule(): FeatureModule {
  return {
    name: 'autopilot',
    migrations: fileURLToPath(new URL('./migrations', import.meta.url)),
    routes: ({ withApiKey }, { pool }) => autopilotRoutes(withApiKey, pool),
    commands(program, cli) {
      autopilotsCommands(program, cli);
      settingsCommands(program, cli);
    },
  };
}
