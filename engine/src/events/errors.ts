/** The error codes of webhook subscriptions and credit alerts (docs/events.md), with their HTTP statuses. */
export const EVENTS_ERRORS = {
  invalid_webhook: 400,
  webhook_not_found: 404,
  invalid_credit_alerts: 400,
} as const;

type EventsErrors = typeof EVENTS_ERRORS;

declare global {
  namespace ProspectEngine {
    interface ErrorCodes extends EventsErrors {}
  }
}
