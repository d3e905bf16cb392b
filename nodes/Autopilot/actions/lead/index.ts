import type { INodeProperties } from 'n8n-workflow';
import * as close from './close.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export { close, get, getAll };

export const description: INodeProperties[] = [
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    displayOptions: { show: { resource: ['lead'] } },
    options: [
      {
        name: 'Close',
        value: 'close',
        description: 'End an active lead by hand: its outcome becomes Closed and its queued touches are cancelled',
        action: 'Close a lead',
      },
      {
        name: 'Get',
        value: 'get',
        description: 'Get a lead with its timeline: enrolment, touches, replies and calls, its end',
        action: 'Get a lead with its timeline',
      },
      {
        name: 'Get Many',
        value: 'getAll',
        description: "List the account's leads, filtered by Autopilot, outcome, end reason, email or enrolment time",
        action: 'Get many leads',
      },
    ],
    default: 'get',
  },
  ...close.description,
  ...get.description,
  ...getAll.description,
];
