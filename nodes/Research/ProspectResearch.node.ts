import { NodeConnectionTypes } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import * as account from './actions/account';
import * as research from './actions/research';
import { router } from './actions/router';

export class ProspectResearch implements INodeType {
  // The description literal lives here, next to the icons, so n8n's lint rules (icon files, subtitle,
  // usableAsTool, credentials) can check it; each resource contributes its own properties.
  description: INodeTypeDescription = {
    displayName: 'Prospect Research',
    name: 'prospectResearch',
    icon: { light: 'file:research.svg', dark: 'file:research.dark.svg' },
    group: ['transform'],
    version: 1,
    // The operation as the picker lists it, not n8n's usual "operation: resource" ("research: research").
    subtitle:
      '={{ $parameter["resource"] === "account" ? "Get account" : $parameter["operation"] === "getStatus" ? "Get status" : "Research a prospect" }}',
    description: 'Turn a work email into a sales research brief',
    documentationUrl: 'https://www.npmjs.com/package/n8n-nodes-prospect-research#operations',
    defaults: { name: 'Prospect Research' },
    usableAsTool: true,
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: 'prospectResearchApi', required: true }],
    properties: [
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
    ],
  };

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    return await router.call(this);
  }
}
