import { AppError } from '../../platform/errors.ts';
import type { ResearchRequest } from '../../research/contract.ts';
import { parseResearchRequest } from '../../research/index.ts';
import { type Contact, propertyOf } from '../filter/contactValue.ts';

function textOf(contact: Contact, property: string): string | undefined {
  const value = propertyOf(contact, property);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The research a contact's enrolment starts: its address, and the name and company the CRM holds (they
 * improve the match), each kept only when `POST /research` would accept it. HubSpot's property names.
 */
export function researchRequestFor(email: string, properties: Contact): ResearchRequest {
  const name = [textOf(properties, 'firstname'), textOf(properties, 'lastname')].filter((part) => part !== undefined).join(' ');
  const optional: Partial<ResearchRequest> = { prospect_name: name || undefined, company_name: textOf(properties, 'company') };
  const request: ResearchRequest = { email };
  if (Object.values(optional).every((value) => value === undefined)) return request;
  // Usually every field is acceptable: one check of them all, and each alone only when one is not.
  try {
    return parseResearchRequest({ email, ...optional });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
  for (const [field, value] of Object.entries(optional) as [keyof ResearchRequest, string | undefined][]) {
    if (value === undefined) continue;
    try {
      Object.assign(request, parseResearchRequest({ email, [field]: value }));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return request;
}
