import type { Queryable } from '@prospect-research/engine';
import { setTimeout as sleepFor } from 'node:timers/promises';
import { HubSpotError } from './hubspotError.ts';

/**
 * Pacing a portal's HubSpot calls by HubSpot's own rate-limit headers, before a 429 happens.
 *
 * Terms:
 * - **window**: what HubSpot's latest answer to the portal said of its rate limit:
 *   `X-HubSpot-RateLimit-Max` requests per `X-HubSpot-RateLimit-Interval-Milliseconds` (100 or 190 per
 *   10 s for an app), `X-HubSpot-RateLimit-Remaining` of them left, and for API-key calls
 *   `X-HubSpot-RateLimit-Daily-Remaining` (OAuth calls have no daily limit and no daily headers).
 * - **reserve**: requests the pacer keeps in hand: a tenth of the window's max, at least 3. They absorb
 *   requests other jobs or processes have in flight when the window was read.
 * - **sent**: requests any process sent since the window was observed (counted in the table).
 *
 * The window is stored per portal (`hubspot_rate_windows`), so every process and every job of a portal
 * (events, writeback, notes, setup) paces on the same, latest observation: HubSpot's remaining count
 * covers every request of the app in the portal, whichever process made it. Before each call, when
 * `remaining - sent <= reserve` and the window's interval has not passed since it was observed, the call
 * waits until it has (the rolling window has then forgotten every request it counted). A wait longer
 * than `longestSleepMs` is not slept: the call fails with a HubSpotError 429 whose `retryAfter` says how
 * long, and the job queues itself for then, as after HubSpot's own 429 (a worker is not held).
 * A 429's Retry-After is the caller's business (hubspotWait.ts); its rate headers, when it has them, are
 * learnt like any other answer's.
 */
export interface RateWindow {
  max: number;
  remaining: number;
  intervalMs: number;
  dailyRemaining: number | null;
}

export interface PacerOptions {
  /** Wall-clock milliseconds (HubSpot's windows are wall time). Default Date.now. */
  now?: () => number;
  /** Default: a timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Waits up to this long are slept in the call; longer ones fail it with a 429 to retry later. Default 1 s. */
  longestSleepMs?: number;
}

/** How long a spent daily limit holds the portal before it is asked again: HubSpot resets it at midnight in the portal's time zone, which the app does not know. */
export const DAILY_WAIT_MS = 60 * 60_000;

/** Requests kept in hand in a window of `max`. */
export const reserveOf = (max: number): number => Math.max(3, Math.ceil(max / 10));

/** The rate-limit window an answer's headers describe, if they do (header names in any case). */
export function rateWindowOf(headers: Record<string, string | undefined> | Headers): RateWindow | undefined {
  const get = (name: string): number | undefined => {
    const raw = headers instanceof Headers ? headers.get(name) : (headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1]);
    const value = raw === null || raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw);
    return Number.isFinite(value) && value >= 0 ? value : undefined;
  };
  const max = get('x-hubspot-ratelimit-max');
  const remaining = get('x-hubspot-ratelimit-remaining');
  const intervalMs = get('x-hubspot-ratelimit-interval-milliseconds');
  const dailyRemaining = get('x-hubspot-ratelimit-daily-remaining') ?? null;
  if (max === undefined || remaining === undefined || intervalMs === undefined || intervalMs === 0) {
    return dailyRemaining === null ? undefined : { max: 0, remaining: 0, intervalMs: 0, dailyRemaining };
  }
  return { max, remaining, intervalMs, dailyRemaining };
}

interface StoredWindow {
  max_requests: number;
  remaining: number;
  interval_ms: number;
  daily_remaining: number | null;
  observed_at: Date;
  sent: number;
}

/** The client middleware's shape (@hubspot/api-client's `middleware` option): called before each request is sent and with each answer. */
export interface ClientMiddleware {
  pre(context: unknown): Promise<unknown>;
  post(context: unknown): Promise<unknown>;
}

/** One portal's pacer. Holds nothing itself: the window is the table's. */
export class Pacer {
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #longestSleepMs: number;
  readonly db: Queryable;
  readonly portalId: number;

  constructor(db: Queryable, portalId: number, options: PacerOptions = {}) {
    this.db = db;
    this.portalId = portalId;
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? ((ms) => sleepFor(ms));
    this.#longestSleepMs = options.longestSleepMs ?? 1000;
  }

  /** How long the next call must wait (0: go), from the stored window. */
  waitMs(window: StoredWindow | undefined, now: number): number {
    if (!window) return 0;
    const observed = window.observed_at.getTime();
    let wait = 0;
    if (window.daily_remaining !== null && window.daily_remaining - window.sent <= 0) wait = Math.max(wait, observed + DAILY_WAIT_MS - now);
    if (window.interval_ms > 0 && window.remaining - window.sent <= reserveOf(window.max_requests)) wait = Math.max(wait, observed + window.interval_ms - now);
    return Math.max(0, wait);
  }

  /** Before a call: waits while the portal's window is low (or fails the call with a 429 when that is long), then counts the call. */
  async before(): Promise<void> {
    for (;;) {
      const { rows } = await this.db.query<StoredWindow>('SELECT max_requests, remaining, interval_ms, daily_remaining, observed_at, sent FROM hubspot_rate_windows WHERE portal_id = $1', [
        this.portalId,
      ]);
      const window = rows[0];
      const waitMs = this.waitMs(window, this.#now());
      if (waitMs === 0) {
        if (window) await this.db.query('UPDATE hubspot_rate_windows SET sent = sent + 1 WHERE portal_id = $1 AND observed_at = $2', [this.portalId, window.observed_at]);
        return;
      }
      if (waitMs > this.#longestSleepMs) {
        throw new HubSpotError(
          'rate limit (paced)',
          429,
          {
            status: 'error',
            category: 'RATE_LIMITS',
            message: `the portal's rate-limit window is low (${window!.remaining - window!.sent} left of ${window!.max_requests}): waiting ${waitMs} ms before the next request`,
          },
          Math.ceil(waitMs / 1000),
        );
      }
      await this.#sleep(waitMs);
    }
  }

  /** With an answer: its rate-limit headers, when it has them, become the portal's window (unless a later observation is stored). */
  async after(headers: Record<string, string | undefined> | Headers | undefined): Promise<void> {
    const window = headers ? rateWindowOf(headers) : undefined;
    if (!window) return;
    await this.db.query(
      `INSERT INTO hubspot_rate_windows (portal_id, max_requests, remaining, interval_ms, daily_remaining, observed_at, sent) VALUES ($1, $2, $3, $4, $5, $6, 0)
       ON CONFLICT (portal_id) DO UPDATE SET max_requests = excluded.max_requests, remaining = excluded.remaining, interval_ms = excluded.interval_ms,
         daily_remaining = excluded.daily_remaining, observed_at = excluded.observed_at, sent = 0
       WHERE hubspot_rate_windows.observed_at <= excluded.observed_at`,
      [this.portalId, window.max, window.remaining, window.intervalMs, window.dailyRemaining, new Date(this.#now())],
    );
  }

  /** The pacer as @hubspot/api-client middleware: `before` ahead of each request, `after` with each answer (errors included). */
  get middleware(): ClientMiddleware {
    return {
      pre: async (context) => {
        await this.before();
        return context;
      },
      post: async (context) => {
        await this.after((context as { headers?: Record<string, string> }).headers);
        return context;
      },
    };
  }
}
