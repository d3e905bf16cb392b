import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { errorItem, nodeError } from '../../shared/errors';

/**
 * One request per item: its answer (or, for a list, one item per entry) paired with the item; an error
 * stops the node, or with "Continue On Fail" becomes that item's error item.
 */
export async function eachItem(
  ctx: IExecuteFunctions,
  items: INodeExecutionData[],
  call: (itemIndex: number) => Promise<IDataObject | IDataObject[]>,
): Promise<INodeExecutionData[]> {
  const results: INodeExecutionData[] = [];
  for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
    try {
      const answer = await call(itemIndex);
      for (const json of Array.isArray(answer) ? answer : [answer]) results.push({ json, pairedItem: { item: itemIndex } });
    } catch (error) {
      if (!ctx.continueOnFail()) throw nodeError(ctx.getNode(), error, itemIndex);
      results.push(errorItem(error, itemIndex));
    }
  }
  return results;
}

/** A required text parameter, trimmed; empty is an error that says what to map into it. */
export function requiredText(ctx: IExecuteFunctions, name: string, label: string, itemIndex: number, hint: string): string {
  const value = String(ctx.getNodeParameter(name, itemIndex, '') ?? '').trim();
  if (value === '') throw new NodeOperationError(ctx.getNode(), `The ${label} is empty`, { itemIndex, description: hint });
  return value;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:[Zz]|[+-]\d{2}:\d{2})$/;

/**
 * A time for the engine, which wants ISO 8601 with seconds and an offset: kept as given when it is one
 * (the CRM's own offset stays), otherwise read as a date (n8n's date picker leaves the offset out) and
 * sent in UTC.
 */
export function instant(ctx: IExecuteFunctions, value: unknown, label: string, itemIndex: number): string {
  const text = typeof value === 'string' ? value.trim() : value instanceof Date ? value.toISOString() : String(value ?? '');
  if (INSTANT.test(text)) return text;
  const parsed = text === '' ? Number.NaN : Date.parse(text);
  if (Number.isNaN(parsed)) {
    throw new NodeOperationError(ctx.getNode(), `${label} is not a date and time: ${JSON.stringify(text)}`, {
      itemIndex,
      description: 'Use ISO 8601, such as 2030-01-07T09:00:00Z or 2030-01-07T10:00:00+01:00.',
    });
  }
  return new Date(parsed).toISOString();
}

/** n8n's name/value list as the engine's properties object (a later name replaces an earlier one). */
export function propertiesOf(list: unknown): IDataObject {
  const entries = ((list as { property?: Array<{ name?: unknown; value?: unknown }> } | undefined)?.property ?? [])
    .map((entry) => [String(entry.name ?? '').trim(), entry.value ?? ''] as const)
    .filter(([name]) => name !== '');
  return Object.fromEntries(entries) as IDataObject;
}

const SCALARS = new Set(['string', 'number', 'boolean']);
const isScalar = (value: unknown) => value === null || SCALARS.has(typeof value);
/** A property name the engine takes: one line of 1 to 200 characters. */
const PROPERTY_NAME = /^[^\r\n]{1,200}$/;

/**
 * An input item's fields as properties ("Send All Input Fields as Properties"): those holding text, a
 * number, true or false, null or a list of those, as the engine takes them; a field holding an object
 * (or a list of objects) is left out, as is a name the engine could not take.
 */
export function inputFieldsOf(json: IDataObject): IDataObject {
  const fields: IDataObject = {};
  for (const [name, value] of Object.entries(json)) {
    if (!PROPERTY_NAME.test(name)) continue;
    if (isScalar(value) || (Array.isArray(value) && value.every(isScalar))) fields[name] = value;
  }
  return fields;
}

/** The switch that sends the input item's fields as properties, under the Properties list's own entries. */
export const sendInputFieldsParameter = {
  displayName: 'Send All Input Fields as Properties',
  name: 'sendInputFields',
  type: 'boolean' as const,
  default: false,
  description:
    "Whether to send every field of the input item as a property of the same name (fields holding an object are left out); the Properties below are added to them and replace a field of the same name",
};

/** The Properties list of the contact operations: the CRM's property names and values. */
export const propertiesParameter = {
  displayName: 'Properties',
  name: 'properties',
  type: 'fixedCollection' as const,
  typeOptions: { multipleValues: true },
  placeholder: 'Add Property',
  default: {},
  description: "The contact's properties by their internal names in the CRM (the Autopilots' filters read them)",
  options: [
    {
      displayName: 'Property',
      name: 'property',
      values: [
        {
          displayName: 'Name or ID',
          name: 'name',
          type: 'options' as const,
          typeOptions: { loadOptionsMethod: 'getContactProperties' },
          default: '',
          description:
            'The properties the Autopilots\' filters and stop conditions read come first, then those seen on recent contacts. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
        },
        { displayName: 'Value', name: 'value', type: 'string' as const, default: '', placeholder: 'Germany' },
      ],
    },
  ],
};
