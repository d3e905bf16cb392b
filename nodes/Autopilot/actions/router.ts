import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import * as autopilot from './autopilot';
import * as contact from './contact';
import * as lead from './lead';

type Operation = (this: IExecuteFunctions, items: INodeExecutionData[]) => Promise<INodeExecutionData[]>;

/** resource -> operation -> execute. Each operation gets all items (Add batches them). */
const operations: Record<string, Record<string, Operation>> = {
  contact: {
    add: contact.add.execute,
    get: contact.get.execute,
    logActivity: contact.logActivity.execute,
    remove: contact.remove.execute,
    updateProperties: contact.updateProperties.execute,
  },
  lead: { close: lead.close.execute, get: lead.get.execute },
  autopilot: { getAll: autopilot.getAll.execute },
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
  const resource = this.getNodeParameter('resource', 0) as string;
  const operation = this.getNodeParameter('operation', 0) as string;
  const execute = operations[resource]?.[operation];
  if (!execute) {
    throw new NodeOperationError(this.getNode(), `The operation "${operation}" of "${resource}" is not supported`);
  }
  return [await execute.call(this, this.getInputData())];
}
