import { readFileSync } from 'node:fs';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { countryCode, createGoogleNews, mentions, publisherUrl } from '../../../src/research/sources/googleNews.ts';
import { SourceError } from '../../../src/platform/net/sourceHttp.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const BASE = 'https://news.google.com';
const since = new Date('2025-03-01T00:00:00Z');
const acme = { name: 'Acme Robotics', domain: 'acme-robotics.io' };
const locale = { hl: 'en-US', gl: 'US', ceid: 'US:en' };
const context = () => ({ signal: new AbortController().signal });
const fast = { backoffMs: 1, retries: 2 };
const rss = { 'content-type': 'application/xml; charset=utf-8' };

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('Google News RSS search', () => {
  it('asks the search feed for the quoted company name within the window, with the locale', async () => {
    const scope = nock(BASE)
      .get('/rss/search')
      .query({ q: '"Acme Robotics" after:2025-03-01', ...locale })
      .matchHeader('accept', /application\/rss\+xml/)
      .reply(200, fixture('news-acme.xml'), rss);
    await createGoogleNews({ http: fast }).news(acme, since, 3, context());
    expect(scope.isDone()).toBe(true);
  });

  it('maps items newest first, drops old and duplicate stories, strips the publisher suffix and decodes entities', async () => {
    nock(BASE).get('/rss/search').query(true).reply(200, fixture('news-acme.xml'), rss);
    const news = await createGoogleNews({ http: fast }).news(acme, since, 10, context());
    expect(news).toEqual([
      {
        title: 'Acme Robotics raises $40M Series B to expand warehouse automation',
        url: 'https://techcrunch.com/2026/01/20/acme-robotics-series-b/',
        publishedAt: '2026-01-20T16:30:00.000Z',
        source: 'TechCrunch',
      },
      expect.objectContaining({ title: 'Acme Robotics opens Berlin engineering hub', source: 'Reuters', publishedAt: '2025-11-03T14:05:00.000Z' }),
      expect.objectContaining({ title: 'Acme Robotics hires former Amazon Robotics VP as COO', source: 'Robotics 24/7' }),
      expect.objectContaining({
        title: 'Acme Robotics & Siemens sign ‘multi-year’ deal; CEO calls it "a turning point"',
        source: 'Business Wire',
        publishedAt: '2025-06-15T12:00:00.000Z',
      }),
    ]);
    expect(news.some((item) => item.title.includes('Forbes'))).toBe(false);
  });

  it('keeps at most `limit` items', async () => {
    nock(BASE).get('/rss/search').query(true).reply(200, fixture('news-acme.xml'), rss);
    const news = await createGoogleNews({ http: fast }).news(acme, since, 2, context());
    expect(news.map((item) => item.source)).toEqual(['TechCrunch', 'Reuters']);
  });

  it('applies the 12-month window as given: a later `since` drops what is older', async () => {
    nock(BASE).get('/rss/search').query(true).reply(200, fixture('news-acme.xml'), rss);
    const news = await createGoogleNews({ http: fast }).news(acme, new Date('2025-11-01T00:00:00Z'), 3, context());
    expect(news.map((item) => item.publishedAt)).toEqual(['2026-01-20T16:30:00.000Z', '2025-11-03T14:05:00.000Z']);
  });

  it('falls back to the quoted domain when the name finds nothing in the window', async () => {
    const scope = nock(BASE)
      .get('/rss/search')
      .query({ q: '"Acme Robotics" after:2025-03-01', ...locale })
      .reply(200, fixture('news-empty.xml'), rss)
      .get('/rss/search')
      .query({ q: '"acme-robotics.io" after:2025-03-01', ...locale })
      .reply(200, fixture('news-domain.xml'), rss);
    const news = await createGoogleNews({ http: fast }).news(acme, since, 3, context());
    expect(scope.isDone()).toBe(true);
    expect(news).toEqual([expect.objectContaining({ title: 'Warehouse startup behind acme-robotics.io launches picking arm', source: 'The Robot Report' })]);
  });

  it('asks by domain only when there is no name', async () => {
    const scope = nock(BASE)
      .get('/rss/search')
      .query({ q: '"acme-robotics.io" after:2025-03-01', ...locale })
      .reply(200, fixture('news-domain.xml'), rss);
    const news = await createGoogleNews({ http: fast }).news({ name: ' ', domain: 'acme-robotics.io' }, since, 3, context());
    expect(scope.isDone()).toBe(true);
    expect(news).toHaveLength(1);
  });

  it('honours locale options and a base URL with a path prefix', async () => {
    const scope = nock('https://proxy.internal')
      .get('/google-news/rss/search')
      .query({ q: '"Acme Robotics" after:2025-03-01', hl: 'de', gl: 'DE', ceid: 'DE:de' })
      .reply(200, fixture('news-acme.xml'), rss);
    const source = createGoogleNews({ baseUrl: 'https://proxy.internal/google-news/', hl: 'de', gl: 'DE', ceid: 'DE:de', http: fast });
    const news = await source.news(acme, since, 3, context());
    expect(scope.isDone()).toBe(true);
    expect(news).toHaveLength(3);
  });

  it('answers [] on 404 (for both queries)', async () => {
    nock(BASE).get('/rss/search').query(true).times(2).reply(404, 'Not Found');
    await expect(createGoogleNews({ http: fast }).news(acme, since, 3, context())).resolves.toEqual([]);
  });

  it('waits out a 429 with Retry-After, then succeeds', async () => {
    const scope = nock(BASE).get('/rss/search').query(true).reply(429, 'Too Many Requests', { 'retry-after': '0' }).get('/rss/search').query(true).reply(200, fixture('news-acme.xml'), rss);
    const news = await createGoogleNews({ http: fast }).news(acme, since, 3, context());
    expect(scope.isDone()).toBe(true);
    expect(news).toHaveLength(3);
  });

  it('fails with a SourceError after retrying a 5xx', async () => {
    const scope = nock(BASE).get('/rss/search').query(true).times(3).reply(503, 'Service Unavailable');
    const error = await createGoogleNews({ http: fast })
      .news(acme, since, 3, context())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ source: 'google-news', kind: 'http', status: 503 });
    expect(scope.isDone()).toBe(true);
  });

  it('treats malformed XML as invalid_response', async () => {
    nock(BASE).get('/rss/search').query(true).reply(200, fixture('news-malformed.xml'), rss);
    await expect(createGoogleNews({ http: fast }).news(acme, since, 3, context())).rejects.toMatchObject({
      name: 'SourceError',
      kind: 'invalid_response',
    });
  });

  it('treats well-formed XML that is not RSS (a consent page) as invalid_response', async () => {
    nock(BASE).get('/rss/search').query(true).reply(200, fixture('news-not-rss.xml'), { 'content-type': 'text/html' });
    await expect(createGoogleNews({ http: fast }).news(acme, since, 3, context())).rejects.toMatchObject({ kind: 'invalid_response' });
  });

  it('treats an empty body as invalid_response', async () => {
    nock(BASE).get('/rss/search').query(true).reply(200, '');
    await expect(createGoogleNews({ http: fast }).news(acme, since, 3, context())).rejects.toMatchObject({ kind: 'invalid_response' });
  });

  it('skips items without a readable date or link', async () => {
    const xml = `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>
      <item><title>No date - Reuters</title><link>https://news.google.com/rss/articles/a</link><pubDate>sometime</pubDate><source url="https://www.reuters.com">Reuters</source></item>
      <item><title>No link - Reuters</title><pubDate>Mon, 03 Nov 2025 14:05:00 GMT</pubDate></item>
      <item><title>Good one for Acme Robotics - Reuters</title><link>https://news.google.com/rss/articles/b</link><pubDate>Mon, 03 Nov 2025 14:05:00 GMT</pubDate><source url="https://www.reuters.com">Reuters</source></item>
    </channel></rss>`;
    nock(BASE).get('/rss/search').query(true).reply(200, xml, rss);
    const news = await createGoogleNews({ http: fast }).news(acme, since, 3, context());
    expect(news).toEqual([{ title: 'Good one for Acme Robotics', url: 'https://news.google.com/rss/articles/b', publishedAt: '2025-11-03T14:05:00.000Z', source: 'Reuters' }]);
  });

  it('does not call when the job signal has already aborted', async () => {
    const scope = nock(BASE).get('/rss/search').query(true).reply(200, fixture('news-acme.xml'), rss);
    const error = await createGoogleNews({ http: fast })
      .news(acme, since, 3, { signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'SourceError', kind: 'aborted' });
    expect(scope.isDone()).toBe(false);
  });

  it('stops waiting out a Retry-After when the job signal aborts', async () => {
    nock(BASE).get('/rss/search').query(true).reply(429, 'Too Many Requests', { 'retry-after': '5' });
    const controller = new AbortController();
    const pending = createGoogleNews({ http: fast }).news(acme, since, 3, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'SourceError', kind: 'aborted' });
  });

  it('counts an item only when its headline or snippet names the company (legal form, case and accents aside) or its domain', async () => {
    const item = (title: string, snippet = '') =>
      `<item><title>${title} - Wire</title><link>https://news.google.com/rss/articles/x${title.length}</link><description>${snippet}</description><pubDate>Mon, 03 Nov 2025 14:05:00 GMT</pubDate><source url="https://wire.example">Wire</source></item>`;
    const xml = `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>
      ${item('ACME ROBOTICS opens a plant')}
      ${item('Robotics market grows', '&lt;a href="x"&gt;Acme Robotics and peers&lt;/a&gt;')}
      ${item('Acme Roboticsware buys a rival')}
      ${item('Acme Tools hires a CFO')}
      ${item('Sales up at acme-robotics.io')}
    </channel></rss>`;
    nock(BASE).get('/rss/search').query(true).reply(200, xml, rss);
    const news = await createGoogleNews({ http: fast }).news({ name: 'Acme Robotics Inc.', domain: 'acme-robotics.io' }, since, 10, context());
    expect(news.map((entry) => entry.title).sort()).toEqual(['ACME ROBOTICS opens a plant', 'Robotics market grows', 'Sales up at acme-robotics.io']);
    expect(mentions('Zürich-based Müller Bau wins', 'Muller Bau GmbH', 'mueller-bau.ch')).toBe(true);
  });

  it("gives the publisher's article URL from Google's id only when it is on the publisher's site and a public host", async () => {
    const id = (url: string) => Buffer.concat([Buffer.from([0x08, 0x13, 0x22, url.length]), Buffer.from(url, 'latin1'), Buffer.from([0xd2, 0x01, 0x00])]).toString('base64url');
    const link = (url: string) => `https://news.google.com/rss/articles/${id(url)}?oc=5`;
    expect(publisherUrl(link('https://www.reuters.com/tech/acme-1/'), 'https://www.reuters.com')).toBe('https://www.reuters.com/tech/acme-1/');
    expect(publisherUrl(link('https://news.reuters.com/acme'), 'https://reuters.com')).toBe('https://news.reuters.com/acme');
    expect(publisherUrl(link('https://evil.example/acme'), 'https://www.reuters.com')).toBeUndefined();
    expect(publisherUrl(link('http://10.0.0.5/acme'), 'http://10.0.0.5')).toBeUndefined();
    expect(publisherUrl(link('http://127.0.0.1/acme'), 'http://127.0.0.1')).toBeUndefined();
    expect(publisherUrl(link('http://intranet.local/acme'), 'http://intranet.local')).toBeUndefined();
    expect(publisherUrl(link('javascript:alert(1)'), 'https://www.reuters.com')).toBeUndefined();
    // A newer opaque id holds no URL: Google's link stays.
    expect(publisherUrl('https://news.google.com/rss/articles/CBMiAU_yqLOpaqueIdWithoutAnyUrl?oc=5', 'https://www.reuters.com')).toBeUndefined();
  });

  it("searches in the account's language and the company's country", async () => {
    const scope = nock(BASE)
      .get('/rss/search')
      .query({ q: '"Acme Robotics" after:2025-03-01', hl: 'pl', gl: 'DE', ceid: 'DE:pl' })
      .reply(200, fixture('news-acme.xml'), rss)
      .get('/rss/search')
      .query({ q: '"Acme Robotics" after:2025-03-01', hl: 'en-GB', gl: 'GB', ceid: 'GB:en' })
      .reply(200, fixture('news-acme.xml'), rss)
      .get('/rss/search')
      .query({ q: '"Acme Robotics" after:2025-03-01', hl: 'de', gl: 'DE', ceid: 'DE:de' })
      .reply(200, fixture('news-acme.xml'), rss);
    const source = createGoogleNews({ http: fast });
    await source.news({ ...acme, language: 'pl', country: 'Germany' }, since, 3, context());
    await source.news({ ...acme, language: 'en', country: 'United Kingdom' }, since, 3, context());
    await source.news({ ...acme, language: 'de', country: 'Atlantis' }, since, 3, context());
    expect(scope.isDone()).toBe(true);
    expect([countryCode('United States'), countryCode('USA'), countryCode('pl'), countryCode('Nowhere')]).toEqual(['US', 'US', 'PL', undefined]);
  });
});
