/**
 * Fetches a URL that a user influenced (a company website named by an e-mail's domain) without letting
 * that user reach our own network (SSRF).
 *
 * - http and https only, ports 80 and 443 only, no credentials in the URL.
 * - The host is resolved here (all addresses); the fetch is refused when ANY of them is not a public
 *   unicast address: private, loopback, link-local (cloud metadata 169.254.169.254), CGNAT 100.64/10,
 *   multicast, broadcast, unspecified, 0.0.0.0/8, reserved and documentation ranges, IPv6 unique-local,
 *   site-local, NAT64/6to4/Teredo (they embed IPv4 addresses), IPv4-compatible and IPv4-mapped IPv6 of
 *   any of those. Ranges come from ipaddr.js; only its `unicast` (and for IPv6 only 2000::/3) passes.
 * - The connection goes to the address that was checked (a pinned `lookup`), so a second DNS answer
 *   cannot swap it (DNS rebinding); Host and TLS SNI still carry the name, and certificates are verified.
 * - Redirects are followed by hand, each hop checked again from scratch.
 * - The body is read up to `maxBytes` (after decompression) and then the connection is dropped; one
 *   deadline covers DNS, every hop and the body.
 */
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { raceSignal } from './raceSignal.ts';

export type SafeFetchErrorReason =
  | 'invalid_url'
  | 'unsupported_scheme'
  | 'blocked_port'
  | 'blocked_address'
  | 'dns_failure'
  | 'network'
  | 'bad_response'
  | 'too_many_redirects'
  | 'too_large'
  | 'timeout'
  | 'aborted';

export class SafeFetchError extends Error {
  override name = 'SafeFetchError';
  readonly reason: SafeFetchErrorReason;
  /** The URL of the hop that failed. */
  readonly url: string;

  constructor(reason: SafeFetchErrorReason, url: string, message: string) {
    super(`${reason}: ${message}`);
    this.reason = reason;
    this.url = url;
  }
}

/** Resolves a host name to all its addresses (like `dns.lookup` with `all: true`). */
export type SafeLookup = (hostname: string) => Promise<LookupAddress[]>;

export interface SafeFetchOptions {
  /** The job's signal; aborting it fails the fetch with `aborted`. */
  signal: AbortSignal;
  /** Most bytes of (decompressed) body read. Default 1,000,000. */
  maxBytes?: number;
  /** One deadline for DNS, every redirect hop and the body. Default 10 s. */
  timeoutMs?: number;
  /** Default 5. */
  maxRedirects?: number;
  /** Default: node:dns `lookup` with `all: true`. Tests inject their own answers. */
  lookup?: SafeLookup;
  /** Default `text/html,application/xhtml+xml;q=0.9,*\/*;q=0.1`. */
  accept?: string;
  userAgent?: string;
  /**
   * A POST of this body with these headers (a webhook delivery) instead of a GET. A POST never follows a
   * redirect: a 3xx answer is returned as it is.
   */
  post?: { body: string; headers: Readonly<Record<string, string>> };
  /**
   * An operator's documented switch (never something a user sends): private addresses and any port are
   * allowed, for a self-hosted setup whose targets run on the engine's own network.
   */
  allowPrivateNetwork?: boolean;
  /**
   * FOR TESTS ONLY: lets an address that the block list refuses through (tests run their servers on
   * 127.0.0.1). Never set it from configuration or from anything a user sends.
   */
  allowAddress?: (address: string) => boolean;
  /** FOR TESTS ONLY: extra ports besides 80 and 443 (a test server's random port). */
  allowPorts?: readonly number[];
}

export interface SafeFetchResponse {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  headers: Headers;
  /** Decoded with the charset the response names (header, else `<meta charset>`), else UTF-8. */
  body: string;
}

const DEFAULT_USER_AGENT = 'Mozilla/5.0 (compatible; ProspectResearch/0.1; +https://github.com/prospect-research)';
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const STANDARD_PORTS = new Set([80, 443]);

/** IPv6 ranges refused besides ipaddr.js's special ones: everything in ::/8 (IPv4-compatible, reserved). */
const EXTRA_BLOCKED_V6 = new BlockList();
EXTRA_BLOCKED_V6.addSubnet('::', 8, 'ipv6');
const GLOBAL_UNICAST_V6 = new BlockList();
GLOBAL_UNICAST_V6.addSubnet('2000::', 3, 'ipv6');

