import { createHash } from 'node:crypto';
import nock from 'nock';
import { beforeEach, describe, expect, it } from 'vitest';
import { researchDataErrors } from '../../src/research/briefErrors.ts';
import { POST_LABELS } from '../../src/research/writer/briefWriter.ts';
import { createCustomer, newTestDatabase, startTestEngine, useEngine } from '../support/engine.ts';
import { companyAnswerEn, fullAnswerEn, textsOf } from './fixtures/briefs.ts';
import {
  acmeNews,
  APOLLO,
  APOLLO_PHOTO,
  apolloOrganization,
  apolloPerson,
  COMPANY_PAGE,
  completion,
  expectedCompanyPosts,
  expectedDecisionMakers,
  expectedProspectPosts,
  GRAVATAR,
  mockAllSources,
  mockChat,
  MODEL,
  newsDate,
  newsUrl,
  OPS_ENV,
  PROFILE_URL,
} from './fixtures/thirdParties.ts';
import { expectAllCalled, forgetCompanyFacts, interceptThirdParties, research } from './support.ts';

/**
 * Whole research jobs through the HTTP API and a real graphile-worker, with the pipeline the engine
 * builds from its configuration (as ops set it) and every third party mocked with nock.
 */

const { unmatched } = interceptThirdParties();
const fixture = useEngine({ env: OPS_ENV });

beforeEach(() => forgetCompanyFacts(fixture.engine.pool));

const EMAIL = 'jane.doe@acme-robotics.io';
const month = (date: Date) => date.toISOString().slice(0, 7);
/** The three newest stories inside the 12-month window, newest first. */
const windowNews = [acmeNews[1]!, acmeNews[0]!, acmeNews[3]!];

