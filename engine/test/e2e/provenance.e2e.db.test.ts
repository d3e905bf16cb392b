import { Ajv } from 'ajv';
import nock from 'nock';
import { beforeEach, describe, expect, it } from 'vitest';
import { researchStatusSchema } from '../../src/research/contract.ts';
import { cliFor } from '../support/runCli.ts';
import { createCustomer, creditState, until, useEngine } from '../support/engine.ts';
import { jobRow } from '../research/support.ts';
import {
  APOLLO,
  apolloBulkMatch,
  apolloOrganization,
  apolloPerson,
  apolloSearch,
  expectedDecisionMakers,
  GRAVATAR,
  mockAllSources,
  NEWS,
  OPS_ENV,
  PDL,
  pdlCompany,
  pdlPerson,
  newsFeed,
} from './fixtures/thirdParties.ts';
import { expectAllCalled, forgetCompanyFacts, interceptThirdParties, research } from './support.ts';

/**
 * Provenance and honest degradation, whole jobs against nock: where each fact came from and when; a
 * job whose identity sources are all down fails and is refunded once; a degraded brief is never served
 * from the cache; the decision makers lookup failing is told from none found; the prospect is never
 * their own decision maker, nor enriched as one. The writer is off: these are about facts.
 */

const { unmatched } = interceptThirdParties();
const ENV = Object.fromEntries(Object.entries(OPS_ENV).filter(([name]) => !name.startsWith('OPENAI_')));
const fixture = useEngine({ env: ENV });

beforeEach(() => forgetCompanyFacts(fixture.engine.pool));

/** The published contract of the status answer, provenance included. */
const keepsContract = new Ajv({ allErrors: true, strict: true }).compile(researchStatusSchema);

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;
const notFound = { status: 404, error: { type: 'not_found', message: 'No records were found matching your request' } };
const serverError = { status: 500, error: { type: 'error', message: 'internal' } };

/** Re-delivers the research task of a job (graphile-worker runs a task at least once) and waits until the worker is done with it. */
async function deliverAgain(researchId: string): Promise<void> {
  const { pool } = fixture.engine;
  const { rows } = await pool.query<{ id: string }>(`SELECT (graphile_worker.add_job('research', json_build_object('researchId', $1::text), max_attempts => 3)).id::text AS id`, [researchId]);
  await until('the repeated research task to leave the queue', async () => (await pool.query('SELECT 1 FROM graphile_worker.jobs WHERE id = $1', [rows[0]!.id])).rowCount === 0);
}

