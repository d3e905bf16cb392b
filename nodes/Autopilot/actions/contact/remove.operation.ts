import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../../shared/transport';
import { contactParameters, contactPathOf } from './contactId';
import { eachItem } from '../eachItem';

export const description = updateDisplayOptions({ show: { resource: ['contact'], operation: ['remove'] } }, contactParameters);

/** DELETE /autopilot/contacts/{id}: the CRM removed the contact; one still routed is withdrawn, an active lead closed. */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
  return await eachItem(this, items, async (itemIndex) => {
    return await apiRequest.call(this, 'DELETE', contactPathOf(this, itemIndex), itemIndex);
  });
}
