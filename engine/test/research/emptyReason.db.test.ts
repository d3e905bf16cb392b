import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { emptyReason } from '../../src/research/emptyBrief.ts';
import type { ResearchData } from '../../src/research/contract.ts';
import type { ResearchInput, SourceReport } from '../../src/research/pipeline/pipeline.ts';
import { interceptThirdParties, research } from '../e2e/support.ts';
import { createCustomer, useEngine } from '../support/engine.ts';
import { metricValue } from '../support/metrics.ts';

/**
 * `empty_reason` and `cached` on completed answers: a brief that holds nothing says why, so that no
 * caller mistakes it for a finding. People Data Labs stands for every keyed source (nock answers it on
 * its default host, as ops would configure it with only a key); the writer for an OpenAI-compatible server.
 */

const PDL = 'https://api.peopledatalabs.com';
const LLM = 'https://llm.empty-reason.test';
const notFound = { status: 404, error: { type: 'not_found', message: 'No records were found matching your request' } };
const refused = { status: 401, error: { type: 'authentication_error', message: 'Invalid API key' } };

const { unmatched } = interceptThirdParties();

/** The caller's own words: echoed in the brief, but no finding. */
const hints = { prospect_name: 'Jane Doe', company_name: 'Acme Robotics', linkedin_url: 'https://www.linkedin.com/in/jane-doe' };

describe('with no source configured', () => {
  // A writer alone researches nothing: it writes only from facts.
  const fixture = useEngine({ env: { OPENAI_BASE_URL: `${LLM}/v1`, OPENAI_MODEL: 'test-model' } });

  it('says no_sources_configured, and the cached copy says the same with cached: true', async () => {
    const writer = nock(LLM).post('/v1/chat/completions').reply(500, {});
    const customer = await createCustomer(fixture.engine.pool);
    const first = await research(fixture.engine, customer, { email: 'jane@acme-robotics.io', ...hints });
    expect(first.reply.body).toMatchObject({ status: 'completed', cached: false, empty_reason: 'no_sources_configured' });
    expect(first.data.prospect).toMatchObject({ name: 'Jane Doe', company: 'Acme Robotics', linkedin_url: hints.linkedin_url, title: null, photo: null });

    const second = await research(fixture.engine, customer, { email: 'jane@acme-robotics.io', ...hints });
    expect(second.reply.body).toMatchObject({ status: 'completed', cached: true, empty_reason: 'no_sources_configured' });
    expect(second.data).toEqual(first.data);
    expect(writer.isDone()).toBe(false);
    expect(unmatched).toEqual([]);
  });
});

describe('with People Data Labs configured', () => {
  const fixture = useEngine({ env: { PDL_API_KEY: 'pdl-test-key' } });

  it('says nothing_found when every source answered and none knew anything, hints or not; a repeat is cached', async () => {
    const customer = await createCustomer(fixture.engine.pool);
    const pdl = nock(PDL).get('/v5/person/enrich').query(true).reply(404, notFound).get('/v5/company/enrich').query(true).reply(404, notFound);
    const emptyBefore = await metricValue('prospect_research_empty_total', { reason: 'nothing_found' });
    const first = await research(fixture.engine, customer, { email: 'nobody@unknown-one.io', ...hints });
    expect(first.reply.body).toMatchObject({ status: 'completed', cached: false, empty_reason: 'nothing_found' });
    // Ops see it too: one empty brief more, by its reason.
    expect(await metricValue('prospect_research_empty_total', { reason: 'nothing_found' })).toBe(emptyBefore + 1);
    expect(first.data.prospect.name).toBe('Jane Doe');
    expect(pdl.isDone()).toBe(true);

    // Served from the cache: PDL is not asked again (nock has nothing left to answer it).
    const second = await research(fixture.engine, customer, { email: 'nobody@unknown-one.io', ...hints });
    expect(second.reply.body).toMatchObject({ status: 'completed', cached: true, empty_reason: 'nothing_found' });
    expect(second.data).toEqual(first.data);
    expect(unmatched).toEqual([]);
  });

  it('says sources_failed when a source failed, does not cache that brief, and the next request asks again', async () => {
    const customer = await createCustomer(fixture.engine.pool);
    nock(PDL).get('/v5/person/enrich').query(true).reply(401, refused).get('/v5/company/enrich').query(true).reply(401, refused);
    const failed = await research(fixture.engine, customer, { email: 'jane@unknown-two.io' });
    expect(failed.reply.body).toMatchObject({ status: 'completed', cached: false, empty_reason: 'sources_failed' });
    expect(failed.data.prospect).toMatchObject({ name: null, title: null, email: 'jane@unknown-two.io' });

    const pdl = nock(PDL)
      .get('/v5/person/enrich')
      .query(true)
      .reply(200, { status: 200, likelihood: 9, data: { full_name: 'jane doe', job_title: 'head of operations' } })
      .get('/v5/company/enrich')
      .query(true)
      .reply(404, notFound);
    const again = await research(fixture.engine, customer, { email: 'jane@unknown-two.io' });
    expect(pdl.isDone()).toBe(true);
    expect(again.reply.body).toMatchObject({ status: 'completed', cached: false, empty_reason: null });
    expect(again.data.prospect).toMatchObject({ name: 'Jane Doe', title: 'Head of Operations' });
    expect(unmatched).toEqual([]);
  });

  it('says sources_failed, not nothing_found, when one call found nothing and another failed (after its retries)', async () => {
    const customer = await createCustomer(fixture.engine.pool);
    const pdl = nock(PDL)
      .get('/v5/person/enrich')
      .query(true)
      .reply(404, notFound)
      .get('/v5/company/enrich')
      .query(true)
      .times(3)
      .reply(500, { status: 500, error: { type: 'error', message: 'internal' } });
    const job = await research(fixture.engine, customer, { email: 'jane@unknown-three.io' });
    expect(pdl.isDone()).toBe(true);
    expect(job.reply.body).toMatchObject({ status: 'completed', cached: false, empty_reason: 'sources_failed' });
  });
});

