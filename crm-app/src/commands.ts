import { type CommandContext, fields, type FeatureModule, getAccount, positiveId, systemClock, table } from '@prospect-research/engine';
import { installLink } from './oauth/links.ts';
import { disconnectPortal, listPortals } from './portals.ts';
import type { HubSpotSettings } from './settings.ts';

/** The engine's commander program (the engine's own commander version). */
type Command = Parameters<NonNullable<FeatureModule['commands']>>[0];

/** `prospect-engine hubspot install-link|portals list|disconnect`. */
export function hubspotCommands(program: Command, cli: CommandContext<HubSpotSettings>): void {
  const hubspot = program.command('hubspot').description('the HubSpot app: install links for CRM admins, connected portals (see crm-app/README.md)');

  hubspot
    .command('install-link')
    .description("a signed link (7 days) a CRM admin opens to connect their HubSpot portal to this account")
    .requiredOption('--account <id>', 'account id', positiveId)
    .action(
      cli.action(async ({ output, pool, settings }, options: { account: number }) => {
        const account = await getAccount(pool, options.account);
        const link = installLink(settings, account.id, systemClock.now());
        output.result({ account_id: account.id, url: link.url, expires_at: link.expiresAt.toISOString() }, () =>
          fields({ account: `${account.id} (${account.name})`, url: link.url, expires_at: link.expiresAt.toISOString() }),
        );
      }),
    );

  hubspot
    .command('portals')
    .description('HubSpot portals that installed the app')
    .command('list')
    .description('every portal, the account it feeds, whether it is connected')
    .action(
      cli.action(async ({ output, pool }) => {
        const portals = (await listPortals(pool)).map((portal) => ({
          portal_id: Number(portal.portal_id),
          account_id: Number(portal.account_id),
          hub_domain: portal.hub_domain,
          state: portal.state,
          installed_at: portal.installed_at.toISOString(),
          disconnected_at: portal.disconnected_at?.toISOString() ?? null,
          disconnect_reason: portal.disconnect_reason,
          set_up_at: portal.setup_at?.toISOString() ?? null,
        }));
        output.result({ portals }, () => table(portals));
      }),
    );

  hubspot
    .command('disconnect')
    .description("drop a portal's tokens: its contacts are no longer taken and nothing is written to it (installing again reconnects it)")
    .requiredOption('--portal <id>', 'HubSpot portal (hub) id', positiveId)
    .action(
      cli.action(async ({ output, pool }, options: { portal: number }) => {
        const done = await disconnectPortal(pool, options.portal, 'cli', systemClock.now());
        output.result({ portal_id: options.portal, disconnected: done }, () =>
          done ? `portal ${options.portal} disconnected` : `portal ${options.portal} was not connected: nothing changed`,
        );
      }),
    );
}
