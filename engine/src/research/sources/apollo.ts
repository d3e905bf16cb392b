/**
 * Apollo.io adapter: a person by work e-mail (People Enrichment), a company by domain (Organization
 * Enrichment) and a company's decision makers (People API Search, then Bulk People Enrichment for the
 * profile URLs and names the search does not return).
 *
 * Apollo's documented shapes (https://docs.apollo.io/reference):
 * - `POST /people/match?email=...` -> `{person: {...} | null}`; no match is a 200 with `person: null`.
 * - `GET /organizations/enrich?domain=...` -> `{organization: {...}}`; an unknown domain answers `{}`.
 * - `POST /mixed_people/api_search` -> `{people: [...]}` (filters in the JSON body, which Apollo accepts).
 * - `POST /people/bulk_match` `{details: [{id}]}` (up to 10) -> `{matches: [person | null]}`.
 * Auth: header `x-api-key`. Every answer is read defensively: a field of the wrong type is dropped.
 *
 * Beyond the spec's fields: the person's `headline` and earlier jobs (`employment_history` entries
 * with `current: false`); the organisation's `founded_year`, `keywords` and funding
 * (`latest_funding_stage`, `total_funding` / `total_funding_printed`, `latest_funding_round_date`, and
 * `funding_events: [{date, type, amount: "100M", currency: "$", investors: "A, B"}]` for the latest
 * round's amount and investors).
 */
import type {
  CompanyFacts,
  CompanyQuery,
  CompanySource,
  DecisionMakerFacts,
  DecisionMakersSource,
  FundingFacts,
  PersonFacts,
  PersonQuery,
  PersonSource,
  PreviousRole,
  ProspectMarks,
  SourceContext,
} from './facts.ts';
import { type Candidate, isProspect } from './prospectMarks.ts';
import { SourceHttp, type SourceHttpOptions } from '../../platform/net/sourceHttp.ts';
import { compact, count, field, invalid, isObject, isoDay, joinPlace, joinWords, objectBody, text, url } from '../../platform/net/read.ts';
import { moneyLabel, nameList, wordList, year } from './values.ts';

export interface ApolloOptions extends Omit<SourceHttpOptions, 'source' | 'baseUrl' | 'headers'> {
  apiKey: string;
  /** Default `https://api.apollo.io/api/v1`; a proxy's path prefix is kept. */
  baseUrl?: string;
}

export type Apollo = PersonSource & CompanySource & DecisionMakersSource;

/** Seniorities searched for decision makers, most senior first (Apollo's documented values). */
const APOLLO_DECISION_MAKER_SENIORITIES = ['owner', 'founder', 'c_suite', 'partner', 'vp', 'head', 'director'] as const;

/** At most this many earlier jobs, and keywords. */
const PREVIOUS_ROLES = 3;
const KEYWORDS = 20;

/** Bulk People Enrichment takes at most 10 people per call. */
const BULK_MATCH_SIZE = 10;

