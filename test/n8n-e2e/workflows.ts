/**
 * The workflows the end-to-end test and the bench import into n8n, as n8n stores them. Every one starts
 * with a Manual Trigger (the only trigger `n8n execute` can start), turns a list of e-mails into one
 * item each with n8n's own Edit Fields and Split Out nodes, and runs our Research node on them.
 */
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
}

/** Start -> Emails -> One item per email -> Prospect Research [-> Prospect Research: Wait for Result]. */
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
