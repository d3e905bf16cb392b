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