/**
 * True only for a public unicast address. An IPv4-mapped IPv6 address is judged as the IPv4 address it
 * carries. Anything unparsable is not public.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(bare) === 0 || !ipaddr.isValid(bare)) return false;
  let ip = ipaddr.parse(bare);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) ip = v6.toIPv4Address();
  }
  if (ip.range() !== 'unicast') return false;
  if (ip.kind() === 'ipv6') {
    const text = ip.toString();
    if (EXTRA_BLOCKED_V6.check(text, 'ipv6')) return false;
    if (!GLOBAL_UNICAST_V6.check(text, 'ipv6')) return false;
  }
  return true;
}

const systemLookup: SafeLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** GET (or POST) a user-influenced URL safely; see the module comment. Throws SafeFetchError. */
export async function safeFetch(input: string | URL, options: SafeFetchOptions): Promise<SafeFetchResponse> {
  const maxBytes = options.maxBytes ?? 1_000_000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxRedirects = options.maxRedirects ?? 5;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = AbortSignal.any([options.signal, deadline]);
  const stopped = (url: string): SafeFetchError =>
    options.signal.aborted ? new SafeFetchError('aborted', url, 'the caller stopped the fetch') : new SafeFetchError('timeout', url, `no complete answer within ${timeoutMs} ms`);

  let url = parseUrl(String(input));
  for (let redirects = 0; ; redirects++) {
    if (signal.aborted) throw stopped(url.href);
    checkUrl(url, options);
    const target = await resolveChecked(url, options, signal, stopped);
    const hop = await requestOnce(url, target, { ...options, maxBytes }, signal, stopped);
    if (hop.location === undefined || options.post) {
      return { url: url.href, status: hop.status, headers: hop.headers, body: hop.body };
    }
    if (redirects >= maxRedirects) {
      throw new SafeFetchError('too_many_redirects', url.href, `more than ${maxRedirects} redirects`);
    }
    let next: URL;
    try {
      next = new URL(hop.location, url);
    } catch {
      throw new SafeFetchError('bad_response', url.href, 'redirect to an unreadable Location');
    }
    next.hash = '';
    url = next;
  }
}

function parseUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new SafeFetchError('invalid_url', text, 'not a URL');
  }
  url.hash = '';
  return url;
}

function checkUrl(url: URL, options: SafeFetchOptions): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('unsupported_scheme', url.href, `scheme ${url.protocol} refused`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new SafeFetchError('invalid_url', url.href, 'credentials in the URL refused');
  }
  if (url.hostname === '') throw new SafeFetchError('invalid_url', url.href, 'no host');
  if (url.port !== '' && !options.allowPrivateNetwork) {
    const port = Number(url.port);
    if (!STANDARD_PORTS.has(port) && !(options.allowPorts ?? []).includes(port)) {
      throw new SafeFetchError('blocked_port', url.href, `port ${port} refused`);
    }
  }
}

interface Target {
  /** Host name (or bare IP literal) as the request names it. */
  host: string;
  address: string;
  family: 4 | 6;
}

async function resolveChecked(url: URL, options: SafeFetchOptions, signal: AbortSignal, stopped: (url: string) => SafeFetchError): Promise<Target> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: LookupAddress[];
  const literal = isIP(host);
  if (literal !== 0) {
    addresses = [{ address: host, family: literal }];
  } else {
    try {
      addresses = await raceSignal((options.lookup ?? systemLookup)(host), signal);
    } catch (error) {
      if (signal.aborted) throw stopped(url.href);
      throw new SafeFetchError('dns_failure', url.href, `cannot resolve ${host}: ${(error as Error).message}`);
    }
  }
  if (addresses.length === 0) throw new SafeFetchError('dns_failure', url.href, `${host} has no address`);
  for (const { address } of addresses) {
    if (!isPublicAddress(address) && !options.allowPrivateNetwork && !(options.allowAddress?.(address) ?? false)) {
      throw new SafeFetchError('blocked_address', url.href, `${host} resolves to ${address}, which is not public`);
    }
  }
  // Prefer IPv4: machines without an IPv6 route are common.
  const chosen = addresses.find((a) => a.family === 4) ?? addresses[0]!;
  return { host, address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}

