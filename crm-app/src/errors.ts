/** The error codes of the HubSpot app's portal claims (README.md, "Install"), with their HTTP statuses. */
export const HUBSPOT_ERRORS = {
  invalid_claim_code: 400,
  claim_code_not_found: 404,
  claim_code_used: 409,
  claim_code_expired: 410,
  portal_claimed: 409,
  portal_not_connected: 409,
} as const;

type HubSpotErrors = typeof HUBSPOT_ERRORS;

declare global {
  namespace ProspectEngine {
    interface ErrorCodes extends HubSpotErrors {}
  }
}
