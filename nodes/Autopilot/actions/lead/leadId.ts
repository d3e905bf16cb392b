import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { requiredText } from '../eachItem';

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

/** The item's Lead ID, trimmed; empty is an error. */
export function leadIdOf(ctx: IExecuteFunctions, itemIndex: number): string {
  return requiredText(ctx, 'leadId', 'Lead ID', itemIndex, 'Map a lead_id (from an Autopilot Trigger event, for example) into Lead ID.');
}
