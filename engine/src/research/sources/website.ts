/**
 * Company facts from the company's own homepage: name, description, website, LinkedIn page and the
 * technologies the page shows. The domain comes from an e-mail address, so the page is fetched with
 * safeFetch (no private addresses, size and time caps) and only parsed, never run.
 */
import { load, type CheerioAPI } from 'cheerio';
import type { CompanyFacts, CompanyQuery, CompanySource, SourceContext } from './facts.ts';
import { safeFetch, SafeFetchError, type SafeFetchOptions, type SafeFetchResponse } from '../../platform/net/safeFetch.ts';
import { SourceError } from '../../platform/net/sourceHttp.ts';
import { detectTechnologies } from './technologies.ts';

export interface WebsiteDeps {
  /** Default safeFetch; tests hand in recorded pages. */
  fetch?: (url: string, options: SafeFetchOptions) => Promise<SafeFetchResponse>;
  /** Passed to every fetch (limits; safeFetch's test-only overrides in tests). */
  fetchOptions?: Omit<SafeFetchOptions, 'signal'>;
}

const SOURCE = 'website';
/** Errors after which the next candidate URL (www., then plain http) is worth a try. */
const TRY_NEXT = new Set(['dns_failure', 'network']);
const MAX_NAME = 120;
const MAX_DESCRIPTION = 1000;

/**
 * Facts from the homepage of `domainOrUrl` (`acme.com`, or a full http(s) URL), or null when no page
 * could be had (no such site, blocked address, error status, not HTML). Throws SourceError `aborted` when
 * the job's signal stops it.
 */
export async function websiteFacts(domainOrUrl: string, context: SourceContext, deps: WebsiteDeps = {}): Promise<CompanyFacts | null> {
  const fetch = deps.fetch ?? safeFetch;
  const hostHint = hostOf(domainOrUrl);
  let response: SafeFetchResponse | undefined;
  for (const url of candidateUrls(domainOrUrl)) {
    try {
      response = await fetch(url, { ...deps.fetchOptions, signal: context.signal });
      break;
    } catch (error) {
      if (context.signal.aborted) throw new SourceError(SOURCE, 'aborted', 'the job stopped the call');
      if (error instanceof SafeFetchError && TRY_NEXT.has(error.reason)) continue;
      if (error instanceof SafeFetchError) return null;
      throw error;
    }
  }
  if (!response || response.status < 200 || response.status >= 300) return null;
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType !== '' && !/^\s*(?:text\/html|application\/xhtml\+xml)\b/i.test(contentType)) return null;
  return factsFromPage(response, hostHint);
}

/** A CompanySource over websiteFacts, for the pipeline's source list. */
export function createWebsiteSource(deps: WebsiteDeps = {}): CompanySource {
  return {
    name: SOURCE,
    findCompany: (query: CompanyQuery, context: SourceContext) => websiteFacts(query.domain, context, deps),
  };
}

/** The URLs tried in order: https, https with www., plain http. A full URL is tried as given. */
export function candidateUrls(domainOrUrl: string): string[] {
  const text = domainOrUrl.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return [text];
  const domain = text
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/[/?#].*$/, '');
  const urls = [`https://${domain}/`];
  if (!domain.startsWith('www.')) urls.push(`https://www.${domain}/`);
  urls.push(`http://${domain}/`);
  return urls;
}

/** Parses a fetched homepage into facts. Exported for tests. */
export function factsFromPage(response: SafeFetchResponse, hostHint = hostOf(response.url)): CompanyFacts {
  const $ = load(response.body);
  const metas = metaMap($);
  const ld = jsonLd($);
  const organization = ld.find((node) => isOrganization(node));
  const webSite = ld.find((node) => types(node).includes('WebSite'));
  const label = brandLabel(hostHint);

  const facts: CompanyFacts = {};
  const name =
    clean(first(metas, 'og:site_name'), MAX_NAME) ??
    clean(stringField(organization, 'name'), MAX_NAME) ??
    clean(stringField(webSite, 'name'), MAX_NAME) ??
    clean(first(metas, 'application-name'), MAX_NAME) ??
    nameFromTitle(clean($('head > title').first().text() || $('title').first().text(), 500), label);
  if (name) facts.name = name;

  const description =
    clean(first(metas, 'description'), MAX_DESCRIPTION) ??
    clean(first(metas, 'og:description'), MAX_DESCRIPTION) ??
    clean(first(metas, 'twitter:description'), MAX_DESCRIPTION) ??
    clean(stringField(organization, 'description'), MAX_DESCRIPTION);
  if (description) facts.description = description;

  facts.website = new URL(response.url).origin;

  const linkedin = linkedinCompanyUrl(
    [
      ...sameAs(organization),
      ...$('a[href]')
        .map((_, element) => $(element).attr('href') ?? '')
        .get(),
    ],
    label,
  );
  if (linkedin) facts.linkedinUrl = linkedin;

  const technologies = detectTechnologies({
    html: response.body,
    scriptSrcs: $('script[src]')
      .map((_, element) => $(element).attr('src') ?? '')
      .get(),
    inlineScripts: $('script:not([src])')
      .map((_, element) => $(element).text())
      .get()
      .join('\n'),
    linkHrefs: $('link[href]')
      .map((_, element) => $(element).attr('href') ?? '')
      .get(),
    metas,
    headers: response.headers,
    cookies: response.headers.getSetCookie().map((cookie) => cookie.split('=')[0]?.trim() ?? ''),
  });
  if (technologies.length > 0) facts.technologies = technologies;
  return facts;
}

/** `<meta>` contents by lower-case `name` or `property`. */
function metaMap($: CheerioAPI): Map<string, string[]> {
  const metas = new Map<string, string[]>();
  $('meta[content]').each((_, element) => {
    const meta = $(element);
    const content = meta.attr('content') ?? '';
    for (const key of [meta.attr('name'), meta.attr('property'), meta.attr('itemprop')]) {
      if (!key) continue;
      const name = key.trim().toLowerCase();
      metas.set(name, [...(metas.get(name) ?? []), content]);
    }
  });
  return metas;
}

function first(metas: Map<string, string[]>, name: string): string | undefined {
  return metas.get(name)?.find((content) => content.trim() !== '');
}

type LdNode = Record<string, unknown>;

/** Every object in the page's JSON-LD blocks (arrays and `@graph` flattened); unreadable blocks skipped. */
function jsonLd($: CheerioAPI): LdNode[] {
  const nodes: LdNode[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 6 || nodes.length > 200) return;
    if (Array.isArray(value)) return value.forEach((item) => visit(item, depth + 1));
    if (value === null || typeof value !== 'object') return;
    const node = value as LdNode;
    nodes.push(node);
    if (Array.isArray(node['@graph'])) visit(node['@graph'], depth + 1);
  };
  $('script[type="application/ld+json"]').each((_, element) => {
    try {
      visit(JSON.parse($(element).text()), 0);
    } catch {
      // Broken JSON-LD is common; the rest of the page still counts.
    }
  });
  return nodes;
}

