/**
 * The workflows the end-to-end test and the bench import into n8n, as n8n stores them. Every one starts
 * with a Manual Trigger (the only trigger `n8n execute` can start), turns a list of e-mails into one
 * item each with n8n's own Edit Fields and Split Out nodes, and runs our Research node on them.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Credential, PACKAGE_NAME as PACKAGE } from './n8n.ts';
export const RESEARCH_NODE = 'Prospect Research';
export const WAIT_NODE = 'Prospect Research: Wait for Result';

export function researchCredential(id: string, baseUrl: string, apiKey: string): Credential {
  return { id, name: `Prospect Research ${id}`, type: 'prospectResearchApi', data: { apiKey, baseUrl } };
}

export interface ResearchWorkflow {
  id: string;
  credential: Credential;
  emails: string[];
  /** The Research node's parameters besides resource, operation and email (mapped from each item). */
  research?: Record<string, unknown>;
  /** The Research node's "On Error" setting, e.g. `continueRegularOutput` (continue on fail). */
  onError?: string;
  /** Put a Wait for Result node after the Research node, with these parameters besides the research_id. */
  waitForResult?: Record<string, unknown>;
  /**
   * Read the account first (Account: Get, no credit), so that the Research node's requests are not the
   * first this n8n process sends: n8n sets up its credential decryption and HTTP client on first use.
   */
  warmUp?: boolean;
}

export const WARM_UP_NODE = 'Read the account';

