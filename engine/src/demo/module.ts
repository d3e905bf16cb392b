import type { FeatureModule } from '../platform/module.ts';
import { demoCommands } from './command.ts';

/** The demo: `prospect-engine demo` fills a "Demo" account with sample data. No routes, tasks or tables of its own. */
export function demoModule(): FeatureModule {
  return { name: 'demo', commands: demoCommands };
}
