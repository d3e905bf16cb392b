/**
 * A photo fallback: the Gravatar of the e-mail address, when its owner set one. Gravatar keys avatars by
 * the SHA-256 of the trimmed, lower-cased address; `d=404` makes it answer 404 instead of a generated
 * picture, so a 404 means "no photo".
 */
import { createHash } from 'node:crypto';
import type { SourceContext } from './facts.ts';
import { SourceHttp } from '../../platform/net/sourceHttp.ts';

export interface GravatarOptions {
  /** Default `https://gravatar.com` (from `GRAVATAR_BASE_URL` where configured). */
  baseUrl?: string;
  /** Pixel size asked for in the returned URL. Default 400. */
  size?: number;
  /** Default: one shared client per base URL (5 s per call, one retry). */
  http?: SourceHttp;
}

const clients = new Map<string, SourceHttp>();

function client(baseUrl: string): SourceHttp {
  let http = clients.get(baseUrl);
  if (!http) {
    http = new SourceHttp({ source: 'gravatar', baseUrl, timeoutMs: 5_000, retries: 1 });
    clients.set(baseUrl, http);
  }
  return http;
}

/** SHA-256 (hex) of the trimmed, lower-cased address. */
export function gravatarHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/**
 * The avatar URL (with a size) when the address has a Gravatar, else null. Throws SourceError on other
 * answers (5xx after retries, network, timeout, aborted), like every source.
 */
export async function gravatarPhoto(email: string, context: SourceContext, options: GravatarOptions = {}): Promise<string | null> {
  if (email.trim() === '') return null;
  const baseUrl = (options.baseUrl ?? 'https://gravatar.com').replace(/\/+$/, '');
  const http = options.http ?? client(baseUrl);
  const hash = gravatarHash(email);
  const response = await http.request({
    path: `/avatar/${hash}`,
    query: { d: '404', s: 1 },
    headers: { accept: 'image/*' },
    signal: context.signal,
  });
  if (response.status === 404) return null;
  return `${baseUrl}/avatar/${hash}?s=${options.size ?? 400}`;
}
