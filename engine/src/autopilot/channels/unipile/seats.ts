import { accountNotFound } from '../../../accounts/index.ts';
import { type Pool, type PoolClient, type Queryable, transaction } from '../../../platform/database/database.ts';
import { AppError } from '../../../platform/errors.ts';
import { type Clock, isoWithOffset } from '../../../platform/time.ts';
import {
  checkWarmup,
  checkZoneAndHours,
  dayNames,
  DEFAULT_SCHEDULE,
  SCHEDULE_COLUMNS,
  scheduleColumns,
  scheduleFromRow,
  scheduleOf,
  type ScheduleRow,
  type SendingSchedule,
  warmupView,
} from '../../../senders/index.ts';
import { isRecord, prepare, type Problem, problemLines, type Problems, type Refusal, refusalCheck, shown } from '../../../platform/validation/index.ts';
import type { Channel } from '../../contract.ts';
import type { Sender } from '../../sequence/ports.ts';
import { MAX_SEATS_PER_ACCOUNT, SEAT_DEFAULTS, SEAT_SCHEDULE, type SeatChannel, type SeatInput, seatInputSchema, type SeatView } from './contract.ts';
import { disconnectedReason, type SeatStatus } from './seatStatus.ts';

/** A seat as the channels use it. */
export interface Seat {
  id: number;
  accountId: number;
  channel: SeatChannel;
  unipileAccountId: string;
  label: string;
  /** `dailyLimit` is the seat's messages a day. */
  schedule: SendingSchedule;
  invitations: { perDay: number; perWeek: number } | null;
  status: SeatStatus;
  statusDetail: string | null;
  statusChangedAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

interface SeatRow extends ScheduleRow {
  id: string;
  account_id: string;
  channel: SeatChannel;
  unipile_account_id: string;
  label: string;
  messages_per_day: number;
  invitations_per_day: number | null;
  invitations_per_week: number | null;
  status: SeatStatus;
  status_detail: string | null;
  status_changed_at: Date;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, account_id, channel, unipile_account_id, label, ${SCHEDULE_COLUMNS}, messages_per_day,
  invitations_per_day, invitations_per_week, status, status_detail, status_changed_at, created_at, updated_at`;

function fromRow(row: SeatRow): Seat {
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    channel: row.channel,
    unipileAccountId: row.unipile_account_id,
    label: row.label,
    schedule: scheduleFromRow(row, row.messages_per_day),
    invitations: row.invitations_per_day === null ? null : { perDay: row.invitations_per_day, perWeek: row.invitations_per_week ?? row.invitations_per_day },
    status: row.status,
    statusDetail: row.status_detail,
    statusChangedAt: row.status_changed_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function seatView(seat: Seat): SeatView {
  return {
    id: seat.id,
    channel: seat.channel,
    unipile_account_id: seat.unipileAccountId,
    label: seat.label,
    time_zone: seat.schedule.timeZone,
    window: { start: seat.schedule.windowStart, end: seat.schedule.windowEnd },
    days: dayNames(seat.schedule.days),
    messages_per_day: seat.schedule.dailyLimit,
    invitations_per_day: seat.invitations?.perDay ?? null,
    invitations_per_week: seat.invitations?.perWeek ?? null,
    warmup: warmupView(seat.schedule.warmup),
    status: seat.status,
    status_detail: seat.statusDetail,
    status_changed_at: isoWithOffset(seat.statusChangedAt),
    created_at: isoWithOffset(seat.createdAt),
    updated_at: isoWithOffset(seat.updatedAt),
  };
}

export function seatNotFound(id: unknown): AppError {
  return new AppError('seat_not_found', {}, `seat ${shown(id)} not found`);
}

export function invalidSeat(problems: Problem[]): AppError {
  return new AppError('invalid_seat', { problems }, ['The seat was not saved:', ...problemLines(problems)].join('\n'));
}

/**
 * How a seat is read (`POST /seats/connect`'s new seat, `seats add`, a seat as a change leaves it): `invalid_seat`
 * with every problem in words, the schema's and the rules it cannot say (the window in the seat's zone,
 * LinkedIn's invitation limits, the warm-up).
 */
export const seatInputRefusal: Refusal = {
  prepare(body, problems) {
    if (body === undefined) {
      problems.error('', 'The request has no body: send the seat as JSON');
      return body;
    }
    const value = prepare(body, problems);
    if (!isRecord(value)) {
      problems.error('', 'A seat is a set of fields (a JSON object), such as {"channel": "linkedin", "unipile_account_id": "...", "label": "Anna", "time_zone": "Europe/Berlin"}');
    }
    return value;
  },
  rules: (value, problems) => checkSeatRules(value as Partial<SeatInput>, problems),
  error: (problems) => invalidSeat(problems),
};

const checkInput = refusalCheck(seatInputSchema, seatInputRefusal);

/** A seat read as `seats add` reads its options; `invalid_seat` otherwise. */
export function seatInput(given: unknown): SeatInput {
  const checked = checkInput(given);
  if ('error' in checked) throw checked.error;
  return checked.value as SeatInput;
}

export function checkSeatRules(input: Partial<SeatInput>, problems: Problems): void {
  checkZoneAndHours({ timeZone: input.time_zone, hours: input.window }, problems, SEAT_SCHEDULE);
  if (input.channel !== undefined && input.channel !== 'linkedin') {
    for (const field of ['invitations_per_day', 'invitations_per_week'] as const) {
      if (input[field] !== undefined) problems.error(`/${field}`, `"${field}" is for linkedin seats only: ${input.channel} sends no connection requests`);
    }
  }
  if (input.channel === 'linkedin' && typeof input.invitations_per_day === 'number' && typeof input.invitations_per_week === 'number' && input.invitations_per_week < input.invitations_per_day) {
    problems.error('/invitations_per_week', `"invitations_per_week" (${input.invitations_per_week}) is below "invitations_per_day" (${input.invitations_per_day})`);
  }
  checkWarmup(input.warmup, typeof input.messages_per_day === 'number' ? input.messages_per_day : DEFAULT_SCHEDULE.dailyLimit, problems, SEAT_SCHEDULE);
}

/** The columns a seat's input sets, defaults filled in (the warm-up starting today in the seat's zone unless it says when). */
function settable(input: SeatInput, clock: Clock) {
  const linkedin = input.channel === 'linkedin';
  const schedule = scheduleOf({ timeZone: input.time_zone, hours: input.window, days: input.days, dailyLimit: input.messages_per_day, warmup: input.warmup }, clock);
  return {
    label: input.label,
    ...scheduleColumns(schedule),
    messages_per_day: schedule.dailyLimit,
    invitations_per_day: linkedin ? (input.invitations_per_day ?? Math.min(SEAT_DEFAULTS.invitations_per_day, input.invitations_per_week ?? Infinity)) : null,
    invitations_per_week: linkedin ? (input.invitations_per_week ?? Math.max(SEAT_DEFAULTS.invitations_per_week, input.invitations_per_day ?? 0)) : null,
  };
}

/** Adds a seat to the account. A Unipile account is one seat engine-wide (the provider's webhooks name it). */
export async function createSeat(pool: Pool, accountId: number, input: SeatInput, clock: Clock): Promise<SeatView> {
  return transaction(pool, (client) => createSeatIn(client, accountId, input, clock));
}

/** `createSeat` within the caller's transaction (a hosted authentication's notification adds the seat with the token it uses up). */
export async function createSeatIn(client: PoolClient, accountId: number, input: SeatInput, clock: Clock): Promise<SeatView> {
  const columns = settable(input, clock);
  const { rowCount } = await client.query('SELECT 1 FROM accounts WHERE id = $1 FOR NO KEY UPDATE', [accountId]);
  if (rowCount === 0) throw accountNotFound(accountId);
  const { rows: counted } = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM autopilot_seats WHERE account_id = $1', [accountId]);
  if (counted[0]!.count >= MAX_SEATS_PER_ACCOUNT) {
    throw invalidSeat([{ severity: 'error', path: '', message: `An account has at most ${MAX_SEATS_PER_ACCOUNT} seats; remove one first` }]);
  }
  const { rows } = await client
    .query<SeatRow>(
      `INSERT INTO autopilot_seats (account_id, channel, unipile_account_id, ${Object.keys(columns).join(', ')})
       VALUES ($1, $2, $3, ${Object.keys(columns)
         .map((_, index) => `$${index + 4}`)
         .join(', ')}) RETURNING ${COLUMNS}`,
      [accountId, input.channel, input.unipile_account_id, ...Object.values(columns)],
    )
    .catch((error: unknown) => {
      if ((error as { code?: string }).code === '23505') {
        throw invalidSeat([{ severity: 'error', path: '/unipile_account_id', message: `The Unipile account ${shown(input.unipile_account_id)} is already a seat` }]);
      }
      throw error;
    });
  return seatView(fromRow(rows[0]!));
}

/** What a seat was given, as `seats add` takes it: a `PATCH` is merged into it and checked by the same rules. */
function inputOf(seat: Seat): SeatInput {
  const view = seatView(seat);
  return {
    channel: view.channel,
    unipile_account_id: view.unipile_account_id,
    label: view.label,
    time_zone: view.time_zone,
    window: view.window,
    days: view.days,
    messages_per_day: view.messages_per_day,
    ...(view.invitations_per_day === null ? {} : { invitations_per_day: view.invitations_per_day, invitations_per_week: view.invitations_per_week! }),
    warmup: view.warmup,
  };
}

/**
 * Changes a seat's label, schedule, limits or warm-up (`PATCH /seats/{id}`, `seats update`); the fields
 * not given keep their values. Its channel and Unipile account cannot change: that is another seat (and
 * the lead conversations it holds stay with this one).
 */
export async function updateSeat(pool: Pool, accountId: number, id: number, body: unknown, clock: Clock): Promise<SeatView> {
  if (!isRecord(body)) throw invalidSeat([{ severity: 'error', path: '', message: 'A seat is changed with a set of fields (a JSON object), such as {"messages_per_day": 40}' }]);
  return transaction(pool, async (client) => {
    const { rows: locked } = await client.query<SeatRow>(`SELECT ${COLUMNS} FROM autopilot_seats WHERE account_id = $1 AND id = $2 FOR UPDATE`, [accountId, id]);
    if (locked.length === 0) throw seatNotFound(id);
    const current = inputOf(fromRow(locked[0]!));
    const fixed = (['channel', 'unipile_account_id'] as const).filter((field) => field in body && body[field] !== current[field]);
    if (fixed.length > 0) {
      throw invalidSeat(fixed.map((field) => ({ severity: 'error', path: `/${field}`, message: `"${field}" cannot change: add another seat for another account, and remove this one` })));
    }
    const columns = settable(seatInput({ ...current, ...body }), clock);
    const { rows } = await client.query<SeatRow>(
      `UPDATE autopilot_seats SET ${Object.keys(columns)
        .map((column, index) => `${column} = $${index + 3}`)
        .join(', ')}, updated_at = now()
       WHERE account_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
      [accountId, id, ...Object.values(columns)],
    );
    return seatView(fromRow(rows[0]!));
  });
}