export function createApollo(options: ApolloOptions): Apollo {
  const { apiKey, baseUrl = 'https://api.apollo.io/api/v1', ...httpOptions } = options;
  const http = new SourceHttp({ ...httpOptions, source: 'apollo', baseUrl, headers: { 'x-api-key': apiKey, 'cache-control': 'no-cache' } });

  return {
    name: 'apollo',

    async findPerson(query: PersonQuery, context: SourceContext): Promise<PersonFacts | null> {
      const response = await http.request({
        method: 'POST',
        path: '/people/match',
        query: {
          email: query.email,
          name: query.name,
          organization_name: query.companyName,
          linkedin_url: query.linkedinUrl,
          reveal_personal_emails: false,
          reveal_phone_number: false,
        },
        signal: context.signal,
      });
      if (response.status === 404) return null;
      const person = field(objectBody(response, 'apollo'), 'person');
      if (person === null || person === undefined) return null;
      if (!isObject(person)) throw invalid('apollo', 'people/match answered a person that is not an object');
      const facts = personFacts(person);
      // An id alone says nothing about the person.
      return Object.keys(facts).every((key) => key === 'sourceId') ? null : facts;
    },

    async findCompany(query: CompanyQuery, context: SourceContext): Promise<CompanyFacts | null> {
      const response = await http.request({ path: '/organizations/enrich', query: { domain: query.domain }, signal: context.signal });
      if (response.status === 404) return null;
      const organization = field(objectBody(response, 'apollo'), 'organization');
      if (organization === null || organization === undefined) return null;
      if (!isObject(organization)) throw invalid('apollo', 'organizations/enrich answered an organization that is not an object');
      const facts = companyFacts(organization);
      return Object.keys(facts).length === 0 ? null : facts;
    },

    async decisionMakers(company: { domain: string; prospect?: Promise<ProspectMarks> }, limit: number, context: SourceContext): Promise<DecisionMakerFacts[]> {
      if (limit <= 0) return [];
      const response = await http.request({
        method: 'POST',
        path: '/mixed_people/api_search',
        body: {
          q_organization_domains_list: [company.domain],
          person_seniorities: [...APOLLO_DECISION_MAKER_SENIORITIES],
          page: 1,
          per_page: Math.min(100, Math.max(10, limit * 2)),
        },
        signal: context.signal,
      });
      if (response.status === 404) return [];
      const people = field(objectBody(response, 'apollo'), 'people');
      // The prospect is never one of their own decision makers, and never enriched (paid) as one.
      const prospect = await company.prospect;
      const candidates = (Array.isArray(people) ? people.filter(isObject) : []).filter((person) => !isProspect(candidate(person), prospect));

      const found: DecisionMakerFacts[] = [];
      const seen = new Set<string>();
      const add = (person: Record<string, unknown>) => {
        const maker = decisionMakerFacts(person);
        if (maker === null || seen.has(maker.linkedinUrl) || found.length >= limit) return;
        seen.add(maker.linkedinUrl);
        found.push(maker);
      };

      // The search answers titles and ids but (for most plans) neither full names nor profile URLs:
      // those who lack them are enriched by id, ten at a time, only as far as the limit needs.
      let pending: string[] = [];
      const flush = async () => {
        if (pending.length === 0) return;
        const ids = pending;
        pending = [];
        for (const match of await bulkMatch(http, ids, context)) add(match);
      };
      for (const person of candidates) {
        if (found.length >= limit) break;
        if (decisionMakerFacts(person) !== null) {
          add(person);
          continue;
        }
        const id = text(person.id);
        if (id === undefined || text(person.title) === undefined) continue;
        pending.push(id);
        if (found.length + pending.length >= limit || pending.length >= BULK_MATCH_SIZE) await flush();
      }
      if (found.length < limit) await flush();
      return found;
    },
  };
}

async function bulkMatch(http: SourceHttp, ids: string[], context: SourceContext): Promise<Record<string, unknown>[]> {
  const response = await http.request({
    method: 'POST',
    path: '/people/bulk_match',
    query: { reveal_personal_emails: false, reveal_phone_number: false },
    body: { details: ids.map((id) => ({ id })) },
    signal: context.signal,
  });
  if (response.status === 404) return [];
  const matches = field(objectBody(response, 'apollo'), 'matches');
  return Array.isArray(matches) ? matches.filter(isObject) : [];
}

function personFacts(person: Record<string, unknown>): PersonFacts {
  const organization = field(person, 'organization');
  return compact({
    name: fullName(person),
    title: text(person.title),
    company: text(field(organization, 'name')) ?? currentJob(person)?.organizationName,
    linkedinUrl: url(person.linkedin_url),
    photo: url(person.photo_url),
    lastRoleStart: currentJob(person)?.start,
    location: joinPlace(person.city, person.state, person.country),
    headline: text(person.headline),
    previousRoles: previousRoles(person),
    sourceId: text(person.id),
  });
}

/** What a search result tells of a person, to recognise the prospect (prospectMarks.ts). */
function candidate(person: Record<string, unknown>): Candidate {
  return compact({
    id: text(person.id),
    fullName: fullName(person),
    linkedinUrl: url(person.linkedin_url),
    firstName: text(person.first_name),
    lastNameObfuscated: text(person.last_name_obfuscated),
  });
}

