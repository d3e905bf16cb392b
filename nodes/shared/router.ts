import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

/** One operation of a node: it gets all the input items (an operation may batch them). */
export type Operation = (this: IExecuteFunctions, items: INodeExecutionData[]) => Promise<INodeExecutionData[]>;

/** A node's execute: the operation its `resource` and `operation` parameters name, given every input item. */
export function routerOf(operations: Record<string, Record<string, Operation>>) {
  return async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    const resource = this.getNodeParameter('resource', 0) as string;
    const operation = this.getNodeParameter('operation', 0) as string;
    const execute = operations[resource]?.[operation];
    if (!execute) {
      throw new NodeOperationError(this.getNode(), `The operation "${operation}" of "${resource}" is not supported`);
    }
    return [await execute.call(this, this.getInputData())];
  };
}
