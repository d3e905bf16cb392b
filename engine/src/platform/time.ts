import { DateTime } from 'luxon';

/** ISO 8601 with an explicit offset (`+00:00`): times are stored and answered in UTC. */
export function isoWithOffset(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}

/**
 * Where a feature reads "now" when the time matters to what it decides (the Autopilot's routing: who
 * was created after an Autopilot was switched on, when a waiting contact's queue wait ends). Tests
 * pass a clock they move by hand; SQL that depends on the time takes it from here as a parameter
 * instead of calling `now()`.
 */
export interface Clock {
  now(): Date;
}

/** The machine's clock. */
export const systemClock: Clock = { now: () => new Date() };

/** The clock's date (`YYYY-MM-DD`) in an IANA zone: "today" where a mailbox or a seat is. */
export function today(zone: string, clock: Clock): string {
  return DateTime.fromJSDate(clock.now(), { zone }).toISODate()!;
}
