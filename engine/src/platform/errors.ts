/**
 * The one error type a caller may see, by its machine-readable code. Domain code throws it; the HTTP
 * layer maps each code to a status once (`http/errorStatus.ts`), the CLI prints its message and exits 2.
 * The spec's codes come first; the rest are our decisions for what it leaves open (see docs/api.md).
 */
export const ERROR_CODES = [
  // The spec's codes.
  'missing_api_key',
  'invalid_key',
  'missing_email',
  'invalid_email_format',
  'missing_key_id',
  'api_key_has_no_product',
  'credits_exhausted',
  'trial_limit_reached',
  'not_found',
  'internal_error',
  // Ours: requests.
  'invalid_json',
  'invalid_body',
  'invalid_prospect_name',
  'invalid_company_name',
  'invalid_linkedin_url',
  'invalid_company_linkedin_url',
  'invalid_idempotency_key',
  'idempotency_key_reused',
  'payload_too_large',
  'unsupported_media_type',
  'service_unavailable',
  // Ours: requests Node's HTTP server refuses before they reach an endpoint.
  'malformed_request',
  'headers_too_large',
  'request_timeout',
  'expectation_failed',
  // Ours: accounts, products and keys (ops commands today, a dashboard's API later).
  'account_not_found',
  'api_key_not_found',
  'invalid_account',
  'invalid_product',
  'api_key_limit_reached',
  // Ours: the Autopilot's configuration (docs/autopilot.md).
  'invalid_autopilot',
  'invalid_autopilot_order',
  'invalid_autopilot_settings',
  'autopilot_not_found',
  'invalid_query',
  // Ours: the Autopilot's intake and routing (docs/autopilot.md).
  'invalid_contacts',
  'invalid_properties',
  'contact_not_found',
  'lead_not_found',
  'contact_not_routable',
  // Ours: the Autopilot's outcomes (docs/autopilot.md).
  'invalid_activity',
  // Ours: the Autopilot's e-mail channel (docs/autopilot.md, "E-mail channel").
  'invalid_mailbox',
  'mailbox_not_found',
  'secret_key_missing',
  // Ours: the Autopilot's Unipile channels (docs/autopilot.md, "Seats").
  'invalid_seat',
  'seat_not_found',
  // Ours: lead events and webhooks (docs/events.md).
  'invalid_webhook',
  'webhook_not_found',
  'invalid_credit_alerts',
  // Ours: webhooks a provider sends the engine (docs/autopilot.md, "Replies on the professional network, the messaging app and the chat app").
  'invalid_webhook_secret',
  // Ours: the HubSpot app's portals (crm-app/README.md, "Install"; docs/api.md, "HubSpot portals").
  'invalid_claim_code',
  'claim_code_not_found',
  'claim_code_used',
  'claim_code_expired',
  'portal_claimed',
  'portal_not_connected',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

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
