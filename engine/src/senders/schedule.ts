import { DateTime, IANAZone } from 'luxon';
import { type Problems, shown } from '../platform/validation/index.ts';
import { type Clock, today } from '../platform/time.ts';
import { DAY_NAMES, type DayName, type ScheduleWords } from './contract.ts';

/** ISO weekday: 1 is Monday, 7 is Sunday (luxon's `weekday`). */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/**
 * When one sender (a mailbox, a seat) may send, shared by every Autopilot of the account: its hours are
 * read in `timeZone` unless the runtime documents otherwise (the lead's zone when known).
 */
export interface SendingSchedule {
  /** IANA zone, such as `Europe/Berlin`. */
  timeZone: string;
  /** Local times `HH:mm`; the window is [start, end). */
  windowStart: string;
  windowEnd: string;
  days: Weekday[];
  /** Touches a day once warmed up. */
  dailyLimit: number;
  /** Warm-up ramp: `startPerDay` on its first day, `increasePerDay` more each day after, never above dailyLimit; null when none. */
  warmup: { startPerDay: number; increasePerDay: number; startedOn: string /* ISO date */ } | null;
}

/** What a new sender's schedule is where its body says nothing: 09:00 to 17:00, Monday to Friday, 50 a day, no warm-up. */
export const DEFAULT_SCHEDULE = { hours: { start: '09:00', end: '17:00' }, days: ['mon', 'tue', 'wed', 'thu', 'fri'] as DayName[], dailyLimit: 50 };

/** A warm-up as the API takes it. */
export interface WarmupInput {
  start_per_day: number;
  increase_per_day: number;
  started_on?: string;
}

/** A schedule as a body gives it (validated by its schema), under common names: each sender's API names the fields its own way. */
export interface ScheduleInput {
  timeZone: string;
  hours?: { start: string; end: string };
  days?: readonly DayName[];
  dailyLimit?: number;
  warmup?: WarmupInput | null;
}

/** ISO weekdays of day names, in week order. */
export function weekdays(names: readonly DayName[]): Weekday[] {
  return names.map((day) => DAY_NAMES.indexOf(day) + 1).sort() as Weekday[];
}

export function dayNames(days: readonly Weekday[]): DayName[] {
  return days.map((day) => DAY_NAMES[day - 1]!);
}

/** A warm-up as the API answers it. */
export function warmupView(warmup: SendingSchedule['warmup']): { start_per_day: number; increase_per_day: number; started_on: string } | null {
  return warmup && { start_per_day: warmup.startPerDay, increase_per_day: warmup.increasePerDay, started_on: warmup.startedOn };
}

/** The schedule a body gives, with the defaults for what it leaves out; a warm-up starts today in the sender's zone unless it says when. */
export function scheduleOf(input: ScheduleInput, clock: Clock): SendingSchedule {
  const hours = input.hours ?? DEFAULT_SCHEDULE.hours;
  const warmup = input.warmup ?? null;
  return {
    timeZone: input.timeZone,
    windowStart: hours.start,
    windowEnd: hours.end,
    days: weekdays(input.days ?? DEFAULT_SCHEDULE.days),
    dailyLimit: input.dailyLimit ?? DEFAULT_SCHEDULE.dailyLimit,
    warmup: warmup && { startPerDay: warmup.start_per_day, increasePerDay: warmup.increase_per_day, startedOn: warmup.started_on ?? today(input.timeZone, clock) },
  };
}

/**
 * What the schema leaves to words about the zone and the window: a zone that is a place (an offset such
 * as +02:00 is a valid zone to Intl, but it never changes for daylight saving), a window that ends after
 * it starts. The values may be anything (they are checked only where they have the form to check).
 */
export function checkZoneAndHours(input: { timeZone?: unknown; hours?: unknown }, problems: Problems, words: ScheduleWords): void {
  const zone = input.timeZone;
  if (typeof zone === 'string' && (!/^[A-Za-z]/.test(zone) || !IANAZone.isValidZone(zone))) {
    problems.error('/time_zone', `"time_zone" ${shown(zone)} is not an IANA time zone; write it like Europe/Berlin or America/New_York`);
  }
  const field = words.fields.hours;
  const hours = input.hours as { start?: unknown; end?: unknown } | null | undefined;
  if (hours && typeof hours.start === 'string' && typeof hours.end === 'string' && !problems.hasErrorAt(`/${field}`) && hours.start >= hours.end) {
    problems.error(`/${field}`, `"${field}" must end after ${words.hoursStart}: ${hours.start} to ${hours.end} is no time at all`);
  }
}

/** What the schema leaves to words about a warm-up: its first day within the daily limit (`dailyLimit`, the one it will have), its start a real date. */
export function checkWarmup(warmup: unknown, dailyLimit: number, problems: Problems, words: ScheduleWords): void {
  const ramp = warmup as WarmupInput | null | undefined;
  if (!ramp || problems.hasErrorAt('/warmup')) return;
  if (ramp.start_per_day > dailyLimit) {
    problems.error('/warmup/start_per_day', `"warmup.start_per_day" (${ramp.start_per_day}) is above ${words.dailyLimitWords} (${dailyLimit})`);
  }
  if (ramp.started_on !== undefined && !DateTime.fromISO(ramp.started_on).isValid) {
    problems.error('/warmup/started_on', `"warmup.started_on" ${shown(ramp.started_on)} is not a date`);
  }
}

/** A schedule's columns, as every sender's table keeps them (the daily limit's column is each table's own). */
export interface ScheduleRow {
  time_zone: string;
  window_start: string;
  window_end: string;
  days: number[];
  warmup_start_per_day: number | null;
  warmup_increase_per_day: number | null;
  /** YYYY-MM-DD, as SCHEDULE_COLUMNS reads it. */
  warmup_started_on: string | null;
}

/** The schedule's columns in a SELECT list. */
export const SCHEDULE_COLUMNS = `time_zone, window_start, window_end, days, warmup_start_per_day, warmup_increase_per_day,
  to_char(warmup_started_on, 'YYYY-MM-DD') AS warmup_started_on`;

export function scheduleFromRow(row: ScheduleRow, dailyLimit: number): SendingSchedule {
  return {
    timeZone: row.time_zone,
    windowStart: row.window_start,
    windowEnd: row.window_end,
    days: row.days as Weekday[],
    dailyLimit,
    warmup: row.warmup_start_per_day === null ? null : { startPerDay: row.warmup_start_per_day, increasePerDay: row.warmup_increase_per_day ?? 0, startedOn: row.warmup_started_on! },
  };
}

/** The values of a schedule's columns, by column name (the daily limit goes in the table's own column). */
export function scheduleColumns(schedule: SendingSchedule): ScheduleRow {
  return {
    time_zone: schedule.timeZone,
    window_start: schedule.windowStart,
    window_end: schedule.windowEnd,
    days: schedule.days,
    warmup_start_per_day: schedule.warmup?.startPerDay ?? null,
    warmup_increase_per_day: schedule.warmup?.increasePerDay ?? null,
    warmup_started_on: schedule.warmup?.startedOn ?? null,
  };
}
