/**
 * People Data Labs adapter: a person by work e-mail (Person Enrichment) and a company by domain
 * (Company Enrichment).
 *
 * PDL's documented shapes (https://docs.peopledatalabs.com):
 * - `GET /person/enrich?email=...&name=...&company=...&profile=...` -> `{status: 200, likelihood, data: {...}}`.
 * - `GET /company/enrich?website=...&name=...&profile=...` -> `{status: 200, likelihood, name, ...}`: the
 *   company's fields sit at the top level, not in `data`.
 * - No match is a 404 for both: null.
 * PDL writes names, companies and places in lower case (`sean thorne`) and profile URLs without a
 * scheme (`linkedin.com/in/seanthorne`): names and places are capitalised word by word when they come
 * all lower case, URLs get `https://`. Auth: header `X-Api-Key`. A field of the wrong type is dropped.
 */
import type { CompanyFacts, CompanyQuery, CompanySource, PersonFacts, PersonQuery, PersonSource, SourceContext } from './facts.ts';
import { SourceError, SourceHttp, type SourceHttpOptions, type SourceResponse } from './sourceHttp.ts';

export interface PeopleDataLabsOptions extends Omit<SourceHttpOptions, 'source' | 'baseUrl' | 'headers'> {
  apiKey: string;
  /** Default `https://api.peopledatalabs.com/v5`; a proxy's path prefix is kept. */
  baseUrl?: string;
  /** PDL's `min_likelihood` (1-10): weaker matches answer 404. Default 6. */
  minLikelihood?: number;
}

export type PeopleDataLabs = PersonSource & CompanySource;

export function createPeopleDataLabs(options: PeopleDataLabsOptions): PeopleDataLabs {
  const { apiKey, baseUrl = 'https://api.peopledatalabs.com/v5', minLikelihood = 6, ...httpOptions } = options;
  const http = new SourceHttp({ ...httpOptions, source: 'peopledatalabs', baseUrl, headers: { 'X-Api-Key': apiKey } });

  return {
    name: 'peopledatalabs',

    async findPerson(query: PersonQuery, context: SourceContext): Promise<PersonFacts | null> {
      const response = await http.request({
        path: '/person/enrich',
        query: {
          email: query.email,
          name: query.name,
          company: query.companyName,
          profile: query.linkedinUrl,
          min_likelihood: minLikelihood,
        },
        signal: context.signal,
      });
      if (response.status === 404) return null;
      const data = objectBody(response).data;
      if (data === null || data === undefined) return null;
      if (!isObject(data)) throw invalid('person/enrich answered data that is not an object');
      const facts = compact<PersonFacts>({
        name: capitalised(data.full_name) ?? (capitalised(joinWords(data.first_name, data.last_name)) || undefined),
        title: text(data.job_title),
        company: capitalised(data.job_company_name),
        linkedinUrl: url(data.linkedin_url),
        lastRoleStart: isoDay(data.job_start_date),
        location: capitalised(data.location_name),
      });
      return Object.keys(facts).length === 0 ? null : facts;
    },

    async findCompany(query: CompanyQuery, context: SourceContext): Promise<CompanyFacts | null> {
      const response = await http.request({
        path: '/company/enrich',
        query: { website: query.domain, name: query.name, profile: query.linkedinUrl, min_likelihood: minLikelihood },
        signal: context.signal,
      });
      if (response.status === 404) return null;
      const company = objectBody(response);
      const location = company.location;
      const facts = compact<CompanyFacts>({
        name: text(company.display_name) ?? capitalised(company.name),
        description: text(company.summary),
        linkedinUrl: url(company.linkedin_url),
        website: url(company.website),
        industry: text(company.industry)?.toLowerCase(),
        hq: capitalised(isObject(location) ? location.name : location),
        revenue: text(company.inferred_revenue),
        employees: count(company.employee_count) ?? text(company.size),
      });
      return Object.keys(facts).length === 0 ? null : facts;
    },
  };
}

// ---- defensive reading ----

function objectBody(response: SourceResponse): Record<string, unknown> {
  const body = response.json();
  if (!isObject(body)) throw invalid(`answered ${response.status} with JSON that is not an object`);
  return body;
}

function invalid(message: string): SourceError {
  return new SourceError('peopledatalabs', 'invalid_response', message);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** Capitalises each word of a value PDL gave all in lower case; a value with capitals stays as it is. */
function capitalised(value: unknown): string | undefined {
  const raw = text(value);
  if (raw === undefined || raw !== raw.toLowerCase()) return raw;
  return raw.replace(/(^|[\s\-'(/])(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

function url(value: unknown): string | undefined {
  const raw = text(value);
  if (raw === undefined) return undefined;
  const withScheme = /^https?:\/\//i.test(raw) ? raw : `https://${raw}`;
  try {
    new URL(withScheme);
    return withScheme;
  } catch {
    return undefined;
  }
}

function count(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return String(Math.round(value));
  return undefined;
}

/** `YYYY-MM-DD` from `YYYY-MM-DD` or `YYYY-MM` (the 1st); a bare year or anything else is dropped. */
function isoDay(value: unknown): string | undefined {
  const raw = text(value);
  const match = raw === undefined ? null : /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(raw);
  if (match === null) return undefined;
  const [, year, month, day = '01'] = match;
  const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(day) ? undefined : `${year}-${month}-${day}`;
}

function joinWords(...parts: unknown[]): string {
  return parts
    .map(text)
    .filter((part): part is string => part !== undefined)
    .join(' ');
}

function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
