import { AppError } from '../../platform/errors.ts';
import { CONTACT_SOURCE_PATTERN } from '../contract.ts';

/**
 * Where a CRM contact comes from, within an account. A contact is one (account, source, CRM id): the
 * same id in two CRMs of one account (two HubSpot portals, a portal and the API) is two contacts,
 * routed, written back, removed and merged each on its own.
 */
export interface CrmSource {
  accountId: number;
  /** `api` (the CRM port's HTTP form), or a CRM app's own name for where it reads contacts (`hubspot:<portal id>`). */
  source: string;
}

/** The CRM port's HTTP form: contacts a CRM or a workflow sends with the account's API key. */
export const API_SOURCE = 'api';

const SOURCE = new RegExp(CONTACT_SOURCE_PATTERN);

export const isSourceName = (text: string): boolean => SOURCE.test(text);

/** The account's API source. */
export const apiSource = (accountId: number): CrmSource => ({ accountId, source: API_SOURCE });

/** A source from a query string (`?source=`): the API's when absent; `invalid_query` when it cannot be one. */
export function sourceFromQuery(accountId: number, value: unknown): CrmSource {
  if (value === undefined) return apiSource(accountId);
  if (typeof value !== 'string' || !isSourceName(value)) {
    throw new AppError('invalid_query', {}, "source names where contacts come from: `api` (the default), or a CRM app's own, such as `hubspot:12345`");
  }
  return { accountId, source: value };
}

/** One text per contact of an account, for maps and orderings (ids are one line: a newline never occurs in one). */
export const contactKey = (source: string, contactId: string): string => `${source}\n${contactId}`;
