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
