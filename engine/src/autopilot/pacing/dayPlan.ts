import { DateTime } from 'luxon';
import type { LeadCalendar } from './leadCalendar.ts';
import { localTime } from './window.ts';

/**
 * Where the plan puts a day's touches when no sender is chosen yet (at enrolment): 09:00, the usual
 * start of a sending window, in the zone that counts. The chosen sender's window moves it at send time.
 */
export const PLAN_WINDOW_START = '09:00';

/** Monday to Friday, and not a public holiday of the calendar's country. */
export function isBusinessDay(date: DateTime, calendar: LeadCalendar): boolean {
  return date.weekday <= 5 && calendar.holidays?.holidayOn(date.toISODate()!) == null;
}

/**
 * The local date of each sequence day: day 1 is the enrolment day (whatever day it is), day n the
 * (n-1)th business day after it.
 */
export function planDates(enrolledAt: Date, days: readonly number[], calendar: LeadCalendar): DateTime[] {
  const first = DateTime.fromJSDate(enrolledAt, { zone: calendar.zone }).startOf('day');
  const business: DateTime[] = [first];
  const last = Math.max(1, ...days);
  for (let date = first; business.length < last; ) {
    date = date.plus({ days: 1 });
    if (isBusinessDay(date, calendar)) business.push(date);
  }
  return days.map((day) => business[day - 1]!);
}

/**
 * When each step is planned (the start of its day's window) and when it is first due: day 1's window
 * start may be past at enrolment, then it is due at once (the sender's window decides from there).
 */
export function planTouches(enrolledAt: Date, days: readonly number[], calendar: LeadCalendar, windowStart = PLAN_WINDOW_START): { plannedAt: Date; dueAt: Date }[] {
  const start = localTime(windowStart)!;
  return planDates(enrolledAt, days, calendar).map((date) => {
    const plannedAt = date.set({ hour: start.hour, minute: start.minute }).toJSDate();
    return { plannedAt, dueAt: plannedAt < enrolledAt ? enrolledAt : plannedAt };
  });
}