/** One of the account's seats; `seat_not_found` otherwise. */
export async function loadSeat(db: Queryable, accountId: number, id: number): Promise<Seat> {
  const { rows } = await db.query<SeatRow>(`SELECT ${COLUMNS} FROM autopilot_seats WHERE account_id = $1 AND id = $2`, [accountId, id]);
  if (rows.length === 0) throw seatNotFound(id);
  return fromRow(rows[0]!);
}

/** A seat by its id alone (a send), or undefined when it was removed. */
export async function findSeat(db: Queryable, id: number): Promise<Seat | undefined> {
  const { rows } = await db.query<SeatRow>({ name: 'seats_find', text: `SELECT ${COLUMNS} FROM autopilot_seats WHERE id = $1`, values: [id] });
  return rows[0] ? fromRow(rows[0]) : undefined;
}

/** The seat a Unipile account is, engine-wide (`unipile_account_id` is unique); undefined for another account of the workspace. */
export async function seatOfUnipileAccount(db: Queryable, unipileAccountId: string): Promise<Seat | undefined> {
  const { rows } = await db.query<SeatRow>(`SELECT ${COLUMNS} FROM autopilot_seats WHERE unipile_account_id = $1`, [unipileAccountId]);
  return rows[0] ? fromRow(rows[0]) : undefined;
}