function types(node: LdNode | undefined): string[] {
  const type = node?.['@type'];
  return (Array.isArray(type) ? type : [type]).filter((t): t is string => typeof t === 'string');
}

const ORGANIZATION_TYPES = new Set(['Organization', 'Corporation', 'LocalBusiness', 'OnlineBusiness', 'OnlineStore', 'Store', 'ProfessionalService', 'NGO', 'NewsMediaOrganization']);

function isOrganization(node: LdNode): boolean {
  return types(node).some((type) => ORGANIZATION_TYPES.has(type) || /(?:Organization|Business|Corporation)$/.test(type));
}

function stringField(node: LdNode | undefined, field: string): string | undefined {
  const value = node?.[field];
  return typeof value === 'string' ? value : undefined;
}

function sameAs(node: LdNode | undefined): string[] {
  const value = node?.sameAs;
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
}

/** Whitespace collapsed, trimmed, cut to `max` characters; undefined when empty. */
function clean(text: string | undefined, max: number): string | undefined {
  const value = text?.replace(/\s+/g, ' ').trim();
  if (!value) return undefined;
  return value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value;
}

const GENERIC_TITLE_PARTS = /^(?:home(?:page)?|start(?:seite)?|accueil|inicio|welcome(?: to .*)?|official (?:web)?site|index)$/i;

/**
 * The company name in a `<title>`: the part, between separators such as ` | ` and ` – `, that looks like
 * the domain's brand, else the shorter of the first and last non-generic parts ("Acme | Widgets for
 * everyone" -> "Acme").
 */
export function nameFromTitle(title: string | undefined, brand = ''): string | undefined {
  if (!title) return undefined;
  const parts = title
    .split(/\s+[|–—·•»~-]\s+|\s*\|\s*|\s*::?\s+/)
    .map((part) => part.trim())
    .filter((part) => part !== '' && !GENERIC_TITLE_PARTS.test(part));
  if (parts.length === 0) return undefined;
  if (brand.length >= 3) {
    const match = parts.find((part) => {
      const squashed = squash(part);
      return squashed.includes(brand) || (squashed.length >= 3 && brand.includes(squashed));
    });
    if (match) return clean(match, MAX_NAME);
  }
  const firstPart = parts[0]!;
  const lastPart = parts.at(-1)!;
  return clean(lastPart.length < firstPart.length ? lastPart : firstPart, MAX_NAME);
}

/** `https://www.linkedin.com/company/<slug>` from the first link to a company page (one naming the brand first). */
export function linkedinCompanyUrl(hrefs: string[], brand = ''): string | undefined {
  const slugs: string[] = [];
  for (const href of hrefs) {
    let url: URL;
    try {
      url = new URL(href.trim());
    } catch {
      continue;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') continue;
    if (url.hostname !== 'linkedin.com' && !url.hostname.endsWith('.linkedin.com')) continue;
    const slug = /^\/company\/([^/?#]+)/.exec(url.pathname)?.[1];
    if (!slug) continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(slug);
    } catch {
      continue;
    }
    if (!slugs.includes(decoded)) slugs.push(decoded);
  }
  const chosen = (brand.length >= 3 ? slugs.find((slug) => squash(slug).includes(brand)) : undefined) ?? slugs[0];
  return chosen === undefined ? undefined : `https://www.linkedin.com/company/${encodeURIComponent(chosen)}`;
}

/** The host of a domain or URL, lower-case, without `www.`. */
function hostOf(domainOrUrl: string): string {
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(domainOrUrl) ? domainOrUrl : `https://${domainOrUrl}`).hostname;
  } catch {
    host = domainOrUrl;
  }
  return host.toLowerCase().replace(/^www\./, '');
}

/** Lower case, letters and digits only: how a brand is compared across a title, a slug and a host. */
function squash(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The registrable-looking label of a host, squashed: `www.acme-widgets.co.uk` -> `acmewidgets`. */
function brandLabel(host: string): string {
  const labels = host.split('.').filter((label) => label !== '');
  // Skip a short second-level label of a country code domain (co.uk, com.au).
  const index = labels.length >= 3 && (labels.at(-2)?.length ?? 0) <= 3 && (labels.at(-1)?.length ?? 0) === 2 ? labels.length - 3 : labels.length - 2;
  return squash(labels[Math.max(0, index)] ?? '');
}
