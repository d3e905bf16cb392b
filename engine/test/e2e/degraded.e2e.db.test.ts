import { createServer, type Socket } from 'node:net';
import nock from 'nock';
import { beforeEach, describe, expect, it } from 'vitest';
import { researchDataErrors } from '../../src/research/briefErrors.ts';
import { createCustomer, creditState, newTestDatabase, startTestEngine, useEngine } from '../support/engine.ts';
import {
  acmeNews,
  apolloOrganization,
  COMPANY_PAGE,
  expectedCompanyPosts,
  expectedProspectPosts,
  GRAVATAR,
  invalidJsonCompletion,
  LLM,
  mockAllSources,
  mockChat,
  NEWS,
  newsDate,
  newsUrl,
  OPS_ENV,
  PDL,
  PROFILE_URL,
} from './fixtures/thirdParties.ts';
import { expectAllCalled, forgetCompanyFacts, interceptThirdParties, research } from './support.ts';

/**
 * Whole jobs whose third parties fail: a failing source or writer degrades the brief (nulls); when every
 * source that can identify the prospect is down, the job fails and is refunded instead. The adapters run with their defaults, as ops get them (15 s per call, 2 retries for
 * GET on 5xx and network errors, none for POST; Gravatar 5 s and 1 retry; the writer 60 s, 2 answers).
 */

const { unmatched } = interceptThirdParties();
const fixture = useEngine({ env: OPS_ENV });

beforeEach(() => forgetCompanyFacts(fixture.engine.pool));

/** The caller's hints, so that posts and news are asked for even when Apollo and PDL are down. */
const hinted = {
  prospect_name: 'Jane Doe',
  company_name: 'Acme Robotics',
  linkedin_url: PROFILE_URL,
  company_linkedin_url: COMPANY_PAGE,
};

/** The writer's endpoint, which must not be called: with no facts there is nothing to write. */
const unusedWriter = () =>
  nock(LLM)
    .post('/v1/chat/completions')
    .reply(500, { error: { message: 'should not be called' } });

describe('every source down', () => {
  it('fails with internal_error and refunds the credit when every third party answers errors or refuses the connection', async () => {
    // Apollo and Unipile point at a port nobody listens on: real ECONNREFUSED (nock's replyWithError
    // never settles a native fetch, so connection errors are made for real). The others answer 5xx.
    const dead = await closedPort();
    const own = await newTestDatabase();
    const broken = await startTestEngine({
      database: own,
      env: { ...OPS_ENV, APOLLO_BASE_URL: `http://127.0.0.1:${dead}/api/v1`, UNIPILE_BASE_URL: `http://127.0.0.1:${dead}` },
    });
    try {
      const scopes = [
        nock(PDL)
          .get('/v5/person/enrich')
          .query(true)
          .times(3)
          .reply(500, { status: 500, error: { type: 'error', message: 'internal' } })
          .get('/v5/company/enrich')
          .query(true)
          .times(3)
          .reply(502, 'Bad Gateway'),
      ];
      // Asked at once, alongside the person and the company; once those are known to be down, the rest is stopped.
      nock(NEWS).get('/rss/search').query(true).times(3).optionally().reply(500, 'Internal Server Error');
      nock(GRAVATAR)
        .get((uri) => uri.startsWith('/avatar/'))
        .times(2)
        .optionally()
        .reply(503, 'Service Unavailable');
      const writer = unusedWriter();
      const customer = await createCustomer(broken.pool, { plan: 'bdr', language: 'en' });
      const email = 'errors@acme-robotics.io';

      const job = await research(broken, customer, { email, ...hinted });
      console.info(`[e2e] every source erroring or refusing connections: ${job.ms} ms`);

      // Not a brief of nulls charged to the caller: the job failed and its credit came back.
      expect(job.reply.body).toEqual({ research_id: job.researchId, status: 'failed', error: 'internal_error' });
      expect(await creditState(broken.pool, customer.account.id)).toEqual({ used: 0, debits: 1, refunds: 1 });
      // Every GET was tried three times (two retries on 5xx).
      expectAllCalled(scopes);
      expect(writer.isDone()).toBe(false);
      expect(unmatched).toEqual([]);
      expect(job.ms).toBeLessThan(10_000);
    } finally {
      await broken.stop();
      await own.drop();
    }
  });

  it('fails with internal_error and refunds when every third party hangs: the job ends when the identity calls give up', async () => {
    // A server that accepts connections and never answers. (nock's delay() breaks undici when the
    // call is aborted, so hanging is made for real.) Every source and the writer point at it.
    const hanging = await hangingServer();
    const own = await newTestDatabase();
    const base = `http://127.0.0.1:${hanging.port}`;
    const stuck = await startTestEngine({
      database: own,
      env: {
        ...OPS_ENV,
        APOLLO_BASE_URL: `${base}/api/v1`,
        PDL_BASE_URL: `${base}/v5`,
        UNIPILE_BASE_URL: base,
        GOOGLE_NEWS_BASE_URL: base,
        GRAVATAR_BASE_URL: base,
        OPENAI_BASE_URL: `${base}/v1`,
      },
    });
    try {
      const customer = await createCustomer(stuck.pool, { plan: 'bdr', language: 'en' });
      const email = 'hanging@acme-robotics.io';

      const job = await research(stuck, customer, { email, ...hinted }, 90_000);
      console.info(`[e2e] every third party hanging: ${job.ms} ms; requests: ${hanging.requests.join(', ')}`);

      expect(job.reply.body).toEqual({ research_id: job.researchId, status: 'failed', error: 'internal_error' });
      expect(await creditState(stuck.pool, customer.account.id)).toEqual({ used: 0, debits: 1, refunds: 1 });
      // The calls that start at once were each made once (a time-out is not retried: the limit covers
      // the call and its retries); the writer was not asked.
      expect(hanging.requests).toEqual(
        expect.arrayContaining([
          'POST /api/v1/people/match',
          'GET /api/v1/organizations/enrich',
          'POST /api/v1/mixed_people/api_search',
          'GET /v5/person/enrich',
          'GET /v5/company/enrich',
          'GET /avatar',
        ]),
      );
      expect(hanging.requests.filter((request) => request.startsWith('POST /v1/chat'))).toEqual([]);
      expect(unmatched).toEqual([]);
      // 15 s for the person and company sources; then the job stops instead of waiting for the posts
      // and news that would wait for them.
      expect(job.ms).toBeGreaterThanOrEqual(14_000);
      expect(job.ms).toBeLessThan(29_000);
    } finally {
      await stuck.stop();
      await own.drop();
      await hanging.close();
    }
  }, 120_000);
});

