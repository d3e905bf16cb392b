/**
 * Google News adapter: company news from the public RSS search feed
 * (`GET {baseUrl}/rss/search?q=...&hl=en-US&gl=US&ceid=US:en`, no key). An answer is RSS 2.0; each
 * `<item>` has `title` ("Headline - Publisher"), `link` (a news.google.com redirect to the article),
 * `pubDate` (RFC 822), `description` (HTML snippet, unused) and `<source url="...">Publisher</source>`.
 *
 * Decisions:
 * - Locale: the account's content language and the company's country when the query gives them
 *   (`hl=de&gl=DE&ceid=DE:de`; English is `hl=en-{COUNTRY}`): a German company's news for a Polish
 *   account is asked as `hl=pl&gl=DE&ceid=DE:pl`. The country is an ISO code or an English country
 *   name (the last part of the company's headquarters); an unknown one falls back to the language's
 *   usual country. Without a language the options' locale (default `en-US`, `US`, `US:en`) is used.
 * - An item counts only when its headline or snippet names the company: its name (legal suffixes such as
 *   Inc. or GmbH ignored, case and accents ignored, whole words) or its domain. The feed matches words
 *   anywhere in an article and in other companies' names; a story that does not name the company is
 *   not about it as far as a rep can tell.
 * - URL: the publisher's own article URL, not Google's redirect. Google's article id (`/rss/articles/
 *   CBMi...`) is base64url of a small protobuf whose field 4 holds the article URL in the older ids; it is
 *   used when it decodes to an http(s) URL on the publisher's site (`<source url>`'s host or a subdomain
 *   of it) and its host is a name or a public address (never a private, loopback or link-local one).
 *   Nothing is fetched to resolve it. Newer opaque ids (Google resolves them only with a call of its own
 *   web page) keep Google's link, which still leads to the article.
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
import ipaddr from 'ipaddr.js';
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
  const fallback = { hl: options.hl ?? 'en-US', gl: options.gl ?? 'US', ceid: options.ceid ?? 'US:en' };

  async function search(term: string, locale: Locale, since: Date, signal: AbortSignal): Promise<FeedItem[]> {
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
      const locale = company.language ? localeOf(company.language, company.country) : fallback;
      const about = (items: FeedItem[]) => items.filter((item) => mentions(`${item.title} ${item.snippet}`, name, domain)).map(({ snippet: _snippet, ...item }) => item);
      let items = name === '' ? [] : select(about(await search(name, locale, since, context.signal)), since, limit);
      if (items.length === 0 && domain !== '' && domain !== name.toLowerCase()) {
        items = select(about(await search(domain, locale, since, context.signal)), since, limit);
      }
      return items;
    },
  };
}

interface Locale {
  hl: string;
  gl: string;
  ceid: string;
}

/** The usual Google News edition of each account language. */
const HOME_COUNTRY: Record<string, string> = { en: 'US', pl: 'PL', de: 'DE', fr: 'FR', es: 'ES', it: 'IT', pt: 'BR', nl: 'NL' };

function localeOf(language: string, country: string | undefined): Locale {
  const lang = language.toLowerCase();
  const gl = countryCode(country) ?? HOME_COUNTRY[lang] ?? 'US';
  return { hl: lang === 'en' ? `en-${gl}` : lang, gl, ceid: `${gl}:${lang}` };
}

/** English region names (and a few common short forms) -> ISO 3166 alpha-2, from the runtime's own ICU data. */
let regions: Map<string, string> | undefined;

/** An ISO alpha-2 code from a code or an English country name; undefined when unknown. */
export function countryCode(country: string | undefined): string | undefined {
  const raw = country?.trim();
  if (!raw) return undefined;
  if (!regions) {
    regions = new Map([
      ['usa', 'US'],
      ['uk', 'GB'],
      ['united states of america', 'US'],
      ['england', 'GB'],
      ['scotland', 'GB'],
      ['wales', 'GB'],
    ]);
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (const a of letters) {
      for (const b of letters) {
        const name = names.of(`${a}${b}`);
        // Deprecated and alias codes (`DD`, `UK`) stand for their current one (`DE`, `GB`).
        if (name) regions.set(name.toLowerCase(), Intl.getCanonicalLocales(`und-${a}${b}`)[0]!.split('-')[1]!);
      }
    }
  }
  const named = regions.get(raw.toLowerCase());
  if (named !== undefined || !/^[A-Za-z]{2}$/.test(raw)) return named;
  const code = raw.toUpperCase();
  return [...regions.values()].includes(code) ? code : undefined;
}

/** Legal forms left out of a company's name when looking for it in a headline. */
const LEGAL_FORMS = new Set([
  'inc',
  'incorporated',
  'llc',
  'ltd',
  'limited',
  'corp',
  'corporation',
  'co',
  'company',
  'gmbh',
  'ag',
  'sa',
  'sas',
  'sarl',
  'srl',
  'spa',
  'bv',
  'nv',
  'plc',
  'oy',
  'ab',
  'as',
  'sp',
  'z',
  'o',
  'oo',
  'kg',
  'se',
]);

