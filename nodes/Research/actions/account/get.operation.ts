import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { errorItem, nodeError } from '../../../shared/errors';
import { apiRequest } from '../../../shared/transport';

export const description: INodeProperties[] = [];

/** GET /account: plan, language, credits (used, limit, remaining, resets_at) and product. */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
  const results: INodeExecutionData[] = [];
  for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
    try {
      results.push({ json: await apiRequest.call(this, 'GET', '/account', itemIndex), pairedItem: { item: itemIndex } });
    } catch (error) {
      if (!this.continueOnFail()) throw nodeError(this.getNode(), error, itemIndex);
      results.push(errorItem(error, itemIndex));
    }
  }
  return results;
}
