/** The error codes of `POST /research` beyond the spec's (docs/api.md), with their HTTP statuses. */
export const RESEARCH_ERRORS = {
  invalid_prospect_name: 400,
  invalid_company_name: 400,
  invalid_linkedin_url: 400,
  invalid_company_linkedin_url: 400,
  invalid_idempotency_key: 400,
  idempotency_key_reused: 422,
} as const;

type ResearchErrors = typeof RESEARCH_ERRORS;

declare global {
  namespace ProspectEngine {
    interface ErrorCodes extends ResearchErrors {}
  }
}
