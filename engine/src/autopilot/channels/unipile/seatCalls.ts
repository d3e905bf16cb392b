import { type UnipileClient, type UnipileFailure, unipileFailure } from '../../../integrations/index.ts';
import type { Pool } from '../../../platform/database/database.ts';
import type { Clock } from '../../../platform/time.ts';
import type { CheckOutcome, Sender, SendOutcome } from '../../sequence/ports.ts';
import { findSeat, type Seat } from './seats.ts';
import { disconnectedReason, setSeatStatus } from './seatStatus.ts';

/** How long a touch waits, by why: Unipile not configured or a seat gone, a 429 without Retry-After, a limit of the network, Unipile down. */
export const RETRY_AFTER_MS = {
  configuration: 60 * 60_000,
  rateLimited: 15 * 60_000,
  providerLimit: 12 * 60 * 60_000,
  unavailable: 5 * 60_000,
  disconnected: 60 * 60_000,
};

/** What the senders work with once the module is configured: the database and the Unipile client. */
export interface SeatContext {
  pool: Pool;
  client: UnipileClient;
}

/** A touch's outcome while it cannot be sent (never a skip). */
export type Held = Extract<SendOutcome, { kind: 'deferred' }>;
/** What a check or a send answers when the touch does not go. */
export type NotSent = Extract<CheckOutcome, { kind: 'skipped' | 'deferred' }>;

export const later = (clock: Clock, ms: number, why: string): Held => ({ kind: 'deferred', until: new Date(clock.now().getTime() + ms), why });

/**
 * The seat a sender stands for, and the configured context; a deferral when Unipile is not configured
 * in this engine, the seat was removed, or it is disconnected.
 */
export async function seatFor(context: SeatContext | undefined, sender: Sender, accountId: number, clock: Clock): Promise<{ seat: Seat; context: SeatContext } | Held> {
  if (!context) return later(clock, RETRY_AFTER_MS.configuration, 'the linkedin, whatsapp and telegram channels are not configured in this engine (UNIPILE_API_KEY and UNIPILE_BASE_URL)');
  const seat = await findSeat(context.pool, sender.id);
  if (!seat || seat.accountId !== accountId) return later(clock, RETRY_AFTER_MS.configuration, `seat ${sender.id} was removed; another seat of the channel will send it`);
  if (seat.status === 'disconnected') return later(clock, RETRY_AFTER_MS.disconnected, disconnectedReason(seat.label, seat.statusDetail));
  return { seat, context };
}

/**
 * Runs one provider call for a seat; a failure becomes the touch's outcome: too many requests, a limit
 * of the network, an outage and the engine's API key refused (401) wait (never a skip); a disconnected
 * account marks its seat disconnected (its touches wait until it is connected again); another refusal
 * is the caller's to say (`refused`).
 */
export async function call<T>(
  seat: Seat,
  context: SeatContext,
  clock: Clock,
  run: () => Promise<T>,
  refused: (failure: Extract<UnipileFailure, { kind: 'refused' }>) => NotSent,
): Promise<{ ok: T } | { outcome: NotSent }> {
  try {
    return { ok: await run() };
  } catch (error) {
    const failure = unipileFailure(error);
    switch (failure.kind) {
      case 'rate_limited':
        return { outcome: later(clock, failure.retryAfterMs ?? RETRY_AFTER_MS.rateLimited, `Unipile answered too many requests for seat ${seat.label}; trying again later`) };
      case 'provider_limit':
        return { outcome: later(clock, RETRY_AFTER_MS.providerLimit, `the network's limit for seat ${seat.label} is reached (${failure.detail}); trying again later`) };
      case 'unavailable':
        return { outcome: later(clock, RETRY_AFTER_MS.unavailable, `Unipile could not be reached (${failure.detail}); trying again`) };
      case 'disconnected': {
        await setSeatStatus(context.pool, { unipileAccountId: seat.unipileAccountId, status: 'disconnected', detail: failure.detail, at: clock.now() });
        return { outcome: later(clock, RETRY_AFTER_MS.disconnected, disconnectedReason(seat.label, failure.detail)) };
      }
      case 'refused':
        // 401 refuses the engine's own UNIPILE_API_KEY (a seat's lost account is `disconnected`): the
        // engine's configuration, which says nothing of this touch, so it waits rather than skips.
        if (failure.status === 401) return { outcome: later(clock, RETRY_AFTER_MS.configuration, `Unipile refused the engine's UNIPILE_API_KEY (${failure.detail}); touches wait until it is fixed`) };
        return { outcome: refused(failure) };
    }
  }
}

/** The default for a refusal: the provider will not take this touch, for the reason it gave. */
export const refusedForGood = (failure: { status: number; type: string; detail: string }): NotSent => ({
  kind: 'skipped',
  reason: 'provider_refused',
  detail: `Unipile answered ${failure.status} ${failure.type}: ${failure.detail}`,
});
