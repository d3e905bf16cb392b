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
        { displayName: 'Name', name: 'name', type: 'string' as const, default: '', placeholder: 'country' },
        { displayName: 'Value', name: 'value', type: 'string' as const, default: '', placeholder: 'Germany' },
      ],
    },
  ],
};
