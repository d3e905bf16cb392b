/** The error codes of the Autopilot (docs/autopilot.md), with their HTTP statuses; its channels declare their own. */
export const AUTOPILOT_ERRORS = {
  // Its configuration.
  invalid_autopilot: 400,
  invalid_autopilot_order: 400,
  invalid_autopilot_settings: 400,
  autopilot_not_found: 404,
  // Its intake and routing.
  invalid_contacts: 400,
  invalid_properties: 400,
  contact_not_found: 404,
  lead_not_found: 404,
  contact_not_routable: 409,
  invalid_assignment: 400,
  // Its outcomes.
  invalid_activity: 400,
} as const;

type AutopilotErrors = typeof AUTOPILOT_ERRORS;

declare global {
  namespace ProspectEngine {
    interface ErrorCodes extends AutopilotErrors {}
  }
}
