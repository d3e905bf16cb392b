import { type Command, InvalidArgumentError } from 'commander';
import { accountAction, type AccountOption, accountCommand } from '../../accounts/commands/accountCommand.ts';
import { positiveId } from '../../platform/cli/arguments.ts';
import { fields, table } from '../../platform/cli/output.ts';
import type { CommandContext } from '../../platform/module.ts';
import type { Lead, LeadOutcome } from '../contract.ts';
import { leadOutcome, listLeads, MAX_LEADS_PER_PAGE, showLead } from '../leads/leads.ts';

function outcomeOption(value: string): LeadOutcome {
  const outcome = leadOutcome(value);
  if (!outcome) throw new InvalidArgumentError('expected Active, Responded, Closed or Failed');
  return outcome;
}

function limitOption(value: string): number {
  const limit = positiveId(value);
  if (limit > MAX_LEADS_PER_PAGE) throw new InvalidArgumentError(`expected at most ${MAX_LEADS_PER_PAGE}`);
  return limit;
}

function row(lead: Lead) {
  return {
    lead: lead.id,
    contact: lead.contact_id,
    email: lead.email,
    autopilot: lead.autopilot,
    by: lead.enrolled_by,
    outcome: lead.outcome,
    end_reason: lead.end_reason,
    research: lead.research_reused ? `${lead.research_id} (reused)` : lead.research_id,
    enrolled_at: lead.enrolled_at,
  };
}

/** `prospect-engine leads list|show`. */
export function leadsCommands(program: Command, cli: CommandContext<unknown>): void {
  const leads = program.command('leads').description("an account's leads: contacts enrolled in its Autopilots (see docs/autopilot.md)");

  accountCommand(leads, 'list')
    .description('leads, newest first')
    .option('--autopilot <name>', "one Autopilot's leads (case does not matter)")
    .option('--outcome <outcome>', 'Active, Responded, Closed or Failed', outcomeOption)
    .option('--limit <n>', `at most this many (default 100, at most ${MAX_LEADS_PER_PAGE})`, limitOption)
    .option('--before <lead>', 'leads older than this one (the next page)', positiveId)
    .action(
      accountAction(cli, async ({ output, pool }, options: AccountOption & { autopilot?: string; outcome?: LeadOutcome; limit?: number; before?: number }) => {
        const page = await listLeads(pool, options.account, options);
        output.result(page, () => [table(page.leads.map(row)), ...(page.next_before ? [`more: --before ${page.next_before}`] : [])].join('\n'));
      }),
    );

  accountCommand(leads, 'show')
    .description('one lead')
    .requiredOption('--lead <id>', 'the lead', positiveId)
    .action(
      accountAction(cli, async ({ output, pool }, options: AccountOption & { lead: number }) => {
        const lead = await showLead(pool, options.account, options.lead);
        output.result(lead, () => fields(row(lead)));
      }),
    );
}
