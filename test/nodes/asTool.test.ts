/**
 * The nodes as an AI Agent's tools: n8n derives a tool from each node whose description says
 * usableAsTool, spreading its `replacements` over the description. What the model is told of each
 * operation, what it fills in itself, and which operations it is offered.
 */
import nock from 'nock';
import { NodeHelpers } from 'n8n-workflow';
import type { INodeParameters, INodeProperties, INodeTypeDescription, UsableAsToolDescription } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProspectResearchAutopilot } from '../../nodes/Autopilot/ProspectResearchAutopilot.node';
import { ProspectResearch } from '../../nodes/Research/ProspectResearch.node';
import { BASE_URL, createHarness } from './harness';

const node = { typeVersion: 1 };

/** The tool's description as n8n makes it (its loader spreads the replacements over a copy). */
function asTool(description: INodeTypeDescription): INodeTypeDescription {
  return { ...structuredClone(description), ...(description.usableAsTool as UsableAsToolDescription).replacements };
}

/** The tool's parameters as the editor stores them for these values, defaults included. */
function parameters(tool: INodeTypeDescription, values: INodeParameters): INodeParameters {
  return NodeHelpers.getNodeParameters(tool.properties, values, true, false, node, tool) ?? {};
}

function shown(tool: INodeTypeDescription, values: INodeParameters, name: string): INodeProperties[] {
  const stored = parameters(tool, values);
  return tool.properties.filter((property) => property.name === name && NodeHelpers.displayParameter(stored, property, node, tool));
}

const research = asTool(new ProspectResearch().description);
const autopilot = asTool(new ProspectResearchAutopilot().description);

describe('Prospect Research as a tool', () => {
  it('tells the model what goes in, what it costs, how long it takes and what comes back', () => {
    const { toolDescription } = parameters(research, { resource: 'research', operation: 'research' });
    expect(toolDescription).toMatch(/work email address/);
    expect(toolDescription).toMatch(/one research credit/);
    expect(toolDescription).toMatch(/20 to 60 seconds/);
    expect(toolDescription).toMatch(/Returns one brief/);
    expect(parameters(research, { resource: 'research', operation: 'getStatus' }).toolDescription).toMatch(/without spending a credit/);
    expect(parameters(research, { resource: 'account', operation: 'get' }).toolDescription).toMatch(/credits/);
  });

  it('has the model give the Email, with a description of it', () => {
    expect(parameters(research, { resource: 'research', operation: 'research' }).email).toBe(
      "={{ $fromAI('email', 'The work email address of the prospect to research, such as jane.doe@acme.com', 'string') }}",
    );
  });

  it('leaves the node in a workflow as it was: Email empty, no tool description', () => {
    const own = new ProspectResearch().description;
    const stored = NodeHelpers.getNodeParameters(own.properties, { resource: 'research', operation: 'research' }, true, false, node, own) ?? {};
    expect(stored.email).toBe('');
    expect(stored).not.toHaveProperty('toolDescription');
  });
});

describe('Prospect Research Autopilot as a tool', () => {
  const operations = (values: INodeParameters) => shown(autopilot, values, 'operation').flatMap((property) => (property.options ?? []).map((option) => (option as { value: string }).value));

  it('offers Remove and Close lead only when the builder turns them on', () => {
    expect(operations({ resource: 'contact' })).toEqual(['add', 'getAll', 'get', 'logActivity', 'updateProperties']);
    expect(operations({ resource: 'lead' })).toEqual(['get', 'getAll']);
    expect(operations({ resource: 'contact', allowChanges: true })).toEqual(['add', 'getAll', 'get', 'logActivity', 'remove', 'updateProperties']);
    expect(operations({ resource: 'lead', allowChanges: true })).toEqual(['close', 'get', 'getAll']);
  });

  it('describes each operation to the model', () => {
    const add = parameters(autopilot, { resource: 'contact', operation: 'add' }).toolDescription;
    expect(add).toMatch(/work email/);
    expect(add).toMatch(/one research credit/);
    expect(add).toMatch(/Returns contact_id/);
  });

  it('describes the Get Many of contacts and of leads to the model: what comes back, how to narrow it, free', () => {
    const contacts = parameters(autopilot, { resource: 'contact', operation: 'getAll' }).toolDescription;
    expect(contacts).toMatch(/List the account's contacts/);
    expect(contacts).toMatch(/lead_id/);
    expect(contacts).toMatch(/free/);
    const leads = parameters(autopilot, { resource: 'lead', operation: 'getAll' }).toolDescription;
    expect(leads).toMatch(/List the account's leads/);
    expect(leads).toMatch(/outcome \(Active, Responded, Closed, Failed\)/);
    expect(leads).toMatch(/free/);
    expect(contacts).not.toBe(leads);
  });

  it("has the model give the ids and the email each operation's description asks for", () => {
    expect(parameters(autopilot, { resource: 'contact', operation: 'get' }).contactId).toBe("={{ $fromAI('contact_id', 'The contact ID in the CRM, such as 501', 'string') }}");
    expect(parameters(autopilot, { resource: 'lead', operation: 'get' }).leadId).toBe("={{ $fromAI('lead_id', 'The lead_id of the lead, a number such as 42', 'string') }}");
    expect(parameters(autopilot, { resource: 'contact', operation: 'add' }).email).toMatch(/^=\{\{ \$fromAI\('email', /);
    expect(parameters(research, { resource: 'research', operation: 'getStatus' }).researchId).toMatch(/^=\{\{ \$fromAI\('research_id', /);
  });

  it('refuses Remove as a tool unless allowed, before any request; the node in a workflow may', async () => {
    const removing = { resource: 'contact', operation: 'remove', contactId: '501', contactSource: 'api' };
    const refused = createHarness({ parameters: { ...removing, allowChanges: false } });
    await expect(new ProspectResearchAutopilot().execute.call(refused.context)).rejects.toMatchObject({ message: 'The AI Agent may not remove a contact with this tool' });
    expect(refused.requests).toEqual([]);
    nock.disableNetConnect();
    try {
      nock(BASE_URL).delete('/autopilot/contacts/501').reply(200, { id: '501', state: 'abandoned', withdrawn: true, closed_lead: null, text: 'withdrawn' });
      const allowed = createHarness({ parameters: removing });
      const [output] = await new ProspectResearchAutopilot().execute.call(allowed.context);
      expect(output?.[0]?.json).toMatchObject({ withdrawn: true });
    } finally {
      nock.cleanAll();
      nock.enableNetConnect();
    }
  });
});

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
