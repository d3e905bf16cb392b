/** The error codes of the Unipile channels' seats of the webhooks Unipile sends and of connecting a seat through its hosted authentication (docs/autopilot.md, "Seats"), with their HTTP statuses. */
export const SEAT_ERRORS = {
  invalid_seat: 400,
  seat_not_found: 404,
  invalid_webhook_secret: 401,
  invalid_connect_token: 401,
  connect_token_used: 409,
  unipile_account_unverified: 403,
  unipile_unavailable: 502,
} as const;

type SeatErrors = typeof SEAT_ERRORS;

declare global {
  namespace ProspectEngine {
    interface ErrorCodes extends SeatErrors {}
  }
}
