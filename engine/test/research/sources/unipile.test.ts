import { readFileSync } from 'node:fs';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { linkedinIdentifier } from '../../../src/integrations/unipile/linkedin.ts';
import { createUnipile } from '../../../src/research/sources/unipile.ts';
import { researchSettings } from '../../../src/research/settings.ts';
import { SourceError } from '../../../src/platform/net/sourceHttp.ts';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const DSN = 'https://api1.unipile.com:13111';
const KEY = 'unipile-test-key';
const ACCOUNT = 'kX9mP2qRSa-7bTyZ4wLc1A';
const PROVIDER_ID = 'ACoAABx3Kq4BmV2r9YtE7sLw0nHf1pQzUo8cD5g';
const person = { linkedinUrl: 'https://www.linkedin.com/in/jane-doe-4b2a1c/' };
const company = { linkedinUrl: 'https://www.linkedin.com/company/acme-robotics/about/' };
const context = () => ({ signal: new AbortController().signal });
const fast = { backoffMs: 1, retries: 2 };
const unipile = (baseUrl = DSN) => createUnipile({ apiKey: KEY, baseUrl, accountId: ACCOUNT, http: fast });

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

function profileAndPosts(base = DSN, prefix = '') {
  return nock(base, { reqheaders: { 'x-api-key': KEY } })
    .get(`${prefix}/api/v1/users/jane-doe-4b2a1c`)
    .query({ account_id: ACCOUNT })
    .reply(200, fixture('unipile-profile.json') as nock.Body)
    .get(`${prefix}/api/v1/users/${PROVIDER_ID}/posts`)
    .query({ account_id: ACCOUNT, limit: 10 })
    .reply(200, fixture('unipile-user-posts.json') as nock.Body);
}

