import { type Command, InvalidArgumentError } from 'commander';
import { accountAction, accountCommand, type AccountOption } from '../../accounts/index.ts';
import { positiveId } from '../../platform/cli/arguments.ts';
import { subjectArgument } from '../../platform/cli/subject.ts';
import { fields, table } from '../../platform/cli/output.ts';
import type { CommandContext } from '../../platform/module.ts';
import { systemClock } from '../../platform/time.ts';
import { LEAD_END_REASONS, LEAD_SORTS, type Lead, type LeadDetail, type LeadEndReason, type LeadOutcome, type LeadSort, type TimelineEntry } from '../contract.ts';
import { leadOutcome, listLeads, MAX_LEADS_PER_PAGE } from '../leads/leads.ts';
import { leadQueryOf } from '../leads/leadQuery.ts';
import { leadWithTimeline } from '../leads/timeline.ts';
import { closeLead } from '../outcomes/close.ts';

function outcomeOption(value: string): LeadOutcome {
  const outcome = leadOutcome(value);
  if (!outcome) throw new InvalidArgumentError('expected Active, Responded, Closed or Failed');
  return outcome;
}

/** A value of `values` as given, else commander's refusal naming them. */
const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: string): T => {
    if (!(values as readonly string[]).includes(value)) throw new InvalidArgumentError(`expected ${values.join(', ')}`);
    return value as T;
  };

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

const indent = (text: string, by = '      ') =>
  text
    .split('\n')
    .map((line) => `${by}${line}`)
    .join('\n');

/** One timeline entry for people: when, what, and a sent message's subject and body below it. */
export function timelineLine(entry: TimelineEntry): string {
  switch (entry.type) {
    case 'enrolled':
      return `${entry.at}  enrolled in ${JSON.stringify(entry.autopilot)} (${entry.enrolled_by})`;
    case 'ended':
      return `${entry.at}  ended: ${entry.outcome} (${entry.end_reason})`;
    case 'event': {
      const what = `${entry.kind.replace('_', ' ')}${entry.channel ? ` on ${entry.channel}` : ''}`;
      const effect =
        entry.effect === 'ended_lead'
          ? `ended the lead (${entry.end_reason})`
          : entry.effect === 'skipped_touches'
            ? 'skipped its queued touches on the channel'
            : entry.effect === 'lead_ended'
              ? 'recorded; the lead had ended before'
              : 'recorded';
      const auto = typeof entry.detail.auto_reply === 'string' ? `, an auto-reply (${entry.detail.auto_reply})` : '';
      const detail = Object.entries(entry.detail)
        .filter(([key]) => key !== 'text' && key !== 'auto_reply')
        .map(([key, value]) => `${key} ${JSON.stringify(value)}`)
        .join(', ');
      const text = typeof entry.detail.text === 'string' ? `\n${indent(entry.detail.text)}` : '';
      return `${entry.at}  ${what}: ${effect}${auto}${detail ? ` [${detail}]` : ''}${text}`;
    }
    case 'touch': {
      const what = entry.kind === entry.channel ? entry.channel : `${entry.channel} ${entry.kind.replace('_', ' ')}`;
      const head = `${entry.at}  step ${entry.step} (day ${entry.day}) ${what}: ${entry.state}`;
      const state =
        entry.state === 'skipped'
          ? ` (${entry.skip_reason})`
          : entry.state === 'scheduled'
            ? ` for ${entry.due_at}${entry.due_at === entry.planned_at ? '' : ` (planned ${entry.planned_at}${entry.held_reason ? `, held: ${entry.held_reason}` : ''})`}`
            : '';
      const message = [entry.subject === null ? null : `subject: ${entry.subject}`, entry.body].filter((line) => line !== null).join('\n');
      return `${head}${state}${message ? `\n${indent(message)}` : ''}`;
    }
  }
}

function detailText(lead: LeadDetail): string {
  return [fields({ ...row(lead), ended_at: lead.ended_at }), '', 'timeline', ...lead.timeline.map((entry) => indent(timelineLine(entry), '  '))].join('\n');
}

/** `prospect-engine leads list|show|close`. */
interface ListOptions {
  autopilot?: string;
  outcome?: LeadOutcome;
  endReason?: LeadEndReason;
  enrolledFrom?: string;
  enrolledTo?: string;
  email?: string;
  sort?: LeadSort;
  limit?: number;
  before?: number;
  cursor?: string;
}

export function leadsCommands(program: Command, cli: CommandContext<unknown>): void {
  const leads = program.command('leads').description("an account's leads: contacts enrolled in its Autopilots (see docs/autopilot.md)");

  accountCommand(leads, 'list')
    .description('leads, newest first unless --sort says otherwise')
    .option('--autopilot <name>', "one Autopilot's leads (case does not matter)")
    .option('--outcome <outcome>', 'Active, Responded, Closed or Failed', outcomeOption)
    .option('--end-reason <reason>', 'leads that ended for this reason (replied, sequence_ended, ...)', oneOf(LEAD_END_REASONS))
    .option('--enrolled-from <date>', 'enrolled at or after: a date (midnight UTC) or a time with its offset')
    .option('--enrolled-to <date>', 'enrolled before: a date (midnight UTC) or a time with its offset')
    .option('--email <start>', "the start of the contact's address, or all of it (any case)")
    .option('--sort <sort>', LEAD_SORTS.join(', '), oneOf(LEAD_SORTS))
    .option('--limit <n>', `at most this many (default 100, at most ${MAX_LEADS_PER_PAGE})`, limitOption)
    .option('--before <lead>', 'newest first: leads older than this one (the next page)', positiveId)
    .option('--cursor <cursor>', 'the page after the one that printed it (any sort)')
    .action(
      accountAction(cli, async ({ output, pool }, options: AccountOption & ListOptions) => {
        const { account, enrolledFrom, enrolledTo, endReason, ...rest } = options;
        const page = await listLeads(pool, account, leadQueryOf({ ...rest, end_reason: endReason, enrolled_from: enrolledFrom, enrolled_to: enrolledTo }));
        const more = page.next_before ? `more: --before ${page.next_before}` : page.next_cursor ? `more: --cursor ${page.next_cursor}` : undefined;
        output.result(page, () => [table(page.leads.map(row)), ...(more ? [more] : [])].join('\n'));
      }),
    );

  subjectArgument(accountCommand(leads, 'show'), 'lead', 'the lead', positiveId, '--lead <id>')
    .description('one lead and its timeline: enrolment, each touch (planned, sent with its message, skipped and why), replies, bounces, activities, its end')
    .action(
      accountAction(cli, async ({ output, pool }, options: AccountOption, leadId: number) => {
        const lead = await leadWithTimeline(pool, options.account, leadId);
        output.result(lead, () => detailText(lead));
      }),
    );

  accountCommand(leads, 'close')
    .description('close an active lead by hand (Closed, "closed manually"; its queued touches are cancelled); cannot be undone, and a lead that has ended stays as it was')
    .argument('<lead>', 'the lead', positiveId)
    .action(
      accountAction(cli, async ({ output, pool }, options: AccountOption, lead: number) => {
        const closed = await closeLead(pool, options.account, lead, systemClock);
        output.result(closed, () => [closed.text, '', fields(row(closed.lead))].join('\n'));
      }),
    );
}
