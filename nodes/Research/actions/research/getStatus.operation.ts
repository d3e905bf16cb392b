import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { errorItem, nodeError } from '../../../shared/errors';
import { addBriefHints } from '../../../shared/hints';
import { present, simplifyProperty } from '../../../shared/output';
import { apiRequest } from '../../../shared/transport';

const properties: INodeProperties[] = [
  {
    displayName: 'Research ID',
    name: 'researchId',
    type: 'string',
    required: true,
    default: '={{ $json.research_id }}',
    description: 'The research_id a "Research a prospect" operation returned (by default, the input item\'s research_id)',
  },
  simplifyProperty,
];

export const description = updateDisplayOptions({ show: { resource: ['research'], operation: ['getStatus'] } }, properties);

/** One status read per item, no waiting: queued, processing, completed (with data) or failed. */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
  const results: INodeExecutionData[] = [];
  const answers: IDataObject[] = [];
  for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
    try {
      const researchId = String(this.getNodeParameter('researchId', itemIndex) ?? '').trim();
      if (researchId === '') {
        throw new NodeOperationError(this.getNode(), 'The Research ID is empty', {
          itemIndex,
          description: 'Map the research_id of a "Research a prospect" operation into Research ID.',
        });
      }
      const answer = await apiRequest.call(this, 'GET', `/research-status/${encodeURIComponent(researchId)}`, itemIndex);
      answers.push(answer);
      results.push({ json: present(answer, this.getNodeParameter('simple', itemIndex, true) as boolean), pairedItem: { item: itemIndex } });
    } catch (error) {
      if (!this.continueOnFail()) throw nodeError(this.getNode(), error, itemIndex);
      results.push(errorItem(error, itemIndex));
    }
  }
  addBriefHints(this, answers);
  return results;
}