function companyFacts(organization: Record<string, unknown>): CompanyFacts {
  return compact({
    name: text(organization.name),
    description: text(organization.short_description),
    linkedinUrl: url(organization.linkedin_url),
    website: url(organization.website_url),
    industry: text(organization.industry)?.toLowerCase(),
    hq: joinPlace(organization.city, organization.state, organization.country),
    revenue: moneyLabel(organization.annual_revenue_printed, organization.annual_revenue),
    employees: count(organization.estimated_num_employees),
    technologies: technologies(organization),
    founded: year(organization.founded_year),
    keywords: wordList(organization.keywords, KEYWORDS),
    funding: funding(organization),
  });
}

/** Ended jobs of `employment_history`, most recent first. */
function previousRoles(person: Record<string, unknown>): PreviousRole[] | undefined {
  const history = Array.isArray(person.employment_history) ? person.employment_history.filter(isObject) : [];
  const roles = history
    .filter((job) => job.current !== true)
    .flatMap((job): PreviousRole[] => {
      const company = text(job.organization_name);
      return company === undefined ? [] : [compact({ company, title: text(job.title), start: isoDay(job.start_date), end: isoDay(job.end_date) })];
    })
    .sort((a, b) => (b.end ?? b.start ?? '').localeCompare(a.end ?? a.start ?? ''))
    .slice(0, PREVIOUS_ROLES);
  return roles.length === 0 ? undefined : roles;
}

function funding(organization: Record<string, unknown>): FundingFacts | undefined {
  const events = (Array.isArray(organization.funding_events) ? organization.funding_events.filter(isObject) : [])
    .map((event) => ({ event, date: isoDay(event.date) }))
    .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
  const lastRoundDate = isoDay(organization.latest_funding_round_date) ?? events[0]?.date;
  // The latest round's event is the one on the round's date: another round's amount or investors would be told as this one's.
  const latest = events.find((entry) => entry.date !== undefined && entry.date === lastRoundDate)?.event;
  const facts = compact<FundingFacts>({
    stage: text(organization.latest_funding_stage) ?? text(latest?.type),
    total: moneyLabel(organization.total_funding_printed, organization.total_funding),
    lastRoundDate,
    lastRoundAmount: latest && moneyLabel(latest.amount, latest.amount, text(latest.currency) ?? '$'),
    investors: latest && nameList(latest.investors),
  });
  return Object.keys(facts).length === 0 ? undefined : facts;
}

function decisionMakerFacts(person: Record<string, unknown>): DecisionMakerFacts | null {
  const fullNameValue = fullName(person);
  const title = text(person.title);
  const linkedinUrl = url(person.linkedin_url);
  const company = text(field(person.organization, 'name')) ?? currentJob(person)?.organizationName;
  if (fullNameValue === undefined || title === undefined || linkedinUrl === undefined || company === undefined) return null;
  return compact({
    fullName: fullNameValue,
    title,
    linkedinUrl,
    company,
    photo: url(person.photo_url),
    location: joinPlace(person.city, person.state, person.country),
  }) as DecisionMakerFacts;
}

function fullName(person: Record<string, unknown>): string | undefined {
  return text(person.name) ?? (joinWords(person.first_name, person.last_name) || undefined);
}

/** The current job of `employment_history`: the one at the person's organisation, else the first current one. */
function currentJob(person: Record<string, unknown>): { start?: string; organizationName?: string } | undefined {
  const history = person.employment_history;
  if (!Array.isArray(history)) return undefined;
  const current = history.filter((job): job is Record<string, unknown> => isObject(job) && job.current === true);
  const organizationId = text(person.organization_id);
  const job = current.find((entry) => organizationId !== undefined && entry.organization_id === organizationId) ?? current[0];
  if (job === undefined) return undefined;
  return compact({ start: isoDay(job.start_date), organizationName: text(job.organization_name) });
}

function technologies(organization: Record<string, unknown>): string[] | undefined {
  const names = Array.isArray(organization.technology_names)
    ? organization.technology_names.map(text)
    : Array.isArray(organization.current_technologies)
      ? organization.current_technologies.map((technology) => text(field(technology, 'name')))
      : [];
  const unique = [...new Set(names.filter((name): name is string => name !== undefined))];
  return unique.length === 0 ? undefined : unique;
}
