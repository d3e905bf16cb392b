/** The error codes of accounts, products and API keys (ops commands today, a dashboard's API later), with their HTTP statuses. */
export const ACCOUNT_ERRORS = {
  account_not_found: 404,
  api_key_not_found: 404,
  invalid_api_key: 400,
  invalid_account: 400,
  invalid_product: 400,
  product_not_set: 404,
  api_key_limit_reached: 409,
} as const;

type AccountErrors = typeof ACCOUNT_ERRORS;

declare global {
  namespace ProspectEngine {
    interface ErrorCodes extends AccountErrors {}
  }
}