/** Start [-> Read the account] -> Emails -> One item per email -> Prospect Research [-> Prospect Research: Wait for Result]. */
export function researchWorkflow(spec: ResearchWorkflow): Record<string, unknown> {
  const credentials = { prospectResearchApi: { id: spec.credential.id, name: spec.credential.name } };
  const nodes: Record<string, unknown>[] = [
    { id: 'start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
    {
      id: 'emails',
      name: 'Emails',
      type: 'n8n-nodes-base.set',
      typeVersion: 3.4,
      position: [200, 0],
      parameters: { mode: 'raw', jsonOutput: JSON.stringify({ emails: spec.emails }), options: {} },
    },
    {
      id: 'split',
      name: 'One item per email',
      type: 'n8n-nodes-base.splitOut',
      typeVersion: 1,
      position: [400, 0],
      parameters: { fieldToSplitOut: 'emails', options: {} },
    },
    {
      id: 'research',
      name: RESEARCH_NODE,
      type: `${PACKAGE}.prospectResearch`,
      typeVersion: 1,
      position: [600, 0],
      ...(spec.onError ? { onError: spec.onError } : {}),
      parameters: { resource: 'research', operation: 'research', email: '={{ $json.emails }}', ...spec.research },
      credentials,
    },
  ];
  const chain = ['Start', 'Emails', 'One item per email', RESEARCH_NODE];
  if (spec.warmUp) {
    nodes.push({
      id: 'warm-up',
      name: WARM_UP_NODE,
      type: `${PACKAGE}.prospectResearch`,
      typeVersion: 1,
      position: [100, 200],
      parameters: { resource: 'account', operation: 'get' },
      credentials,
    });
    chain.splice(1, 0, WARM_UP_NODE);
  }
  if (spec.waitForResult) {
    nodes.push({
      id: 'wait',
      name: WAIT_NODE,
      type: `${PACKAGE}.prospectResearchWaitForResult`,
      typeVersion: 1,
      position: [800, 0],
      parameters: { researchId: '={{ $json.research_id }}', ...spec.waitForResult },
      credentials,
    });
    chain.push(WAIT_NODE);
  }
  const connections: Record<string, unknown> = {};
  for (let i = 0; i < chain.length - 1; i++) {
    connections[chain[i]!] = { main: [[{ node: chain[i + 1], type: 'main', index: 0 }]] };
  }
  return { id: spec.id, name: `Research ${spec.id}`, active: false, nodes, connections, settings: {} };
}

/**
 * The example workflow of the package README's "Usage" section (nodes/README.md, the package's npm
 * page), with an id and the credential picked, as a user would.
 */
export function readmeWorkflow(id: string, credential: Credential): Record<string, unknown> {
  const readme = readFileSync(new URL('../../nodes/README.md', import.meta.url), 'utf8');
  const usage = readme.slice(readme.indexOf('## Usage'));
  const block = /```json\n([\s\S]*?)\n```/.exec(usage);
  if (!block) throw new Error('nodes/README.md has no json block under "## Usage"');
  const workflow = JSON.parse(block[1]!) as { nodes: Array<Record<string, unknown>>; connections: unknown };
  const nodes = workflow.nodes.map((node, i) => ({
    id: `readme-node-${i}`,
    ...node,
    ...(node.name === RESEARCH_NODE ? { credentials: { prospectResearchApi: { id: credential.id, name: credential.name } } } : {}),
  }));
  return { id, name: 'README example', active: false, nodes, connections: workflow.connections, settings: {} };
}

export const AUTOPILOT_NODE_TYPE = `${PACKAGE}.prospectResearchAutopilot`;
export const AUTOPILOT_TRIGGER_TYPE = `${PACKAGE}.prospectResearchAutopilotTrigger`;
/** The chat URL the README's CRM connector workflow holds, for the reader to replace. */
const README_CHAT_URL = 'https://hooks.slack.com/services/YOUR/CHAT/WEBHOOK';

/**
 * The package README's CRM connector workflow ("n8n as the CRM connector"), as a user pastes it: the
 * credential picked on our nodes and the chat URL replaced. Nodes that receive webhooks get the
 * `webhookId` the editor gives them when pasted (their production URL is built from it).
 */
export function crmConnectorWorkflow(id: string, credential: Credential, chatUrl: string): Record<string, unknown> {
  const readme = readFileSync(new URL('../../nodes/README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## n8n as the CRM connector'));
  const block = /```json\n([\s\S]*?)\n```/.exec(section);
  if (!block) throw new Error('nodes/README.md has no json block under "## n8n as the CRM connector"');
  const workflow = JSON.parse(block[1]!.replace(README_CHAT_URL, chatUrl)) as { nodes: Array<Record<string, unknown>>; connections: unknown };
  const nodes = workflow.nodes.map((node, i) => ({
    id: `crm-node-${i}`,
    ...node,
    ...(String(node.type).startsWith(`${PACKAGE}.`) ? { credentials: { prospectResearchApi: { id: credential.id, name: credential.name } } } : {}),
    ...(node.type === AUTOPILOT_TRIGGER_TYPE || node.type === 'n8n-nodes-base.webhook' ? { webhookId: randomUUID() } : {}),
  }));
  return { id, name: 'README CRM connector', active: false, nodes, connections: workflow.connections, settings: {} };
}

/** A call logged in the CRM: a Webhook (POST /webhook/crm-call-logged, `{contact_id, occurred_at}`) and Autopilot: Log Activity. */
export function callLoggedWorkflow(id: string, credential: Credential): Record<string, unknown> {
  return {
    id,
    name: 'Call logged in the CRM',
    active: false,
    settings: {},
    nodes: [
      {
        id: 'call-webhook',
        name: 'Call logged',
        type: 'n8n-nodes-base.webhook',
        typeVersion: 2,
        position: [0, 0],
        webhookId: randomUUID(),
        parameters: { httpMethod: 'POST', path: 'crm-call-logged', options: {} },
      },
      {
        id: 'call-activity',
        name: 'Log the call',
        type: AUTOPILOT_NODE_TYPE,
        typeVersion: 1,
        position: [240, 0],
        parameters: {
          resource: 'contact',
          operation: 'logActivity',
          contactId: '={{ $json.body.contact_id }}',
          activityType: 'call',
          occurredAt: '={{ $json.body.occurred_at }}',
          callOutcome: 'connected',
        },
        credentials: { prospectResearchApi: { id: credential.id, name: credential.name } },
      },
    ],
    connections: { 'Call logged': { main: [[{ node: 'Log the call', type: 'main', index: 0 }]] } },
  };
}

/**
 * A contact from the CRM added and its routing state read right after, both nodes with their defaults
 * (Created At empty: now; Get Routing State's Contact ID: the item's contact_id): a Webhook (POST
 * /webhook/crm-add-and-check, `{id, email, country}`) that answers with the last node's item.
 */
export function addAndCheckWorkflow(id: string, credential: Credential): Record<string, unknown> {
  const credentials = { prospectResearchApi: { id: credential.id, name: credential.name } };
  return {
    id,
    name: 'Add a contact and read its routing state',
    active: false,
    settings: {},
    nodes: [
      {
        id: 'add-webhook',
        name: 'New contact',
        type: 'n8n-nodes-base.webhook',
        typeVersion: 2,
        position: [0, 0],
        webhookId: randomUUID(),
        parameters: { httpMethod: 'POST', path: 'crm-add-and-check', responseMode: 'lastNode', options: {} },
      },
      {
        id: 'add-contact',
        name: 'Add the contact',
        type: AUTOPILOT_NODE_TYPE,
        typeVersion: 1,
        position: [240, 0],
        parameters: {
          resource: 'contact',
          operation: 'add',
          contactId: '={{ $json.body.id }}',
          email: '={{ $json.body.email }}',
          properties: { property: [{ name: 'country', value: '={{ $json.body.country }}' }] },
        },
        credentials,
      },
      {
        id: 'get-state',
        name: 'Get its routing state',
        type: AUTOPILOT_NODE_TYPE,
        typeVersion: 1,
        position: [480, 0],
        parameters: { resource: 'contact', operation: 'get' },
        credentials,
      },
    ],
    connections: {
      'New contact': { main: [[{ node: 'Add the contact', type: 'main', index: 0 }]] },
      'Add the contact': { main: [[{ node: 'Get its routing state', type: 'main', index: 0 }]] },
    },
  };
}

/** The Autopilot Trigger alone, on Lead Responded, as a builder adds it before anything else. */
export function triggerWorkflow(id: string, credential: Credential): Record<string, unknown> {
  return {
    id,
    name: 'Autopilot Trigger alone',
    active: false,
    settings: {},
    nodes: [
      {
        id: 'trigger-alone',
        name: 'Lead responded',
        type: AUTOPILOT_TRIGGER_TYPE,
        typeVersion: 1,
        position: [0, 0],
        webhookId: randomUUID(),
        parameters: { events: ['lead.responded'] },
        credentials: { prospectResearchApi: { id: credential.id, name: credential.name } },
      },
    ],
    connections: {},
  };
}

/**
 * A Webhook (POST /webhook/<path>) that runs one Get Many of the Autopilot node with these parameters
 * and answers with all its items, as a JSON array.
 */
export function getManyWorkflow(id: string, credential: Credential, path: string, parameters: Record<string, unknown>): Record<string, unknown> {
  const credentials = { prospectResearchApi: { id: credential.id, name: credential.name } };
  return {
    id,
    name: `Get many (${path})`,
    active: false,
    settings: {},
    nodes: [
      {
        id: `${path}-webhook`,
        name: 'Asked',
        type: 'n8n-nodes-base.webhook',
        typeVersion: 2,
        position: [0, 0],
        webhookId: randomUUID(),
        parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', responseData: 'allEntries', options: {} },
      },
      { id: `${path}-list`, name: 'Get many', type: AUTOPILOT_NODE_TYPE, typeVersion: 1, position: [240, 0], parameters, credentials },
    ],
    connections: { Asked: { main: [[{ node: 'Get many', type: 'main', index: 0 }]] } },
  };
}
