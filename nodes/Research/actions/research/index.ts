import type { INodeProperties } from 'n8n-workflow';
import * as getStatus from './getStatus.operation';
import * as research from './research.operation';

export { getStatus, research };

export const description: INodeProperties[] = [
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    displayOptions: { show: { resource: ['research'] } },
    options: [
      {
        name: 'Research a Prospect',
        value: 'research',
        description: 'Start research on a work email and, by default, wait for the brief',
        action: 'Research a prospect',
      },
      {
        name: 'Get Status',
        value: 'getStatus',
        description: 'Read the state (and brief, once completed) of a research job',
        action: 'Get the status of a research job',
      },
    ],
    default: 'research',
  },
  ...research.description,
  ...getStatus.description,
];
