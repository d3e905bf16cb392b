import { type CommandContext, fields, type FeatureModule, getAccount, positiveId, subjectArgument, systemClock, table } from '@prospect-research/engine';
import { claimPortal } from './oauth/claims.ts';
import { installLink } from './oauth/links.ts';
import { disconnectWithHubSpot, listPortals, RELEASED } from './portals.ts';
import { queuePortalSetup } from './setup.ts';
import type { HubSpotSettings } from './settings.ts';

/** The engine's commander program (the engine's own commander version). */
type Command = Parameters<NonNullable<FeatureModule['commands']>>[0];

/** The portal a command acts on: its argument, the HubSpot portal (hub) id (`--portal` is the older form). */
const portalCommand = (parent: Command, name: string) => subjectArgument(parent.command(name), 'portal', 'HubSpot portal (hub) id', positiveId, '--portal <id>');

/** `prospect-engine hubspot install-link|claim|portals list|disconnect|setup`. */
export function hubspotCommands(program: Command, cli: CommandContext<HubSpotSettings>): void {
  const hubspot = program.command('hubspot').description('the HubSpot app: install links for CRM admins, connected portals (see crm-app/README.md)');

  hubspot
    .command('install-link')
    .description('a signed link (7 days) a CRM admin opens to connect their HubSpot portal to this account')
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
    .command('claim')
    .description('attach a portal installed from HubSpot to an account, with the one-time claim code its install page showed')
    .requiredOption('--account <id>', 'account id', positiveId)
    .requiredOption('--code <code>', 'the claim code (XXXX-XXXX-XXXX-XXXX-XXXX)')
    .action(
      cli.action(async ({ output, pool }, options: { account: number; code: string }) => {
        const account = await getAccount(pool, options.account);
        const claimed = await claimPortal(pool, account.id, options.code, systemClock.now());
        output.result(claimed, () => `portal ${claimed.portal_id} (${claimed.hub_domain ?? 'no domain'}) now sends its contacts to account ${account.id} (${account.name})`);
      }),
    );

  hubspot
    .command('portals')
    .description('HubSpot portals that installed the app')
    .command('list')
    .description('every portal, the account it feeds, whether it is connected (unclaimed: installed from HubSpot, no account yet)')
    .action(
      cli.action(async ({ output, pool }) => {
        const portals = (await listPortals(pool)).map((portal) => ({
          portal_id: Number(portal.portal_id),
          account_id: portal.account_id === null ? null : Number(portal.account_id),
          hub_domain: portal.hub_domain,
          state: portal.state,
          claim_code_expires_at: portal.claim_code_expires_at?.toISOString() ?? null,
          installed_at: portal.installed_at.toISOString(),
          disconnected_at: portal.disconnected_at?.toISOString() ?? null,
          disconnect_reason: portal.disconnect_reason,
          set_up_at: portal.setup_at?.toISOString() ?? null,
        }));
        output.result({ portals }, () => table(portals));
      }),
    );

  portalCommand(hubspot, 'disconnect')
    .description(
      'uninstall the app from a portal in HubSpot (or revoke its access), then drop its tokens: its contacts are no longer taken and nothing is written to it (installing again reconnects it)',
    )
    .action(
      cli.action(async ({ output, pool, settings }, portal: number) => {
        const release = await disconnectWithHubSpot(pool, settings, portal, systemClock.now());
        if (release === undefined) {
          output.result({ portal_id: portal, disconnected: false }, () => `portal ${portal} was not connected: nothing changed`);
          return;
        }
        if ('problem' in release) output.note(`HubSpot: ${release.problem}`);
        output.result({ portal_id: portal, disconnected: true, hubspot: release.outcome }, () => `portal ${portal} disconnected; ${RELEASED[release.outcome]}`);
      }),
    );

  portalCommand(hubspot, 'setup')
    .description("set a connected portal's properties up again now (after a setup that failed; portals set up by an earlier release are set up again by themselves)")
    .action(
      cli.action(async ({ output, pool }, portal: number) => {
        const queued = await queuePortalSetup(pool, portal);
        output.result({ portal_id: portal, queued }, () => (queued ? `portal ${portal}: setup queued` : `portal ${portal} is not connected: nothing queued`));
      }),
    );
}
