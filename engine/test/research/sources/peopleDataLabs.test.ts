import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPeopleDataLabs } from '../../../src/research/sources/peopleDataLabs.ts';
import { SourceError } from '../../../src/platform/net/sourceHttp.ts';
import { rejection } from '../../support/rejection.ts';

const API = 'https://api.peopledatalabs.com';
const KEY = 'pdl-test-key';

const pdl = (options: { baseUrl?: string; retries?: number } = {}) => createPeopleDataLabs({ apiKey: KEY, backoffMs: 1, ...options });
const context = () => ({ signal: new AbortController().signal });

/** A Person Enrichment answer in the shape PDL documents (lower-case values, URLs without a scheme). */
const enrichedPerson = {
  status: 200,
  likelihood: 10,
  data: {
    id: 'qEnOZ5Oh0poWnQ1luFBfVw_0000',
    full_name: 'sean thorne',
    first_name: 'sean',
    last_name: 'thorne',
    linkedin_url: 'linkedin.com/in/seanthorne',
    linkedin_username: 'seanthorne',
    work_email: 'sean@peopledatalabs.com',
    job_title: 'co-founder and chief executive officer',
    job_title_role: 'operations',
    job_title_levels: ['cxo', 'owner'],
    job_company_name: 'people data labs',
    job_company_website: 'peopledatalabs.com',
    job_start_date: '2015-03',
    location_name: 'san francisco, california, united states',
    location_country: 'united states',
    skills: ['data science', 'entrepreneurship'],
    headline: 'co-founder, ceo @ people data labs',
    experience: [
      {
        company: { name: 'people data labs', size: '51-200', website: 'peopledatalabs.com' },
        start_date: '2015-03',
        end_date: null,
        title: { name: 'co-founder and chief executive officer', role: 'operations', levels: ['cxo'] },
        is_primary: true,
      },
      {
        company: { name: 'hallspot', size: '1-10', website: 'hallspot.com' },
        start_date: '2012-07',
        end_date: '2015-02',
        title: { name: 'vp of saas partnerships', role: 'sales', levels: ['vp'] },
        is_primary: false,
      },
    ],
  },
};

/** A Company Enrichment answer: PDL puts the company's fields at the top level. */
const enrichedCompany = {
  status: 200,
  name: 'people data labs',
  display_name: 'People Data Labs',
  size: '51-200',
  employee_count: 83,
  id: 'tnHcNHbCv8MKeLh92946LAkX6PKg',
  founded: 2015,
  industry: 'Computer Software',
  location: {
    name: 'san francisco, california, united states',
    locality: 'san francisco',
    region: 'california',
    country: 'united states',
  },
  linkedin_url: 'linkedin.com/company/peopledatalabs',
  website: 'peopledatalabs.com',
  summary: 'people data labs builds b2b data for developers, engineers, and data scientists.',
  inferred_revenue: '$50M-$100M',
  tags: ['data', 'apis'],
  latest_funding_stage: 'series_b',
  total_funding_raised: 55250000,
  last_funding_date: '2021-11-16',
  number_funding_rounds: 4,
  funding_stages: ['seed', 'series_a', 'series_b'],
  funding_details: [
    { funding_round_date: '2019-10-01', funding_raised: 10000000, funding_currency: 'usd', funding_type: 'series_a', investing_companies: ['ff venture capital'], investing_individuals: [] },
    {
      funding_round_date: '2021-11-16',
      funding_raised: 45000000,
      funding_currency: 'usd',
      funding_type: 'series_b',
      investing_companies: ['craft ventures', 'flex capital'],
      investing_individuals: ['sean thorne'],
    },
  ],
  likelihood: 6,
};

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  vi.restoreAllMocks();
  nock.abortPendingRequests();
  nock.cleanAll();
});
afterAll(() => nock.enableNetConnect());

const failure = (promise: Promise<unknown>) => rejection(promise, SourceError);

