import type { ResearchAccepted, ResearchRequest } from '@prospect-research/engine/contract';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { errorItem, nodeError } from '../../../shared/errors';
import { addBriefHints } from '../../../shared/hints';
import { present, simplifyProperty } from '../../../shared/output';
import {
  collectResults,
  mapConcurrently,
  readWaitOptions,
  throwIfCancelled,
  waitOptionProperties,
  type AcceptedJob,
  type WaitOptionValues,
} from '../../../shared/poller';
import { apiRequest } from '../../../shared/transport';
import { checkedEmail, emailAsGiven } from './rows';

const properties: INodeProperties[] = [
  {
    displayName: 'Email',
    name: 'email',
    type: 'string',
    placeholder: 'name@email.com',
    required: true,
    default: '',
    description: "The prospect's work email address",
  },
  {
    displayName:
      'Each input item starts one research and spends one credit, in test runs too. While you build the workflow, run this node once and pin its output, so that later test runs reuse it.',
    name: 'creditNotice',
    type: 'notice',
    default: '',
  },
  {
    displayName: 'Wait for Completion',
    name: 'waitForCompletion',
    type: 'boolean',
    default: true,
    description:
      'Whether to wait for the brief (usually 20 to 60 s; all items are submitted first, then polled together). Turn off to output research_id at once and use Wait for Result later.',
  },
  simplifyProperty,
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
        placeholder: 'https://www.linkedin.com/company/acme',
        description: "The company's LinkedIn page; overrides the one found from the email domain",
      },
      {
        displayName: 'Company Name',
        name: 'company_name',
        type: 'string',
        default: '',
        placeholder: 'Acme',
        description: 'Improves match accuracy',
      },
      {
        displayName: 'Prospect LinkedIn URL',
        name: 'linkedin_url',
        type: 'string',
        default: '',
        placeholder: 'https://www.linkedin.com/in/jane-doe',
        description: "The prospect's own LinkedIn profile; improves match accuracy",
      },
      {
        displayName: 'Prospect Name',
        name: 'prospect_name',
        type: 'string',
        default: '',
        placeholder: 'Jane Doe',
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
  const body: ResearchRequest & IDataObject = { email };
  for (const name of OPTIONAL_FIELDS) {
    const value = fields[name];
    if (typeof value === 'string' && value.trim() !== '') body[name] = value.trim();
  }
  return body;
}

/** A research submitted and paid for: its row (1-based) and research_id. */
interface Paid {
  row: number;
  researchId: string;
}

/**
 * A submission refused after other rows were paid for stops the node, but their briefs stay theirs:
 * the error says which rows were paid for and their research_ids, which Get Status reads.
 */
function keepingPaid(error: NodeApiError | NodeOperationError, paid: Paid[]): NodeApiError | NodeOperationError {
  if (paid.length === 0) return error;
  const ids = paid
    .sort((a, b) => a.row - b.row)
    .map(({ row, researchId }) => `row ${row}: ${researchId}`)
    .join(', ');
  const kept = `The rows submitted before were paid for, and their briefs are kept on the engine: read them with Get Status (research_id of ${ids}).`;
  error.description = error.description ? `${error.description}\n\n${kept}` : kept;
  return error;
}

/**
 * Checks every item's Email first, so a malformed one stops the node before any credit is spent; then
 * submits every item's job (REQUEST_CONCURRENCY requests in flight, so a batch is accepted in a few
 * round trips), then, when waiting, polls them all together. Every item it outputs, an error item too,
 * carries the e-mail it was submitted with.
 */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
  const results: Array<INodeExecutionData | undefined> = new Array(items.length);
  const awaited: AcceptedJob[] = [];
  const paid: Paid[] = [];
  const signal = this.getExecutionCancelSignal?.();
  const simple = (itemIndex: number) => this.getNodeParameter('simple', itemIndex, true) as boolean;
  const rows: Array<{ itemIndex: number; email: string }> = [];
  for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
    try {
      rows.push({ itemIndex, email: checkedEmail(this, itemIndex) });
    } catch (error) {
      if (!this.continueOnFail()) throw nodeError(this.getNode(), error, itemIndex);
      results[itemIndex] = errorItem(error, itemIndex, emailAsGiven(this, itemIndex));
    }
  }
  try {
    await mapConcurrently(
      rows,
      async ({ itemIndex, email }) => {
        try {
          const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
          const accepted = (await apiRequest.call(this, 'POST', '/research', itemIndex, requestBody(email, fields))) as Partial<ResearchAccepted> & IDataObject;
          const researchId = String(accepted.research_id);
          paid.push({ row: itemIndex + 1, researchId });
          if (this.getNodeParameter('waitForCompletion', itemIndex, true) as boolean) {
            awaited.push({ itemIndex, researchId, acceptedAt: Date.now(), estimatedSeconds: accepted.estimated_seconds, email });
          } else {
            results[itemIndex] = { json: present(accepted, simple(itemIndex), email), pairedItem: { item: itemIndex } };
          }
        } catch (error) {
          if (!this.continueOnFail()) throw nodeError(this.getNode(), error, itemIndex);
          results[itemIndex] = errorItem(error, itemIndex, email);
        }
      },
      signal,
    );
  } catch (error) {
    throw error instanceof NodeApiError || error instanceof NodeOperationError ? keepingPaid(error, paid) : error;
  }
  throwIfCancelled(this, signal);
  awaited.sort((a, b) => a.itemIndex - b.itemIndex);
  const completed = await collectResults(this, awaited, results, (itemIndex) => ({
    ...readWaitOptions(this.getNodeParameter('options', itemIndex, {}) as WaitOptionValues),
    simple: simple(itemIndex),
  }));
  addBriefHints(this, completed);
  return results.filter((item): item is INodeExecutionData => item !== undefined);
}