describe('a research job over every configured source', () => {
  it('completes with the merged facts, the posts, the news, decision makers and the writer’s text', async () => {
    const sources = mockAllSources();
    const llm = mockChat([completion(fullAnswerEn)]);
    const customer = await createCustomer(fixture.engine.pool, { plan: 'bdr', language: 'en' });

    const job = await research(fixture.engine, customer, { email: EMAIL });
    console.info(`[e2e] full-data job: ${job.ms} ms`);

    expect(job.reply.body).toMatchObject({ research_id: job.researchId, status: 'completed', completed_at: expect.any(String) });
    expect(job.fromCache).toBe(false);
    expect(researchDataErrors(job.data)).toBeUndefined();
    expect(unmatched).toEqual([]);
    expectAllCalled([...sources.scopes, llm.scope]);
    expect(sources.newsQueries).toEqual([expect.stringMatching(/^"Acme Robotics" after:\d{4}-\d{2}-\d{2}$/)]);
    // Apollo has a photo: Gravatar is not asked.
    expect(sources.gravatarCalls).toEqual([]);

    const { prospect, company, decision_makers: decisionMakers } = job.data;
    expect(prospect).toEqual({
      id: expect.any(Number),
      name: 'Jane Doe',
      // The writer's English title, from Apollo's German one.
      title: 'Head of Operations',
      // Apollo first: PDL's "Acme Robotics Gmbh" and its profile URL lose.
      company: 'Acme Robotics',
      email: EMAIL,
      linkedin_url: PROFILE_URL,
      // Apollo's photo: Gravatar is asked only without one.
      photo: APOLLO_PHOTO,
      // Only PDL knows the role start (month precision becomes the 1st).
      last_role_start: '2021-04-01',
      summary: fullAnswerEn.prospect.summary.text,
      opening_talk: textsOf(fullAnswerEn.prospect.opening_talk),
      posts: expectedProspectPosts.map((post, i) => ({ ...post, summary: fullAnswerEn.prospect.post_summaries[i] })),
    });
    expect(prospect.posts.map((post: { reshared: boolean }) => post.reshared)).toEqual([false, false, true]);
    for (const post of [...prospect.posts, ...company.posts]) expect(post.posted).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect(company).toEqual({
      id: expect.any(Number),
      name: 'Acme Robotics',
      description: fullAnswerEn.description_en,
      linkedin_url: COMPANY_PAGE,
      website: 'https://acme-robotics.io',
      industry: 'industrial automation',
      // Apollo has no address: PDL's headquarters fill the gap.
      hq: 'Berlin, Berlin, Germany',
      revenue: '$25M',
      employees: '180',
      technologies: ['HubSpot', 'Cloudflare'],
      problems: textsOf(fullAnswerEn.company.problems),
      services: textsOf(fullAnswerEn.company.services),
      icp: textsOf(fullAnswerEn.company.icp),
      synergy_points: textsOf(fullAnswerEn.company.synergy_points),
      discovery_questions: textsOf(fullAnswerEn.company.discovery_questions),
      clients: null,
      news: windowNews.map((item, i) => ({ summary: fullAnswerEn.company.news_summaries[i], url: newsUrl(item), date: month(newsDate(item)) })),
      insights: textsOf(fullAnswerEn.company.insights),
      posts: expectedCompanyPosts.map((post, i) => ({ ...post, summary: fullAnswerEn.company.post_summaries[i] })),
    });
    expect(company.news.map((item: { date: string }) => item.date)).toEqual(company.news.map(() => expect.stringMatching(/^\d{4}-\d{2}$/)));
    expect(company.posts.map((post: { reshared: boolean }) => post.reshared)).toEqual([false, true, false]);
    expect(prospect.opening_talk).toHaveLength(3);
    for (const list of ['problems', 'services', 'icp', 'synergy_points', 'insights']) expect(company[list]).toHaveLength(4);
    expect(company.discovery_questions).toHaveLength(3);

    expect(decisionMakers).toEqual(expectedDecisionMakers.map((maker) => ({ id: expect.any(Number), ...maker })));
    const ids = [prospect.id, ...decisionMakers.map((maker: { id: number }) => maker.id)];
    expect(new Set(ids).size).toBe(ids.length);

    // What the writer was asked: one request carrying the product, the facts and the shape of the answer.
    expect(llm.requests).toHaveLength(1);
    const request = llm.requests[0]!;
    expect(request.model).toBe(MODEL);
    expect(request.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'research_brief', strict: true } });
    const [system, user] = request.messages;
    expect(system).toMatchObject({ role: 'system', content: expect.stringContaining('write every generated text in English (language code "en")') });
    expect(user?.role).toBe('user');
    const product = JSON.parse(between(user!.content, "PRODUCT (the seller's own product, fact id `product`):", 'FACTS (about the prospect and their company):'));
    expect(product).toEqual({
      name: 'Ledgerly',
      description: 'Accounts-payable automation for mid-sized manufacturers.',
      key_features: ['Invoice capture', 'Three-way matching'],
      target_customers: ['CFOs of manufacturers'],
    });
    // Every fact has an id the model cites for each item it writes.
    const facts: { id: string; about: string; value?: unknown; outlet?: string }[] = JSON.parse(between(user!.content, 'FACTS (about the prospect and their company):', 'Write the brief.'));
    const values = (prefix: string) => Object.fromEntries(facts.filter((fact) => fact.id.startsWith(prefix)).map((fact) => [fact.id, fact.value]));
    expect(values('prospect.')).toEqual({
      'prospect.name': 'Jane Doe',
      'prospect.title': 'Leiterin Operations',
      'prospect.company': 'Acme Robotics',
      'prospect.location': 'Berlin, Germany',
      'prospect.role_start': '2021-04-01',
      'prospect.headline': 'Leiterin Operations bei Acme Robotics',
    });
    expect(values('company.')).toMatchObject({
      'company.name': 'Acme Robotics',
      'company.description': apolloOrganization.organization.short_description,
      'company.hq': 'Berlin, Berlin, Germany',
      'company.revenue': '$25M',
      'company.employees': '180',
      'company.technologies': ['HubSpot', 'Cloudflare'],
    });
    const about = (prefix: string) => facts.filter((fact) => fact.id.startsWith(prefix)).map((fact) => fact.about);
    expect(about('prospect_post.')).toEqual([POST_LABELS.prospectOwn, POST_LABELS.prospectOwn, POST_LABELS.prospectReshared]);
    expect(about('company_post.')).toEqual([POST_LABELS.companyOwn, POST_LABELS.companyReshared, POST_LABELS.companyOwn]);
    expect(facts.filter((fact) => fact.id.startsWith('news.')).map((fact) => fact.outlet)).toEqual(['TechCrunch', 'Reuters', 'Robotics 24/7']);
    const schema = request.response_format.json_schema.schema;
    expect(schema.required).toEqual(['prospect', 'company', 'title_en', 'description_en']);
    expect(schema.properties.prospect.properties.post_summaries).toMatchObject({ minItems: 3, maxItems: 3 });
    expect(schema.properties.company.properties.news_summaries).toMatchObject({ minItems: 3, maxItems: 3 });
    expect(schema.properties.company.properties.post_summaries).toMatchObject({ minItems: 3, maxItems: 3 });
  });

  it('completes when no source knows the person: the company comes from the domain, the prospect part stays null', async () => {
    const sources = mockAllSources({ personFound: false });
    const llm = mockChat([completion(companyAnswerEn)]);
    const customer = await createCustomer(fixture.engine.pool, { plan: 'bdr', language: 'en' });
    const email = 'nobody@acme-robotics.io';

    const job = await research(fixture.engine, customer, { email });
    console.info(`[e2e] no-person job: ${job.ms} ms`);

    // No person, but the company was found: the brief is not empty.
    expect(job.reply.body).toMatchObject({ status: 'completed', empty_reason: null });
    expect(researchDataErrors(job.data)).toBeUndefined();
    expect(unmatched).toEqual([]);
    expectAllCalled([...sources.scopes, llm.scope]);

    const hash = createHash('sha256').update(email).digest('hex');
    expect(job.data.prospect).toEqual({
      id: expect.any(Number),
      name: null,
      title: null,
      company: 'Acme Robotics',
      email,
      linkedin_url: null,
      photo: `${GRAVATAR}/avatar/${hash}?s=400`,
      last_role_start: null,
      summary: null,
      opening_talk: null,
      // No profile URL is known, so the prospect's posts could not be asked for: unknown.
      posts: null,
    });
    expect(job.data.company).toMatchObject({
      name: 'Acme Robotics',
      description: fullAnswerEn.description_en,
      website: 'https://acme-robotics.io',
      hq: 'Berlin, Berlin, Germany',
      problems: textsOf(companyAnswerEn.company.problems),
      synergy_points: textsOf(companyAnswerEn.company.synergy_points),
      news: windowNews.map((item, i) => ({ summary: fullAnswerEn.company.news_summaries[i], url: newsUrl(item), date: month(newsDate(item)) })),
      posts: expectedCompanyPosts.map((post, i) => ({ ...post, summary: fullAnswerEn.company.post_summaries[i] })),
    });
    expect(job.data.decision_makers).toHaveLength(2);

    // The writer was asked for the company part only: no person facts, no prospect schema, no title.
    expect(llm.requests).toHaveLength(1);
    const request = llm.requests[0]!;
    const facts: { id: string }[] = JSON.parse(between(request.messages[1]!.content, 'FACTS (about the prospect and their company):', 'Write the brief.'));
    expect(facts.filter((fact) => fact.id.startsWith('prospect'))).toEqual([]);
    expect(request.response_format.json_schema.schema.required).toEqual(['company', 'description_en']);
  });

  it('answers a second request for the same e-mail from the cache without calling any source', async () => {
    mockAllSources();
    mockChat([completion(fullAnswerEn)]);
    const customer = await createCustomer(fixture.engine.pool, { plan: 'bdr', language: 'en' });
    const first = await research(fixture.engine, customer, { email: EMAIL });
    expect(first.reply.body).toMatchObject({ status: 'completed', cached: false, empty_reason: null });
    expect(first.fromCache).toBe(false);

    // No interceptor is left: any call to a third party would be recorded as unmatched (and degrade the brief).
    nock.cleanAll();
    expect(nock.pendingMocks()).toEqual([]);
    const second = await research(fixture.engine, customer, { email: 'Jane.Doe@Acme-Robotics.io' });
    console.info(`[e2e] cached job: ${second.ms} ms (first: ${first.ms} ms)`);

    expect(second.reply.body).toMatchObject({ status: 'completed', cached: true, empty_reason: null });
    expect(second.fromCache).toBe(true);
    expect(second.researchId).not.toBe(first.researchId);
    expect(second.data).toEqual(first.data);
    expect(unmatched).toEqual([]);
  });
});

