/**
 * Google News adapter: company news from the public RSS search feed
 * (`GET {baseUrl}/rss/search?q=...&hl=en-US&gl=US&ceid=US:en`, no key). An answer is RSS 2.0; each
 * `<item>` has `title` ("Headline - Publisher"), `link` (a news.google.com redirect to the article),
 * `pubDate` (RFC 822), `description` (HTML snippet, unused) and `<source url="...">Publisher</source>`.
 *
 * Decisions:
 * - Query: the company name in quotes, narrowed with `after:YYYY-MM-DD` (the feed caps its answer, so
 *   asking for the window keeps old stories from crowding out new ones; we still filter ourselves).
 *   When the name finds nothing in the window, or there is no name, the quoted domain is asked instead.
 * - Items older than `since`, without a readable date, title or link are dropped; the rest come newest
 *   first, at most `limit`, one per headline (the " - Publisher" suffix removed, case and spaces ignored).
 * - A 404 is "nothing found" (`[]`). A body that is not well-formed XML, or XML that is not an RSS
 *   channel (a consent or error page), is a SourceError `invalid_response`, like a JSON source's
 *   unreadable body; a well-formed feed without items is `[]`.
 * - Entities: XML and numeric entities are decoded by the parser; entities that were escaped twice
 *   (`&amp;#39;`) or HTML-only ones (`&nbsp;`) are decoded once more in titles.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { NewsFacts, NewsSource, SourceContext } from './facts.ts';
import { field } from '../../platform/net/read.ts';
import { SourceError, SourceHttp, type SourceHttpOptions } from '../../platform/net/sourceHttp.ts';

export interface GoogleNewsOptions {
  /** From `GOOGLE_NEWS_BASE_URL`; a path prefix is kept. Default `https://news.google.com`. */
  baseUrl?: string;
  /** Interface language. Default `en-US`. */
  hl?: string;
  /** Country. Default `US`. */
  gl?: string;
  /** `{country}:{language}`. Default `US:en`. */
  ceid?: string;
  /** Retries, time limit, concurrency of the shared client (see SourceHttpOptions). */
  http?: Omit<SourceHttpOptions, 'source' | 'baseUrl'>;
}

const SOURCE = 'google-news';

export function createGoogleNews(options: GoogleNewsOptions = {}): NewsSource {
  const http = new SourceHttp({
    ...options.http,
    source: SOURCE,
    baseUrl: options.baseUrl ?? 'https://news.google.com',
    headers: { accept: 'application/rss+xml, application/xml;q=0.9, text/xml;q=0.8', ...options.http?.headers },
  });
  const locale = { hl: options.hl ?? 'en-US', gl: options.gl ?? 'US', ceid: options.ceid ?? 'US:en' };

  async function search(term: string, since: Date, signal: AbortSignal): Promise<NewsFacts[]> {
    const q = `"${term.replaceAll('"', '')}" after:${since.toISOString().slice(0, 10)}`;
    const response = await http.request({ path: '/rss/search', query: { q, ...locale }, signal });
    if (response.status === 404) return [];
    return parseFeed(response.text);
  }

  return {
    name: SOURCE,
    async news(company, since, limit, context: SourceContext) {
      if (limit <= 0) return [];
      const name = company.name.trim();
      const domain = company.domain.trim().toLowerCase();
      let items = name === '' ? [] : select(await search(name, since, context.signal), since, limit);
      if (items.length === 0 && domain !== '' && domain !== name.toLowerCase()) {
        items = select(await search(domain, since, context.signal), since, limit);
      }
      return items;
    },
  };
}

/** Newest first, none older than `since`, one per headline, at most `limit`. */
function select(items: NewsFacts[], since: Date, limit: number): NewsFacts[] {
  const seen = new Set<string>();
  const kept: NewsFacts[] = [];
  const sorted = items
    .filter((item) => Date.parse(item.publishedAt) >= since.getTime())
    .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
  for (const item of sorted) {
    const key = item.title.toLowerCase().replace(/\s+/g, ' ');
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(item);
    if (kept.length >= limit) break;
  }
  return kept;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  htmlEntities: true,
  isArray: (tagName) => tagName === 'item',
});

/** The items of an RSS 2.0 document; SourceError `invalid_response` when it is not one. */
function parseFeed(xml: string): NewsFacts[] {
  const invalid = (why: string) => new SourceError(SOURCE, 'invalid_response', `answered with ${why}`);
  if (xml.trim() === '' || XMLValidator.validate(xml) !== true) throw invalid('a body that is not well-formed XML');
  let document: unknown;
  try {
    document = parser.parse(xml);
  } catch {
    throw invalid('a body that is not well-formed XML');
  }
  const channel = field(field(document, 'rss'), 'channel');
  if (channel === undefined || typeof channel !== 'object' || channel === null) throw invalid('XML that is not an RSS feed');
  const raw = field(channel, 'item');
  const items: NewsFacts[] = [];
  for (const item of Array.isArray(raw) ? raw : []) {
    const source = text(field(item, 'source'));
    const title = headline(text(field(item, 'title')), source);
    const url = text(field(item, 'link'));
    const published = Date.parse(text(field(item, 'pubDate')));
    if (title === '' || !/^https?:\/\//i.test(url) || Number.isNaN(published)) continue;
    items.push({ title, url, publishedAt: new Date(published).toISOString(), ...(source === '' ? {} : { source }) });
  }
  return items;
}

/** Text of an element, whether the parser gave a string or an object with attributes. */
function text(value: unknown): string {
  if (typeof value === 'string') return decodeLeftovers(value).trim();
  if (typeof value === 'number') return String(value);
  const inner = field(value, '#text');
  return typeof inner === 'string' ? decodeLeftovers(inner).trim() : '';
}

/** Google appends " - Publisher" to every title; the publisher is already in `source`. */
function headline(title: string, source: string): string {
  const clean = title.replace(/\s+/g, ' ');
  const suffix = ` - ${source}`;
  return source !== '' && clean.endsWith(suffix) && clean.length > suffix.length ? clean.slice(0, -suffix.length).trim() : clean;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Entities left after XML decoding (escaped twice, or HTML-only), decoded once. */
function decodeLeftovers(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED[body.toLowerCase()] ?? entity;
  });
}
