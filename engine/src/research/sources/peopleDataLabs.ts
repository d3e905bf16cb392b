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
import { SourceHttp, type SourceHttpOptions } from '../../platform/net/sourceHttp.ts';
import { compact, count, invalid, isObject, isoDay, joinWords, objectBody, text, url } from '../../platform/net/read.ts';

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
      const data = objectBody(response, 'peopledatalabs').data;
      if (data === null || data === undefined) return null;
      if (!isObject(data)) throw invalid('peopledatalabs', 'person/enrich answered data that is not an object');
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
      const company = objectBody(response, 'peopledatalabs');
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

/** Capitalises each word of a value PDL gave all in lower case; a value with capitals stays as it is. */
function capitalised(value: unknown): string | undefined {
  const raw = text(value);
  if (raw === undefined || raw !== raw.toLowerCase()) return raw;
  return raw.replace(/(^|[\s\-'(/])(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}
