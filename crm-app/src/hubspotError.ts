/** A call HubSpot refused or that never reached it: `status` is HubSpot's (0 when there was no answer). */
export class HubSpotError extends Error {
  override name = 'HubSpotError';
  readonly status: number;
  readonly body: unknown;
  /** Seconds HubSpot asked us to wait (429 Retry-After), when it said. */
  readonly retryAfter: number | undefined;

  constructor(what: string, status: number, body: unknown, retryAfter?: number) {
    super(`HubSpot ${what}: ${status === 0 ? 'no usable answer' : `HTTP ${status}`}${body ? ` ${JSON.stringify(body).slice(0, 300)}` : ''}`);
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
  }
}

/** Turns the client's ApiException (code, body, headers) or a network failure into a HubSpotError. */
export function hubspotError(what: string, error: unknown): HubSpotError {
  if (error instanceof HubSpotError) return error;
  const failure = error as { code?: unknown; body?: unknown; headers?: Record<string, string> };
  if (typeof failure?.code === 'number') {
    const retryAfter = Number(failure.headers?.['retry-after']);
    return new HubSpotError(what, failure.code, failure.body, Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined);
  }
  return new HubSpotError(what, 0, error instanceof Error ? error.message : String(error));
}