describe('every source that can identify the prospect down', () => {
  it('fails the job with internal_error and refunds its credit exactly once, also when the task is delivered again', async () => {
    const scopes = [
      // A POST is not repeated on 5xx (the source may have processed it); a GET is tried three times; 429 too.
      nock(APOLLO).post('/api/v1/people/match').query(true).reply(500, { error: 'internal' }).get('/api/v1/organizations/enrich').query(true).times(3).reply(503, 'Service Unavailable'),
      nock(PDL)
        .get('/v5/person/enrich')
        .query(true)
        .times(3)
        .reply(502, 'Bad Gateway')
        .get('/v5/company/enrich')
        .query(true)
        .times(3)
        .reply(429, { status: 429, error: { type: 'rate_limit', message: 'slow down' } }, { 'retry-after': '0' }),
    ];
    // Started at once alongside them, and stopped or ignored once the job fails.
    nock(APOLLO).post('/api/v1/mixed_people/api_search').optionally().reply(200, { people: [] });
    nock(GRAVATAR)
      .get((uri) => uri.startsWith('/avatar/'))
      .optionally()
      .reply(404, 'Not Found');
    const customer = await createCustomer(fixture.engine.pool, { plan: 'bdr', language: 'en' });

    const job = await research(fixture.engine, customer, { email: 'jane.doe@down-everywhere.io' });
    expect(job.reply.body).toEqual({ research_id: job.researchId, status: 'failed', error: 'internal_error' });
    expect(keepsContract(job.reply.body)).toBe(true);
    expect(await creditState(fixture.engine.pool, customer.account.id)).toEqual({ used: 0, debits: 1, refunds: 1 });
    expectAllCalled(scopes);

    await deliverAgain(job.researchId);
    expect(await jobRow(fixture.engine.pool, job.researchId)).toMatchObject({ status: 'failed', error: 'internal_error' });
    expect(await creditState(fixture.engine.pool, customer.account.id)).toEqual({ used: 0, debits: 1, refunds: 1 });
    expect(unmatched).toEqual([]);
  });

  it('completes (charged) when the sources answered "not found": that is a finding, not an outage', async () => {
    nock(APOLLO)
      .post('/api/v1/people/match')
      .query(true)
      .reply(200, { person: null })
      .get('/api/v1/organizations/enrich')
      .query(true)
      .reply(200, {})
      .post('/api/v1/mixed_people/api_search')
      .reply(200, { people: [], total_entries: 0 });
    nock(PDL).get('/v5/person/enrich').query(true).reply(404, notFound).get('/v5/company/enrich').query(true).reply(404, notFound);
    nock(GRAVATAR)
      .get((uri) => uri.startsWith('/avatar/'))
      .reply(404, 'Not Found');
    const customer = await createCustomer(fixture.engine.pool, { plan: 'bdr', language: 'en' });

    const job = await research(fixture.engine, customer, { email: 'nobody@unknown-anywhere.io' });
    expect(job.reply.body).toMatchObject({ status: 'completed', empty_reason: 'nothing_found', provenance: { degraded: false, decision_makers: 'none_found' } });
    expect(await creditState(fixture.engine.pool, customer.account.id)).toEqual({ used: 1, debits: 1, refunds: 0 });
    expect(unmatched).toEqual([]);
  });
});

describe('a partly degraded brief', () => {
  it('completes, names the source that failed and why, and is not served from the cache: the next request asks again', async () => {
    const customer = await createCustomer(fixture.engine.pool, { plan: 'bdr', language: 'en' });
    const email = 'jane.doe@acme-robotics.io';
    // Everything answers but People Data Labs' person enrichment, down after its retries (nock answers
    // with the interceptor defined first: the 503s stand before the 200 mockAllSources defines).
    const down = nock(PDL).get('/v5/person/enrich').query(true).times(3).reply(503, serverError);
    const sources = mockAllSources();

    const first = await research(fixture.engine, customer, { email });
    expect(first.reply.body).toMatchObject({ status: 'completed', cached: false, empty_reason: null });
    expect(first.data.prospect).toMatchObject({ name: 'Jane Doe', title: 'Leiterin Operations', last_role_start: null });
    const provenance = first.reply.body.provenance as { degraded: boolean; sources: Record<string, unknown>[] };
    expect(keepsContract(first.reply.body), JSON.stringify(keepsContract.errors)).toBe(true);
    expect(provenance.degraded).toBe(true);
    expect(provenance.sources).toContainEqual({ source: 'peopledatalabs', part: 'person', outcome: 'failed', at: expect.stringMatching(ISO), cached: false, failure: 'http_5xx' });
    expect(provenance.sources).toContainEqual({ source: 'apollo', part: 'person', outcome: 'found', at: expect.stringMatching(ISO), cached: false, failure: null });
    expect(down.isDone()).toBe(true);
    // Support reads the same with the ops CLI.
    const shown = await cliFor(fixture.database.url).json<{ failed_sources: { source: string; part: string; failure: string }[] }>('research', 'show', first.researchId);
    expect(shown.failed_sources).toEqual([expect.objectContaining({ source: 'peopledatalabs', part: 'person', failure: 'http_5xx' })]);
    expect(await cliFor(fixture.database.url).run('research', 'show', first.researchId)).toMatchObject({ stdout: expect.stringContaining('peopledatalabs person: http_5xx') });
    expect(sources.scopes.filter((scope) => !scope.isDone()).flatMap((scope) => scope.pendingMocks())).toEqual([expect.stringContaining('/v5/person/enrich')]);
    nock.cleanAll();

    // PDL is back: the same request is researched again (not the degraded brief from the cache)...
    const again = mockAllSources();
    const second = await research(fixture.engine, customer, { email });
    expect(second.reply.body).toMatchObject({ status: 'completed', cached: false, provenance: { degraded: false } });
    expect(second.data.prospect.last_role_start).toBe('2021-04-01');
    // Apollo's person answer of the degraded research was kept and is reused; PDL's failure was not kept: asked again.
    const secondCalls = (second.reply.body.provenance as { sources: { source: string; part: string; cached: boolean; outcome: string }[] }).sources;
    expect(secondCalls.filter((call) => call.part === 'person').map((call) => [call.source, call.outcome, call.cached])).toEqual([
      ['apollo', 'found', true],
      ['peopledatalabs', 'found', false],
    ]);
    expect(again.scopes.find((scope) => scope.pendingMocks().some((mock) => mock.includes('/v5/person/enrich')))).toBeUndefined();

    // ...and that complete brief is the one cached.
    const third = await research(fixture.engine, customer, { email });
    expect(third.reply.body).toMatchObject({ status: 'completed', cached: true, provenance: { degraded: false } });
    expect(third.data).toEqual(second.data);
    expect(await creditState(fixture.engine.pool, customer.account.id)).toEqual({ used: 3, debits: 3, refunds: 0 });
    expect(unmatched).toEqual([]);
  });
});

