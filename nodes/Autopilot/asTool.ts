import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { fromModel, toolDescriptions } from '../shared/asTool';

/** The operations that end something in the CRM's outreach, by resource: a model gets them only when the builder allows it. */
const CHANGES: Record<string, string[]> = { contact: ['remove'], lead: ['close'] };

const allowChanges: INodeProperties = {
  displayName: 'Let the Model Remove Contacts and Close Leads',
  name: 'allowChanges',
  type: 'boolean',
  default: false,
  description: 'Whether the AI Agent may use Remove (contact) and Close (lead); off, it can only add, report and read',
};

const descriptions = toolDescriptions([
  {
    show: { resource: ['contact'], operation: ['add'] },
    text: "Add a new CRM contact to the Autopilot, which routes it to an outreach sequence within seconds. Give its CRM ID, its work email and its properties. Free at once; enrolling it later spends one research credit. Returns contact_id, status (new, or known when it was added before) and state (where routing put it so far).",
  },
  {
    show: { resource: ['contact'], operation: ['get'] },
    text: 'Where routing put a contact, by its CRM ID: state (received, waiting, enrolled, skipped, abandoned), why in words, and its lead. At once, free.',
  },
  {
    show: { resource: ['contact'], operation: ['updateProperties'] },
    text: "Report a contact's changed CRM properties, by its CRM ID. A contact still waiting is routed again at once; a change a stop condition names ends its lead. Free. Returns its state.",
  },
  {
    show: { resource: ['contact'], operation: ['logActivity'] },
    text: 'Log a call, a booked meeting or an email reply on a contact, by its CRM ID. A connected call, a meeting or a reply ends its lead as a win. Free. Returns the effect (ended_lead, recorded, auto_reply...).',
  },
  {
    show: { resource: ['contact'], operation: ['remove'] },
    text: 'Remove a contact deleted in the CRM, by its CRM ID: one still waiting is withdrawn, an active lead is closed. Cannot be undone. Free.',
  },
  {
    show: { resource: ['contact'], operation: ['getAll'] },
    text: "List the account's contacts, newest first: each with its CRM id, email, name, state (received, waiting, enrolled, skipped, abandoned), its Autopilot and its lead_id. Narrow it with Search (text in the email or name) or State. At once, free.",
  },
  {
    show: { resource: ['lead'], operation: ['getAll'] },
    text: "List the account's leads, newest first: each with its lead_id, contact_id, email, Autopilot, outcome (Active, Responded, Closed, Failed) and end reason, without the timeline (Get a lead reads it). Narrow it by Autopilot, outcome or email. At once, free.",
  },
  {
    show: { resource: ['lead'], operation: ['get'] },
    text: 'Read a lead by its lead_id, with its timeline: enrolment, each touch as sent, replies, calls, its end. At once, free.',
  },
  {
    show: { resource: ['lead'], operation: ['close'] },
    text: 'Close an active lead by its lead_id: its outcome becomes Closed and its queued touches are cancelled. Cannot be undone. Free.',
  },
  {
    show: { resource: ['autopilot'], operation: ['getAll'] },
    text: "List the account's Autopilots in routing order, with their filters and sequences. At once, free.",
  },
]);

/** An Operation property of a resource as a model sees it: without the changing operations unless allowed. */
function operationFor(property: INodeProperties, allowed: boolean): INodeProperties {
  const resource = property.displayOptions?.show?.resource?.[0] as string;
  const options = allowed ? property.options : property.options?.filter((option) => !CHANGES[resource]?.includes((option as { value: string }).value));
  return { ...property, options, displayOptions: { show: { ...property.displayOptions?.show, allowChanges: [allowed] } } };
}

/** What the model fills in itself, as the descriptions ask it to (a workflow maps them from the items instead). */
const FROM_MODEL: Record<string, [key: string, description: string]> = {
  contactId: ['contact_id', 'The contact ID in the CRM, such as 501'],
  leadId: ['lead_id', 'The lead_id of the lead, a number such as 42'],
  email: ['email', 'The work email address of the contact, such as jane.doe@acme.com'],
};

/** The Autopilot node's properties as an AI Agent's tool: the switch first, a description per operation, the ids given by the model. */
export function toolPropertiesOf(properties: INodeProperties[]): INodeProperties[] {
  return [
    allowChanges,
    ...descriptions,
    ...properties.flatMap((property) => {
      const resource = property.displayOptions?.show?.resource?.[0] as string | undefined;
      const changing = property.name === 'operation' && resource !== undefined && CHANGES[resource] !== undefined;
      if (changing) return [operationFor(property, false), operationFor(property, true)];
      const given = FROM_MODEL[property.name];
      return [given ? fromModel(property, ...given) : property];
    }),
  ];
}

/**
 * Refuses Remove and Close as a tool unless the builder allowed them (the node in a workflow has no such
 * switch, and always may), whatever the stored operation says.
 */
export function refuseChangesNotAllowed(ctx: IExecuteFunctions): void {
  const resource = ctx.getNodeParameter('resource', 0) as string;
  const operation = ctx.getNodeParameter('operation', 0) as string;
  if (CHANGES[resource]?.includes(operation) && ctx.getNodeParameter('allowChanges', 0, true) !== true) {
    throw new NodeOperationError(ctx.getNode(), `The AI Agent may not ${operation} a ${resource} with this tool`, {
      description: 'Turn on "Let the Model Remove Contacts and Close Leads" on the tool to allow it.',
    });
  }
}
