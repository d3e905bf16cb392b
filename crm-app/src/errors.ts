/** The error codes of the HubSpot app's portal claims (README.md, "Install") and settings ("Settings page"), with their HTTP statuses. */
export const HUBSPOT_ERRORS = {
  invalid_claim_code: 400,
  claim_code_not_found: 404,
  claim_code_used: 409,
  claim_code_expired: 410,
  portal_claimed: 409,
  portal_not_connected: 409,
  portal_not_found: 404,
  invalid_settings: 400,
  // The app card: a portal installed but not linked to an account yet can do nothing from it.
  portal_unclaimed: 409,
} as const;

type HubSpotErrors = typeof HUBSPOT_ERRORS;

declare global {
  namespace ProspectEngine {
    interface ErrorCodes extends HubSpotErrors {}
  }
}
