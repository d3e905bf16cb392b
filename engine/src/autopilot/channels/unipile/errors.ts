/** The error codes of the Unipile channels' seats and of the webhooks Unipile sends (docs/autopilot.md, "Seats"), with their HTTP statuses. */
export const SEAT_ERRORS = {
  invalid_seat: 400,
  seat_not_found: 404,
  invalid_webhook_secret: 401,
} as const;

type SeatErrors = typeof SEAT_ERRORS;

declare global {
  namespace ProspectEngine {
    interface ErrorCodes extends SeatErrors {}
  }
}