describe('emptyReason', () => {
  const input: ResearchInput = {
    email: 'jane@acme.io',
    prospectName: 'Jane Doe',
    companyName: 'Acme',
    language: 'en',
    decisionMakers: true,
    product: { name: 'Ledgerly', description: 'AP automation.', features: ['Invoice capture'], customers: ['CFOs'] },
  };
  const report = (failed: string[] = []): SourceReport => ({ configured: ['apollo', 'peopledatalabs'], answered: ['apollo'], failed });
  const echo: ResearchData = {
    prospect: {
      id: 1,
      name: 'Jane Doe',
      title: null,
      company: 'Acme',
      email: 'jane@acme.io',
      linkedin_url: null,
      photo: null,
      last_role_start: null,
      summary: null,
      opening_talk: null,
      posts: [],
    },
    company: {
      id: 2,
      name: 'Acme',
      description: null,
      linkedin_url: null,
      website: null,
      industry: null,
      hq: null,
      revenue: null,
      employees: null,
      technologies: null,
      problems: null,
      services: null,
      icp: null,
      synergy_points: null,
      discovery_questions: null,
      clients: null,
      news: [],
      insights: null,
      posts: null,
    },
    decision_makers: [],
  };

  it('is null as soon as anything came from a source: a title, a technology, a news item, a decision maker', () => {
    expect(emptyReason(echo, input, report())).toBe('nothing_found');
    expect(emptyReason({ ...echo, prospect: { ...echo.prospect, title: 'CFO' } }, input, report())).toBeNull();
    expect(emptyReason({ ...echo, company: { ...echo.company, technologies: ['Google Workspace'] } }, input, report(['peopledatalabs']))).toBeNull();
    expect(emptyReason({ ...echo, company: { ...echo.company, news: [{ summary: 'Acme raises', url: 'https://n/1', date: '2026-01' }] } }, input, report())).toBeNull();
    const boss = { id: 3, full_name: 'Max Keller', position_title: 'CEO', linkedin_url: 'https://www.linkedin.com/in/max', picture_url: null, location_text: null, company_name: 'Acme' };
    expect(emptyReason({ ...echo, decision_makers: [boss] }, input, report())).toBeNull();
  });

  it('counts a name the request did not give as a finding', () => {
    expect(emptyReason({ ...echo, prospect: { ...echo.prospect, name: 'Jane Q. Doe' } }, input, report())).toBeNull();
    expect(emptyReason(echo, { ...input, prospectName: undefined }, report())).toBeNull();
  });

  it('puts no_sources_configured before sources_failed before nothing_found', () => {
    expect(emptyReason(echo, input, { configured: [], answered: [], failed: [] })).toBe('no_sources_configured');
    expect(emptyReason(echo, input, report(['peopledatalabs']))).toBe('sources_failed');
    expect(emptyReason(echo, input, report())).toBe('nothing_found');
  });
});
