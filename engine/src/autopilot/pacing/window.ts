import { DateTime } from 'luxon';
import type { SendingSchedule } from '../../senders/index.ts';
import { describeZone, type LeadCalendar } from './leadCalendar.ts';

/** Why a touch could not go at a moment. */
export interface Hold {
  kind: 'day' | 'holiday' | 'window' | 'limit';
  text: string;
}

const WEEKDAYS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** `HH:mm` (00:00 to 24:00) as hours and minutes; null when it is not such a time. */
export function localTime(text: string): { hour: number; minute: number } | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(text);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour === 24 && minute !== 0 ? null : { hour, minute };
}

/** A schedule whose window is empty or unreadable, or which has no sending day, never sends. */
export function canEverSend(schedule: SendingSchedule): boolean {
  const start = localTime(schedule.windowStart);
  const end = localTime(schedule.windowEnd);
  return start !== null && end !== null && start.hour * 60 + start.minute < end.hour * 60 + end.minute && schedule.days.length > 0 && schedule.dailyLimit > 0;
}

/** The window [start, end) of a local date, in the calendar's zone (luxon moves a start that falls in a DST gap forward). */
function windowOn(date: DateTime, schedule: SendingSchedule): { start: DateTime; end: DateTime } {
  const start = localTime(schedule.windowStart)!;
  const end = localTime(schedule.windowEnd)!;
  return {
    start: date.set({ hour: start.hour, minute: start.minute, second: 0, millisecond: 0 }),
    end: end.hour === 24 ? date.plus({ days: 1 }).startOf('day') : date.set({ hour: end.hour, minute: end.minute, second: 0, millisecond: 0 }),
  };
}

/**
 * The first moment at or after `from` inside the schedule's window, on one of its days that is not a
 * public holiday, read in the calendar's zone; with why `from` itself was not (null when it was).
 * Null when the schedule never sends.
 */
export function nextWindowMoment(from: Date, schedule: SendingSchedule, calendar: LeadCalendar): { at: Date; hold: Hold | null } | null {
  if (!canEverSend(schedule)) return null;
  const at = DateTime.fromJSDate(from, { zone: calendar.zone });
  let hold: Hold | null = null;
  for (let offset = 0; offset <= 400; offset++) {
    const date = at.startOf('day').plus({ days: offset });
    const holiday = calendar.holidays?.holidayOn(date.toISODate()!) ?? null;
    if (!schedule.days.includes(date.weekday as SendingSchedule['days'][number])) {
      hold ??= { kind: 'day', text: `${WEEKDAYS[date.weekday]} is not a sending day (${describeZone(calendar)})` };
      continue;
    }
    if (holiday !== null) {
      hold ??= { kind: 'holiday', text: `${date.toISODate()} is a public holiday in ${calendar.holidays!.country} (${holiday})` };
      continue;
    }
    const window = windowOn(date, schedule);
    const outside = { kind: 'window' as const, text: `outside the sending window ${schedule.windowStart}-${schedule.windowEnd} (${describeZone(calendar)})` };
    if (offset === 0 && at >= window.end) {
      hold ??= outside;
      continue;
    }
    if (offset === 0 && at >= window.start) return { at: from, hold };
    return { at: window.start.toJSDate(), hold: hold ?? outside };
  }
  return null;
}
