import { type Command, InvalidArgumentError } from 'commander';
import { accountAction, accountCommand, type AccountOption } from '../../accounts/index.ts';
import { positiveId } from '../../platform/cli/arguments.ts';
import { subjectArgument } from '../../platform/cli/subject.ts';
import { fields, table } from '../../platform/cli/output.ts';
import type { CommandContext } from '../../platform/module.ts';
import { type Applied, applyAutopilots, archiveAutopilot, listAutopilots, reorderAutopilots, showAutopilot, switchAutopilot } from '../config/autopilots.ts';
import type { AutopilotView, Preview } from '../contract.ts';
import { DEFAULT_PREVIEW_CONTACTS, MAX_PREVIEW_CONTACTS, previewAutopilot } from '../preview/preview.ts';
import { AppError } from '../../platform/errors.ts';
import { systemClock } from '../../platform/time.ts';
import { describeFilter } from '../filter/phrases.ts';
import { problemLines } from '../../platform/validation/index.ts';
import { autopilotStats } from '../outcomes/stats.ts';
import { readDocumentFile } from './documentFile.ts';

function state(autopilot: AutopilotView): string {
  if (autopilot.archived_at) return 'archived';
  return autopilot.enabled ? 'on' : 'off';
}

function summary(autopilot: AutopilotView) {
  return {
    position: autopilot.position,
    name: autopilot.name,
    state: state(autopilot),
    fallback: autopilot.fallback ? 'yes' : 'no',
    filter: describeFilter(autopilot.filter),
    channels: autopilot.channels,
    goal: autopilot.goal.type,
    steps: autopilot.sequence.length,
    problems: autopilot.problems.length,
  };
}

/** An Autopilot for people: its fields, its steps, its problems. */
function details(autopilot: AutopilotView): string {
  const { sequence, problems, filter, stop_conditions: stops, goal } = autopilot;
  const stopWords = [
    stops.reply && 'reply',
    stops.call_connected && 'connected call',
    stops.meeting_booked && 'booked meeting',
    stops.invite_accepted && 'invite accepted',
    ...stops.property_changes.map((change) => `${change.property} ${change.value === null ? 'changes' : `becomes ${change.value}`}`),
  ].filter(Boolean);
  const goalInput = goal.calendar_link ?? goal.pricing_url ?? (goal.questions && goal.questions.map((q, i) => `${i + 1}. ${q}`).join(' '));
  return [
    fields({
      name: autopilot.name,
      state: state(autopilot),
      position: autopilot.position,
      fallback: autopilot.fallback ? 'yes' : 'no',
      filter: describeFilter(filter),
      channels: autopilot.channels,
      tone: autopilot.tone,
      goal: goalInput ? `${goal.type}: ${goalInput}` : goal.type,
      lead_origin: autopilot.lead_origin,
      threading: autopilot.threading ? 'on' : 'off',
      stops_on: stopWords,
      revision: autopilot.revision,
      enabled_at: autopilot.enabled_at,
      archived_at: autopilot.archived_at,
    }),
    '',
    'sequence',
    table(sequence.map((step, index) => ({ step: index + 1, day: step.day, channel: step.channel, kind: step.kind, angle: oneLine(step.angle), signals: step.signals }))),
    ...(problems.length > 0 ? ['', 'problems', ...problemLines(problems)] : []),
  ].join('\n');
}

