import { type Command, Option } from 'commander';
import { accountAction, accountCommand, type AccountOption } from '../../../accounts/index.ts';
import { positiveId } from '../../../platform/cli/arguments.ts';
import { fields, table } from '../../../platform/cli/output.ts';
import { subjectArgument } from '../../../platform/cli/subject.ts';
import type { CommandContext } from '../../../platform/module.ts';
import type { Clock } from '../../../platform/time.ts';
import { DAY_NAMES } from '../../../senders/contract.ts';
import { dayList, scheduleText, sendingHours, warmupRamp, warmupText } from '../../../senders/index.ts';
import { SEAT_CHANNELS, type SeatView } from './contract.ts';
import { createSeat, deleteSeat, listSeats, seatInput, updateSeat } from './seats.ts';

function row(seat: SeatView) {
  return {
    seat: seat.id,
    channel: seat.channel,
    label: seat.label,
    unipile_account: seat.unipile_account_id,
    schedule: scheduleText(seat.days, seat.window, seat.time_zone),
    limits: `${seat.messages_per_day} messages/day${seat.invitations_per_day === null ? '' : `, ${seat.invitations_per_day} invitations/day, ${seat.invitations_per_week} a week`}`,
    warmup: warmupText(seat.warmup),
    status: seat.status_detail ? `${seat.status}: ${seat.status_detail}` : seat.status,
  };
}

interface ScheduleOptions {
  label?: string;
  timeZone?: string;
  hours?: { start: string; end: string };
  days?: string;
  messagesPerDay?: number;
  invitationsPerDay?: number;
  invitationsPerWeek?: number;
  /** `--warmup 10+5`, or false for `--no-warmup`. */
  warmup?: { start_per_day: number; increase_per_day: number } | false;
}

interface AddOptions extends AccountOption, ScheduleOptions {
  channel: string;
  unipileAccount: string;
}

/**
 * A typed id binds whatever Unipile account it names: the seat then acts as that account and receives
 * its webhooks. Only ops may, knowing whose it is; everyone else connects through hosted authentication.
 */
export const TYPED_ID_WARNING =
  "warning: nothing checks that this Unipile account belongs to the account: the seat sends as it and receives its webhooks. Type only an id you know is theirs; people connect their own through Unipile's hosted authentication (the dashboard's Channels page, POST /seats/connect).";

/** The options as a seat's input (and `PATCH /seats/{id}`) take them; validated by the same rules. */
function inputOf(options: ScheduleOptions & Partial<Pick<AddOptions, 'channel' | 'unipileAccount'>>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  if (options.channel !== undefined) input.channel = options.channel;
  if (options.unipileAccount !== undefined) input.unipile_account_id = options.unipileAccount;
  if (options.label !== undefined) input.label = options.label;
  if (options.timeZone !== undefined) input.time_zone = options.timeZone;
  if (options.warmup !== undefined) input.warmup = options.warmup === false ? null : options.warmup;
  if (options.hours) input.window = options.hours;
  if (options.days) input.days = dayList(options.days);
  if (options.messagesPerDay !== undefined) input.messages_per_day = options.messagesPerDay;
  if (options.invitationsPerDay !== undefined) input.invitations_per_day = options.invitationsPerDay;
  if (options.invitationsPerWeek !== undefined) input.invitations_per_week = options.invitationsPerWeek;
  return input;
}

/** The seat a command acts on: its argument (`--seat` is the older form). */
const seatCommand = (parent: Command, name: string) => subjectArgument(accountCommand(parent, name), 'seat', 'the seat id', positiveId, '--seat <id>');

/** `prospect-engine seats add|update|list|remove`: an account's seats (accounts connected to Unipile that send the linkedin, whatsapp and telegram touches). */
export function seatCommands(program: Command, cli: CommandContext<unknown>, clock: Clock): void {
  const seats = program.command('seats').description("an account's seats: accounts connected to Unipile that send linkedin, whatsapp and telegram touches (see docs/autopilot.md)");

  accountCommand(seats, 'add')
    .description("ops: add a seat by its Unipile account id, which nothing checks (people connect their own account through Unipile's hosted authentication: the dashboard, POST /seats/connect)")
    .addOption(new Option('--channel <channel>', 'the channel it sends on').choices(SEAT_CHANNELS).makeOptionMandatory())
    .requiredOption('--unipile-account <id>', "the connected account's id in Unipile")
    .requiredOption('--label <label>', 'how the seat is named in timelines and logs')
    .requiredOption('--time-zone <zone>', 'IANA time zone the window is read in, such as Europe/Berlin')
    .option('--hours <start-end>', 'sending window, such as 09:00-17:00 (the default)', sendingHours)
    .option('--days <days>', `sending days, such as mon,tue,wed,thu,fri (the default); of ${DAY_NAMES.join(',')}`)
    .option('--messages-per-day <n>', 'messages a day (default 50)', positiveId)
    .option('--invitations-per-day <n>', 'linkedin: connection requests a day (default 80)', positiveId)
    .option('--invitations-per-week <n>', 'linkedin: connection requests in any 7 days (default 200)', positiveId)
    .option('--warmup <start+increase>', 'warm-up: START touches of each limit on the first day, INCREASE more each day after (default off)', warmupRamp)
    .action(
      accountAction(cli, async ({ output, pool }, options: AddOptions) => {
        output.note(TYPED_ID_WARNING);
        const created = await createSeat(pool, options.account, seatInput(inputOf(options)), clock);
        output.result(created, () => fields(row(created)));
      }),
    );

  seatCommand(seats, 'update')
    .description("change a seat's label, schedule, limits or warm-up; the others keep their values")
    .option('--label <label>', 'how the seat is named in timelines and logs')
    .option('--time-zone <zone>', 'IANA time zone the window is read in')
    .option('--hours <start-end>', 'sending window, such as 09:00-17:00', sendingHours)
    .option('--days <days>', `sending days, of ${DAY_NAMES.join(',')}`)
    .option('--messages-per-day <n>', 'messages a day', positiveId)
    .option('--invitations-per-day <n>', 'linkedin: connection requests a day', positiveId)
    .option('--invitations-per-week <n>', 'linkedin: connection requests in any 7 days', positiveId)
    .option('--warmup <start+increase>', 'warm-up from today: START touches of each limit on the first day, INCREASE more each day after', warmupRamp)
    .option('--no-warmup', 'no warm-up')
    .action(
      accountAction(cli, async ({ output, pool }, options: AccountOption & ScheduleOptions, seatId: number) => {
        const updated = await updateSeat(pool, options.account, seatId, inputOf(options), clock);
        output.result(updated, () => fields(row(updated)));
      }),
    );

  accountCommand(seats, 'list')
    .description("the account's seats and whether Unipile still has each connected")
    .action(
      accountAction(cli, async ({ output, pool }, options: AccountOption) => {
        const list = { seats: await listSeats(pool, options.account) };
        output.result(list, () => table(list.seats.map(row)));
      }),
    );

  seatCommand(seats, 'remove')
    .description('remove a seat (touches it sent keep their record)')
    .action(
      accountAction(cli, async ({ output, pool }, options: AccountOption, seatId: number) => {
        const removed = await deleteSeat(pool, options.account, seatId);
        output.result(removed, () => `removed seat ${removed.id} (${removed.label}, ${removed.channel})`);
      }),
    );
}