function folded(text: string): string {
  return ` ${text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ł/g, 'l')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

/** Whether `text` names the company: its name (without legal forms) or its domain, as whole words. */
export function mentions(text: string, name: string, domain: string): boolean {
  const haystack = folded(text);
  const words = folded(name).trim().split(' ').filter(Boolean);
  while (words.length > 1 && LEGAL_FORMS.has(words.at(-1)!)) words.pop();
  const variants = [words.join(' '), folded(domain).trim()];
  // The domain's name without its ending (`acme-robotics` of `acme-robotics.io`) when it is distinctive enough.
  const label = domain.split('.').slice(0, -1).join(' ');
  if (label.replace(/[^\p{L}\p{N}]/gu, '').length >= 5) variants.push(folded(label).trim());
  return variants.some((variant) => variant.length >= 2 && haystack.includes(` ${variant} `));
}

/** Newest first, none older than `since`, one per headline, at most `limit`. */
function select(items: NewsFacts[], since: Date, limit: number): NewsFacts[] {
  const seen = new Set<string>();
  const kept: NewsFacts[] = [];
  const sorted = items.filter((item) => Date.parse(item.publishedAt) >= since.getTime()).sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
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

/** An item with its snippet's text, to tell whether it names the company. */
type FeedItem = NewsFacts & { snippet: string };

/** The items of an RSS 2.0 document; SourceError `invalid_response` when it is not one. */
function parseFeed(xml: string): FeedItem[] {
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
  const items: FeedItem[] = [];
  for (const item of Array.isArray(raw) ? raw : []) {
    const source = text(field(item, 'source'));
    const title = headline(text(field(item, 'title')), source);
    const link = text(field(item, 'link'));
    const published = Date.parse(text(field(item, 'pubDate')));
    if (title === '' || !/^https?:\/\//i.test(link) || Number.isNaN(published)) continue;
    const url = publisherUrl(link, text(field(field(item, 'source'), '@_url'))) ?? link;
    const snippet = text(field(item, 'description')).replace(/<[^>]*>/g, ' ');
    items.push({ title, url, publishedAt: new Date(published).toISOString(), ...(source === '' ? {} : { source }), snippet });
  }
  return items;
}

/**
 * The article URL inside a Google News article id, when it is on the publisher's site (`site`, the
 * `<source url>`) and not a private address; undefined otherwise. See the decisions above.
 */
export function publisherUrl(link: string, site: string): string | undefined {
  let id: string | undefined;
  let publisher: URL;
  try {
    id = /\/articles\/([A-Za-z0-9_-]+)/.exec(new URL(link).pathname)?.[1];
    publisher = new URL(site);
  } catch {
    return undefined;
  }
  if (id === undefined) return undefined;
  const article = urlField(Buffer.from(id, 'base64url'));
  if (article === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(article);
  } catch {
    return undefined;
  }
  if (!/^https?:$/.test(parsed.protocol) || parsed.username !== '' || parsed.password !== '' || !publicHost(parsed.hostname)) return undefined;
  const bare = (host: string) => host.toLowerCase().replace(/^www\./, '');
  const host = bare(parsed.hostname);
  const home = bare(publisher.hostname);
  return home !== '' && (host === home || host.endsWith(`.${home}`) || home.endsWith(`.${host}`)) ? parsed.href : undefined;
}

/** Field 4 (length-delimited) of a protobuf message when it is an http(s) URL. */
function urlField(bytes: Buffer): string | undefined {
  let at = 0;
  const varint = (): number | undefined => {
    let value = 0;
    for (let shift = 0; shift < 35 && at < bytes.length; shift += 7) {
      const byte = bytes[at++]!;
      value += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return value;
    }
    return undefined;
  };
  while (at < bytes.length) {
    const key = varint();
    if (key === undefined) return undefined;
    const wire = key & 7;
    if (wire === 0) {
      if (varint() === undefined) return undefined;
    } else if (wire === 2) {
      const length = varint();
      if (length === undefined) return undefined;
      // Read leniently: the URL is the printable run at the field's start (an id cut short still holds it).
      const value = /^[\x21-\x7e]*/.exec(bytes.subarray(at, Math.min(at + length, bytes.length)).toString('latin1'))![0];
      at += length;
      if (key >>> 3 === 4 && /^https?:\/\/[\x21-\x7e]+$/.test(value)) return value;
    } else {
      return undefined;
    }
  }
  return undefined;
}

/** A host name, or an IP address that is public (not private, loopback, link-local or reserved). */
function publicHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) return ipaddr.parse(host).range() === 'unicast';
  return host.includes('.') && !/(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i.test(host);
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
