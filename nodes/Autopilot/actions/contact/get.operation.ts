import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../../shared/transport';
import { contactParameters, contactPathOf } from './contactId';
import { eachItem } from '../eachItem';

export const description = updateDisplayOptions({ show: { resource: ['contact'], operation: ['get'] } }, contactParameters);

/** GET /autopilot/contacts/{id}: where routing put the contact (state, reason, its lead) and why, in words. */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
  return await eachItem(this, items, async (itemIndex) => {
    return await apiRequest.call(this, 'GET', contactPathOf(this, itemIndex), itemIndex);
  });
}
