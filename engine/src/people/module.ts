import { fileURLToPath } from 'node:url';
import type { FeatureModule } from '../platform/module.ts';
import { keyOrSessionAuthentication } from './authenticate.ts';
import { usersCommands } from './commands.ts';
import { PEOPLE_ERRORS } from './errors.ts';
import { authRoutes } from './routes.ts';
import { type PeopleSettings, peopleSettings, peopleSummary } from './settings.ts';
import { sweepPeople } from './sweep.ts';
import './tasks.ts';

/**
 * People and sign-in: users with e-mail and password, their memberships (account and role), server-side
 * sessions behind the `pr_session` cookie, and one-time links that create a sign-in. The authenticated
 * scope admits a session beside an API key, and checks the caller's role on every route.
 */
export function peopleModule(): FeatureModule<PeopleSettings> {
  return {
    name: 'people',
    errors: PEOPLE_ERRORS,
    migrations: fileURLToPath(new URL('./migrations', import.meta.url)),
    settings: peopleSettings,
    summary: peopleSummary,
    authentication: ({ pool, platform, settings }) => keyOrSessionAuthentication(pool, platform.apiKeyPrefix, settings),
    routes: ({ open }, { pool, settings }) => authRoutes(open, pool, settings),
    tasks: ({ pool, settings, log }) => ({
      people_sweep: async () => {
        const swept = await sweepPeople(pool, settings.idleMs);
        if (swept.sessions + swept.invitations + swept.attempts > 0) log.info(swept, 'ended sessions and used or expired links deleted');
      },
    }),
    cron: () => [{ task: 'people_sweep', match: '*/15 * * * *', options: { backfillPeriod: 0, maxAttempts: 1 } }],
    commands: usersCommands,
  };
}
