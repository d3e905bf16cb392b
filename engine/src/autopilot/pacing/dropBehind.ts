import { DateTime } from 'luxon';

/**
 * "Drop messages that fall too far behind plan": the moment past which a touch planned at `plannedAt`
 * is too far behind (the setting's days after its plan, in calendar days of the zone that counts), or
 * null when the setting is off.
 */
export function dropBehindDeadline(plannedAt: Date, dropBehindDays: number | null, zone: string): Date | null {
  if (dropBehindDays === null) return null;
  return DateTime.fromJSDate(plannedAt, { zone }).plus({ days: dropBehindDays }).toJSDate();
}

/** Whether a touch that could go at `moment` at the earliest has fallen too far behind its plan. */
export function fellBehind(plannedAt: Date, moment: Date, dropBehindDays: number | null, zone: string): boolean {
  const deadline = dropBehindDeadline(plannedAt, dropBehindDays, zone);
  return deadline !== null && moment > deadline;
}
