import { NodeApiError } from 'n8n-workflow';
import type {
  ICredentialsDecrypted,
  IDataObject,
  IExecuteFunctions,
  IHookFunctions,
  IHttpRequestMethods,
  IHttpRequestOptions,
  ILoadOptionsFunctions,
  JsonObject,
} from 'n8n-workflow';
import { apiError } from './errors';

export const CREDENTIAL_TYPE = 'prospectResearchApi';

interface FullResponse {
  statusCode: number;
  body: unknown;
}

/** Every context a node calls the engine from: an action's execute, a trigger's webhook lifecycle, a dropdown. */
export type ApiContext = IExecuteFunctions | IHookFunctions | ILoadOptionsFunctions;

/**
 * The credential of one node run (one context), read once and handed to n8n's authenticated-request
 * helper: each read queries n8n's database and decrypts, and the helper would read it again for every
 * request (2 reads per request, a large share of the node's CPU in a 20-item run). The helper itself
 * reads it as for the first item (n8n-core's httpRequestWithAuthentication calls getCredentials without
 * an item), so one read per run changes nothing a workflow sees.
 */
const credentialOfRun = new WeakMap<ApiContext, Promise<ICredentialsDecrypted>>();

function credentialOf(context: ApiContext, itemIndex: number): Promise<ICredentialsDecrypted> {
  let credential = credentialOfRun.get(context);
  if (!credential) {
    const chosen = context.getNode().credentials?.[CREDENTIAL_TYPE];
    credential = context
      .getCredentials(CREDENTIAL_TYPE, itemIndex)
      .then((data) => ({ id: chosen?.id ?? '', name: chosen?.name ?? CREDENTIAL_TYPE, type: CREDENTIAL_TYPE, data }));
    // A failed read (no credential chosen) is not kept: the next item reports its own error.
    credential.catch(() => credentialOfRun.delete(context));
    credentialOfRun.set(context, credential);
  }
  return credential;
}

/** The system's code of a connection error (ECONNREFUSED...), on the error or on its cause. */
function connectionCode(error: unknown): string | undefined {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  const found = typeof code === 'string' ? code : cause?.code;
  return typeof found === 'string' ? found : undefined;
}

/** What a connection error means, in words, with the address tried and what to check. */
export function unreachable(baseURL: string, code: string | undefined): string {
  let host = baseURL;
  try {
    host = new URL(baseURL).host;
  } catch {
    // not a URL: name it as given
  }
  switch (code) {
    case 'ECONNREFUSED':
      return `Nothing listens at ${host} (ECONNREFUSED): start the engine, or fix the Base URL's port in the Prospect Research credential. In Docker, localhost is n8n's own container.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `No host is named ${host} (${code}): fix the Base URL's host name in the Prospect Research credential.`;
    case 'ETIMEDOUT':
    case 'ECONNRESET':
      return `${host} did not answer (${code}): check that n8n can reach it (a firewall, a private network) and that the engine is running.`;
    default:
      return `Check the Base URL in the Prospect Research credential and that the engine is running${code === undefined ? '' : ` (${code})`}.`;
  }
}

/**
 * The one way the nodes call the engine's API: the credential adds the bearer key; an error answer
 * becomes a NodeApiError with the API's code and a hint (see shared/errors.ts).
 */
export async function apiRequest(
  this: ApiContext,
  method: IHttpRequestMethods,
  path: string,
  itemIndex: number,
  body?: IDataObject,
): Promise<IDataObject> {
  const credential = await credentialOf(this, itemIndex);
  const baseURL = String(credential.data?.baseUrl ?? '').replace(/\/+$/, '');
  const options: IHttpRequestOptions = {
    method,
    baseURL,
    url: path,
    json: true,
    returnFullResponse: true,
    ignoreHttpStatusErrors: true,
    headers: { Accept: 'application/json' },
  };
  if (body !== undefined) options.body = body;
  let response: FullResponse;
  try {
    response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, options, { credentialsDecrypted: credential })) as FullResponse;
  } catch (error) {
    throw new NodeApiError(this.getNode(), error as JsonObject, {
      itemIndex,
      message: `Could not reach the Prospect Research engine at ${baseURL}`,
      description: unreachable(baseURL, connectionCode(error)),
    });
  }
  if (response.statusCode >= 400) throw apiError(this.getNode(), response.statusCode, response.body, itemIndex);
  return (response.body ?? {}) as IDataObject;
}
