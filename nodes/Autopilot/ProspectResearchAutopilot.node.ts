import { NodeConnectionTypes } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { asTool } from '../shared/asTool';
import * as autopilot from './actions/autopilot';
import * as contact from './actions/contact';
import * as lead from './actions/lead';
import { router } from './actions/router';
import { getContactProperties } from './methods/loadOptions';
import { refuseChangesNotAllowed, toolPropertiesOf } from './asTool';

const properties: INodeProperties[] = [
  {
    displayName: 'Resource',
    name: 'resource',
    type: 'options',
    noDataExpression: true,
    options: [
      { name: 'Contact', value: 'contact' },
      { name: 'Lead', value: 'lead' },
      { name: 'Autopilot', value: 'autopilot' },
    ],
    default: 'contact',
  },
  ...contact.description,
  ...lead.description,
  ...autopilot.description,
];

/**
 * The Autopilot's CRM port for CRMs without an app of their own: contacts in, their changes and
 * activities, leads and their timelines. A node of its own, not resources on Prospect Research: it is
 * for CRM-connector workflows, while Prospect Research is about a brief; it pairs with the Autopilot
 * Trigger in the node picker as n8n's "X" and "X Trigger" do; and as an AI tool it is a separate choice
 * (an agent given Prospect Research does not also get operations that end leads or remove contacts).
 */
export class ProspectResearchAutopilot implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Prospect Research Autopilot',
    name: 'prospectResearchAutopilot',
    icon: { light: 'file:autopilot.svg', dark: 'file:autopilot.dark.svg' },
    group: ['transform'],
    version: 1,
    // The operation in title case; n8n's usual "getAll: autopilot" would repeat the node's name.
    subtitle:
      '={{ ({ "contact:add": "Add Contacts", "contact:get": "Get Routing State", "contact:getAll": "Get Many Contacts", "contact:logActivity": "Log Activity", "contact:remove": "Remove Contact", "contact:updateProperties": "Report Property Change", "lead:get": "Get Lead", "lead:close": "Close Lead", "lead:getAll": "Get Many Leads", "autopilot:getAll": "Get Many" })[$parameter["resource"] + ":" + $parameter["operation"]] }}',
    description: 'Send CRM contacts, their changes and activities to the Autopilot; read and close its leads',
    documentationUrl: 'https://www.npmjs.com/package/n8n-nodes-prospect-research#autopilot',
    defaults: { name: 'Prospect Research Autopilot' },
    usableAsTool: asTool(toolPropertiesOf(properties)),
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: 'prospectResearchApi', required: true }],
    properties,
  };

  methods = { loadOptions: { getContactProperties } };

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    refuseChangesNotAllowed(this);
    return await router.call(this);
  }
}