describe('the writer failing', () => {
  /** The facts of the full-data case with every generated field null and the source texts kept. */
  async function expectFactsWithoutText(email: string, job: Awaited<ReturnType<typeof research>>) {
    expect(job.reply.body.status).toBe('completed');
    expect(researchDataErrors(job.data)).toBeUndefined();
    const { prospect, company } = job.data;
    expect(prospect).toMatchObject({
      name: 'Jane Doe',
      // No English title from the writer: the source's title stands.
      title: 'Leiterin Operations',
      company: 'Acme Robotics',
      email,
      summary: null,
      opening_talk: null,
      posts: expectedProspectPosts.map((post) => ({ ...post, summary: null })),
    });
    expect(company).toMatchObject({
      name: 'Acme Robotics',
      description: apolloOrganization.organization.short_description,
      problems: null,
      services: null,
      icp: null,
      synergy_points: null,
      discovery_questions: null,
      insights: null,
      technologies: ['HubSpot', 'Cloudflare'],
      // Without the writer the headline stands as the news item's summary.
      news: [acmeNews[1]!, acmeNews[0]!, acmeNews[3]!].map((item) => ({ summary: item.title, url: newsUrl(item), date: newsDate(item).toISOString().slice(0, 7) })),
      posts: expectedCompanyPosts.map((post) => ({ ...post, summary: null })),
    });
    expect(job.data.decision_makers).toHaveLength(2);
  }

  it('completes with the generated fields null when the model answers invalid JSON twice', async () => {
    const sources = mockAllSources();
    const llm = mockChat([invalidJsonCompletion, invalidJsonCompletion]);
    const customer = await createCustomer(fixture.engine.pool, { plan: 'bdr', language: 'en' });
    const email = 'jane.doe@acme-robotics.io';

    const job = await research(fixture.engine, customer, { email });
    console.info(`[e2e] writer answering invalid JSON twice: ${job.ms} ms`);

    await expectFactsWithoutText(email, job);
    expectAllCalled([...sources.scopes, llm.scope]);
    expect(unmatched).toEqual([]);
    // One repair turn: the second request carries the broken answer and the complaint.
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[1]!.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(llm.requests[1]!.messages[3]!.content).toMatch(/^Your previous answer cannot be used\. Problems found:\n- the answer is not valid JSON/);
  });

  it('completes with the generated fields null when the model server answers 500', async () => {
    const sources = mockAllSources();
    // A POST is not repeated on 5xx (the server may have processed it): one call.
    const llm = mockChat([[500, { error: { message: 'The server had an error while processing your request.' } }]]);
    const customer = await createCustomer(fixture.engine.pool, { plan: 'bdr', language: 'en' });
    const email = 'jane.doe@acme-robotics.io';

    const job = await research(fixture.engine, customer, { email });

    await expectFactsWithoutText(email, job);
    expectAllCalled([...sources.scopes, llm.scope]);
    expect(llm.requests).toHaveLength(1);
    expect(unmatched).toEqual([]);
    // The brief lacks what the model should have written: degraded, so not cached; asking again writes again.
    expect(job.reply.body).toMatchObject({ status: 'completed', cached: false, provenance: { degraded: true } });
    const again = mockChat([[500, { error: { message: 'still down' } }]]);
    const second = await research(fixture.engine, customer, { email });
    expect(second.reply.body).toMatchObject({ status: 'completed', cached: false, provenance: { degraded: true } });
    expectAllCalled([again.scope]);
  });
});

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A server that accepts connections, records each request line (method and path, no query) and never answers. */
async function hangingServer(): Promise<{ port: number; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    let head = '';
    socket.on('data', (chunk) => {
      if (head.includes('\r\n')) return;
      head += chunk.toString('latin1');
      const line = /^(\w+) ([^ ?]+)/.exec(head);
      if (head.includes('\r\n') && line) requests.push(`${line[1]} ${line[2]!.replace(/^\/avatar\/.*/, '/avatar')}`);
    });
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    requests,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
