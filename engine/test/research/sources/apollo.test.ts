import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApollo } from '../../../src/research/sources/apollo.ts';
import { SourceError } from '../../../src/platform/net/sourceHttp.ts';
import { rejection } from '../../support/rejection.ts';

const API = 'https://api.apollo.io';
const KEY = 'apollo-test-key';

const apollo = (options: { baseUrl?: string; retries?: number } = {}) => createApollo({ apiKey: KEY, backoffMs: 1, ...options });
const context = () => ({ signal: new AbortController().signal });

/** A People Enrichment answer in the shape Apollo documents (fields we do not read trimmed). */
const matchedPerson = {
  person: {
    id: '64a7ff0cc4dfae00013df1a5',
    first_name: 'Tim',
    last_name: 'Zheng',
    name: 'Tim Zheng',
    linkedin_url: 'http://www.linkedin.com/in/tim-zheng-677ba010',
    title: 'Founder & CEO',
    email_status: 'verified',
    photo_url: 'https://media.licdn.com/dms/image/C4E03AQF/profile-displayphoto.jpg',
    headline: 'Founder & CEO at Apollo',
    email: 'tim@apollo.io',
    organization_id: '5e66b6381e05b4008c8331b8',
    employment_history: [
      {
        _id: '66d13c8d98ec9600013525b8',
        current: false,
        end_date: '2015-06-01',
        organization_id: '54a1216869702d8cccfb6002',
        organization_name: 'BrainGenie',
        start_date: '2011-03-01',
        title: 'Co-Founder',
      },
      {
        _id: '66d13c8d98ec9600013525b9',
        current: true,
        end_date: null,
        organization_id: '5e66b6381e05b4008c8331b8',
        organization_name: 'Apollo',
        start_date: '2015-07-01',
        title: 'Founder & CEO',
      },
    ],
    state: 'California',
    city: 'San Francisco',
    country: 'United States',
    organization: {
      id: '5e66b6381e05b4008c8331b8',
      name: 'Apollo.io',
      website_url: 'http://www.apollo.io',
      linkedin_url: 'http://www.linkedin.com/company/apolloio',
      primary_domain: 'apollo.io',
    },
    departments: ['c_suite'],
    seniority: 'founder',
  },
};

/** An Organization Enrichment answer in the shape Apollo documents. */
const enrichedOrganization = {
  organization: {
    id: '5e66b6381e05b4008c8331b8',
    name: 'Apollo.io',
    website_url: 'http://www.apollo.io',
    linkedin_url: 'http://www.linkedin.com/company/apolloio',
    twitter_url: 'https://twitter.com/meetapollo/',
    founded_year: 2015,
    primary_domain: 'apollo.io',
    industry: 'Information Technology & Services',
    keywords: ['sales engagement', 'lead generation'],
    estimated_num_employees: 1600,
    total_funding: 251200000,
    total_funding_printed: '251.2M',
    latest_funding_round_date: '2023-08-01T00:00:00.000+00:00',
    latest_funding_stage: 'Series D',
    funding_events: [
      { id: 'f1', date: '2018-05-01T00:00:00.000+00:00', news_url: null, type: 'Series A', investors: 'Nexus Venture Partners', amount: '7M', currency: '$' },
      {
        id: 'f2',
        date: '2023-08-01T00:00:00.000+00:00',
        news_url: 'https://techcrunch.com/apollo-series-d',
        type: 'Series D',
        investors: 'Bain Capital Ventures, Sequoia Capital, Tribe Capital',
        amount: '100M',
        currency: '$',
      },
    ],
    raw_address: '440 N Barranca Ave #6085, Covina, California 91723, US',
    street_address: '440 N Barranca Ave',
    city: 'Covina',
    state: 'California',
    postal_code: '91723',
    country: 'United States',
    short_description: 'Apollo.io combines a buyer database of over 270M contacts with engagement tools.',
    annual_revenue_printed: '100M',
    annual_revenue: 100000000,
    technology_names: ['Cloudflare', 'Gmail', 'Google Analytics', 'Salesforce'],
    current_technologies: [{ uid: 'cloudflare_dns', name: 'Cloudflare DNS', category: 'Domain Name Services' }],
  },
};

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  vi.restoreAllMocks();
  nock.abortPendingRequests();
  nock.cleanAll();
});
afterAll(() => nock.enableNetConnect());