describe('a second prospect at the same company', () => {
  it('asks the company sources nothing: what they said about the company comes from the company facts cache', async () => {
    mockAllSources();
    mockChat([completion(fullAnswerEn)]);
    const customer = await createCustomer(fixture.engine.pool, { plan: 'bdr', language: 'en' });
    const first = await research(fixture.engine, customer, { email: EMAIL });
    nock.cleanAll();

    const sources = mockAllSources();
    const llm = mockChat([completion(fullAnswerEn)]);
    const second = await research(fixture.engine, customer, { email: 'john.roe@acme-robotics.io' });

    expect(second.reply.body.status).toBe('completed');
    expect(second.fromCache).toBe(false);
    expect(unmatched).toEqual([]);
    expectAllCalled([llm.scope]);
    // Company enrichment (Apollo, PDL) and decision makers (Apollo search and enrichment) were not asked again.
    const notAsked = sources.scopes
      .flatMap((scope) => scope.pendingMocks())
      .map((mock) => mock.replace(/\?.*$/, ''))
      .sort();
    expect(notAsked).toEqual([
      'GET https://api.apollo.io:443/api/v1/organizations/enrich',
      'GET https://api.peopledatalabs.com:443/v5/company/enrich',
      'POST https://api.apollo.io:443/api/v1/mixed_people/api_search',
      'POST https://api.apollo.io:443/api/v1/people/bulk_match',
    ]);
    expect(second.data.company).toEqual(first.data.company);
    expect(second.data.decision_makers).toEqual(first.data.decision_makers);
  });
});

