import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INode, INodeExecutionData, JsonObject } from 'n8n-workflow';

/** The `problems` of a refused request, one line each (the engine words each with the field it concerns). */
function problems(body: IDataObject): string {
  const list = Array.isArray(body.problems) ? (body.problems as unknown[]) : [];
  return list
    .map((problem) => (problem !== null && typeof problem === 'object' ? (problem as IDataObject).message : problem))
    .filter((message): message is string => typeof message === 'string')
    .join('\n');
}

/** What a person can do about each error code of the engine's API (docs/api.md, docs/autopilot.md, docs/events.md). */
function explain(code: string, body: IDataObject, status: number): { message: string; description: string } {
  const used = typeof body.used === 'number' ? body.used : undefined;
  const limit = typeof body.limit === 'number' ? body.limit : undefined;
  const usage = used !== undefined && limit !== undefined ? ` (${used} of ${limit} used)` : '';
  switch (code) {
    case 'missing_api_key':
      return {
        message: 'No API key was sent (missing_api_key)',
        description: 'Open the Prospect Research credential and paste the API key.',
      };
    case 'missing_key_id':
      return {
        message: 'The Authorization header holds no API key (missing_key_id)',
        description: 'Open the Prospect Research credential and paste the whole API key (it starts with pr_live_).',
      };
    case 'invalid_key':
      return {
        message: 'The API key was refused (invalid_key)',
        description:
          'The key is unknown or was revoked. Create a new key (prospect-engine keys create) and update the Prospect Research credential.',
      };
    case 'credits_exhausted':
      return {
        message: `This month's research credits are used up${usage} (credits_exhausted)`,
        description: 'New research is refused until the next billing cycle. Upgrade the plan or raise the account limit to continue now.',
      };
    case 'trial_limit_reached':
      return {
        message: `The Free plan's credits are used up${usage} (trial_limit_reached)`,
        description: 'Upgrade to a paid plan to research more prospects this month.',
      };
    case 'not_found':
      return {
        message: 'No research job with this ID for this account (not_found)',
        description:
          'Check that the research_id comes from a Prospect Research node that uses the same credential (another account cannot read it).',
      };
    case 'api_key_has_no_product':
      return {
        message: 'The account has no product to write research against (api_key_has_no_product)',
        description: 'Set the product first (prospect-engine products set). No credit was taken.',
      };
    case 'missing_email':
      return { message: 'The email is empty (missing_email)', description: 'Map the prospect\'s work email into the Email field.' };
    case 'invalid_email_format':
      return {
        message: 'The email is not a valid address (invalid_email_format)',
        description: 'Send a single address such as jane@acme.com, without a display name.',
      };
    case 'invalid_prospect_name':
    case 'invalid_company_name':
      return { message: `A field was refused (${code})`, description: 'Names must be 1 to 200 characters, or leave the field empty.' };
    case 'invalid_linkedin_url':
    case 'invalid_company_linkedin_url':
      return {
        message: `A field was refused (${code})`,
        description: 'Use an absolute http(s) URL such as https://www.linkedin.com/in/jane, or leave the field empty.',
      };
    case 'contact_not_found':
      return {
        message: 'The Autopilot has no contact with this ID (contact_not_found)',
        description: 'Send the contact first (Autopilot: Add Contacts). A workflow that reports changes or activities on every CRM contact can ignore this error with "Continue On Fail".',
      };
    case 'lead_not_found':
      return {
        message: 'No lead with this ID for this account (lead_not_found)',
        description: 'Use the lead_id of an Autopilot Trigger event or of "Get Contact" (its lead.id), from an engine the same credential reaches.',
      };
    case 'autopilot_not_found':
      return { message: 'No Autopilot of this name in the account (autopilot_not_found)', description: 'Pick one from the list (List Autopilots shows them).' };
    case 'webhook_not_found':
      return {
        message: 'The engine has no such webhook subscription (webhook_not_found)',
        description: 'It was removed already: deactivate and activate the workflow to subscribe again.',
      };
    case 'secret_key_missing':
      return {
        message: 'The engine cannot sign webhooks: its SECRET_KEY is not set (secret_key_missing)',
        description: "The engine's operator sets SECRET_KEY (openssl rand -base64 32) and restarts it; then activate the workflow again.",
      };
    case 'invalid_webhook':
      // The likeliest first error of the Autopilot Trigger: n8n on a private address. The engine's reason
      // names the setting that allows it; it goes in the message, which is all n8n shows when publishing.
      return {
        message: `The engine refused this workflow's webhook URL: ${problems(body).replaceAll('\n', '; ') || 'see docs/events.md'} (invalid_webhook)`,
        description:
          "Either the engine's operator changes the setting the engine names, or n8n's webhook URL (N8N_WEBHOOK_URL) is set to an address the engine can reach; then publish the workflow again.",
      };
    case 'invalid_contacts':
    case 'invalid_properties':
    case 'invalid_activity':
    case 'invalid_query':
      return { message: `The engine refused the request (${code})`, description: problems(body) || 'See docs/autopilot.md for the shape it takes.' };
    case 'internal_error':
      return {
        message: 'The Prospect Research engine failed (internal_error)',
        description: `No credit was taken; retry later.${typeof body.request_id === 'string' ? ` Request ID for support: ${body.request_id}.` : ''}`,
      };
    default:
      return {
        message: `The Prospect Research API answered ${status} (${code})`,
        description: typeof body.message === 'string' ? body.message : 'See docs/api.md for this error code.',
      };
  }
}

/** A NodeApiError for an error answer of the API: message and hint by code; `context` holds code, status, used, limit. */
export function apiError(node: INode, status: number, body: unknown, itemIndex: number): NodeApiError {
  const data: IDataObject = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as IDataObject) : {};
  const code = typeof data.error === 'string' ? data.error : `http_${status}`;
  const { message, description } = explain(code, data, status);
  const error = new NodeApiError(node, { ...data, error: code } as JsonObject, {
    message,
    description,
    httpCode: String(status),
    itemIndex,
  });
  error.context.code = code;
  error.context.httpStatus = status;
  if (data.used !== undefined) error.context.used = data.used;
  if (data.limit !== undefined) error.context.limit = data.limit;
  return error;
}

/**
 * The error to throw when continue-on-fail is off: NodeApiError and NodeOperationError pass through
 * unchanged (they already carry the API's code and hint); anything else becomes a NodeOperationError
 * tied to the item, so n8n shows it on the node instead of as a raw crash.
 */
export function nodeError(node: INode, error: unknown, itemIndex: number): NodeApiError | NodeOperationError {
  if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
  return new NodeOperationError(node, error instanceof Error ? error : String(error), { itemIndex });
}

/**
 * The item n8n's continue-on-fail convention expects: `error` (message) plus the API's code and figures,
 * and the e-mail of the research when the node knows it (to match the item to its prospect).
 */
export function errorItem(error: unknown, itemIndex: number, email?: string): INodeExecutionData {
  const json: IDataObject = { error: error instanceof Error ? error.message : String(error) };
  if (email !== undefined) json.email = email;
  if (error instanceof NodeApiError || error instanceof NodeOperationError) {
    for (const key of ['code', 'httpStatus', 'used', 'limit', 'research_id', 'status']) {
      if (error.context[key] !== undefined) json[key] = error.context[key];
    }
    if (error.description) json.description = error.description;
  }
  return { json, pairedItem: { item: itemIndex } };
}
