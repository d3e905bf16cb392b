/**
 * Every error a caller can see, by its machine-readable code and HTTP status.
 * The spec's codes come first; the rest are our decisions for what it leaves open (see docs/api.md).
 */
export const ERROR_STATUS = {
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
  // Ours.
  invalid_json: 400,
  invalid_body: 400,
  invalid_prospect_name: 400,
  invalid_company_name: 400,
  invalid_linkedin_url: 400,
  invalid_company_linkedin_url: 400,
  invalid_idempotency_key: 400,
  idempotency_key_reused: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** An error whose code a caller may see. `details` join the JSON body (e.g. `used` and `limit`). */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly details: Readonly<Record<string, number | string>>;

  constructor(code: ErrorCode, details: Record<string, number | string> = {}, message: string = code) {
    super(message);
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): Record<string, number | string> {
    return { error: this.code, ...this.details };
  }
}

/** A mistake in an operator's command (CLI): the message is shown as it is. */
export class UsageError extends Error {
  override name = 'UsageError';
}