describe('Unipile person posts', () => {
  it('resolves the public identifier to the provider id, then lists posts with X-API-KEY and account_id', async () => {
    const scope = profileAndPosts();
    await unipile().personPosts(person, 3, context());
    expect(scope.isDone()).toBe(true);
  });

  it('maps text, date, URL and reshared; newest first; skips posts without text; at most `limit`', async () => {
    profileAndPosts();
    const posts = await unipile().personPosts(person, 3, context());
    expect(posts).toEqual([
      {
        text: 'Three things we learned moving 40% of picking to robots:\n1. Start with the ugly SKUs.\n2. Measure mispicks, not speed.\n3. Train the night shift first.',
        postedAt: '2026-01-12T07:45:31.000Z',
        url: 'https://www.linkedin.com/posts/jane-doe-4b2a1c_warehouse-automation-activity-7416634110933610496-aB1c',
        reshared: false,
      },
      {
        text: 'Worth reading if you run a DC: the labour numbers here match what we see in Berlin.',
        postedAt: '2025-12-07T18:30:00.000Z',
        url: 'https://www.linkedin.com/posts/jane-doe-4b2a1c_logistics-activity-7404412870016253952-Pp0o',
        reshared: false,
      },
      {
        text: 'Big day for the team: our Berlin hub is open. Proud of everyone who made it happen.',
        postedAt: '2025-11-03T15:12:09.000Z',
        url: 'https://www.linkedin.com/posts/acme-robotics_berlin-activity-7392210045538091008-Qw3e',
        reshared: true,
      },
    ]);
  });

  it('asks for more posts than wanted, up to the page maximum of 100', async () => {
    const scope = nock(DSN)
      .get('/api/v1/users/jane-doe-4b2a1c')
      .query(true)
      .reply(200, fixture('unipile-profile.json') as nock.Body)
      .get(`/api/v1/users/${PROVIDER_ID}/posts`)
      .query({ account_id: ACCOUNT, limit: 100 })
      .reply(200, fixture('unipile-user-posts.json') as nock.Body);
    const posts = await unipile().personPosts(person, 50, context());
    expect(scope.isDone()).toBe(true);
    expect(posts).toHaveLength(4);
  });

  it('flags a post by another author as reshared even without is_repost', async () => {
    const body = fixture('unipile-user-posts.json') as { items: Record<string, unknown>[] };
    const repost = { ...body.items[0], is_repost: false, reposted_by: undefined };
    nock(DSN)
      .get('/api/v1/users/jane-doe-4b2a1c')
      .query(true)
      .reply(200, fixture('unipile-profile.json') as nock.Body)
      .get(`/api/v1/users/${PROVIDER_ID}/posts`)
      .query(true)
      .reply(200, { ...body, items: [repost] });
    const posts = await unipile().personPosts(person, 3, context());
    expect(posts).toEqual([expect.objectContaining({ reshared: true })]);
  });

  it('answers [] when the profile is not found (404)', async () => {
    const scope = nock(DSN).get('/api/v1/users/jane-doe-4b2a1c').query(true).reply(404, { title: 'Resource not found.', type: 'errors/resource_not_found', status: 404 });
    await expect(unipile().personPosts(person, 3, context())).resolves.toEqual([]);
    expect(scope.isDone()).toBe(true);
  });

  it('answers [] without a call when the URL has no /in/ identifier', async () => {
    await expect(unipile().personPosts({ linkedinUrl: 'https://www.linkedin.com/feed/' }, 3, context())).resolves.toEqual([]);
    await expect(unipile().personPosts({ linkedinUrl: 'https://example.com/in/jane' }, 3, context())).resolves.toEqual([]);
  });

  it('waits out a 429 with Retry-After, then succeeds', async () => {
    const scope = nock(DSN)
      .get('/api/v1/users/jane-doe-4b2a1c')
      .query(true)
      .reply(429, { title: 'Too many requests', type: 'errors/too_many_requests', status: 429 }, { 'retry-after': '0' })
      .get('/api/v1/users/jane-doe-4b2a1c')
      .query(true)
      .reply(200, fixture('unipile-profile.json') as nock.Body)
      .get(`/api/v1/users/${PROVIDER_ID}/posts`)
      .query(true)
      .reply(200, fixture('unipile-user-posts.json') as nock.Body);
    const posts = await unipile().personPosts(person, 3, context());
    expect(scope.isDone()).toBe(true);
    expect(posts).toHaveLength(3);
  });

  it('fails with a SourceError after retrying a 5xx', async () => {
    const scope = nock(DSN).get('/api/v1/users/jane-doe-4b2a1c').query(true).times(3).reply(503, { title: 'Network down', type: 'errors/network_down', status: 503 });
    const error = await unipile()
      .personPosts(person, 3, context())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ source: 'unipile', kind: 'http', status: 503 });
    expect(scope.isDone()).toBe(true);
  });

  it('treats a body that is not JSON, or a list without items, as invalid_response', async () => {
    nock(DSN).get('/api/v1/users/jane-doe-4b2a1c').query(true).reply(200, '<html>Bad gateway</html>');
    await expect(unipile().personPosts(person, 3, context())).rejects.toMatchObject({ kind: 'invalid_response' });

    nock(DSN)
      .get('/api/v1/users/jane-doe-4b2a1c')
      .query(true)
      .reply(200, fixture('unipile-profile.json') as nock.Body)
      .get(`/api/v1/users/${PROVIDER_ID}/posts`)
      .query(true)
      .reply(200, { object: 'PostList', cursor: null });
    await expect(unipile().personPosts(person, 3, context())).rejects.toMatchObject({ kind: 'invalid_response' });

    nock(DSN).get('/api/v1/users/jane-doe-4b2a1c').query(true).reply(200, { object: 'UserProfile', provider: 'LINKEDIN' });
    await expect(unipile().personPosts(person, 3, context())).rejects.toMatchObject({ kind: 'invalid_response' });
  });

  it('skips malformed post items instead of failing the list', async () => {
    nock(DSN)
      .get('/api/v1/users/jane-doe-4b2a1c')
      .query(true)
      .reply(200, fixture('unipile-profile.json') as nock.Body)
      .get(`/api/v1/users/${PROVIDER_ID}/posts`)
      .query(true)
      .reply(200, {
        object: 'PostList',
        items: [
          null,
          'post',
          { text: 'No date', share_url: 'https://www.linkedin.com/posts/x' },
          { text: 'No URL at all', parsed_datetime: '2025-12-01T00:00:00.000Z' },
          { text: 'Falls back to the activity URN', parsed_datetime: '2025-12-01T00:00:00.000Z', social_id: 'urn:li:activity:7401' },
        ],
        cursor: null,
      });
    await expect(unipile().personPosts(person, 3, context())).resolves.toEqual([
      { text: 'Falls back to the activity URN', postedAt: '2025-12-01T00:00:00.000Z', url: 'https://www.linkedin.com/feed/update/urn:li:activity:7401/', reshared: false },
    ]);
  });

  it('honours a base URL with a path prefix (and one that already ends in /api/v1)', async () => {
    const scope = profileAndPosts('https://gateway.internal', '/unipile');
    await expect(unipile('https://gateway.internal/unipile/').personPosts(person, 1, context())).resolves.toHaveLength(1);
    expect(scope.isDone()).toBe(true);

    const again = profileAndPosts();
    await expect(unipile(`${DSN}/api/v1`).personPosts(person, 1, context())).resolves.toHaveLength(1);
    expect(again.isDone()).toBe(true);
  });

  it('does not call when the job signal has already aborted', async () => {
    const scope = profileAndPosts();
    const error = await unipile()
      .personPosts(person, 3, { signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'SourceError', kind: 'aborted' });
    expect(scope.isDone()).toBe(false);
  });

  it('stops waiting out a Retry-After when the job signal aborts', async () => {
    nock(DSN).get('/api/v1/users/jane-doe-4b2a1c').query(true).reply(429, { title: 'Too many requests', type: 'errors/too_many_requests', status: 429 }, { 'retry-after': '5' });
    const controller = new AbortController();
    const pending = unipile().personPosts(person, 3, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'SourceError', kind: 'aborted' });
  });
});