describe('provenance', () => {
  it('names the source of every filled fact field, with when it was fetched', async () => {
    const customer = await createCustomer(fixture.engine.pool, { plan: 'bdr', language: 'en' });
    const sources = mockAllSources();
    const before = Date.now();
    const job = await research(fixture.engine, customer, { email: 'jane.doe@acme-robotics.io', company_name: 'Acme Robotics' });
    const after = Date.now();
    expectAllCalled(sources.scopes);
    const {
      fields,
      sources: calls,
      decision_makers,
      degraded,
    } = job.reply.body.provenance as {
      fields: Record<string, { source: string; fetched_at: string | null }[]>;
      sources: { source: string; part: string; outcome: string; at: string }[];
      decision_makers: string;
      degraded: boolean;
    };
    expect(keepsContract(job.reply.body), JSON.stringify(keepsContract.errors)).toBe(true);
    expect(degraded).toBe(false);
    expect(decision_makers).toBe('found');
    const sourceOf = (path: string) => fields[path]?.map((origin) => origin.source);
    // Apollo is first in RESEARCH_PERSON_SOURCE_ORDER: it wins every field it has; PDL fills the rest.
    expect(sourceOf('/prospect/name')).toEqual(['apollo']);
    expect(sourceOf('/prospect/title')).toEqual(['apollo']);
    expect(sourceOf('/prospect/photo')).toEqual(['apollo']);
    expect(sourceOf('/prospect/last_role_start')).toEqual(['peopledatalabs']);
    expect(sourceOf('/prospect/email')).toEqual(['request']);
    expect(sourceOf('/prospect/posts')).toEqual(['unipile']);
    expect(sourceOf('/company/name')).toEqual(['apollo']);
    expect(sourceOf('/company/hq')).toEqual(['peopledatalabs']);
    expect(sourceOf('/company/industry')).toEqual(['apollo']);
    expect(sourceOf('/company/technologies')).toEqual(['apollo']);
    expect(sourceOf('/company/news')).toEqual(['google-news']);
    expect(sourceOf('/company/posts')).toEqual(['unipile']);
    expect(sourceOf('/decision_makers')).toEqual(['apollo']);
    // Nothing is credited for a field the brief leaves empty.
    expect(job.data.company.clients).toBeNull();
    expect(fields['/company/clients']).toBeUndefined();
    // Every filled fact field has its origin; a source's time is when it answered, within the job.
    for (const [path, origins] of Object.entries(fields)) {
      for (const origin of origins) {
        if (origin.source === 'request') expect(origin.fetched_at, path).toBeNull();
        else {
          expect(origin.fetched_at, path).toMatch(ISO);
          expect(Date.parse(origin.fetched_at!)).toBeGreaterThanOrEqual(before - 1);
          expect(Date.parse(origin.fetched_at!)).toBeLessThanOrEqual(after);
        }
      }
    }
    // Gravatar is not asked: Apollo has a photo.
    expect(sources.gravatarCalls).toEqual([]);
    expect(calls.map((call) => `${call.source} ${call.part} ${call.outcome}`).sort()).toEqual(
      [
        'apollo person found',
        'peopledatalabs person found',
        'apollo company found',
        'peopledatalabs company found',
        'apollo decision_makers found',
        'unipile prospect_posts found',
        'unipile company_posts found',
        'google-news news found',
      ].sort(),
    );

    // The cached copy keeps the first research's provenance, times included: how old its facts are.
    const cached = await research(fixture.engine, customer, { email: 'jane.doe@acme-robotics.io', company_name: 'Acme Robotics' });
    expect(cached.reply.body).toMatchObject({ cached: true });
    expect(cached.reply.body.provenance).toEqual(job.reply.body.provenance);
    expect(unmatched).toEqual([]);
  });

  it('credits a company fact reused from the company facts cache with when it was first fetched', async () => {
    const customer = await createCustomer(fixture.engine.pool, { plan: 'bdr', language: 'en' });
    const first = mockAllSources();
    const jane = await research(fixture.engine, customer, { email: 'jane.doe@acme-robotics.io' });
    expectAllCalled(first.scopes);
    const janeFetched = (jane.reply.body.provenance as { fields: Record<string, { fetched_at: string }[]> }).fields['/company/hq']![0]!.fetched_at;

    // The next prospect at Acme: Apollo's and PDL's company answers come from the facts cache.
    nock(APOLLO)
      .post('/api/v1/people/match')
      .query(true)
      .reply(200, { person: { name: 'Tom Berg', title: 'CFO', organization: { name: 'Acme Robotics' } } });
    nock(PDL).get('/v5/person/enrich').query(true).reply(404, notFound);
    nock(NEWS).get('/rss/search').query(true).times(2).reply(200, newsFeed([]), { 'content-type': 'application/xml' });
    nock(GRAVATAR)
      .get((uri) => uri.startsWith('/avatar/'))
      .reply(404, 'Not Found');
    nock('https://api1.unipile.com:13111').get(/.*/).times(4).optionally().reply(404, {});
    const tomStarted = Date.now();
    const tom = await research(fixture.engine, customer, { email: 'tom.berg@acme-robotics.io' });
    const provenance = tom.reply.body.provenance as { fields: Record<string, { source: string; fetched_at: string }[]>; sources: { source: string; part: string; cached: boolean; at: string }[] };
    // The facts cache's own time of the answer (the database's clock, as it stored it during Jane's research).
    const [hq] = provenance.fields['/company/hq']!;
    expect(hq!.source).toBe('peopledatalabs');
    expect(Date.parse(hq!.fetched_at)).toBeLessThan(tomStarted);
    expect(Math.abs(Date.parse(hq!.fetched_at) - Date.parse(janeFetched))).toBeLessThan(1_000);
    expect(provenance.sources.filter((call) => call.part === 'company').map((call) => [call.source, call.cached])).toEqual([
      ['apollo', true],
      ['peopledatalabs', true],
    ]);
    expect(provenance.sources.find((call) => call.part === 'person' && call.source === 'apollo')).toMatchObject({ cached: false });
  });
});

