import type { INodeProperties } from 'n8n-workflow';

/** The Lead ID of the lead operations. */
export const leadIdParameter: INodeProperties = {
  displayName: 'Lead ID',
  name: 'leadId',
  type: 'string',
  required: true,
  default: '={{ $json.lead_id }}',
  placeholder: '41',
  description: "The lead's ID (by default, the input item's lead_id, as the Autopilot Trigger's events carry it)",
};