interface Hop {
  status: number;
  headers: Headers;
  body: string;
  /** Set when the answer is a redirect to follow. */
  location?: string;
}

function requestOnce(url: URL, target: Target, options: SafeFetchOptions & { maxBytes: number }, signal: AbortSignal, stopped: (url: string) => SafeFetchError): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    let settled = false;
    let request: http.ClientRequest | undefined;
    let body: Readable | undefined;
    const finish = (error: SafeFetchError | undefined, hop?: Hop) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (error) {
        body?.destroy();
        request?.destroy();
        reject(error);
      } else {
        resolve(hop!);
      }
    };
    const onAbort = () => finish(stopped(url.href));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });

    // Pinned: whatever name the socket layer asks about, it gets the address we checked.
    const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };
    const isHttps = url.protocol === 'https:';
    const requestOptions: https.RequestOptions = {
      method: options.post ? 'POST' : 'GET',
      protocol: url.protocol,
      hostname: target.host,
      port: url.port === '' ? (isHttps ? 443 : 80) : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers: {
        accept: options.accept ?? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
        'accept-encoding': 'gzip, deflate, br',
        'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
        ...(options.post ? { ...options.post.headers, 'content-length': String(Buffer.byteLength(options.post.body)) } : {}),
      },
      lookup: pinned,
      agent: false,
      ...(isHttps && isIP(target.host) === 0 ? { servername: target.host } : {}),
    };
    try {
      request = (isHttps ? https : http).request(requestOptions);
    } catch (error) {
      return finish(new SafeFetchError('network', url.href, (error as Error).message));
    }
    request.on('error', (error) => {
      finish(signal.aborted ? stopped(url.href) : new SafeFetchError('network', url.href, error.message));
    });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const headers = toHeaders(response.headers);
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(status) && typeof location === 'string' && location !== '') {
        finish(undefined, { status, headers, body: '', location });
        response.destroy();
        return void request?.destroy();
      }
      const length = Number(response.headers['content-length']);
      if (Number.isFinite(length) && length > options.maxBytes) {
        finish(new SafeFetchError('too_large', url.href, `Content-Length ${length} exceeds ${options.maxBytes} bytes`));
        return void response.destroy();
      }
      let stream: Readable = response;
      const encoding = (response.headers['content-encoding'] ?? '').trim().toLowerCase();
      const decoder =
        encoding === 'gzip' || encoding === 'x-gzip' ? zlib.createGunzip() : encoding === 'deflate' ? zlib.createInflate() : encoding === 'br' ? zlib.createBrotliDecompress() : undefined;
      if (decoder) {
        response.on('error', (error) => decoder.destroy(error));
        stream = response.pipe(decoder);
      }
      body = stream;
      const chunks: Buffer[] = [];
      let total = 0;
      stream.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > options.maxBytes) {
          finish(new SafeFetchError('too_large', url.href, `body exceeds ${options.maxBytes} bytes`));
          return void response.destroy();
        }
        chunks.push(chunk);
      });
      stream.on('error', (error) => {
        finish(signal.aborted ? stopped(url.href) : new SafeFetchError(decoder ? 'bad_response' : 'network', url.href, error.message));
      });
      response.on('aborted', () => finish(signal.aborted ? stopped(url.href) : new SafeFetchError('network', url.href, 'connection closed early')));
      stream.on('end', () => {
        const buffer = Buffer.concat(chunks);
        finish(undefined, { status, headers, body: decode(buffer, headers.get('content-type')) });
      });
    });
    request.end(options.post?.body);
  });
}

function toHeaders(raw: http.IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    try {
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
    } catch {
      // A header the Fetch API would not accept; nobody here needs it.
    }
  }
  return headers;
}

/** The charset from Content-Type, else a `<meta charset>` in the first 1024 bytes (the HTML prescan), else UTF-8. */
function decode(buffer: Buffer, contentType: string | null): string {
  const fromHeader = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  const prefix = buffer.subarray(0, 1024).toString('latin1');
  const fromMeta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(prefix)?.[1];
  for (const label of [fromHeader, fromMeta]) {
    if (label === undefined) continue;
    try {
      return new TextDecoder(label).decode(buffer);
    } catch {
      // Unknown label: try the next one.
    }
  }
  return new TextDecoder('utf-8').decode(buffer);
}
