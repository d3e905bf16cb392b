/**
 * The package README's example workflow (nodes/README.md, "## Usage") is what a builder pastes into
 * n8n: it must parse, and its Prospect Research nodes must use this package's real node types and
 * parameters. (test/n8n-e2e runs it in a real n8n.)
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { NodeHelpers } from 'n8n-workflow';
import type { INodeParameters, INodeTypeDescription } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';
import { ProspectResearchAutopilot } from '../../nodes/Autopilot/ProspectResearchAutopilot.node';
import { ProspectResearchAutopilotTrigger } from '../../nodes/AutopilotTrigger/ProspectResearchAutopilotTrigger.node';
import { ProspectResearch } from '../../nodes/Research/ProspectResearch.node';
import { ProspectResearchWaitForResult } from '../../nodes/WaitForResult/ProspectResearchWaitForResult.node';

const root = resolve(__dirname, '../..');
const packageName = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')).name as string;
const readme = readFileSync(resolve(root, 'nodes', 'README.md'), 'utf8');
const nodeTypes = new Map<string, INodeTypeDescription>(
  [new ProspectResearch().description, new ProspectResearchWaitForResult().description, new ProspectResearchAutopilot().description, new ProspectResearchAutopilotTrigger().description].map(
    (description) => [`${packageName}.${description.name}`, description],
  ),
);

interface WorkflowNode {
  name: string;
  type: string;
  typeVersion: number;
  parameters: INodeParameters;
}

type Workflow = { nodes: WorkflowNode[]; connections: Record<string, { main: Array<Array<{ node: string }>> }> };

/** The first json block under a heading of nodes/README.md. */
function workflowUnder(heading: string): Workflow {
  const section = readme.slice(readme.indexOf(heading));
  const block = /```json\n([\s\S]*?)\n```/.exec(section);
  if (!block) throw new Error(`nodes/README.md has no json block under "${heading}"`);
  return JSON.parse(block[1]!);
}

const usageWorkflow = () => workflowUnder('## Usage');

/** Every parameter of our nodes in the workflow is one the editor keeps for its resource and operation. */
function expectParametersKept(workflow: Workflow): WorkflowNode[] {
  const ours = workflow.nodes.filter((node) => node.type.startsWith(`${packageName}.`));
  expect(ours.length).toBeGreaterThan(0);
  for (const node of ours) {
    const description = nodeTypes.get(node.type);
    expect(description, node.type).toBeDefined();
    expect(node.typeVersion).toBe(description!.version);
    const kept = NodeHelpers.getNodeParameters(description!.properties, node.parameters, true, false, { typeVersion: 1 }, description!);
    for (const [name, value] of Object.entries(node.parameters)) expect(kept?.[name], `${node.name}: ${name}`).toEqual(value);
  }
  return ours;
}

describe("the package README's example workflow", () => {
  it('parses, and connects only nodes it has', () => {
    const workflow = usageWorkflow();
    const names = new Set(workflow.nodes.map((node) => node.name));
    expect(names.size).toBe(workflow.nodes.length);
    for (const [from, { main }] of Object.entries(workflow.connections)) {
      expect(names, from).toContain(from);
      for (const target of main.flat()) expect(names, target.node).toContain(target.node);
    }
  });

  it("uses this package's node types with parameters they have and show for its settings, and the simplified output", () => {
    // What the editor keeps of these parameters: one not shown for the chosen resource and operation is dropped.
    for (const node of expectParametersKept(usageWorkflow())) {
      const description = nodeTypes.get(node.type)!;
      const kept = NodeHelpers.getNodeParameters(description.properties, node.parameters, true, false, { typeVersion: 1 }, description);
      expect(kept?.simple, node.name).toBe(true);
    }
  });
});

describe("the package README's CRM connector workflow", () => {
  const workflow = () => workflowUnder('## n8n as the CRM connector');

  it('parses, connects only nodes it has, and uses the Autopilot node and its Trigger with parameters they keep', () => {
    const names = new Set(workflow().nodes.map((node) => node.name));
    for (const [from, { main }] of Object.entries(workflow().connections)) {
      expect(names, from).toContain(from);
      for (const target of main.flat()) expect(names, target.node).toContain(target.node);
    }
    const ours = expectParametersKept(workflow());
    expect(ours.map((node) => node.type.split('.')[1]).sort()).toEqual(['prospectResearchAutopilot', 'prospectResearchAutopilotTrigger']);
    expect(ours.find((node) => node.type.endsWith('Trigger'))?.parameters.events).toEqual(['lead.responded']);
  });
});

describe("the package README's installation", () => {
  it('names every node the package declares, as the node picker shows it', () => {
    const installation = readme.slice(readme.indexOf('## Installation'), readme.indexOf('## Credentials')).replaceAll(/\s+/g, ' ');
    for (const { displayName } of nodeTypes.values()) expect(installation).toContain(`**${displayName}**`);
  });
});

describe("the package README's Autopilot operations", () => {
  const autopilot = new ProspectResearchAutopilot().description;
  const section = readme.slice(readme.indexOf('### Autopilot\n'), readme.indexOf('### Autopilot Trigger'));

  it('has a row for every operation of every resource, as the editor names them', () => {
    const rows = autopilot.properties
      .filter((property) => property.name === 'operation')
      .flatMap((property) => {
        const resource = property.displayOptions!.show!.resource![0] as string;
        return (property.options ?? []).map((option) => `| ${resource[0]!.toUpperCase()}${resource.slice(1)} | **${(option as { name: string }).name}** |`);
      });
    expect(rows).toContain('| Lead | **Get Many** |');
    for (const row of rows) expect(section).toContain(row);
  });

  it('names every parameter and filter of the Get Many operations and of the properties, in bold', () => {
    const names = (property: { displayName: string; options?: unknown[]; values?: unknown[] }): string[] => [
      property.displayName,
      ...((property.options ?? []) as Array<{ displayName?: string }>).filter((option) => option.displayName !== undefined).flatMap((option) => names(option as never)),
      ...((property.values ?? []) as never[]).flatMap((value) => names(value)),
    ];
    const documented = autopilot.properties
      .filter((property) => ['getAll'].some((operation) => property.displayOptions?.show?.operation?.includes(operation)) || ['sendInputFields', 'properties'].includes(property.name))
      .flatMap((property) => names(property as never));
    expect(documented).toEqual(expect.arrayContaining(['Return All', 'Limit', 'Filters', 'Sort', 'Email Starts With', 'Received After', 'Send All Input Fields as Properties', 'Name or ID']));
    for (const name of new Set(documented)) if (name !== 'Property' && name !== 'Value') expect(section, name).toContain(`**${name}**`);
  });
});
