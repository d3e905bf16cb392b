import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../../shared/transport';
import { eachItem } from '../eachItem';
import { leadIdOf, leadIdParameter } from './leadId';

export const description = updateDisplayOptions({ show: { resource: ['lead'], operation: ['get'] } }, [leadIdParameter]);

/** GET /autopilot/leads/{id}: the lead with its timeline (enrolment, touches, events, its end). */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
  return await eachItem(this, items, async (itemIndex) => {
    const leadId = leadIdOf(this, itemIndex);
    return await apiRequest.call(this, 'GET', `/autopilot/leads/${encodeURIComponent(leadId)}`, itemIndex);
  });
}
