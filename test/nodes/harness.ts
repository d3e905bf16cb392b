import type {
  ICredentialDataDecryptedObject,
  IDataObject,
  IExecuteFunctions,
  IHttpRequestOptions,
  INode,
  INodeExecutionData,
  NodeExecutionHint,
} from 'n8n-workflow';
import { ProspectResearchApi } from '../../credentials/ProspectResearchApi.credentials';

export const BASE_URL = 'http://research.test';
export const API_KEY = 'pr_live_' + 'a'.repeat(42);

/** A parameter's value, or a function of the item index (like an n8n expression per item). */
type Parameter = unknown | ((itemIndex: number) => unknown);

export interface HarnessOptions {
  parameters: Record<string, Parameter>;
  items?: IDataObject[];
  continueOnFail?: boolean;
  credentials?: ICredentialDataDecryptedObject;
  signal?: AbortSignal;
}

export interface Harness {
  context: IExecuteFunctions;
  /** Every request the nodes made, in order: "POST /research", "GET /research-status/r1"... */
  requests: string[];
  /** The hints the node added to its run (n8n shows them above the output). */
  hints: NodeExecutionHint[];
}

/** `={{$credentials.apiKey}}`-style strings as n8n resolves them, for the credential's fields only. */
function resolve(template: string, credentials: ICredentialDataDecryptedObject): string {
  return template.replace(/^=/, '').replace(/\{\{\s*\$credentials\.(\w+)\s*\}\}/g, (_, name: string) => String(credentials[name] ?? ''));
}

/**
 * A minimal, honest IExecuteFunctions: parameters and items as given; httpRequestWithAuthentication
 * applies the real credential's `authenticate` headers and performs real HTTP with fetch (nock
 * intercepts it), following IHttpRequestOptions' returnFullResponse and ignoreHttpStatusErrors.
 */
export function createHarness(options: HarnessOptions): Harness {
  const credentials = options.credentials ?? { apiKey: API_KEY, baseUrl: BASE_URL };
  const node: INode = {
    id: 'node-1',
    name: 'Prospect Research',
    type: 'n8n-nodes-prospect-research.prospectResearch',
    typeVersion: 1,
    position: [0, 0],
    parameters: {},
  };
  const items: INodeExecutionData[] = (options.items ?? [{}]).map((json) => ({ json }));
  const requests: string[] = [];
  const hints: NodeExecutionHint[] = [];
  const credentialType = new ProspectResearchApi();

  async function httpRequestWithAuthentication(type: string, request: IHttpRequestOptions): Promise<unknown> {
    if (type !== credentialType.name) throw new Error(`unknown credential type ${type}`);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers ?? {})) headers[name] = String(value);
    for (const [name, value] of Object.entries(credentialType.authenticate.properties.headers ?? {})) {
      headers[name] = resolve(String(value), credentials);
    }
    const method = request.method ?? 'GET';
    let body: string | undefined;
    if (request.body !== undefined) {
      body = JSON.stringify(request.body);
      headers['Content-Type'] = 'application/json';
    }
    requests.push(`${method} ${request.url}`);
    const response = await fetch(`${request.baseURL ?? ''}${request.url}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    if (response.status >= 400 && !request.ignoreHttpStatusErrors) {
      throw Object.assign(new Error(`Request failed with status code ${response.status}`), {
        response: { status: response.status, data: parsed },
      });
    }
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      responseHeaders[name] = value;
    });
    return request.returnFullResponse
      ? { statusCode: response.status, statusMessage: response.statusText, headers: responseHeaders, body: parsed }
      : parsed;
  }

  const context = {
    getNode: () => node,
    getInputData: () => items,
    getNodeParameter: (name: string, itemIndex: number, fallback?: unknown) => {
      const parameter = options.parameters[name];
      const value = typeof parameter === 'function' ? (parameter as (i: number) => unknown)(itemIndex) : parameter;
      if (value !== undefined) return value;
      if (fallback !== undefined) return fallback;
      throw new Error(`Could not get parameter "${name}"`);
    },
    getCredentials: async (type: string) => {
      if (type !== credentialType.name) throw new Error(`unknown credential type ${type}`);
      return credentials;
    },
    continueOnFail: () => options.continueOnFail ?? false,
    getExecutionCancelSignal: () => options.signal,
    addExecutionHints: (...added: NodeExecutionHint[]) => void hints.push(...added),
    helpers: { httpRequestWithAuthentication },
  };
  return { context: context as unknown as IExecuteFunctions, requests, hints };
}
