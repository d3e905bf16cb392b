import type { INodeProperties } from 'n8n-workflow';
import * as getAll from './getAll.operation';

export { getAll };

export const description: INodeProperties[] = [
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    displayOptions: { show: { resource: ['autopilot'] } },
    options: [
      {
        name: 'Get Many',
        value: 'getAll',
        description: "List the account's Autopilots in routing order, with their filters and sequences",
        action: 'List autopilots',
      },
    ],
    default: 'getAll',
  },
  ...getAll.description,
];
