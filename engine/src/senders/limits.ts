import { DateTime } from 'luxon';
import type { SendingSchedule } from './schedule.ts';

/**
 * A sender's day, in its own zone: daily limits and warm-up count per mailbox or seat in the sender's
 * local day, whichever lead's zone the window is read in (the limit protects the sender).
 */
export function senderDay(schedule: SendingSchedule, at: Date): { date: string; start: Date; end: Date } {
  const day = DateTime.fromJSDate(at, { zone: schedule.timeZone }).startOf('day');
  return { date: day.toISODate()!, start: day.toJSDate(), end: day.plus({ days: 1 }).toJSDate() };
}

/**
 * How many touches the sender may send on a local date: `startPerDay` on the warm-up's first day (and
 * before it), `increasePerDay` more each day after, never above the daily limit.
 */
export function limitOn(schedule: SendingSchedule, isoDate: string): number {
  const { warmup, dailyLimit } = schedule;
  if (warmup === null) return Math.max(0, dailyLimit);
  const days = Math.max(0, Math.round(DateTime.fromISO(isoDate).diff(DateTime.fromISO(warmup.startedOn), 'days').days));
  return Math.max(0, Math.min(dailyLimit, warmup.startPerDay + warmup.increasePerDay * days));
}

/** Whether the sender is still warming up on that date (its limit there is below the daily limit). */
export function warmingUp(schedule: SendingSchedule, isoDate: string): boolean {
  return limitOn(schedule, isoDate) < schedule.dailyLimit;
}

/** The most days a ramp lists: a warm-up that climbs for longer is cut there (its last day says where it stands). */
export const RAMP_MAX_DAYS = 30;

/**
 * The warm-up still ahead, from `fromDate` (the sender's today): each local date with its limit, up to
 * and including the first day at the daily limit (at most RAMP_MAX_DAYS days); empty once warmed up or
 * without a warm-up, today alone for a warm-up that does not climb.
 */
export function rampFrom(schedule: SendingSchedule, fromDate: string): { date: string; limit: number }[] {
  if (!warmingUp(schedule, fromDate)) return [];
  if (schedule.warmup!.increasePerDay === 0) return [{ date: fromDate, limit: limitOn(schedule, fromDate) }];
  const ramp: { date: string; limit: number }[] = [];
  let day = DateTime.fromISO(fromDate);
  for (let index = 0; index < RAMP_MAX_DAYS; index++, day = day.plus({ days: 1 })) {
    const date = day.toISODate()!;
    const limit = limitOn(schedule, date);
    ramp.push({ date, limit });
    if (limit >= schedule.dailyLimit) break;
  }
  return ramp;
}
