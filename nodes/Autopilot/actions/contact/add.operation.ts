import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { errorItem, nodeError } from '../../../shared/errors';
import { apiRequest } from '../../../shared/transport';
import { contactIdOf } from './contactId';
import { instant, propertiesOf, propertiesParameter } from '../eachItem';

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
    required: true,
    default: '={{ $now.toISO() }}',
    placeholder: '2030-01-07T09:00:00Z',
    description: 'When the CRM created the contact (ISO 8601). Only Autopilots switched on before this time act on the contact.',
  },
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

/** One contact from an item's parameters: `email` joins the properties under the name the engine reads. */
function contactOf(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
  const id = contactIdOf(ctx, itemIndex);
  const createdAt = instant(ctx, ctx.getNodeParameter('createdAt', itemIndex), 'Created At', itemIndex);
  const props = propertiesOf(ctx.getNodeParameter('properties', itemIndex, {}));
  const email = String(ctx.getNodeParameter('email', itemIndex, '') ?? '').trim();
  if (email !== '') props.email = email;
  return { id, created_at: createdAt, properties: props };
}

/**
 * POST /autopilot/contacts with the items' contacts, up to Batch Size (100) a request. Each request
 * outputs one item, `{received, new, known, contact_ids}`, paired with the items it carried; the engine
 * refuses a request whole, so an error item stands for all of them.
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
      pending.push({ itemIndex, contact: contactOf(this, itemIndex) });
    } catch (error) {
      if (!this.continueOnFail()) throw nodeError(this.getNode(), error, itemIndex);
      results.push(errorItem(error, itemIndex));
    }
  }
  for (let start = 0; start < pending.length; start += batchSize) {
    const batch = pending.slice(start, start + batchSize);
    const pairedItem = batch.map(({ itemIndex }) => ({ item: itemIndex }));
    const contactIds = batch.map(({ contact }) => contact.id as string);
    try {
      const answer = await apiRequest.call(this, 'POST', '/autopilot/contacts', batch[0]!.itemIndex, { contacts: batch.map(({ contact }) => contact) });
      results.push({ json: { ...answer, contact_ids: contactIds }, pairedItem });
    } catch (error) {
      if (!this.continueOnFail()) throw nodeError(this.getNode(), error, batch[0]!.itemIndex);
      const failed = errorItem(error, batch[0]!.itemIndex);
      results.push({ json: { ...failed.json, contact_ids: contactIds }, pairedItem });
    }
  }
  return results;
}
