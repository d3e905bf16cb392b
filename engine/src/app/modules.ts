import { accountsModule } from '../accounts/index.ts';
import { autopilotModule } from '../autopilot/index.ts';
import { dashboardModule } from '../dashboard/index.ts';
import { demoModule } from '../demo/index.ts';
import { eventsModule } from '../events/index.ts';
import { peopleModule } from '../people/index.ts';
import type { FeatureModule } from '../platform/module.ts';
import { researchModule } from '../research/index.ts';
import { extensionModules } from './extensions.ts';

/**
 * The composition: every feature module `prospect-engine` runs (`serve`, `worker`, `migrate` and the
 * ops commands), in order. A module's migrations run after those of the modules before it, so it may
 * build on their tables. The built-in features come first; then extension packages installed beside
 * the engine (see extensions.ts), which switch themselves on from their own environment variables.
 */
export async function engineModules(): Promise<FeatureModule[]> {
  return [accountsModule(), peopleModule(), researchModule(), autopilotModule(), eventsModule(), dashboardModule(), demoModule(), ...(await extensionModules())];
}
