import { NodeConnectionTypes } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { asTool, fromModel, toolDescriptions } from '../shared/asTool';
import * as account from './actions/account';
import * as research from './actions/research';
import { router } from './actions/router';

const properties: INodeProperties[] = [
  {
    displayName: 'Resource',
    name: 'resource',
    type: 'options',
    noDataExpression: true,
    options: [
      { name: 'Research', value: 'research' },
      { name: 'Account', value: 'account' },
    ],
    default: 'research',
  },
  ...research.description,
  ...account.description,
];

/** As an AI Agent's tool: the model gives the Email (and a research_id to read), and each operation says what it takes, costs and answers. */
const toolProperties: INodeProperties[] = [
  ...toolDescriptions([
    {
      show: { resource: ['research'], operation: ['research'] },
      text:
        "Research a sales prospect from their work email address (such as jane.doe@acme.com; not a personal mailbox). Spends one research credit per call and takes 20 to 60 seconds, at most 3 minutes. Returns one brief: the prospect (prospect_name, prospect_title, prospect_summary, opening_talk), their company (company_name, company_industry, company_employees, company_hq), its decision_makers, and synergy_points and discovery_questions written against our product.",
    },
    {
      show: { resource: ['research'], operation: ['getStatus'] },
      text: 'Read a research job by its research_id, at once and without spending a credit. Returns its status (queued, processing, completed or failed) and, once completed, the brief.',
    },
    {
      show: { resource: ['account'], operation: ['get'] },
      text: "Read the account's plan and this month's research credits (used, limit, remaining, when they reset), at once and without spending a credit.",
    },
  ]),
  ...properties.map((property) => {
    if (property.name === 'email') return fromModel(property, 'email', 'The work email address of the prospect to research, such as jane.doe@acme.com');
    if (property.name === 'researchId') return fromModel(property, 'research_id', 'The research_id a research answered, a UUID');
    return property;
  }),
];

export class ProspectResearch implements INodeType {
  // The description literal lives here, next to the icons, so n8n's lint rules (icon files, subtitle,
  // usableAsTool, credentials) can check it; each resource contributes its own properties.
  description: INodeTypeDescription = {
    displayName: 'Prospect Research',
    name: 'prospectResearch',
    icon: { light: 'file:research.svg', dark: 'file:research.dark.svg' },
    group: ['transform'],
    version: 1,
    // The operation in title case, not n8n's usual "operation: resource" ("research: research").
    subtitle:
      '={{ $parameter["resource"] === "account" ? "Get Account" : $parameter["operation"] === "getStatus" ? "Get Status" : "Research a Prospect" }}',
    description: 'Turn a work email into a sales research brief',
    documentationUrl: 'https://www.npmjs.com/package/n8n-nodes-prospect-research#operations',
    defaults: { name: 'Prospect Research' },
    usableAsTool: asTool(toolProperties),
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: 'prospectResearchApi', required: true }],
    properties,
  };

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    return await router.call(this);
  }
}
