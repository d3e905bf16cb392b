/**
 * Unipile adapter: recent LinkedIn posts of a person and of a company page, read through the LinkedIn
 * account `UNIPILE_ACCOUNT_ID` connected to Unipile (the shared client in integrations/unipile).
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
import { createUnipileClient, linkedinIdentifier, UNIPILE, type UnipileOptions } from '../../integrations/index.ts';
import { SourceError } from '../../platform/net/sourceHttp.ts';
import type { PostFacts, PostsSource, SourceContext } from './facts.ts';

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

/** Unipile's options, with `accountId` the LinkedIn account (`UNIPILE_ACCOUNT_ID`) posts are read as. */
export function createUnipile(options: UnipileOptions): PostsSource {
  if (typeof options.accountId !== 'string' || options.accountId.trim() === '') throw new Error('unipile: accountId is required (UNIPILE_ACCOUNT_ID: the account posts are read as)');
  const unipile = createUnipileClient(options);
  const getJson = (path: string, query: Record<string, string | number | boolean>, signal: AbortSignal) => unipile.get(path, query, signal);

  async function posts(id: string, owner: string | null, isCompany: boolean, limit: number, signal: AbortSignal): Promise<PostFacts[]> {
    const query = { limit: Math.min(PAGE_MAX, Math.max(10, limit * 3)), ...(isCompany ? { is_company: true } : {}) };
    const body = await getJson(`/users/${encodeURIComponent(id)}/posts`, query, signal);
    if (body === null) return [];
    const items = (body as { items?: unknown }).items;
    if (!Array.isArray(items)) throw new SourceError(UNIPILE, 'invalid_response', 'answered a post list without items');
    return items
      .map((item) => toPost(item, owner))
      .filter((post): post is PostFacts => post !== null)
      .sort((a, b) => Date.parse(b.postedAt) - Date.parse(a.postedAt))
      .slice(0, limit);
  }

  return {
    name: UNIPILE,
    async personPosts(person, limit, context: SourceContext) {
      const publicId = linkedinIdentifier(person.linkedinUrl, 'in');
      if (publicId === null || limit <= 0) return [];
      const profile = await getJson(`/users/${encodeURIComponent(publicId)}`, {}, context.signal);
      if (profile === null) return [];
      const providerId = stringField(profile, 'provider_id');
      if (providerId === undefined) throw new SourceError(UNIPILE, 'invalid_response', 'answered a profile without provider_id');
      return posts(providerId, stringField(profile, 'public_identifier') ?? publicId, false, limit, context.signal);
    },
    async companyPosts(company, limit, context: SourceContext) {
      const publicId = linkedinIdentifier(company.linkedinUrl, 'company');
      if (publicId === null || limit <= 0) return [];
      if (/^\d+$/.test(publicId)) return posts(publicId, null, true, limit, context.signal);
      const profile = await getJson(`/linkedin/company/${encodeURIComponent(publicId)}`, {}, context.signal);
      if (profile === null) return [];
      const id = stringField(profile, 'id');
      if (id === undefined) throw new SourceError(UNIPILE, 'invalid_response', 'answered a company profile without id');
      return posts(id, stringField(profile, 'public_identifier') ?? publicId, true, limit, context.signal);
    },
  };
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
