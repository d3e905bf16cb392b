import { InvalidArgumentError } from 'commander';

/** `--hours 09:00-17:00`: a mailbox's or a seat's sending window, as the API takes it (its schema checks the times). */
export function sendingHours(value: string): { start: string; end: string } {
  const match = /^(\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(value);
  if (!match) throw new InvalidArgumentError('expected HH:mm-HH:mm, such as 09:00-17:00');
  return { start: match[1]!, end: match[2]! };
}

/** `--warmup 10+5`: a mailbox's or a seat's warm-up, 10 on its first day and 5 more each day after. */
export function warmupRamp(value: string): { start_per_day: number; increase_per_day: number } {
  const match = /^(\d+)\+(\d+)$/.exec(value);
  if (!match) throw new InvalidArgumentError('expected START+INCREASE, such as 10+5 (10 on the first day, 5 more each day)');
  return { start_per_day: Number(match[1]), increase_per_day: Number(match[2]) };
}

/** `--days mon,tue,wed`: sending days as the API takes them (its schema checks the names). */
export function dayList(value: string): string[] {
  return value
    .split(/[,\s]+/)
    .filter(Boolean)
    .map((day) => day.toLowerCase());
}

/** A schedule as a table prints it: `mon,tue,wed,thu,fri 09:00-17:00 Europe/Berlin`. */
export function scheduleText(days: readonly string[], hours: { start: string; end: string }, timeZone: string): string {
  return `${days.join(',')} ${hours.start}-${hours.end} ${timeZone}`;
}

/** A warm-up as a table prints it, the way `--warmup` takes it: `10+5 from 2026-11-23`, or `off`. */
export function warmupText(warmup: { start_per_day: number; increase_per_day: number; started_on: string } | null): string {
  return warmup ? `${warmup.start_per_day}+${warmup.increase_per_day} from ${warmup.started_on}` : 'off';
}
