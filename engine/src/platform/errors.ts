/**
 * The one error type a caller may see, by its machine-readable code. Domain code throws it; the HTTP
 * layer answers with the code's status (`http/errorStatus.ts`), the CLI prints its message and exits 2.
 *
 * Codes are declared where they belong, each with its HTTP status. The platform's own are here: the
 * spec's, and those of requests any endpoint may refuse. Each feature declares its own in its
 * `errors.ts`, by extending the `ProspectEngine.ErrorCodes` interface with its table, and lists the
 * table in its module (`FeatureModule.errors`) so the HTTP layer finds the status:
 *
 *   export const MAILBOX_ERRORS = { invalid_mailbox: 400, mailbox_not_found: 404 } as const;
 *   type MailboxErrors = typeof MAILBOX_ERRORS;
 *   declare global { namespace ProspectEngine { interface ErrorCodes extends MailboxErrors {} } }
 *
 * From then on `new AppError(code)` is checked against every declared code (see docs/api.md for what
 * each means), and two declarations of one code with different statuses do not compile.
 */
export const PLATFORM_ERRORS = {
  // The spec's codes.
  missing_api_key: 401,
  invalid_key: 401,
  missing_email: 400,
  invalid_email_format: 400,
  missing_key_id: 400,
  api_key_has_no_product: 400,
  credits_exhausted: 429,
  trial_limit_reached: 429,
  not_found: 404,
  internal_error: 500,
  // Ours: requests.
  invalid_json: 400,
  invalid_body: 400,
  invalid_query: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  service_unavailable: 503,
  // Ours: operations (GET /ready, GET /metrics).
  not_ready: 503,
  invalid_metrics_token: 401,
  /** An open route's rate limit per client address (http/rateLimits.ts). */
  too_many_requests: 429,
  // Ours: the platform's secrets (SECRET_KEY unset while something needs it).
  secret_key_missing: 503,
  // Ours: requests Node's HTTP server refuses before they reach an endpoint.
  malformed_request: 400,
  headers_too_large: 431,
  request_timeout: 408,
  expectation_failed: 417,
} as const;

type PlatformErrors = typeof PLATFORM_ERRORS;

declare global {
  namespace ProspectEngine {
    /** Every error code a caller may see, with its HTTP status: the platform's, merged with each feature's (see above). */
    interface ErrorCodes extends PlatformErrors {}
  }
}

export type ErrorCode = keyof ProspectEngine.ErrorCodes;

/** Error codes with their HTTP statuses, as a feature declares them (`FeatureModule.errors`). */
export type ErrorStatuses = Readonly<Partial<Record<ErrorCode, number>>>;

/** What an error body may carry beside its code: figures (`used`, `limit`), text, and lists of problems. */
type Detail = number | string | readonly Readonly<Record<string, string>>[];
type Details = Readonly<Record<string, Detail>>;

/**
 * An error whose code a caller may see. `details` join the JSON body (e.g. `used` and `limit`);
 * `message` is for people (the CLI prints it, logs keep it) and defaults to the code.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly details: Details;

  constructor(code: ErrorCode, details: Details = {}, message: string = code) {
    super(message);
    this.code = code;
    this.details = details;
  }

  toBody(): Record<string, Detail> {
    return { error: this.code, ...this.details };
  }
}
