import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../../shared/transport';
import { eachItem, requiredText } from '../eachItem';
import { leadIdParameter } from './leadId';

export const description = updateDisplayOptions({ show: { resource: ['lead'], operation: ['close'] } }, [leadIdParameter]);

/** POST /autopilot/leads/{id}/close: ends an active lead by hand (Closed), its queued touches cancelled. */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
  return await eachItem(this, items, async (itemIndex) => {
    const leadId = requiredText(this, 'leadId', 'Lead ID', itemIndex, 'Map a lead_id (from an Autopilot Trigger event, for example) into Lead ID.');
    return await apiRequest.call(this, 'POST', `/autopilot/leads/${encodeURIComponent(leadId)}/close`, itemIndex);
  });
}
