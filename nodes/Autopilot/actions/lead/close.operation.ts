import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../../shared/transport';
import { eachItem } from '../eachItem';
import { leadIdOf, leadIdParameter } from './leadId';

export const description = updateDisplayOptions({ show: { resource: ['lead'], operation: ['close'] } }, [leadIdParameter]);

/** POST /autopilot/leads/{id}/close: ends an active lead by hand (Closed), its queued touches cancelled. */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
  return await eachItem(this, items, async (itemIndex) => {
    const leadId = leadIdOf(this, itemIndex);
    return await apiRequest.call(this, 'POST', `/autopilot/leads/${encodeURIComponent(leadId)}/close`, itemIndex);
  });
}
