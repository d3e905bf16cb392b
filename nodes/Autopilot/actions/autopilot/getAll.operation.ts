import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../../shared/transport';
import { eachItem } from '../eachItem';
import { limitOf, returnAllParameters } from '../getMany';

const properties: INodeProperties[] = [
  ...returnAllParameters,
  {
    displayName: 'Include Archived',
    name: 'includeArchived',
    type: 'boolean',
    default: false,
    description: 'Whether to list archived Autopilots too, after the live ones (newest first)',
  },
];

export const description = updateDisplayOptions({ show: { resource: ['autopilot'], operation: ['getAll'] } }, properties);

/** GET /autopilots: one item per Autopilot, top to bottom (the order routing tries them), up to Limit unless Return All is on (one page: the engine answers them all at once). */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
  return await eachItem(this, items, async (itemIndex) => {
    const archived = this.getNodeParameter('includeArchived', itemIndex, false) as boolean;
    const answer = await apiRequest.call(this, 'GET', archived ? '/autopilots?archived=true' : '/autopilots', itemIndex);
    const autopilots = (Array.isArray(answer.autopilots) ? answer.autopilots : []) as IDataObject[];
    return autopilots.slice(0, limitOf(this, itemIndex));
  });
}