describe('the pipeline fingerprint', () => {
  it('does not serve a brief cached with no sources once APOLLO_API_KEY is set', async () => {
    const own = await newTestDatabase();
    try {
      const customer = await createCustomer(own.pool, { plan: 'bdr', language: 'en' });
      const email = 'fingerprint@acme-robotics.io';

      const bare = await startTestEngine({ database: own, env: {} });
      let sourceless;
      try {
        sourceless = await research(bare, customer, { email });
      } finally {
        await bare.stop();
      }
      expect(sourceless.reply.body.status).toBe('completed');
      expect(sourceless.data.prospect.name).toBeNull();

      const withApollo = await startTestEngine({ database: own, env: { APOLLO_API_KEY: OPS_ENV.APOLLO_API_KEY! } });
      try {
        const apollo = nock(APOLLO)
          .post('/api/v1/people/match')
          .query(true)
          .reply(200, apolloPerson)
          .get('/api/v1/organizations/enrich')
          .query(true)
          .reply(200, apolloOrganization)
          .post('/api/v1/mixed_people/api_search')
          .reply(200, { people: [], total_entries: 0 });
        const enriched = await research(withApollo, customer, { email });
        expect(enriched.reply.body.status).toBe('completed');
        expect(enriched.fromCache).toBe(false);
        expectAllCalled([apollo]);
        expect(enriched.data.prospect).toMatchObject({ name: 'Jane Doe', title: 'Leiterin Operations', company: 'Acme Robotics' });

        // The same configuration again: now the cache answers.
        const again = await research(withApollo, customer, { email });
        expect(again.fromCache).toBe(true);
        expect(again.data).toEqual(enriched.data);
      } finally {
        await withApollo.stop();
      }

      const { rows } = await own.pool.query<{ pipeline: string }>('SELECT pipeline FROM research_cache WHERE email = $1 ORDER BY pipeline', [email]);
      expect(rows.map((row) => row.pipeline)).toEqual(['sources-v1:', 'sources-v1:person:apollo,company:apollo,dm:apollo']);
      expect(unmatched).toEqual([]);
    } finally {
      await own.drop();
    }
  });
});

/** The text of `content` between two headings. */
function between(content: string, start: string, end: string): string {
  const from = content.indexOf(start);
  const to = content.indexOf(end, from);
  expect(from).toBeGreaterThanOrEqual(0);
  expect(to).toBeGreaterThan(from);
  return content.slice(from + start.length, to).trim();
}
