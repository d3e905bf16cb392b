import { formatDay, WEEKDAY } from '../../format';

/** How the Channels page says schedules, limits and dates: in the viewer's language, with Intl. */

const DAY_ORDER = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Day = (typeof DAY_ORDER)[number];
export const DAYS: readonly Day[] = DAY_ORDER;

/** 2024-01-01 was a Monday: the weekday names in the viewer's language. */
export function dayName(day: Day, width: 'short' | 'long' = 'short'): string {
  return new Date(Date.UTC(2024, 0, 1 + DAY_ORDER.indexOf(day))).toLocaleDateString(undefined, { weekday: width, timeZone: 'UTC' });
}

/** Sending days as a person reads them: a run of three or more days as "Mon–Fri". */
export function daysInWords(days: readonly string[]): string {
  const indexes = DAY_ORDER.map((day, index) => (days.includes(day) ? index : -1)).filter((index) => index >= 0);
  const runs: number[][] = [];
  for (const index of indexes) {
    const last = runs.at(-1);
    if (last && last.at(-1) === index - 1) last.push(index);
    else runs.push([index]);
  }
  return runs.map((run) => (run.length >= 3 ? `${dayName(DAY_ORDER[run[0]!]!)}–${dayName(DAY_ORDER[run.at(-1)!]!)}` : run.map((index) => dayName(DAY_ORDER[index]!)).join(', '))).join(', ');
}

/** A sender's schedule in one line: "Mon–Fri, 09:00–17:00 (Europe/Berlin)". */
export function scheduleInWords(days: readonly string[], hours: { start: string; end: string }, timeZone: string): string {
  return `${daysInWords(days)}, ${hours.start}–${hours.end} (${timeZone})`;
}

/**
 * The warm-up ahead in words: today's limit, how it grows and when it reaches the full limit. The
 * engine answers the ramp day by day (up to 30 days), computed as the sender paces it.
 */
export function rampInWords(ramp: readonly { date: string; limit: number }[], dailyLimit: number, increase: number | undefined): string | null {
  if (ramp.length === 0) return null;
  if (!increase) return `Warming up: ${ramp[0]!.limit} a day, not growing (the limit is ${dailyLimit})`;
  const last = ramp.at(-1)!;
  const growth = `, ${increase} more each day`;
  const full = last.limit >= dailyLimit ? `; the full ${dailyLimit} from ${formatDay(last.date, WEEKDAY)}` : `; ${last.limit} by ${formatDay(last.date, WEEKDAY)}`;
  return `Warming up: ${ramp[0]!.limit} today${growth}${full}`;
}

/** The viewer's own zone: the pickers' default. */
export const OWN_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Every IANA zone the browser knows, for the time-zone pickers; Chromium's list leaves out UTC, which the viewer's zone may be. */
export const TIME_ZONES: string[] = [...new Set([...(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []), 'UTC', OWN_ZONE])].sort();

/** The zones to pick from with `zone` among them (a sender's zone may be a name the browser's list leaves out). */
export const zonesWith = (zone: string): string[] => (TIME_ZONES.includes(zone) ? TIME_ZONES : [zone, ...TIME_ZONES]);
