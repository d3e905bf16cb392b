import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { errorItem, nodeError } from '../../../shared/errors';
import { apiRequest } from '../../transport';

const properties: INodeProperties[] = [
  {
    displayName: 'Research ID',
    name: 'researchId',
    type: 'string',
    required: true,
    default: '',
    placeholder: '={{ $json.research_id }}',
    description: 'The research_id a "Research a prospect" operation returned',
  },
];

export const description = updateDisplayOptions({ show: { resource: ['research'], operation: ['getStatus'] } }, properties);

/** One status read per item, no waiting: queued, processing, completed (with data) or failed. */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
  const results: INodeExecutionData[] = [];
  for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
    try {
      const researchId = String(this.getNodeParameter('researchId', itemIndex) ?? '').trim();
      const json = await apiRequest.call(this, 'GET', `/research-status/${encodeURIComponent(researchId)}`, itemIndex);
      results.push({ json, pairedItem: { item: itemIndex } });
    } catch (error) {
      if (!this.continueOnFail()) throw nodeError(this.getNode(), error, itemIndex);
      results.push(errorItem(error, itemIndex));
    }
  }
  return results;
}
