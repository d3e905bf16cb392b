import { DateTime } from 'luxon';
import type { SendingSchedule } from '../../senders/index.ts';

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
