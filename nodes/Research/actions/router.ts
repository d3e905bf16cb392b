import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import * as account from './account';
import * as research from './research';

type Operation = (this: IExecuteFunctions, items: INodeExecutionData[]) => Promise<INodeExecutionData[]>;

/** resource -> operation -> execute. Each operation gets all items (research submits them as a batch). */
const operations: Record<string, Record<string, Operation>> = {
  research: { research: research.research.execute, getStatus: research.getStatus.execute },
  account: { get: account.get.execute },
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
