import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { nonEmpty } from '../platform/env.ts';
import type { FeatureModule } from '../platform/module.ts';
import { PROJECT_ROOT } from '../platform/settings.ts';
import { dashboardRoutes } from './routes.ts';

export interface DashboardSettings {
  /** `DASHBOARD_DIR` (default `dashboard/dist`): the dashboard's built files; the engine never reads the dashboard's source. */
  dir: string;
}

/**
 * The dashboard (the `dashboard/` workspace, built by Vite) served at `/app`, and a browser asking for
 * `/` sent there. Off, with a line in the start-up log saying why, when the build is missing: the API
 * runs the same without it (`npm start` builds it first, see dashboard/ensureBuilt.mjs).
 */
export function dashboardModule(): FeatureModule<DashboardSettings> {
  return {
    name: 'dashboard',
    settings: (env) => ({ dir: resolve(PROJECT_ROOT, nonEmpty(env.DASHBOARD_DIR) ?? 'dashboard/dist') }),
    summary: ({ dir }) => (built(dir) ? `the dashboard is served at /app from ${dir}` : `no dashboard at /app: ${dir} has no index.html (npm run build -w dashboard makes it)`),
    routes: ({ open }, { settings }) => {
      if (built(settings.dir)) dashboardRoutes(open, settings.dir);
    },
  };
}

function built(dir: string): boolean {
  return existsSync(join(dir, 'index.html'));
}
