/**
 * Unipile adapter: recent LinkedIn posts of a person and of a company page, read through a LinkedIn
 * account connected to Unipile (API v1). Every call carries the `X-API-KEY` header and the
 * `account_id` query parameter of that account. The base URL is the customer's DSN
 * (`https://api1.unipile.com:13111`), without `/api/v1`.
 *
 * Calls:
 * - Person: `GET /api/v1/users/{public_identifier}` (the `/in/<id>` part of the profile URL) answers the
 *   profile with `provider_id` (`ACo...`); the posts endpoint only takes that internal id.
 * - Company: `GET /api/v1/linkedin/company/{public_identifier}` answers `id` (digits); a company URL
 *   that already holds the digits (`/company/1035`) skips this call.
 * - Posts: `GET /api/v1/users/{provider_id}/posts?account_id=..&limit=..` (`is_company=true` for a
 *   page) answers `{object: "PostList", items: [...], cursor}`.
 *
 * Mapping of a LinkedIn post: `text`, `parsed_datetime` (ISO; `date` is a relative label such as
 * "2d" and is not used), `share_url`, and `reshared` when `is_repost` is true, `reposted_by` is
 * present, or the post's `author.public_identifier` is not the person or page asked about (a repost
 * shows the original author and their words; skipped when a page was given by its digits only). A quote-share (the author's own comment on someone
 * else's post, in `repost_content`) keeps `text` as the author's own words.
 *
 * Decisions: one page is read (`limit` asks for a few more than wanted, since posts without text or
 * date are skipped); a 404 on any call, or a URL without a person/company identifier, is `[]`; a body
 * without an `items` array is SourceError `invalid_response`; other failures are SourceHttp's.
 */
import type { PostFacts, PostsSource, SourceContext } from './facts.ts';
import { SourceError, SourceHttp, type SourceHttpOptions } from './sourceHttp.ts';

export interface UnipileOptions {
  /** `UNIPILE_API_KEY`, sent as `X-API-KEY`. */
  apiKey: string;
  /** `UNIPILE_BASE_URL`: the DSN of the Unipile workspace, e.g. `https://api1.unipile.com:13111`; a path prefix is kept. */
  baseUrl: string;
  /** `UNIPILE_ACCOUNT_ID`: the connected LinkedIn account the requests are made from. */
  accountId: string;
  /** Retries, time limit, concurrency of the shared client (see SourceHttpOptions). */
  http?: Omit<SourceHttpOptions, 'source' | 'baseUrl'>;
}

const SOURCE = 'unipile';
/** Most posts the list endpoint answers in one page. */
const PAGE_MAX = 100;

interface UnipileAuthor {
  public_identifier?: string | null;
  id?: string | null;
}

interface UnipilePost {
  id?: string;
  social_id?: string;
  share_url?: string;
  text?: string;
  parsed_datetime?: string;
  author?: UnipileAuthor | null;
  is_repost?: boolean;
  reposted_by?: UnipileAuthor | null;
}