const failure = (promise: Promise<unknown>) => rejection(promise, SourceError);

describe('Apollo findPerson (People Enrichment)', () => {
  it('POSTs people/match with the e-mail and hints as query parameters and the x-api-key header', async () => {
    const scope = nock(API, { reqheaders: { 'x-api-key': KEY, accept: 'application/json' } })
      .post('/api/v1/people/match')
      .query({
        email: 'tim@apollo.io',
        name: 'Tim Zheng',
        organization_name: 'Apollo',
        linkedin_url: 'https://www.linkedin.com/in/tim-zheng-677ba010',
        reveal_personal_emails: 'false',
        reveal_phone_number: 'false',
      })
      .reply(200, matchedPerson);
    const facts = await apollo().findPerson({ email: 'tim@apollo.io', name: 'Tim Zheng', companyName: 'Apollo', linkedinUrl: 'https://www.linkedin.com/in/tim-zheng-677ba010' }, context());
    scope.done();
    expect(facts).toEqual({
      name: 'Tim Zheng',
      title: 'Founder & CEO',
      company: 'Apollo.io',
      linkedinUrl: 'http://www.linkedin.com/in/tim-zheng-677ba010',
      photo: 'https://media.licdn.com/dms/image/C4E03AQF/profile-displayphoto.jpg',
      lastRoleStart: '2015-07-01',
      location: 'San Francisco, California, United States',
      headline: 'Founder & CEO at Apollo',
      previousRoles: [{ company: 'BrainGenie', title: 'Co-Founder', start: '2011-03-01', end: '2015-06-01' }],
      // Apollo's id for the person: only for leaving them out of their company's decision makers.
      sourceId: '64a7ff0cc4dfae00013df1a5',
    });
  });

  it('lists earlier jobs most recent first, at most three, and skips those without an employer', async () => {
    const job = (organization_name: string | null, start_date: string, end_date: string) => ({ current: false, organization_name, title: 'Engineer', start_date, end_date });
    nock(API)
      .post('/api/v1/people/match')
      .query(true)
      .reply(200, {
        person: {
          name: 'Bo',
          employment_history: [
            job('Oldco', '2005-01-01', '2008-01-01'),
            job('Midco', '2008-02-01', '2012-01-01'),
            job(null, '2012-02-01', '2013-01-01'),
            job('Newco', '2013-02-01', '2019-01-01'),
            job('Lastco', '2019-02-01', '2021-01-01'),
          ],
        },
      });
    const facts = await apollo().findPerson({ email: 'bo@acme.test' }, context());
    expect(facts?.previousRoles?.map((role) => role.company)).toEqual(['Lastco', 'Newco', 'Midco']);
  });

  it('sends only the e-mail when there are no hints', async () => {
    const scope = nock(API).post('/api/v1/people/match').query({ email: 'tim@apollo.io', reveal_personal_emails: 'false', reveal_phone_number: 'false' }).reply(200, matchedPerson);
    await apollo().findPerson({ email: 'tim@apollo.io' }, context());
    scope.done();
  });

  it('answers null for an empty match and for a 404', async () => {
    nock(API).post('/api/v1/people/match').query(true).reply(200, { person: null });
    expect(await apollo().findPerson({ email: 'nobody@acme.test' }, context())).toBeNull();
    nock(API).post('/api/v1/people/match').query(true).reply(404, { error: 'not found' });
    expect(await apollo().findPerson({ email: 'nobody@acme.test' }, context())).toBeNull();
  });

  it('drops fields of the wrong type instead of throwing', async () => {
    nock(API)
      .post('/api/v1/people/match')
      .query(true)
      .reply(200, {
        person: {
          name: 42,
          first_name: 'Ada',
          last_name: ['Lovelace'],
          title: { text: 'CTO' },
          linkedin_url: 'https://www.linkedin.com/in/ada',
          photo_url: null,
          organization: 'Acme',
          employment_history: [null, 'x', { current: true, start_date: 20200101 }, { current: true, start_date: '2020-13-45' }],
          city: 7,
          state: 'Bavaria',
          country: 'Germany',
        },
      });
    const facts = await apollo().findPerson({ email: 'ada@acme.test' }, context());
    expect(facts).toEqual({ name: 'Ada', linkedinUrl: 'https://www.linkedin.com/in/ada', location: 'Bavaria, Germany' });
  });

  it('reads a month-only start date as the 1st', async () => {
    nock(API)
      .post('/api/v1/people/match')
      .query(true)
      .reply(200, { person: { name: 'Bo', employment_history: [{ current: true, start_date: '2021-09', organization_name: 'Acme' }] } });
    expect(await apollo().findPerson({ email: 'bo@acme.test' }, context())).toEqual({ name: 'Bo', company: 'Acme', lastRoleStart: '2021-09-01' });
  });

  it('throws invalid_response on a body that is not JSON, or JSON that is not an object', async () => {
    nock(API).post('/api/v1/people/match').query(true).reply(200, '<html>Bad gateway</html>');
    expect((await failure(apollo().findPerson({ email: 'a@acme.test' }, context()))).kind).toBe('invalid_response');
    nock(API).post('/api/v1/people/match').query(true).reply(200, '[1,2]');
    expect((await failure(apollo().findPerson({ email: 'a@acme.test' }, context()))).kind).toBe('invalid_response');
    nock(API).post('/api/v1/people/match').query(true).reply(200, { person: 'Tim' });
    expect((await failure(apollo().findPerson({ email: 'a@acme.test' }, context()))).kind).toBe('invalid_response');
  });

  it('waits out a 429 Retry-After, then succeeds', async () => {
    const delays: number[] = [];
    const original = globalThis.setTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((handler: () => void, ms?: number) => {
      delays.push(ms ?? 0);
      return original(handler, ms);
    }) as typeof setTimeout);
    const scope = nock(API)
      .post('/api/v1/people/match')
      .query(true)
      .reply(429, { message: 'The maximum number of api calls allowed for api/v1/people/match is 600 times per hour.' }, { 'Retry-After': '1' })
      .post('/api/v1/people/match')
      .query(true)
      .reply(200, matchedPerson);
    const facts = await apollo().findPerson({ email: 'tim@apollo.io' }, context());
    scope.done();
    expect(facts?.name).toBe('Tim Zheng');
    expect(delays).toContain(1000);
  });

  it('throws a SourceError on a 500 without repeating the POST (Apollo may have charged for it)', async () => {
    let calls = 0;
    nock(API)
      .post('/api/v1/people/match')
      .query(true)
      .times(5)
      .reply(() => {
        calls++;
        return [500, { error: 'internal' }];
      });
    const error = await failure(apollo({ retries: 2 }).findPerson({ email: 'tim@apollo.io' }, context()));
    expect(error).toMatchObject({ source: 'apollo', kind: 'http', status: 500 });
    expect(calls).toBe(1);
  });

  it('honours a base URL with a path prefix (a proxy)', async () => {
    const scope = nock('https://proxy.internal', { reqheaders: { 'x-api-key': KEY } })
      .post('/vendors/apollo/api/v1/people/match')
      .query(true)
      .reply(200, matchedPerson);
    const facts = await apollo({ baseUrl: 'https://proxy.internal/vendors/apollo/api/v1/' }).findPerson({ email: 'tim@apollo.io' }, context());
    scope.done();
    expect(facts?.title).toBe('Founder & CEO');
  });

  it("stops an in-flight call quickly when the job's signal aborts", async () => {
    const job = new AbortController();
    nock(API)
      .post('/api/v1/people/match')
      .query(true)
      .delay(10_000)
      .reply(() => {
        job.abort(new Error('research time limit'));
        return [200, matchedPerson];
      });
    const started = Date.now();
    const error = await failure(apollo().findPerson({ email: 'tim@apollo.io' }, { signal: job.signal }));
    expect(error.kind).toBe('aborted');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('Apollo findCompany (Organization Enrichment)', () => {
  it('GETs organizations/enrich by domain and maps the organization', async () => {
    const scope = nock(API, { reqheaders: { 'x-api-key': KEY } })
      .get('/api/v1/organizations/enrich')
      .query({ domain: 'apollo.io' })
      .reply(200, enrichedOrganization);
    const facts = await apollo().findCompany({ domain: 'apollo.io' }, context());
    scope.done();
    expect(facts).toEqual({
      name: 'Apollo.io',
      description: 'Apollo.io combines a buyer database of over 270M contacts with engagement tools.',
      linkedinUrl: 'http://www.linkedin.com/company/apolloio',
      website: 'http://www.apollo.io',
      industry: 'information technology & services',
      hq: 'Covina, California, United States',
      revenue: '$100M',
      employees: '1600',
      technologies: ['Cloudflare', 'Gmail', 'Google Analytics', 'Salesforce'],
      founded: '2015',
      keywords: ['sales engagement', 'lead generation'],
      funding: {
        stage: 'Series D',
        total: '$251.2M',
        lastRoundDate: '2023-08-01',
        lastRoundAmount: '$100M',
        investors: ['Bain Capital Ventures', 'Sequoia Capital', 'Tribe Capital'],
      },
    });
  });

  it("never gives another round's amount or investors as the latest round's", async () => {
    nock(API)
      .get('/api/v1/organizations/enrich')
      .query(true)
      .reply(200, {
        organization: {
          name: 'Acme',
          latest_funding_stage: 'Series B',
          latest_funding_round_date: '2024-02-01',
          funding_events: [{ date: '2021-01-01', type: 'Seed', amount: '2M', currency: '$', investors: 'Angel Fund' }],
        },
      });
    expect((await apollo().findCompany({ domain: 'acme.test' }, context()))?.funding).toEqual({ stage: 'Series B', lastRoundDate: '2024-02-01' });
  });

  it('prints revenue from the number when there is no printed figure, and falls back to current_technologies', async () => {
    nock(API)
      .get('/api/v1/organizations/enrich')
      .query(true)
      .reply(200, {
        organization: {
          name: 'Acme',
          annual_revenue: 12_500_000,
          current_technologies: [{ name: 'HubSpot' }, { name: 'HubSpot' }, { name: 3 }, 'junk'],
        },
      });
    expect(await apollo().findCompany({ domain: 'acme.test' }, context())).toEqual({ name: 'Acme', revenue: '$12.5M', technologies: ['HubSpot'] });
  });

  it('answers null when Apollo does not know the domain', async () => {
    nock(API).get('/api/v1/organizations/enrich').query(true).reply(200, {});
    expect(await apollo().findCompany({ domain: 'unknown.test' }, context())).toBeNull();
    nock(API).get('/api/v1/organizations/enrich').query(true).reply(404, { error: 'not found' });
    expect(await apollo().findCompany({ domain: 'unknown.test' }, context())).toBeNull();
  });

  it('drops fields of the wrong type', async () => {
    nock(API)
      .get('/api/v1/organizations/enrich')
      .query(true)
      .reply(200, {
        organization: {
          name: 'Acme',
          short_description: false,
          industry: ['software'],
          estimated_num_employees: '50',
          annual_revenue_printed: 12,
          annual_revenue: 'lots',
          technology_names: 'React',
          linkedin_url: 'not a url with spaces',
          website_url: { href: 'https://acme.test' },
        },
      });
    expect(await apollo().findCompany({ domain: 'acme.test' }, context())).toEqual({ name: 'Acme' });
  });
});

describe('Apollo decisionMakers (People API Search + Bulk People Enrichment)', () => {
  const searchResult = {
    total_entries: 5,
    people: [
      { id: 'p1', first_name: 'Tim', last_name_obfuscated: 'Zh***g', title: 'Founder & CEO', has_email: true, organization: { name: 'Apollo.io' } },
      { id: 'p2', first_name: 'Raj', last_name_obfuscated: 'Ja***n', title: 'CTO', has_email: true, organization: { name: 'Apollo.io' } },
      { id: 'p3', first_name: 'No', last_name_obfuscated: 'T***e', title: null, organization: { name: 'Apollo.io' } },
      { id: 'p4', first_name: 'Ann', last_name_obfuscated: 'Le***e', title: 'VP Sales', organization: { name: 'Apollo.io' } },
      {
        id: 'p5',
        name: 'Kim Full',
        title: 'Head of Marketing',
        linkedin_url: 'http://www.linkedin.com/in/kim-full',
        organization: { name: 'Apollo.io' },
      },
    ],
  };

  it('searches the domain for senior people, enriches those without a profile URL, skips the incomplete', async () => {
    const scope = nock(API, { reqheaders: { 'x-api-key': KEY, 'content-type': 'application/json' } })
      .post('/api/v1/mixed_people/api_search', (body: Record<string, unknown>) => {
        expect(body).toMatchObject({
          q_organization_domains_list: ['apollo.io'],
          person_seniorities: expect.arrayContaining(['owner', 'founder', 'c_suite', 'vp', 'head', 'director']),
          page: 1,
        });
        return true;
      })
      .reply(200, searchResult)
      .post('/api/v1/people/bulk_match', { details: [{ id: 'p1' }, { id: 'p2' }, { id: 'p4' }] })
      .query({ reveal_personal_emails: 'false', reveal_phone_number: 'false' })
      .reply(200, {
        status: 'success',
        total_requested_enrichments: 3,
        unique_enriched_records: 3,
        matches: [
          {
            id: 'p1',
            name: 'Tim Zheng',
            title: 'Founder & CEO',
            linkedin_url: 'http://www.linkedin.com/in/tim-zheng-677ba010',
            photo_url: 'https://media.licdn.com/tim.jpg',
            city: 'San Francisco',
            state: 'California',
            country: 'United States',
            organization: { name: 'Apollo.io' },
          },
          { id: 'p2', name: 'Raj Jain', title: 'CTO', linkedin_url: null, organization: { name: 'Apollo.io' } },
          null,
        ],
      });
    const makers = await apollo().decisionMakers({ domain: 'apollo.io' }, 3, context());
    scope.done();
    expect(makers).toEqual([
      {
        fullName: 'Tim Zheng',
        title: 'Founder & CEO',
        linkedinUrl: 'http://www.linkedin.com/in/tim-zheng-677ba010',
        photo: 'https://media.licdn.com/tim.jpg',
        location: 'San Francisco, California, United States',
        company: 'Apollo.io',
      },
      { fullName: 'Kim Full', title: 'Head of Marketing', linkedinUrl: 'http://www.linkedin.com/in/kim-full', company: 'Apollo.io' },
    ]);
  });

  it('does not enrich more people than the limit needs', async () => {
    nock(API).post('/api/v1/mixed_people/api_search').reply(200, searchResult);
    const scope = nock(API)
      .post('/api/v1/people/bulk_match', { details: [{ id: 'p1' }] })
      .query(true)
      .reply(200, {
        matches: [{ id: 'p1', name: 'Tim Zheng', title: 'Founder & CEO', linkedin_url: 'https://www.linkedin.com/in/tz', organization: { name: 'Apollo.io' } }],
      });
    const makers = await apollo().decisionMakers({ domain: 'apollo.io' }, 1, context());
    scope.done();
    expect(makers.map((maker) => maker.fullName)).toEqual(['Tim Zheng']);
  });

  it('answers [] when nobody matches, on a 404 and for a zero limit', async () => {
    nock(API).post('/api/v1/mixed_people/api_search').reply(200, { people: [], total_entries: 0 });
    expect(await apollo().decisionMakers({ domain: 'tiny.test' }, 3, context())).toEqual([]);
    nock(API).post('/api/v1/mixed_people/api_search').reply(404, {});
    expect(await apollo().decisionMakers({ domain: 'tiny.test' }, 3, context())).toEqual([]);
    expect(await apollo().decisionMakers({ domain: 'tiny.test' }, 0, context())).toEqual([]);
  });

  it('ignores a people field of the wrong type', async () => {
    nock(API)
      .post('/api/v1/mixed_people/api_search')
      .reply(200, { people: { id: 'p1' } });
    expect(await apollo().decisionMakers({ domain: 'odd.test' }, 3, context())).toEqual([]);
  });
});
