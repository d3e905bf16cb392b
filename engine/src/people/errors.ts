/** The error codes of people and sign-in (docs/api.md, "Authentication"), with their HTTP statuses. */
export const PEOPLE_ERRORS = {
  not_signed_in: 401,
  invalid_credentials: 401,
  csrf_failed: 403,
  forbidden: 403,
  too_many_attempts: 429,
  invitation_not_found: 404,
  invalid_password: 400,
  user_not_found: 404,
  invalid_user: 400,
  last_owner: 409,
} as const;

type PeopleErrors = typeof PEOPLE_ERRORS;

declare global {
  namespace ProspectEngine {
    interface ErrorCodes extends PeopleErrors {}
  }
}
