import { NodeConnectionTypes } from 'n8n-workflow';
import type { INodeTypeDescription } from 'n8n-workflow';
import * as account from './account';
import * as research from './research';

export const description: INodeTypeDescription = {
  displayName: 'Prospect Research',
  name: 'prospectResearch',
  icon: { light: 'file:research.svg', dark: 'file:research.dark.svg' },
  group: ['transform'],
  version: 1,
  subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
  description: 'Turn a work email into a sales research brief',
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
