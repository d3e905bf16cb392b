import { ERROR_CODES, type ErrorCode } from '../errors.ts';

/** The HTTP status of every error code: the one place codes meet statuses (the record must name them all). */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
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
  malformed_request: 400,
  headers_too_large: 431,
  request_timeout: 408,
  expectation_failed: 417,
  account_not_found: 404,
  api_key_not_found: 404,
  invalid_account: 400,
  invalid_product: 400,
  api_key_limit_reached: 409,
  invalid_autopilot: 400,
  invalid_autopilot_order: 400,
  invalid_autopilot_settings: 400,
  autopilot_not_found: 404,
  invalid_query: 400,
  invalid_contacts: 400,
  invalid_properties: 400,
  contact_not_found: 404,
  lead_not_found: 404,
  contact_not_routable: 409,
  invalid_activity: 400,
  invalid_mailbox: 400,
  mailbox_not_found: 404,
  secret_key_missing: 503,
  invalid_seat: 400,
  seat_not_found: 404,
  invalid_webhook: 400,
  invalid_credit_alerts: 400,
  webhook_not_found: 404,
  invalid_webhook_secret: 401,
  invalid_claim_code: 400,
  claim_code_not_found: 404,
  claim_code_used: 409,
  claim_code_expired: 410,
  portal_claimed: 409,
  portal_not_connected: 409,
};

/** The HTTP status an error code answers with. */
export function errorStatus(code: ErrorCode): number {
  return ERROR_STATUS[code];
}

/** Every error code with its status, in the order the codes are declared: what the API's document lists. */
export function knownErrors(): ReadonlyMap<ErrorCode, number> {
  return new Map(ERROR_CODES.map((code) => [code, errorStatus(code)]));
}
