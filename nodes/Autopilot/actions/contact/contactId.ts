import type { INodeProperties } from 'n8n-workflow';

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
