import type { ResearchAccepted, ResearchRequest } from '@prospect-research/engine/contract';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { errorItem, nodeError } from '../../../shared/errors';
import {
  collectResults,
  mapConcurrently,
  readWaitOptions,
  throwIfCancelled,
  waitOptionProperties,
  type AcceptedJob,
  type WaitOptionValues,
} from '../../../shared/poller';
import { apiRequest } from '../../transport';

const properties: INodeProperties[] = [
  {
    displayName: 'Email',
    name: 'email',
    type: 'string',
    placeholder: 'name@email.com',
    required: true,
    default: '',
    description: "The prospect's work email address. Each research takes one credit.",
  },
  {
    displayName: 'Wait for Completion',
    name: 'waitForCompletion',
    type: 'boolean',
    default: true,
    description:
      'Whether to wait for the brief (usually 20 to 60 s; all items are submitted first, then polled together). Turn off to output research_id at once and use Wait for Result later.',
  },
  {
    displayName: 'Additional Fields',
    name: 'additionalFields',
    type: 'collection',
    placeholder: 'Add Field',
    default: {},
    options: [
      {
        displayName: 'Company LinkedIn URL',
        name: 'company_linkedin_url',
        type: 'string',
        default: '',
        description: 'Overrides the company page found from the email domain',
      },
      {
        displayName: 'Company Name',
        name: 'company_name',
        type: 'string',
        default: '',
        description: 'Improves match accuracy',
      },
      {
        displayName: 'LinkedIn URL',
        name: 'linkedin_url',
        type: 'string',
        default: '',
        description: "The prospect's profile URL",
      },
      {
        displayName: 'Prospect Name',
        name: 'prospect_name',
        type: 'string',
        default: '',
        description: 'Full name; improves match accuracy',
      },
    ],
  },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add Option',
    default: {},
    displayOptions: { show: { waitForCompletion: [true] } },
    options: waitOptionProperties,
  },
];

export const description = updateDisplayOptions({ show: { resource: ['research'], operation: ['research'] } }, properties);

const OPTIONAL_FIELDS = ['prospect_name', 'company_name', 'linkedin_url', 'company_linkedin_url'] as const satisfies readonly (keyof ResearchRequest)[];

/** The body of POST /research: the email and the optional fields that hold something. */
function requestBody(email: string, fields: IDataObject): ResearchRequest & IDataObject {
  const body: ResearchRequest & IDataObject = { email: email.trim() };
  for (const name of OPTIONAL_FIELDS) {
    const value = fields[name];
    if (typeof value === 'string' && value.trim() !== '') body[name] = value.trim();
  }
  return body;
}

/**
 * Submits every item's job first (REQUEST_CONCURRENCY requests in flight, so a batch is accepted in a
 * few round trips), then, when waiting, polls them all together.
 */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
  const results: Array<INodeExecutionData | undefined> = new Array(items.length);
  const awaited: AcceptedJob[] = [];
  const signal = this.getExecutionCancelSignal?.();
  await mapConcurrently(
    items.map((_, itemIndex) => itemIndex),
    async (itemIndex) => {
      try {
        const email = this.getNodeParameter('email', itemIndex) as string;
        const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
        const accepted = (await apiRequest.call(this, 'POST', '/research', itemIndex, requestBody(String(email ?? ''), fields))) as Partial<ResearchAccepted> & IDataObject;
        if (this.getNodeParameter('waitForCompletion', itemIndex, true) as boolean) {
          const researchId = String(accepted.research_id);
          awaited.push({ itemIndex, researchId, acceptedAt: Date.now(), estimatedSeconds: accepted.estimated_seconds });
        } else {
          results[itemIndex] = { json: accepted, pairedItem: { item: itemIndex } };
        }
      } catch (error) {
        if (!this.continueOnFail()) throw nodeError(this.getNode(), error, itemIndex);
        results[itemIndex] = errorItem(error, itemIndex);
      }
    },
    signal,
  );
  throwIfCancelled(this, signal);
  awaited.sort((a, b) => a.itemIndex - b.itemIndex);
  await collectResults(this, awaited, results, (itemIndex) =>
    readWaitOptions(this.getNodeParameter('options', itemIndex, {}) as WaitOptionValues),
  );
  return results.filter((item): item is INodeExecutionData => item !== undefined);
}
