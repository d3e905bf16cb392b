import type { INodeProperties } from 'n8n-workflow';
import * as add from './add.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as logActivity from './logActivity.operation';
import * as remove from './remove.operation';
import * as updateProperties from './updateProperties.operation';

export { add, get, getAll, logActivity, remove, updateProperties };

export const description: INodeProperties[] = [
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    displayOptions: { show: { resource: ['contact'] } },
    options: [
      {
        name: 'Add',
        value: 'add',
        description: 'Send new contacts from the CRM to be routed (one per input item, up to 100 a request)',
        action: 'Add contacts',
      },
      {
        name: 'Get Many',
        value: 'getAll',
        description: "List the account's contacts, newest first, with where routing put each and its lead",
        action: 'Get many contacts',
      },
      {
        name: 'Get Routing State',
        value: 'get',
        description: 'Where routing put a contact (enrolled, waiting, skipped...) and why',
        action: 'Get the routing state of a contact',
      },
      {
        name: 'Log Activity',
        value: 'logActivity',
        description: 'Tell the Autopilot a call, a booked meeting or an email reply was logged on a contact',
        action: 'Log an activity on a contact',
      },
      {
        name: 'Remove',
        value: 'remove',
        description: 'The contact was deleted or merged in the CRM: withdraw it and close its active lead',
        action: 'Remove a contact',
      },
      {
        name: 'Report Property Change',
        value: 'updateProperties',
        description: "Send a contact's changed properties: routing looks again, a stop condition may end its lead",
        action: 'Report a property change',
      },
    ],
    default: 'add',
  },
  ...add.description,
  ...get.description,
  ...getAll.description,
  ...logActivity.description,
  ...remove.description,
  ...updateProperties.description,
];
