import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { requiredText } from '../eachItem';

/** The Contact ID of the operations on one known contact. */
export const contactIdParameter: INodeProperties = {
  displayName: 'Contact ID',
  name: 'contactId',
  type: 'string',
  required: true,
  default: '={{ $json.contact_id }}',
  placeholder: '501',
  description: "The CRM's ID of the contact, as it was added (by default, the input item's contact_id, as the Autopilot Trigger's events carry it)",
};

/**
 * Where the contact comes from: a contact is one source's ID, so the same ID from two HubSpot portals
 * is two contacts. The events of the Autopilot Trigger carry it beside contact_id.
 */
export const contactSourceParameter: INodeProperties = {
  displayName: 'Contact Source',
  name: 'contactSource',
  type: 'string',
  default: "={{ $json.contact_source ?? 'api' }}",
  placeholder: 'api',
  description:
    "Where the contact comes from: api for contacts added with this node or the API, or a CRM app's source such as hubspot:12345 for a HubSpot portal's (by default, the input item's contact_source, as the Autopilot Trigger's events carry it)",
};

/** The parameters that name one known contact. */
export const contactParameters: INodeProperties[] = [contactIdParameter, contactSourceParameter];

/** The item's Contact ID, trimmed; empty is an error. */
export function contactIdOf(ctx: IExecuteFunctions, itemIndex: number): string {
  return requiredText(ctx, 'contactId', 'Contact ID', itemIndex, "Map the CRM's ID of the contact into Contact ID.");
}

/**
 * `/autopilot/contacts/{id}` and `then` (`/properties`...), with `?source=` unless the contact is the API's
 * own (the default). Contact ids are the CRM's, any text, so percent-encoded.
 */
export function contactPathOf(ctx: IExecuteFunctions, itemIndex: number, then = ''): string {
  const source = String(ctx.getNodeParameter('contactSource', itemIndex, 'api') ?? '').trim() || 'api';
  const path = `/autopilot/contacts/${encodeURIComponent(contactIdOf(ctx, itemIndex))}${then}`;
  return source === 'api' ? path : `${path}?source=${encodeURIComponent(source)}`;
}
