/**
 * When routing looks at a waiting contact again. The spec: "re-checked every minute for the first
 * quarter of an hour, then less often". A property change brings the next look forward to now.
 */
const MINUTE_MS = 60_000;

/** Every minute while the contact has waited less than this. */
export const FIRST_CHECKS_FOR_MS = 15 * MINUTE_MS;
export const FIRST_CHECKS_EVERY_MS = MINUTE_MS;
/** Then this often, until its queue wait ends. */
export const LATER_CHECKS_EVERY_MS = 15 * MINUTE_MS;
/** A contact waiting for credits is looked at this often (credits come back with a new cycle or a bigger plan). */
export const CREDIT_CHECKS_EVERY_MS = 15 * MINUTE_MS;

/** When a contact's queue wait ends: the fallbacks then get their look, and it is abandoned if none matches. */
export function queueWaitEnds(waitingSince: Date, queueWaitHours: number): Date {
  return new Date(waitingSince.getTime() + queueWaitHours * 3_600_000);
}

/** The next look at a contact that has waited since `waitingSince`, never later than the end of its wait. */
export function nextCheck(waitingSince: Date, now: Date, waitEnds: Date): Date {
  const waited = now.getTime() - waitingSince.getTime();
  const every = waited < FIRST_CHECKS_FOR_MS ? FIRST_CHECKS_EVERY_MS : LATER_CHECKS_EVERY_MS;
  return new Date(Math.min(now.getTime() + every, waitEnds.getTime()));
}
