import { HubSpotError } from './hubspotError.ts';

/** The longest a job waits for HubSpot to come back before it asks again. */
export const LONGEST_WAIT_MS = 5 * 60_000;
const SHORTEST_WAIT_MS = 5_000;

/** What a 429 asks us to wait: its Retry-After, 10 s when it says nothing. */
export const retryAfterMs = (failure: HubSpotError): number => Math.max(1, failure.retryAfter ?? 10) * 1000;

/**
 * How long a job waits before it asks HubSpot again after this failure, or undefined when the failure
 * is not HubSpot being unavailable (a bug, a refusal: the job fails as usual). A 429 waits what its
 * Retry-After says. A 401 (the access token refused: revoked, or the app uninstalled; the caller drops
 * it, so the next try refreshes it, and a refused refresh disconnects the portal), a 5xx, a timeout or
 * no answer waits half as long as the work has been waiting
 * (`waitingMs`), from 5 seconds up to 5 minutes: whatever waits is stored, so nothing is lost however
 * long HubSpot is down, and it is asked again at most 5 minutes after it is back.
 */
export function waitAfter(error: unknown, waitingMs: number): number | undefined {
  if (!(error instanceof HubSpotError)) return undefined;
  if (error.status === 429) return retryAfterMs(error);
  if (error.status !== 0 && error.status !== 401 && error.status < 500) return undefined;
  return Math.min(LONGEST_WAIT_MS, Math.max(SHORTEST_WAIT_MS, Math.round(waitingMs / 2)));
}
