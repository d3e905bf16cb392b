import type { Command } from 'commander';
import { accountAction, accountCommand, type AccountOption } from '../../accounts/index.ts';
import { fields } from '../../platform/cli/output.ts';
import type { CommandContext } from '../../platform/module.ts';
import { systemClock } from '../../platform/time.ts';
import type { ContactErased, ContactRouting } from '../contract.ts';
import { eraseContact } from '../erasure/eraseContact.ts';
import { assignContact, reprocessContact } from '../routing/byHand.ts';
import { readContactRouting } from '../routing/contactRouting.ts';
import { API_SOURCE, type CrmSource, isSourceName } from '../intake/source.ts';
import { InvalidArgumentError } from 'commander';
import { subjectArgument } from '../../platform/cli/subject.ts';

interface ContactOptions extends AccountOption {
  source: string;
}

/** `--source`: where the contact comes from (`api` unless given: a HubSpot portal's is `hubspot:<portal id>`). */
function sourceOption(text: string): string {
  if (!isSourceName(text)) throw new InvalidArgumentError("expected api, or a CRM app's source such as hubspot:12345");
  return text;
}

const sourceOf = (options: ContactOptions): CrmSource => ({ accountId: options.account, source: options.source });

/** A contact's routing for people: where it is, then why, each skip rule, each Autopilot checked and its rules. */
export function contactText(contact: ContactRouting): string {
  const { explanation, lead } = contact;
  const lines = [
    fields({
      contact: contact.id,
      source: contact.source,
      email: contact.email ?? '(none valid)',
      state: contact.reason ? `${contact.state} (${contact.reason})` : contact.state,
      autopilot: contact.autopilot,
      research_id: contact.research_id,
      lead: lead && `${lead.id}, ${lead.outcome}${lead.end_reason ? ` (${lead.end_reason})` : ''}`,
      created_at: contact.created_at,
      received_at: contact.received_at,
      decided_at: contact.decided_at,
      next_check_at: contact.next_check_at,
      queue_wait_ends_at: contact.queue_wait_ends_at,
      ...(contact.erased_at ? { erased_at: contact.erased_at } : {}),
    }),
  ];
  if (!explanation) return [...lines, '', 'Not routed yet: routing looks at a new contact within seconds.'].join('\n');
  lines.push('', explanation.text);
  if (explanation.skip_rules.length > 0) lines.push('', 'skip rules', ...explanation.skip_rules.map((check) => `  ${check.applies ? 'skips' : 'passes'}: ${check.text}`));
  if (explanation.autopilots.length > 0) {
    lines.push('', 'autopilots checked, in order');
    for (const check of explanation.autopilots) {
      lines.push(`  ${check.pass === 'fallback' ? '(fallback pass) ' : ''}${check.text}`, ...check.rules.map((rule) => `      ${rule.text}`));
    }
  }
  return lines.join('\n');
}

/** What an erasure did, for people: the contact, then what was erased and kept, in words. */
export function erasedText(erased: ContactErased): string {
  const counts = Object.entries(erased.erased).filter(([, count]) => count > 0);
  return [
    fields({
      contact: erased.id,
      source: erased.source,
      state: erased.state,
      lead: erased.lead_id,
      erased_at: erased.erased_at,
      already_erased: erased.already_erased ? 'yes' : 'no',
      suppressed: erased.suppressed ? 'yes (a hash of the address keeps its opt-out)' : 'no',
    }),
    '',
    erased.text,
    ...(counts.length > 0 ? ['', 'erased', ...counts.map(([kind, count]) => `  ${kind}: ${count}`)] : []),
  ].join('\n');
}

/** The contact a command acts on: its argument, the CRM's id (`--contact` is the older form), and where it comes from. */
const contactCommand = (parent: Command, name: string) =>
  subjectArgument(accountCommand(parent, name), 'contact', "the CRM's contact id", String, '--contact <id>').option(
    '--source <source>',
    "where the contact comes from: api, or a HubSpot portal's hubspot:<portal id>",
    sourceOption,
    API_SOURCE,
  );

/** `prospect-engine contacts explain|reprocess|assign|erase`. */
export function contactsCommands(program: Command, cli: CommandContext<unknown>): void {
  const contacts = program.command('contacts').description('contacts a CRM sent to the Autopilot: where routing put them and why (see docs/autopilot.md)');

  contactCommand(contacts, 'explain')
    .description("where routing put a contact and why: each skip rule, each Autopilot checked in order, each rule against the contact's value")
    .action(
      accountAction(cli, async ({ output, pool }, options: ContactOptions, contactId: string) => {
        const contact = await readContactRouting(pool, sourceOf(options), contactId);
        output.result(contact, () => contactText(contact));
      }),
    );

  contactCommand(contacts, 'reprocess')
    .description('route an abandoned contact again, now: skip rules, the Autopilots top to bottom, then the fallbacks; enrolled, it is researched and a credit is spent')
    .action(
      accountAction(cli, async ({ output, pool }, options: ContactOptions, contactId: string) => {
        const { contact } = await reprocessContact(pool, systemClock, sourceOf(options), contactId);
        output.result(contact, () => contactText(contact));
      }),
    );

  contactCommand(contacts, 'assign')
    .description('enrol an abandoned contact in the Autopilot named (switched on), whatever its filter says; it is researched and a credit is spent')
    .requiredOption('--autopilot <name>', 'the Autopilot (case does not matter)')
    .action(
      accountAction(cli, async ({ output, pool }, options: ContactOptions & { autopilot: string }, contactId: string) => {
        const { contact } = await assignContact(pool, systemClock, sourceOf(options), contactId, options.autopilot);
        output.result(contact, () => contactText(contact));
      }),
    );

  contactCommand(contacts, 'erase')
    .description(
      "erase a contact: removed as the CRM's deletion does (its active lead closed), then everything personal about it erased: properties, research, messages, replies, events (a privacy deletion); the ledger and the counts are kept",
    )
    .action(
      accountAction(cli, async ({ output, pool, log }, options: ContactOptions, contactId: string) => {
        const erased = await eraseContact(pool, sourceOf(options), contactId, systemClock, { by: 'cli', log });
        output.result(erased, () => erasedText(erased));
      }),
    );
}