export function createUnipile(options: UnipileOptions): PostsSource {
  for (const key of ['apiKey', 'baseUrl', 'accountId'] as const) {
    if (typeof options[key] !== 'string' || options[key].trim() === '') throw new Error(`unipile: ${key} is required`);
  }
  const http = new SourceHttp({
    ...options.http,
    source: SOURCE,
    baseUrl: options.baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, ''),
    headers: { ...options.http?.headers, 'X-API-KEY': options.apiKey },
  });
  const accountId = options.accountId;

  async function getJson(path: string, query: Record<string, string | number | boolean>, signal: AbortSignal): Promise<unknown> {
    const response = await http.request({ path, query: { account_id: accountId, ...query }, signal });
    return response.status === 404 ? null : response.json();
  }

  async function posts(id: string, owner: string | null, isCompany: boolean, limit: number, signal: AbortSignal): Promise<PostFacts[]> {
    const query = { limit: Math.min(PAGE_MAX, Math.max(10, limit * 3)), ...(isCompany ? { is_company: true } : {}) };
    const body = await getJson(`/api/v1/users/${encodeURIComponent(id)}/posts`, query, signal);
    if (body === null) return [];
    const items = (body as { items?: unknown }).items;
    if (!Array.isArray(items)) throw new SourceError(SOURCE, 'invalid_response', 'answered a post list without items');
    return items
      .map((item) => toPost(item, owner))
      .filter((post): post is PostFacts => post !== null)
      .sort((a, b) => Date.parse(b.postedAt) - Date.parse(a.postedAt))
      .slice(0, limit);
  }

  return {
    name: SOURCE,
    async personPosts(person, limit, context: SourceContext) {
      const publicId = linkedinIdentifier(person.linkedinUrl, 'in');
      if (publicId === null || limit <= 0) return [];
      const profile = await getJson(`/api/v1/users/${encodeURIComponent(publicId)}`, {}, context.signal);
      if (profile === null) return [];
      const providerId = stringField(profile, 'provider_id');
      if (providerId === undefined) throw new SourceError(SOURCE, 'invalid_response', 'answered a profile without provider_id');
      return posts(providerId, stringField(profile, 'public_identifier') ?? publicId, false, limit, context.signal);
    },
    async companyPosts(company, limit, context: SourceContext) {
      const publicId = linkedinIdentifier(company.linkedinUrl, 'company');
      if (publicId === null || limit <= 0) return [];
      if (/^\d+$/.test(publicId)) return posts(publicId, null, true, limit, context.signal);
      const profile = await getJson(`/api/v1/linkedin/company/${encodeURIComponent(publicId)}`, {}, context.signal);
      if (profile === null) return [];
      const id = stringField(profile, 'id');
      if (id === undefined) throw new SourceError(SOURCE, 'invalid_response', 'answered a company profile without id');
      return posts(id, stringField(profile, 'public_identifier') ?? publicId, true, limit, context.signal);
    },
  };
}

/**
 * The identifier after `/in/` or `/company/` (also `/school/`, `/showcase/` for pages) in a LinkedIn
 * URL, decoded; null when the URL has none. Accepts URLs without a scheme and any linkedin.com host.
 */
export function linkedinIdentifier(url: string, kind: 'in' | 'company'): string | null {
  let parsed: URL;
  try {
    parsed = new URL(/^https?:\/\//i.test(url.trim()) ? url.trim() : `https://${url.trim()}`);
  } catch {
    return null;
  }
  if (!/(^|\.)linkedin\.com$/i.test(parsed.hostname)) return null;
  const segments = parsed.pathname.split('/').filter((segment) => segment !== '');
  const prefixes = kind === 'in' ? ['in'] : ['company', 'school', 'showcase'];
  const at = segments.findIndex((segment) => prefixes.includes(segment.toLowerCase()));
  const id = at >= 0 ? segments[at + 1] : undefined;
  if (id === undefined) return null;
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}

function toPost(item: unknown, owner: string | null): PostFacts | null {
  if (typeof item !== 'object' || item === null) return null;
  const post = item as UnipilePost;
  const text = typeof post.text === 'string' ? post.text.trim() : '';
  const posted = typeof post.parsed_datetime === 'string' ? Date.parse(post.parsed_datetime) : NaN;
  const url = postUrl(post);
  if (text === '' || Number.isNaN(posted) || url === null) return null;
  const author = post.author?.public_identifier;
  const byOther = owner !== null && typeof author === 'string' && author !== '' && author.toLowerCase() !== owner.toLowerCase();
  const reshared = post.is_repost === true || (post.reposted_by !== undefined && post.reposted_by !== null) || byOther;
  return { text, postedAt: new Date(posted).toISOString(), url, reshared };
}

/** `share_url`, else the feed URL of the post's activity URN. */
function postUrl(post: UnipilePost): string | null {
  if (typeof post.share_url === 'string' && /^https?:\/\//i.test(post.share_url)) return post.share_url;
  if (typeof post.social_id === 'string' && post.social_id.startsWith('urn:li:')) {
    return `https://www.linkedin.com/feed/update/${post.social_id}/`;
  }
  return null;
}

function stringField(value: unknown, name: string): string | undefined {
  const field = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
  if (typeof field === 'number') return String(field);
  return typeof field === 'string' && field.trim() !== '' ? field : undefined;
}
