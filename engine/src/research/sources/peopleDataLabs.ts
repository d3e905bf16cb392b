/**
 * People Data Labs adapter: a person by work e-mail (Person Enrichment) and a company by domain
 * (Company Enrichment).
 *
 * PDL's documented shapes (https://docs.peopledatalabs.com):
 * - `GET /person/enrich?email=...&name=...&company=...&profile=...` -> `{status: 200, likelihood, data: {...}}`.
 * - `GET /company/enrich?website=...&name=...&profile=...` -> `{status: 200, likelihood, name, ...}`: the
 *   company's fields sit at the top level, not in `data`.
 * - No match is a 404 for both: null.
 * PDL writes names, titles, companies and places in lower case (`sean thorne`, `vp of sales`) and
 * profile URLs without a scheme (`linkedin.com/in/seanthorne`): values that come all lower case are cased
 * for display (displayCase.ts: `VP of Sales`), URLs get `https://`. Auth: header `X-Api-Key`. A field of
 * the wrong type is dropped.
 *
 * Beyond the spec's fields: the person's `headline` and earlier jobs (`experience[]` entries with an
 * `end_date`: `company.name`, `title.name`, `start_date`, `end_date`, as `YYYY-MM`); the company's
 * `founded`, `tags` (keywords) and funding (`latest_funding_stage` such as `series_b`,
 * `total_funding_raised`, `last_funding_date`, and where the plan answers it `funding_details[]`
 * with `funding_round_date`, `funding_raised`, `investing_companies`, `investing_individuals`).
 */
import { SourceHttp, type SourceHttpOptions } from '../../platform/net/sourceHttp.ts';
import { compact, count, field, invalid, isObject, isoDay, joinWords, objectBody, text, url } from '../../platform/net/read.ts';
import { displayCase, displayName } from './displayCase.ts';
import type { CompanyFacts, CompanyQuery, CompanySource, FundingFacts, PersonFacts, PersonQuery, PersonSource, PreviousRole, SourceContext } from './facts.ts';
import { moneyLabel, nameList, wordList, year } from './values.ts';

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
        name: cased(data.full_name, displayName) ?? cased(joinWords(data.first_name, data.last_name), displayName),
        title: cased(data.job_title),
        company: cased(data.job_company_name),
        linkedinUrl: url(data.linkedin_url),
        lastRoleStart: isoDay(data.job_start_date),
        location: cased(data.location_name),
        headline: cased(data.headline),
        previousRoles: previousRoles(data.experience),
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
        name: text(company.display_name) ?? cased(company.name),
        description: text(company.summary),
        linkedinUrl: url(company.linkedin_url),
        website: url(company.website),
        industry: text(company.industry)?.toLowerCase(),
        hq: cased(isObject(location) ? location.name : location),
        revenue: text(company.inferred_revenue),
        employees: count(company.employee_count) ?? text(company.size),
        founded: year(company.founded),
        keywords: wordList(company.tags, KEYWORDS),
        funding: funding(company),
      });
      return Object.keys(facts).length === 0 ? null : facts;
    },
  };
}

const PREVIOUS_ROLES = 3;
const KEYWORDS = 20;

/** A text value cased for display when PDL gave it all in lower case. */
function cased(value: unknown, casing: (value: string) => string = displayCase): string | undefined {
  const raw = text(value);
  return raw === undefined ? undefined : casing(raw);
}

/** Ended jobs of `experience`, most recent first. */
function previousRoles(experience: unknown): PreviousRole[] | undefined {
  const jobs = Array.isArray(experience) ? experience.filter(isObject) : [];
  const roles = jobs
    .flatMap((job): PreviousRole[] => {
      const company = cased(field(job.company, 'name'));
      const end = isoDay(job.end_date);
      return company === undefined || end === undefined ? [] : [compact({ company, title: cased(field(job.title, 'name')), start: isoDay(job.start_date), end })];
    })
    .sort((a, b) => b.end!.localeCompare(a.end!))
    .slice(0, PREVIOUS_ROLES);
  return roles.length === 0 ? undefined : roles;
}

function funding(company: Record<string, unknown>): FundingFacts | undefined {
  const lastRoundDate = isoDay(company.last_funding_date);
  const details = Array.isArray(company.funding_details) ? company.funding_details.filter(isObject) : [];
  const latest = lastRoundDate === undefined ? undefined : details.find((round) => isoDay(round.funding_round_date) === lastRoundDate);
  const stage = text(company.latest_funding_stage);
  const investors = latest && [...(nameList(latest.investing_companies) ?? []), ...(nameList(latest.investing_individuals) ?? [])].map((name) => displayCase(name));
  const facts = compact<FundingFacts>({
    stage: stage && displayCase(stage.replaceAll('_', ' ')),
    total: moneyLabel(undefined, company.total_funding_raised),
    lastRoundDate,
    lastRoundAmount: latest && moneyLabel(undefined, latest.funding_raised, currencySign(latest.funding_currency)),
    investors: investors && investors.length > 0 ? investors : undefined,
  });
  return Object.keys(facts).length === 0 ? undefined : facts;
}

function currencySign(code: unknown): string {
  const value = text(code)?.toUpperCase();
  return value === undefined || value === 'USD' ? '$' : `${value} `;
}
