import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { errorItem, nodeError } from '../../../shared/errors';
import { apiRequest } from '../../../shared/transport';
import { contactIdOf } from './contactId';
import { inputFieldsOf, instant, propertiesOf, propertiesParameter, sendInputFieldsParameter } from '../eachItem';

/** The engine takes 1 to 100 contacts a request (docs/autopilot.md, "Intake"). */
export const MAX_CONTACTS_PER_REQUEST = 100;

const properties: INodeProperties[] = [
  {
    displayName: 'Contact ID',
    name: 'contactId',
    type: 'string',
    required: true,
    default: '',
    placeholder: '501',
    description: "The CRM's ID of the contact, as text. The engine takes each contact once: sending it again changes nothing.",
  },
  {
    displayName: 'Email',
    name: 'email',
    type: 'string',
    placeholder: 'name@email.com',
    default: '',
    description: "The contact's work email: the address research and the sequence use",
  },
  {
    displayName: 'Created At',
    name: 'createdAt',
    type: 'string',
    default: '',
    placeholder: '2030-01-07T09:00:00Z',
    description:
      'When the CRM created the contact (ISO 8601); empty means now. Only Autopilots switched on before this time act on the contact.',
  },
  sendInputFieldsParameter,
  propertiesParameter,
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add Option',
    default: {},
    options: [
      {
        displayName: 'Batch Size',
        name: 'batchSize',
        type: 'number',
        typeOptions: { minValue: 1, maxValue: MAX_CONTACTS_PER_REQUEST },
        default: MAX_CONTACTS_PER_REQUEST,
        description: 'How many input items (one contact each) go in one request; the engine takes up to 100',
      },
    ],
  },
];

export const description = updateDisplayOptions({ show: { resource: ['contact'], operation: ['add'] } }, properties);

interface Pending {
  itemIndex: number;
  contact: IDataObject;
}

/** What the engine answers of one contact (docs/autopilot.md, "Intake"). */
interface ContactAnswer {
  status: 'new' | 'known';
  state: string;
}

/**
 * One contact from an item's parameters: the item's fields when Send All Input Fields is on, then the
 * Properties list, then `email`, under the name the engine reads, each replacing the one before.
 */
function contactOf(ctx: IExecuteFunctions, items: INodeExecutionData[], itemIndex: number): IDataObject {
  const id = contactIdOf(ctx, itemIndex);
  const given = ctx.getNodeParameter('createdAt', itemIndex, '');
  const createdAt = given === '' || given === null || given === undefined ? new Date().toISOString() : instant(ctx, given, 'Created At', itemIndex);
  const fields = ctx.getNodeParameter('sendInputFields', itemIndex, false) === true ? inputFieldsOf(items[itemIndex]?.json ?? {}) : {};
  const props = { ...fields, ...propertiesOf(ctx.getNodeParameter('properties', itemIndex, {})) };
  const email = String(ctx.getNodeParameter('email', itemIndex, '') ?? '').trim();
  if (email !== '') props.email = email;
  return { id, created_at: createdAt, properties: props };
}

/**
 * POST /autopilot/contacts with the items' contacts, up to Batch Size (100) a request. Each item comes
 * out as its contact, `{contact_id, contact_source, status, state}`, paired with it, so the operations on
 * one contact chain after it with their defaults. The engine refuses a request whole: under Continue On
 * Fail, each of its items gets the error.
 */
export async function execute(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
  const results: INodeExecutionData[] = [];
  const batchSize = Math.min(
    MAX_CONTACTS_PER_REQUEST,
    Math.max(1, Math.floor(Number((this.getNodeParameter('options', 0, {}) as IDataObject).batchSize ?? MAX_CONTACTS_PER_REQUEST))),
  );
  const pending: Pending[] = [];
  for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
    try {
      pending.push({ itemIndex, contact: contactOf(this, items, itemIndex) });
    } catch (error) {
      if (!this.continueOnFail()) throw nodeError(this.getNode(), error, itemIndex);
      results.push(errorItem(error, itemIndex));
    }
  }
  for (let start = 0; start < pending.length; start += batchSize) {
    const batch = pending.slice(start, start + batchSize);
    try {
      const answer = await apiRequest.call(this, 'POST', '/autopilot/contacts', batch[0]!.itemIndex, { contacts: batch.map(({ contact }) => contact) });
      const answered = (answer.contacts ?? []) as ContactAnswer[];
      batch.forEach(({ itemIndex, contact }, index) => {
        const { status = null, state = null } = answered[index] ?? {};
        results.push({ json: { contact_id: contact.id as string, contact_source: 'api', status, state }, pairedItem: { item: itemIndex } });
      });
    } catch (error) {
      if (!this.continueOnFail()) throw nodeError(this.getNode(), error, batch[0]!.itemIndex);
      for (const { itemIndex, contact } of batch) {
        const failed = errorItem(error, itemIndex);
        results.push({ json: { ...failed.json, contact_id: contact.id as string }, pairedItem: failed.pairedItem });
      }
    }
  }
  return results.sort((a, b) => itemOf(a) - itemOf(b));
}

function itemOf(result: INodeExecutionData): number {
  return (result.pairedItem as { item: number }).item;
}