/** The account's seats (on a channel), oldest first; `page` for those after an id, at most so many (autopilot_seats_by_account_id). */
export async function accountSeats(db: Queryable, accountId: number, channel?: Channel, page: { after?: number; limit?: number } = {}): Promise<Seat[]> {
  const { rows } = await db.query<SeatRow>({
    name: 'seats_of_account',
    text: `SELECT ${COLUMNS} FROM autopilot_seats WHERE account_id = $1 AND ($2::text IS NULL OR channel = $2) AND id > $3 ORDER BY id LIMIT $4`,
    values: [accountId, channel ?? null, page.after ?? 0, page.limit ?? null],
  });
  return rows.map(fromRow);
}

export async function listSeats(db: Queryable, accountId: number): Promise<SeatView[]> {
  return (await accountSeats(db, accountId)).map(seatView);
}

/** The account's seats on a channel as the sequence runtime's senders; a disconnected one says why it cannot send. */
export async function seatSenders(db: Queryable, accountId: number, channel: SeatChannel): Promise<Sender[]> {
  return (await accountSeats(db, accountId, channel)).map((seat) => ({
    id: seat.id,
    channel,
    label: seat.label,
    schedule: seat.schedule,
    ...(seat.invitations ? { invitationLimits: seat.invitations } : {}),
    ...(seat.status === 'disconnected' ? { pausedBecause: disconnectedReason(seat.label, seat.statusDetail) } : {}),
  }));
}

/** Removes a seat. Touches it sent keep its id; what is still to go is sent by another seat of the channel, or waits for one. */
export async function deleteSeat(db: Queryable, accountId: number, id: number): Promise<SeatView> {
  const seat = await loadSeat(db, accountId, id);
  await db.query('DELETE FROM autopilot_seats WHERE account_id = $1 AND id = $2', [accountId, id]);
  return seatView(seat);
}