describe('provenance of person facts reused from the person facts cache', () => {
  it('credits them to their source with when they were first fetched, in a research in another language', async () => {
    const english = await createCustomer(fixture.engine.pool, { plan: 'bdr', language: 'en' });
    const first = mockAllSources();
    const jane = await research(fixture.engine, english, { email: 'jane.doe@acme-robotics.io' });
    expectAllCalled(first.scopes);
    const janeFields = (jane.reply.body.provenance as { fields: Record<string, { source: string; fetched_at: string }[]> }).fields;
    nock.cleanAll();

    // Another account, in German: its own brief, but Apollo's and PDL's person answers come from the cache.
    const german = await createCustomer(fixture.engine.pool, { plan: 'bdr', language: 'de' });
    const again = mockAllSources();
    const secondStarted = Date.now();
    const second = await research(fixture.engine, german, { email: 'jane.doe@acme-robotics.io' });
    expect(second.reply.body).toMatchObject({ status: 'completed', cached: false, provenance: { degraded: false } });
    expect(again.scopes.flatMap((scope) => scope.pendingMocks()).filter((mock) => mock.includes('/people/match') || mock.includes('/v5/person/enrich'))).toHaveLength(2);
    const provenance = second.reply.body.provenance as { fields: Record<string, { source: string; fetched_at: string }[]>; sources: { source: string; part: string; cached: boolean; at: string }[] };
    expect(keepsContract(second.reply.body), JSON.stringify(keepsContract.errors)).toBe(true);
    expect(provenance.sources.filter((call) => call.part === 'person').map((call) => [call.source, call.cached])).toEqual([
      ['apollo', true],
      ['peopledatalabs', true],
    ]);
    for (const [path, source] of [
      ['/prospect/name', 'apollo'],
      ['/prospect/title', 'apollo'],
      ['/prospect/photo', 'apollo'],
      ['/prospect/last_role_start', 'peopledatalabs'],
    ] as const) {
      const [origin] = provenance.fields[path]!;
      expect(origin!.source, path).toBe(source);
      // The facts cache's own time of the answer (the database's clock, as it stored it during the first research).
      expect(Date.parse(origin!.fetched_at), path).toBeLessThan(secondStarted);
      expect(Math.abs(Date.parse(origin!.fetched_at) - Date.parse(janeFields[path]![0]!.fetched_at)), path).toBeLessThan(1_000);
    }
    // Asked anew: the posts and the news are never kept.
    expect(provenance.sources.find((call) => call.part === 'news')).toMatchObject({ cached: false });
    expect(Date.parse(provenance.fields['/company/news']![0]!.fetched_at)).toBeGreaterThanOrEqual(secondStarted - 1);
    nock.cleanAll();
    expect(unmatched).toEqual([]);
  });
});

