import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { errorItem } from '../shared/errors';
import { addBriefHints } from '../shared/hints';
import { simplifyProperty } from '../shared/output';
import { collectResults, readWaitOptions, waitOptionProperties, type AcceptedJob, type WaitOptionValues } from '../shared/poller';

/** Waits for research started earlier (a Research node with waiting off): submit now, continue later. */
export class ProspectResearchWaitForResult implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Prospect Research: Wait for Result',
    name: 'prospectResearchWaitForResult',
    icon: { light: 'file:waitForResult.svg', dark: 'file:waitForResult.dark.svg' },
    group: ['transform'],
    version: 1,
    subtitle: 'Wait for the briefs',
    description: 'Wait until research jobs are completed or failed and output their briefs',
    documentationUrl: 'https://www.npmjs.com/package/n8n-nodes-prospect-research#wait-for-result',
    defaults: { name: 'Prospect Research: Wait for Result' },
    // Not an AI tool: an agent would block for minutes (n8n Cloud ends a webhook-started run after 100 s);
    // agents use Prospect Research's "Get Status" instead. n8n's verification asks every action node to
    // declare usableAsTool, so the tool variant n8n generates is declared and hidden from the node picker.
    usableAsTool: { replacements: { hidden: true } },
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: 'prospectResearchApi', required: true }],
    properties: [
      {
        displayName: 'Research ID',
        name: 'researchId',
        type: 'string',
        required: true,
        default: '={{ $json.research_id }}',
        description: 'The research_id a Prospect Research node returned with "Wait for Completion" off',
      },
      simplifyProperty,
      {
        displayName: 'Options',
        name: 'options',
        type: 'collection',
        placeholder: 'Add Option',
        default: {},
        options: waitOptionProperties,
      },
    ],
  };

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    const items = this.getInputData();
    const results: Array<INodeExecutionData | undefined> = new Array(items.length);
    const jobs: AcceptedJob[] = [];
    for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
      const researchId = String(this.getNodeParameter('researchId', itemIndex) ?? '').trim();
      if (researchId === '') {
        const error = new NodeOperationError(this.getNode(), 'The Research ID is empty', {
          itemIndex,
          description: 'Map the research_id of a Prospect Research node (with "Wait for Completion" off) into Research ID.',
        });
        if (!this.continueOnFail()) throw error;
        results[itemIndex] = errorItem(error, itemIndex);
        continue;
      }
      // No estimate: the job may be finished already, so the first round reads it at once.
      jobs.push({ itemIndex, researchId });
    }
    const completed = await collectResults(this, jobs, results, (itemIndex) => ({
      ...readWaitOptions(this.getNodeParameter('options', itemIndex, {}) as WaitOptionValues),
      simple: this.getNodeParameter('simple', itemIndex, true) as boolean,
    }));
    addBriefHints(this, completed);
    return [results.filter((item): item is INodeExecutionData => item !== undefined)];
  }
}
