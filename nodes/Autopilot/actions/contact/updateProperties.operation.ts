import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../../shared/transport';
import { contactParameters, contactPathOf } from './contactId';
import { eachItem, inputFieldsOf, propertiesOf, propertiesParameter, sendInputFieldsParameter } from '../eachItem';

const properties: INodeProperties[] = [
  ...contactParameters,
  sendInputFieldsParameter,
  { ...propertiesParameter, required: true, description: 'The properties that changed, with their new values' }];

export const description = updateDisplayOptions({ show: { resource: ['contact'], operation: ['updateProperties'] } }, properties);

/** POST /autopilot/contacts/{id}/properties: a contact still routed is looked at again; a stop condition may end its lead. */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
  return await eachItem(this, items, async (itemIndex) => {
    const fields = this.getNodeParameter('sendInputFields', itemIndex, false) === true ? inputFieldsOf(items[itemIndex]?.json ?? {}) : {};
    const changed = { ...fields, ...propertiesOf(this.getNodeParameter('properties', itemIndex, {})) };
    if (Object.keys(changed).length === 0) {
      throw new NodeOperationError(this.getNode(), 'No property to report', { itemIndex, description: 'Add at least one property with its new value.' });
    }
    return await apiRequest.call(this, 'POST', contactPathOf(this, itemIndex, '/properties'), itemIndex, { properties: changed });
  });
}