describe('Unipile company posts', () => {
  it('resolves the page identifier to the company id, then lists posts with is_company', async () => {
    const scope = nock(DSN, { reqheaders: { 'x-api-key': KEY } })
      .get('/api/v1/linkedin/company/acme-robotics')
      .query({ account_id: ACCOUNT })
      .reply(200, fixture('unipile-company.json') as nock.Body)
      .get('/api/v1/users/18734215/posts')
      .query({ account_id: ACCOUNT, limit: 10, is_company: 'true' })
      .reply(200, fixture('unipile-company-posts.json') as nock.Body);
    const posts = await unipile().companyPosts(company, 3, context());
    expect(scope.isDone()).toBe(true);
    expect(posts.map((post) => [post.postedAt, post.reshared])).toEqual([
      ['2026-01-20T16:35:00.000Z', false],
      ['2025-12-22T12:00:00.000Z', true],
      ['2025-11-03T15:12:09.000Z', false],
    ]);
    expect(posts[0]).toEqual({
      text: 'We raised a $40M Series B to bring picking robots to every mid-size warehouse in Europe.',
      postedAt: '2026-01-20T16:35:00.000Z',
      url: 'https://www.linkedin.com/posts/acme-robotics_seriesb-activity-7418850021117952000-Ser1',
      reshared: false,
    });
  });

  it('uses a numeric company id from the URL directly', async () => {
    const scope = nock(DSN)
      .get('/api/v1/users/18734215/posts')
      .query({ account_id: ACCOUNT, limit: 10, is_company: 'true' })
      .reply(200, fixture('unipile-company-posts.json') as nock.Body);
    const posts = await unipile().companyPosts({ linkedinUrl: 'linkedin.com/company/18734215' }, 2, context());
    expect(scope.isDone()).toBe(true);
    expect(posts.map((post) => post.reshared)).toEqual([false, true]);
  });

  it('answers [] when the page or its posts are not found (404)', async () => {
    nock(DSN).get('/api/v1/linkedin/company/acme-robotics').query(true).reply(404, { title: 'Resource not found.', type: 'errors/resource_not_found', status: 404 });
    await expect(unipile().companyPosts(company, 3, context())).resolves.toEqual([]);

    nock(DSN)
      .get('/api/v1/linkedin/company/acme-robotics')
      .query(true)
      .reply(200, fixture('unipile-company.json') as nock.Body)
      .get('/api/v1/users/18734215/posts')
      .query(true)
      .reply(404, { title: 'Resource not found.', type: 'errors/resource_not_found', status: 404 });
    await expect(unipile().companyPosts(company, 3, context())).resolves.toEqual([]);
  });
});

describe('linkedinIdentifier', () => {
  it.each([
    ['https://www.linkedin.com/in/jane-doe-4b2a1c/', 'in', 'jane-doe-4b2a1c'],
    ['http://de.linkedin.com/in/j%C3%B6rg-m%C3%BCller?trk=public', 'in', 'jörg-müller'],
    ['linkedin.com/in/jane', 'in', 'jane'],
    ['https://www.linkedin.com/company/acme-robotics/posts/?feedView=all', 'company', 'acme-robotics'],
    ['https://www.linkedin.com/showcase/acme-labs', 'company', 'acme-labs'],
    ['https://www.linkedin.com/company/acme-robotics', 'in', null],
    ['https://notlinkedin.com/in/jane', 'in', null],
    ['not a url', 'in', null],
  ] as const)('%s (%s) -> %s', (url, kind, expected) => {
    expect(linkedinIdentifier(url, kind)).toBe(expected);
  });

  it('requires the API key, base URL and account id', () => {
    expect(() => createUnipile({ apiKey: '', baseUrl: DSN, accountId: ACCOUNT })).toThrow(/apiKey/);
    expect(() => createUnipile({ apiKey: KEY, baseUrl: ' ', accountId: ACCOUNT })).toThrow(/baseUrl/);
    expect(() => createUnipile({ apiKey: KEY, baseUrl: DSN, accountId: '' })).toThrow(/accountId/);
  });

  it('refuses a base URL of Unipile API v2 with an error that says v1 is required', () => {
    expect(() => createUnipile({ apiKey: KEY, baseUrl: `${DSN}/api/v2`, accountId: ACCOUNT })).toThrow(/API v2; research and the channels use API v1/);
    expect(() => createUnipile({ apiKey: KEY, baseUrl: `${DSN}/api/v1/`, accountId: ACCOUNT })).not.toThrow();
    const env = { DATABASE_URL: 'postgres://x@localhost/db', UNIPILE_API_KEY: KEY, UNIPILE_BASE_URL: `${DSN}/api/v2`, UNIPILE_ACCOUNT_ID: ACCOUNT };
    expect(() => researchSettings(env, { workerConcurrency: 1 })).toThrow(/UNIPILE_BASE_URL cannot be used: it names Unipile's API v2/);
  });
});