/** An angle on one table row: line breaks as " / ", long ones cut (`show --json` has it whole). */
function oneLine(text: string, max = 100): string {
  const line = text.replaceAll('\n', ' / ');
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

function appliedText(applied: Applied[], dryRun: boolean): string {
  return applied
    .map(({ action, autopilot }) => {
      const head = `${dryRun ? `would be ${action}` : action}: "${autopilot.name}" (position ${autopilot.position}, ${state(autopilot)}, revision ${autopilot.revision})`;
      return [head, ...problemLines(autopilot.problems)].join('\n');
    })
    .join('\n');
}

const listText = (autopilots: AutopilotView[]) => table(autopilots.map(summary));

function previewCount(value: string): number {
  const count = positiveId(value);
  if (count > MAX_PREVIEW_CONTACTS) throw new InvalidArgumentError(`expected at most ${MAX_PREVIEW_CONTACTS}`);
  return count;
}

function previewText(preview: Preview): string {
  const taken = preview.taken_from.map((from) => `${from.contacts} from "${from.autopilot}"`);
  return [
    `"${preview.autopilot}" at position ${preview.position}${preview.fallback ? ' (a fallback)' : ''}, against the last ${preview.contacts_checked} contacts received:`,
    fields({
      would_match: preview.would_match,
      would_enrol: preview.would_enrol,
      taken_from: taken.length > 0 ? taken : '(none)',
      from_waiting: preview.from_waiting,
      still_waiting: preview.still_waiting,
      skipped: preview.skipped,
    }),
    '',
    table(
      preview.contacts.map((contact) => ({
        contact: contact.id,
        email: contact.email,
        matches: contact.matches ? 'yes' : 'no',
        today: contact.today.autopilot ?? contact.today.state,
        with_draft: contact.with_draft.autopilot ?? contact.with_draft.state,
      })),
    ),
  ].join('\n');
}

/** The Autopilot a command acts on: its argument (`--name` is the older form). */
const autopilotCommand = (parent: Command, name: string) => subjectArgument(accountCommand(parent, name), 'name', 'the Autopilot (case does not matter)', String, '--name <name>');

/** `prospect-engine autopilots apply|list|show|enable|disable|archive|order`. */
export function autopilotsCommands(program: Command, cli: CommandContext<unknown>): void {
  const autopilots = program.command('autopilots').description("configure an account's Autopilots (see docs/autopilot.md)");

  accountCommand(autopilots, 'apply')
    .description('create or update Autopilots by name from a JSON or YAML file (one document, a list, or YAML documents separated by ---), all or none; prints every problem')
    .requiredOption('--file <file>', 'the document file')
    .option('--dry-run', 'validate and show what would change, without changing anything')
    .action(
      accountAction(cli, async ({ output, pool }, options: AccountOption & { file: string; dryRun?: boolean }) => {
        const documents = await readDocumentFile(options.file);
        const applied = await applyAutopilots(pool, options.account, documents, { dryRun: options.dryRun });
        output.result(applied, () => appliedText(applied, options.dryRun ?? false));
      }),
    );

  accountCommand(autopilots, 'list')
    .description("the account's Autopilots, top to bottom (the order routing checks them in)")
    .option('--archived', 'also list archived Autopilots, after the others')
    .action(
      accountAction(cli, async ({ output, pool }, options: AccountOption & { archived?: boolean }) => {
        const list = await listAutopilots(pool, options.account, { archived: options.archived });
        output.result(list, () => listText(list));
      }),
    );

  autopilotCommand(autopilots, 'show')
    .description('one Autopilot: its document, its steps and its problems')
    .action(
      accountAction(cli, async ({ output, pool }, options: AccountOption, name: string) => {
        const autopilot = await showAutopilot(pool, options.account, name);
        output.result(autopilot, () => details(autopilot));
      }),
    );

  for (const [command, enabled, description] of [
    ['enable', true, 'switch an Autopilot on: contacts created from now on are routed to it (refused while a goal lacks its input or a step lacks its channel; what PATCH /autopilots/{name} does)'],
    ['disable', false, 'switch an Autopilot off (what PATCH /autopilots/{name} does)'],
  ] as const) {
    autopilotCommand(autopilots, command)
      .description(description)
      .action(
        accountAction(cli, async ({ output, pool }, options: AccountOption, name: string) => {
          const autopilot = await switchAutopilot(pool, options.account, name, enabled);
          output.result(autopilot, () => [`"${autopilot.name}" is ${state(autopilot)}`, ...problemLines(autopilot.problems)].join('\n'));
        }),
      );
  }

  autopilotCommand(autopilots, 'archive')
    .description('archive an Autopilot: switched off for good and out of the order; its name is free again (what DELETE /autopilots/{name} does)')
    .action(
      accountAction(cli, async ({ output, pool }, options: AccountOption, name: string) => {
        const autopilot = await archiveAutopilot(pool, options.account, name);
        output.result(autopilot, () => `"${autopilot.name}" is archived`);
      }),
    );

  accountCommand(autopilots, 'preview')
    .description(
      'a draft Autopilot (one document in a file) against the contacts received last: who it would match, who it would take from the Autopilots below it, who would still wait; nothing is stored',
    )
    .requiredOption('--file <file>', 'the draft document (JSON or YAML)')
    .option('--contacts <n>', `how many of the contacts received last (default ${DEFAULT_PREVIEW_CONTACTS}, at most ${MAX_PREVIEW_CONTACTS})`, previewCount)
    .option('--position <n>', 'where the draft would sit (default: where its Autopilot is, or the bottom)', positiveId)
    .action(
      accountAction(cli, async ({ output, pool }, options: AccountOption & { file: string; contacts?: number; position?: number }) => {
        const documents = await readDocumentFile(options.file);
        if (documents.length !== 1) throw new AppError('invalid_autopilot', {}, `${options.file}: preview takes one document, and it holds ${documents.length}`);
        const name = (documents[0] as { name?: unknown } | null)?.name;
        const preview = await previewAutopilot(pool, options.account, typeof name === 'string' ? name.trim() : '', documents[0], { ...options, clock: systemClock });
        output.result(preview, () => previewText(preview));
      }),
    );

  accountCommand(autopilots, 'stats')
    .description("each Autopilot's leads by outcome and its responded rate (responded / enrolled); archived ones with leads last")
    .option('--name <name>', 'one live Autopilot (case does not matter)')
    .action(
      accountAction(cli, async ({ output, pool }, options: AccountOption & { name?: string }) => {
        const stats = await autopilotStats(pool, options.account, options.name);
        output.result({ autopilots: stats }, () =>
          table(
            stats.map((item) => ({
              autopilot: item.autopilot + (item.archived ? ' (archived)' : ''),
              enrolled: item.enrolled,
              active: item.active,
              responded: item.responded,
              closed: item.closed,
              failed: item.failed,
              responded_rate: item.responded_rate === null ? null : `${(item.responded_rate * 100).toFixed(1)}%`,
            })),
          ),
        );
      }),
    );

  accountCommand(autopilots, 'order')
    .description('put the named Autopilots at the top, in this order (top to bottom); the others keep their order below them')
    .argument('<names...>', 'Autopilot names, top to bottom')
    .action(
      accountAction(cli, async ({ output, pool }, options: AccountOption, names: string[]) => {
        const list = await reorderAutopilots(pool, options.account, { names });
        output.result(list, () => listText(list));
      }),
    );
}