describe('decision makers', () => {
  /** Apollo and PDL answer the person and the company; `search` answers Apollo's people search. */
  function mockPersonAndCompany() {
    return [
      nock(APOLLO).post('/api/v1/people/match').query(true).reply(200, apolloPerson).get('/api/v1/organizations/enrich').query(true).reply(200, apolloOrganization),
      nock(PDL).get('/v5/person/enrich').query(true).reply(200, pdlPerson).get('/v5/company/enrich').query(true).reply(200, pdlCompany),
      nock(GRAVATAR)
        .get((uri) => uri.startsWith('/avatar/'))
        .reply(404, 'Not Found'),
    ];
  }
  const quiet = { company_name: 'Acme Robotics' };

  it('tells "the lookup failed" (not cached) from "none found"', async () => {
    const customer = await createCustomer(fixture.engine.pool, { plan: 'bdr', language: 'en' });
    nock('https://api1.unipile.com:13111').get(/.*/).times(8).optionally().reply(404, {});
    nock(NEWS).get('/rss/search').query(true).times(8).optionally().reply(200, newsFeed([]), { 'content-type': 'application/xml' });

    mockPersonAndCompany();
    nock(APOLLO).post('/api/v1/mixed_people/api_search').reply(500, { error: 'internal' });
    const failed = await research(fixture.engine, customer, { email: 'jane.doe@acme-robotics.io', ...quiet });
    expect(failed.reply.body).toMatchObject({ status: 'completed', cached: false, provenance: { degraded: true, decision_makers: 'lookup_failed' } });
    expect(failed.data.decision_makers).toEqual([]);
    expect((failed.reply.body.provenance as { sources: unknown[] }).sources).toContainEqual(
      expect.objectContaining({ source: 'apollo', part: 'decision_makers', outcome: 'failed', failure: 'http_5xx' }),
    );

    await forgetCompanyFacts(fixture.engine.pool);
    mockPersonAndCompany();
    nock(APOLLO).post('/api/v1/mixed_people/api_search').reply(200, { people: [], total_entries: 0 });
    const none = await research(fixture.engine, customer, { email: 'jane.doe@acme-robotics.io', ...quiet });
    // Not the failed lookup's brief from the cache: asked again, and this time Apollo answered.
    expect(none.reply.body).toMatchObject({ status: 'completed', cached: false, provenance: { degraded: false, decision_makers: 'none_found' } });
    expect(none.data.decision_makers).toEqual([]);
    expect(unmatched).toEqual([]);
  });

  it('never lists the prospect, and never pays to enrich their record as a decision maker', async () => {
    const customer = await createCustomer(fixture.engine.pool, { plan: 'bdr', language: 'en' });
    nock('https://api1.unipile.com:13111').get(/.*/).times(8).optionally().reply(404, {});
    nock(NEWS).get('/rss/search').query(true).times(8).optionally().reply(200, newsFeed([]), { 'content-type': 'application/xml' });
    mockPersonAndCompany();
    // The search finds Jane herself (by Apollo's id, her last name hidden) besides the two decision makers.
    const jane = { id: apolloPerson.person.id, first_name: 'Jane', last_name_obfuscated: 'D***e', title: 'Leiterin Operations', organization: { name: 'Acme Robotics' } };
    const enrich = nock(APOLLO)
      .post('/api/v1/mixed_people/api_search')
      .reply(200, { ...apolloSearch, people: [jane, ...apolloSearch.people] })
      // Exactly Lena: a body asking for Jane's record too would not match (and be recorded as unmatched).
      .post('/api/v1/people/bulk_match', { details: [{ id: 'dm2' }] })
      .query(true)
      .reply(200, apolloBulkMatch);
    const job = await research(fixture.engine, customer, { email: 'jane.doe@acme-robotics.io', ...quiet });
    expect(enrich.isDone()).toBe(true);
    expect(job.data.decision_makers.map((maker: { full_name: string }) => maker.full_name)).toEqual(expectedDecisionMakers.map((maker) => maker.full_name));
    expect(unmatched).toEqual([]);

    // Max Keller researched next: the decision makers come from the facts cache, Max among them; he is left out.
    nock(APOLLO)
      .post('/api/v1/people/match')
      .query(true)
      .reply(200, { person: { name: 'Max Keller', title: 'Chief Executive Officer', linkedin_url: 'https://www.linkedin.com/in/max-keller', organization: { name: 'Acme Robotics' } } });
    nock(PDL).get('/v5/person/enrich').query(true).reply(404, notFound);
    nock(GRAVATAR)
      .get((uri) => uri.startsWith('/avatar/'))
      .reply(404, 'Not Found');
    const max = await research(fixture.engine, customer, { email: 'max.keller@acme-robotics.io', ...quiet });
    expect(max.data.prospect.linkedin_url).toBe('https://www.linkedin.com/in/max-keller');
    expect(max.data.decision_makers.map((maker: { full_name: string }) => maker.full_name)).toEqual(['Lena Schmidt']);
    expect(max.reply.body).toMatchObject({ provenance: { decision_makers: 'found' } });
    expect(unmatched).toEqual([]);
  });
});
