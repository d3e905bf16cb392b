import type {
  IAdditionalCredentialOptions,
  ICredentialDataDecryptedObject,
  IDataObject,
  IExecuteFunctions,
  IHookFunctions,
  IHttpRequestOptions,
  ILoadOptionsFunctions,
  INode,
  INodeExecutionData,
  IWebhookFunctions,
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
  /** How many times the node read its credential (each read is a database read and a decryption in n8n). */
  credentialReads: () => number;
}

/** `={{$credentials.apiKey}}`-style strings as n8n resolves them, for the credential's fields only. */
function resolve(template: string, credentials: ICredentialDataDecryptedObject): string {
  return template.replace(/^=/, '').replace(/\{\{\s*\$credentials\.(\w+)\s*\}\}/g, (_, name: string) => String(credentials[name] ?? ''));
}

/**
 * n8n's httpRequestWithAuthentication for our credential: applies the real credential's `authenticate`
 * headers and performs real HTTP with fetch (nock intercepts it), following IHttpRequestOptions'
 * returnFullResponse and ignoreHttpStatusErrors. Each request is recorded as "METHOD /path".
 */
export function authenticatedHttp(ownCredentials: ICredentialDataDecryptedObject, requests: string[]) {
  const credentialType = new ProspectResearchApi();
  return async function httpRequestWithAuthentication(type: string, request: IHttpRequestOptions, additional?: IAdditionalCredentialOptions): Promise<unknown> {
    if (type !== credentialType.name) throw new Error(`unknown credential type ${type}`);
    // As n8n does: a credential the node passes is used instead of reading the node's own.
    const credentials = additional?.credentialsDecrypted?.data ?? ownCredentials;
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
    return request.returnFullResponse ? { statusCode: response.status, statusMessage: response.statusText, headers: responseHeaders, body: parsed } : parsed;
  };
}

/** A minimal, honest IExecuteFunctions: parameters and items as given, HTTP through authenticatedHttp. */
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
  const httpRequestWithAuthentication = authenticatedHttp(credentials, requests);
  let credentialReads = 0;

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
      credentialReads++;
      return credentials;
    },
    continueOnFail: () => options.continueOnFail ?? false,
    getExecutionCancelSignal: () => options.signal,
    addExecutionHints: (...added: NodeExecutionHint[]) => void hints.push(...added),
    helpers: { httpRequestWithAuthentication },
  };
  return { context: context as unknown as IExecuteFunctions, requests, hints, credentialReads: () => credentialReads };
}

/** What a trigger's webhook lifecycle and webhook() see: static data that survives between calls, as n8n keeps it per node. */
export interface TriggerHarness {
  hooks: IHookFunctions;
  loadOptions: ILoadOptionsFunctions;
  requests: string[];
  staticData: IDataObject;
  /** A delivery to the webhook: its headers and raw body; `response` records what webhook() answered itself. */
  deliver(headers: Record<string, string>, rawBody: string): { context: IWebhookFunctions; response: { status?: number; body?: unknown } };
}

export const WEBHOOK_URL = 'https://n8n.example.com/webhook/7f3c/webhook';

export function createTriggerHarness(parameters: Record<string, unknown>, staticData: IDataObject = {}): TriggerHarness {
  const credentials = { apiKey: API_KEY, baseUrl: BASE_URL };
  const requests: string[] = [];
  const node: INode = {
    id: 'trigger-1',
    name: 'Prospect Research Autopilot Trigger',
    type: 'n8n-nodes-prospect-research.prospectResearchAutopilotTrigger',
    typeVersion: 1,
    position: [0, 0],
    parameters: {},
  };
  const helpers = { httpRequestWithAuthentication: authenticatedHttp(credentials, requests) };
  const getNodeParameter = (name: string, fallback?: unknown) => (name in parameters ? parameters[name] : fallback);
  const base = {
    getNode: () => node,
    getCredentials: async () => credentials,
    getNodeParameter,
    getWorkflowStaticData: () => staticData,
    helpers,
  };
  const hooks = { ...base, getNodeWebhookUrl: () => WEBHOOK_URL } as unknown as IHookFunctions;
  const loadOptions = base as unknown as ILoadOptionsFunctions;
  return {
    hooks,
    loadOptions,
    requests,
    staticData,
    deliver(headers, rawBody) {
      const response: { status?: number; body?: unknown } = {};
      const res = {
        status(code: number) {
          response.status = code;
          return res;
        },
        json(body: unknown) {
          response.body = body;
          return res;
        },
      };
      const context = {
        ...base,
        getHeaderData: () => headers,
        getBodyData: () => JSON.parse(rawBody) as IDataObject,
        getRequestObject: () => ({ rawBody: Buffer.from(rawBody, 'utf8'), headers }),
        getResponseObject: () => res,
        helpers: { ...helpers, returnJsonArray: (data: IDataObject | IDataObject[]) => (Array.isArray(data) ? data : [data]).map((json) => ({ json })) },
      } as unknown as IWebhookFunctions;
      return { context, response };
    },
  };
}