describe('People Data Labs findPerson (Person Enrichment)', () => {
  it('GETs person/enrich with email, name, company and profile, and the X-Api-Key header', async () => {
    const scope = nock(API, { reqheaders: { 'x-api-key': KEY, accept: 'application/json' } })
      .get('/v5/person/enrich')
      .query({
        email: 'sean@peopledatalabs.com',
        name: 'Sean Thorne',
        company: 'People Data Labs',
        profile: 'https://www.linkedin.com/in/seanthorne',
        min_likelihood: '6',
      })
      .reply(200, enrichedPerson);
    const facts = await pdl().findPerson({ email: 'sean@peopledatalabs.com', name: 'Sean Thorne', companyName: 'People Data Labs', linkedinUrl: 'https://www.linkedin.com/in/seanthorne' }, context());
    scope.done();
    expect(facts).toEqual({
      name: 'Sean Thorne',
      title: 'Co-Founder and Chief Executive Officer',
      company: 'People Data Labs',
      linkedinUrl: 'https://linkedin.com/in/seanthorne',
      lastRoleStart: '2015-03-01',
      location: 'San Francisco, California, United States',
      headline: 'Co-Founder, CEO @ People Data Labs',
      previousRoles: [{ company: 'Hallspot', title: 'VP of SaaS Partnerships', start: '2012-07-01', end: '2015-02-01' }],
    });
  });

  it('keeps a full start date and values that already have capitals', async () => {
    nock(API)
      .get('/v5/person/enrich')
      .query({ email: 'jo@acme.test', min_likelihood: '6' })
      .reply(200, { status: 200, likelihood: 8, data: { full_name: 'Jo McIntyre', job_company_name: 'ACME GmbH', job_start_date: '2022-11-15' } });
    expect(await pdl().findPerson({ email: 'jo@acme.test' }, context())).toEqual({
      name: 'Jo McIntyre',
      company: 'ACME GmbH',
      lastRoleStart: '2022-11-15',
    });
  });

  it('answers null on the 404 PDL gives when nothing matches', async () => {
    nock(API)
      .get('/v5/person/enrich')
      .query(true)
      .reply(404, { status: 404, error: { type: 'not_found', message: 'No records were found matching your request' } });
    expect(await pdl().findPerson({ email: 'nobody@acme.test' }, context())).toBeNull();
  });

  it('drops fields of the wrong type instead of throwing', async () => {
    nock(API)
      .get('/v5/person/enrich')
      .query(true)
      .reply(200, {
        status: 200,
        likelihood: 9,
        data: {
          full_name: null,
          first_name: 'ada',
          last_name: 'lovelace',
          job_title: 12,
          job_company_name: { name: 'acme' },
          linkedin_url: ['linkedin.com/in/ada'],
          job_start_date: '2019',
          location_name: 'london, england, united kingdom',
        },
      });
    expect(await pdl().findPerson({ email: 'ada@acme.test' }, context())).toEqual({
      name: 'Ada Lovelace',
      location: 'London, England, United Kingdom',
    });
  });

  it('throws invalid_response on a body that is not JSON, or data that is not an object', async () => {
    nock(API).get('/v5/person/enrich').query(true).reply(200, 'upstream timeout');
    expect((await failure(pdl().findPerson({ email: 'a@acme.test' }, context()))).kind).toBe('invalid_response');
    nock(API).get('/v5/person/enrich').query(true).reply(200, { status: 200, data: 'sean' });
    expect((await failure(pdl().findPerson({ email: 'a@acme.test' }, context()))).kind).toBe('invalid_response');
  });

  it('waits out a 429 Retry-After, then succeeds', async () => {
    const delays: number[] = [];
    const original = globalThis.setTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((handler: () => void, ms?: number) => {
      delays.push(ms ?? 0);
      return original(handler, ms);
    }) as typeof setTimeout);
    const scope = nock(API)
      .get('/v5/person/enrich')
      .query(true)
      .reply(429, { status: 429, error: { type: 'rate_limit_error', message: 'Rate limit exceeded' } }, { 'Retry-After': '1' })
      .get('/v5/person/enrich')
      .query(true)
      .reply(200, enrichedPerson);
    const facts = await pdl().findPerson({ email: 'sean@peopledatalabs.com' }, context());
    scope.done();
    expect(facts?.name).toBe('Sean Thorne');
    expect(delays).toContain(1000);
  });

  it('throws a SourceError when PDL keeps answering 500', async () => {
    let calls = 0;
    nock(API)
      .get('/v5/person/enrich')
      .query(true)
      .times(5)
      .reply(() => {
        calls++;
        return [500, { status: 500, error: { type: 'error', message: 'internal' } }];
      });
    const error = await failure(pdl({ retries: 2 }).findPerson({ email: 'sean@peopledatalabs.com' }, context()));
    expect(error).toMatchObject({ source: 'peopledatalabs', kind: 'http', status: 500 });
    expect(calls).toBe(3);
  });

  it('does not retry a 401 (bad key)', async () => {
    let calls = 0;
    nock(API)
      .get('/v5/person/enrich')
      .query(true)
      .times(3)
      .reply(() => {
        calls++;
        return [401, { status: 401, error: { type: 'authentication_error', message: 'Invalid API key' } }];
      });
    expect(await failure(pdl().findPerson({ email: 'a@acme.test' }, context()))).toMatchObject({ kind: 'http', status: 401 });
    expect(calls).toBe(1);
  });

  it('honours a base URL with a path prefix (a proxy)', async () => {
    const scope = nock('https://proxy.internal', { reqheaders: { 'x-api-key': KEY } })
      .get('/vendors/pdl/v5/person/enrich')
      .query(true)
      .reply(200, enrichedPerson);
    const facts = await pdl({ baseUrl: 'https://proxy.internal/vendors/pdl/v5' }).findPerson({ email: 'sean@peopledatalabs.com' }, context());
    scope.done();
    expect(facts?.company).toBe('People Data Labs');
  });

  it("stops an in-flight call quickly when the job's signal aborts", async () => {
    const job = new AbortController();
    nock(API)
      .get('/v5/person/enrich')
      .query(true)
      .delay(10_000)
      .reply(() => {
        job.abort(new Error('research time limit'));
        return [200, enrichedPerson];
      });
    const started = Date.now();
    const error = await failure(pdl().findPerson({ email: 'sean@peopledatalabs.com' }, { signal: job.signal }));
    expect(error.kind).toBe('aborted');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('People Data Labs findCompany (Company Enrichment)', () => {
  it('GETs company/enrich by website and maps the top-level company fields', async () => {
    const scope = nock(API, { reqheaders: { 'x-api-key': KEY } })
      .get('/v5/company/enrich')
      .query({ website: 'peopledatalabs.com', name: 'People Data Labs', min_likelihood: '6' })
      .reply(200, enrichedCompany);
    const facts = await pdl().findCompany({ domain: 'peopledatalabs.com', name: 'People Data Labs' }, context());
    scope.done();
    expect(facts).toEqual({
      name: 'People Data Labs',
      description: 'people data labs builds b2b data for developers, engineers, and data scientists.',
      linkedinUrl: 'https://linkedin.com/company/peopledatalabs',
      website: 'https://peopledatalabs.com',
      industry: 'computer software',
      hq: 'San Francisco, California, United States',
      revenue: '$50M-$100M',
      employees: '83',
      founded: '2015',
      keywords: ['data', 'apis'],
      funding: {
        stage: 'Series B',
        total: '$55.3M',
        lastRoundDate: '2021-11-16',
        lastRoundAmount: '$45M',
        investors: ['Craft Ventures', 'Flex Capital', 'Sean Thorne'],
      },
    });
  });

  it('falls back to name and size when display_name and employee_count are missing', async () => {
    nock(API).get('/v5/company/enrich').query(true).reply(200, { status: 200, name: 'acme widgets', size: '11-50', employee_count: null, likelihood: 7 });
    expect(await pdl().findCompany({ domain: 'acme.test' }, context())).toEqual({ name: 'Acme Widgets', employees: '11-50' });
  });

  it('answers null on a 404', async () => {
    nock(API)
      .get('/v5/company/enrich')
      .query(true)
      .reply(404, { status: 404, error: { type: 'not_found', message: 'No records were found matching your request' } });
    expect(await pdl().findCompany({ domain: 'unknown.test' }, context())).toBeNull();
  });

  it('drops fields of the wrong type', async () => {
    nock(API)
      .get('/v5/company/enrich')
      .query(true)
      .reply(200, {
        status: 200,
        display_name: 'Acme',
        summary: ['widgets'],
        industry: 5,
        location: 'berlin, germany',
        inferred_revenue: 1000000,
        employee_count: '83',
        size: { min: 11 },
        website: false,
        linkedin_url: 'linkedin.com/company/acme',
      });
    expect(await pdl().findCompany({ domain: 'acme.test' }, context())).toEqual({
      name: 'Acme',
      hq: 'Berlin, Germany',
      linkedinUrl: 'https://linkedin.com/company/acme',
    });
  });

  it('throws invalid_response on a body that is not JSON', async () => {
    nock(API).get('/v5/company/enrich').query(true).reply(200, '{"status": 200, "name": ');
    expect((await failure(pdl().findCompany({ domain: 'acme.test' }, context()))).kind).toBe('invalid_response');
  });
});
