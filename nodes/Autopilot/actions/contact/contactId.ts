import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { requiredText } from '../eachItem';

/** The Contact ID of the operations on one known contact. */
export const contactIdParameter: INodeProperties = {
  displayName: 'Contact ID',
  name: 'contactId',
  type: 'string',
  required: true,
  default: '={{ $json.contact_id }}',
  placeholder: '501',
  description: "The CRM's ID of the contact, as it was added (by default, the input item's contact_id, as the Autopilot Trigger's events carry it)",
};

/** The item's Contact ID, trimmed; empty is an error. */
export function contactIdOf(ctx: IExecuteFunctions, itemIndex: number): string {
  return requiredText(ctx, 'contactId', 'Contact ID', itemIndex, "Map the CRM's ID of the contact into Contact ID.");
}
