import { type Command, InvalidArgumentError, Option } from 'commander';
import { accountAction, accountCommand, type AccountOption } from '../../accounts/index.ts';
import { fields } from '../../platform/cli/output.ts';
import type { CommandContext } from '../../platform/module.ts';
import { type AutopilotSettings, CONTENT_LANGUAGES, DROP_BEHIND_DAYS, QUEUE_WAIT_HOURS } from '../contract.ts';
import { readSettings, updateSettings } from '../settings/accountSettings.ts';

function onOff(value: string): boolean {
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new InvalidArgumentError('expected on or off');
}

function settingsText(settings: AutopilotSettings): string {
  const identity = settings.sender_identity;
  return fields({
    queue_wait: `${settings.queue_wait_hours} hours`,
    drop_behind: settings.drop_behind_days === null ? 'off' : `${settings.drop_behind_days} days`,
    skip_role_based: settings.skip_role_based ? 'on' : 'off',
    skip_free_providers: settings.skip_free_providers ? 'on' : 'off',
    excluded_domains: settings.excluded_domains.length > 0 ? settings.excluded_domains : '(none)',
    research_once: settings.research_once ? 'on' : 'off',
    content_language: settings.content_language,
    email_signature: settings.email_signature === null ? '(not set)' : settings.email_signature.replaceAll('\n', ' / '),
    sender_identity: identity === null ? '(not set)' : `${identity.name}, ${identity.company}, ${identity.postal_address.replaceAll('\n', ', ')}`,
    email_ready: settings.email_ready ? 'yes' : 'no: e-mail steps do not send until the signature and the sender identity are set',
  });
}

interface SetOptions extends AccountOption {
  queueWait?: string;
  dropBehind?: string;
  skipRoleBased?: boolean;
  skipFreeProviders?: boolean;
  excludedDomains?: string;
  researchOnce?: boolean;
  contentLanguage?: string;
  emailSignature?: string;
  senderName?: string;
  senderCompany?: string;
  senderAddress?: string;
  clearSenderIdentity?: boolean;
}

/** The options as a settings change, validated by the same rules as `PATCH /autopilot/settings`. */
function patchOf(options: SetOptions): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  if (options.queueWait !== undefined) patch.queue_wait_hours = Number(options.queueWait);
  if (options.dropBehind !== undefined) patch.drop_behind_days = options.dropBehind === 'off' ? null : Number(options.dropBehind);
  if (options.skipRoleBased !== undefined) patch.skip_role_based = options.skipRoleBased;
  if (options.skipFreeProviders !== undefined) patch.skip_free_providers = options.skipFreeProviders;
  if (options.excludedDomains !== undefined) patch.excluded_domains = options.excludedDomains.split(/[,;\s]+/).filter(Boolean);
  if (options.researchOnce !== undefined) patch.research_once = options.researchOnce;
  if (options.contentLanguage !== undefined) patch.content_language = options.contentLanguage;
  // The shell passes "\n" as two characters: read it as a line break, so a signature can have several lines.
  if (options.emailSignature !== undefined) patch.email_signature = options.emailSignature.replaceAll('\\n', '\n');
  if (options.clearSenderIdentity) patch.sender_identity = null;
  const identity = { name: options.senderName, company: options.senderCompany, postal_address: options.senderAddress?.replaceAll('\\n', '\n') };
  const given = Object.fromEntries(Object.entries(identity).filter(([, value]) => value !== undefined));
  if (Object.keys(given).length > 0) patch.sender_identity = given;
  return patch;
}

/** `prospect-engine settings show|set`: the account settings that affect the Autopilot. */
export function settingsCommands(program: Command, cli: CommandContext<unknown>): void {
  const settings = program.command('settings').description("an account's Autopilot settings (see docs/autopilot.md)");

  accountCommand(settings, 'show')
    .description('every setting, defaults included')
    .action(
      accountAction(cli, async ({ output, pool }, options: AccountOption) => {
        const current = await readSettings(pool, options.account);
        output.result(current, () => settingsText(current));
      }),
    );

  accountCommand(settings, 'set')
    .description('change the settings given; the others keep their values')
    .addOption(new Option('--queue-wait <hours>', 'how long a lead no Autopilot matches waits for the fallbacks (default 6)').choices(QUEUE_WAIT_HOURS.map(String)))
    .addOption(new Option('--drop-behind <days>', 'drop messages this far behind plan (default off)').choices(['off', ...DROP_BEHIND_DAYS.map(String)]))
    .option('--skip-role-based <on|off>', 'skip role addresses such as info@ or sales@ (default off)', onOff)
    .option('--skip-free-providers <on|off>', 'skip addresses at free mailbox providers (default off)', onOff)
    .option('--excluded-domains <list>', 'domains never researched or contacted, separated by commas; "" for none (replaces the list)')
    .option('--research-once <on|off>', 'research each contact only once (default on)', onOff)
    .addOption(new Option('--content-language <language>', "the account's language: research and messages are written in it").choices(CONTENT_LANGUAGES))
    .option('--email-signature <text>', 'the e-mail signature (\\n for a line break; "" to clear)')
    .option('--sender-name <name>', 'sender identity: who sends')
    .option('--sender-company <company>', 'sender identity: the company')
    .option('--sender-address <address>', 'sender identity: the postal address (\\n for a line break)')
    .option('--clear-sender-identity', 'remove the sender identity')
    .action(
      accountAction(cli, async ({ output, pool }, options: SetOptions) => {
        const updated = await updateSettings(pool, options.account, patchOf(options));
        output.result(updated, () => settingsText(updated));
      }),
    );
}
