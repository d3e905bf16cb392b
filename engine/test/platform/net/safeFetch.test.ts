import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, safeFetch, SafeFetchError, type SafeFetchOptions } from '../../../src/platform/net/safeFetch.ts';
import { rejection } from '../../support/rejection.ts';

/** One real HTTP server on 127.0.0.1; each path plays a different website. */
let server: http.Server;
let port: number;
let base: string;
const seen: { path: string; host: string | undefined }[] = [];
let streamedBytes = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ path: req.url ?? '', host: req.headers.host });
    const path = req.url ?? '/';
    if (path === '/page') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-test': 'yes' });
      res.end('<html><title>Hello</title></html>');
    } else if (path === '/latin1') {
      res.writeHead(200, { 'content-type': 'text/html; charset=windows-1252' });
      res.end(Buffer.from([0x43, 0x61, 0x66, 0xe9])); // "Café"
    } else if (path === '/gzip') {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.end(gzipSync('<p>compressed</p>'));
    } else if (path === '/bomb') {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.end(gzipSync(Buffer.alloc(20_000_000)));
    } else if (path.startsWith('/redirect?to=')) {
      res.writeHead(302, { location: decodeURIComponent(path.slice('/redirect?to='.length)) });
      res.end();
    } else if (path === '/loop-a') {
      res.writeHead(301, { location: '/loop-b' });
      res.end();
    } else if (path === '/loop-b') {
      res.writeHead(307, { location: `${base}/loop-a` });
      res.end();
    } else if (path === '/huge') {
      // Chunked, no Content-Length: 50 MB unless the client hangs up.
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < 50_000_000) {
          sent += chunk.length;
          streamedBytes = sent;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => res.removeAllListeners('drain'));
      pump();
    } else if (path === '/declared-huge') {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': '50000000' });
      res.write('a');
    } else if (path === '/slow') {
      // Never answers.
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const never = () => new AbortController().signal;

/** Options that let the test server through: its port, and 127.0.0.1 (and only that) as an address. */
function allowTestServer(extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions {
  return { signal: never(), allowPorts: [port], allowAddress: (address) => address === '127.0.0.1', ...extra };
}

/** A fake DNS: names to addresses, counting questions. */
function fakeDns(answers: Record<string, string[]>) {
  const calls: string[] = [];
  const lookup = async (hostname: string): Promise<LookupAddress[]> => {
    calls.push(hostname);
    const addresses = answers[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { lookup, calls };
}

const failure = (promise: Promise<unknown>) => rejection(promise, SafeFetchError);

describe('isPublicAddress', () => {
  it.each([
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '127.0.0.1',
    '127.8.9.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.251',
    '255.255.255.255',
    '192.0.2.1',
    '240.0.0.1',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd00:ec2::254',
    'fec0::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
    '2001:db8::1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '93.184.216.34', '::ffff:8.8.8.8', '2606:4700:4700::1111'])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('safeFetch: refused before connecting', () => {
  it('blocks the real local server by default (loopback), even with its port allowed', async () => {
    const before = seen.length;
    const error = await failure(safeFetch(`${base}/page`, { signal: never(), allowPorts: [port] }));
    expect(error.reason).toBe('blocked_address');
    expect(seen.length).toBe(before);
  });

  it('blocks localhost through the system resolver', async () => {
    const before = seen.length;
    const error = await failure(safeFetch(`http://localhost:${port}/page`, { signal: never(), allowPorts: [port] }));
    expect(error.reason).toBe('blocked_address');
    expect(seen.length).toBe(before);
  });

  it.each([
    'http://10.0.0.1/',
    'http://192.168.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.100.100.200/',
    'http://0.0.0.0/',
    'http://0x7f000001/',
    'http://2130706433/',
    'http://127.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[fe80::1]/',
    'http://[fd00::1]/',
    'https://[::]/',
  ])('blocks the address literal %s', async (url) => {
    const dns = fakeDns({});
    const error = await failure(safeFetch(url, { signal: never(), lookup: dns.lookup }));
    expect(error.reason).toBe('blocked_address');
  });

  it('blocks a public-looking name that resolves to 10.0.0.1', async () => {
    const dns = fakeDns({ 'www.innocent-company.com': ['10.0.0.1'] });
    const error = await failure(safeFetch('https://www.innocent-company.com/', { signal: never(), lookup: dns.lookup }));
    expect(error.reason).toBe('blocked_address');
    expect(dns.calls).toEqual(['www.innocent-company.com']);
  });

  it('blocks a name when ANY of its addresses is private', async () => {
    const dns = fakeDns({ 'mixed.example.com': ['93.184.216.34', '192.168.1.10'] });
    const error = await failure(safeFetch('https://mixed.example.com/', { signal: never(), lookup: dns.lookup }));
    expect(error.reason).toBe('blocked_address');
  });

  it('blocks a name that resolves to an IPv4-mapped IPv6 loopback address', async () => {
    const dns = fakeDns({ 'sneaky.example.com': ['::ffff:127.0.0.1'] });
    const error = await failure(safeFetch('https://sneaky.example.com/', { signal: never(), lookup: dns.lookup }));
    expect(error.reason).toBe('blocked_address');
  });

  it.each(['ftp://example.com/', 'file:///etc/passwd', 'gopher://example.com/', 'javascript:alert(1)', 'data:text/html,hi'])('refuses the scheme of %s', async (url) => {
    const dns = fakeDns({ 'example.com': ['93.184.216.34'] });
    const error = await failure(safeFetch(url, { signal: never(), lookup: dns.lookup }));
    expect(error.reason).toBe('unsupported_scheme');
    expect(dns.calls).toEqual([]);
  });

  it.each(['http://example.com:8080/', 'https://example.com:22/', 'http://example.com:6379/'])('refuses the port of %s', async (url) => {
    const dns = fakeDns({ 'example.com': ['93.184.216.34'] });
    const error = await failure(safeFetch(url, { signal: never(), lookup: dns.lookup }));
    expect(error.reason).toBe('blocked_port');
    expect(dns.calls).toEqual([]);
  });

  it('refuses credentials in the URL and text that is not a URL', async () => {
    expect((await failure(safeFetch('https://user:pass@example.com/', { signal: never() }))).reason).toBe('invalid_url');
    expect((await failure(safeFetch('example.com', { signal: never() }))).reason).toBe('invalid_url');
  });

  it('reports a name that does not resolve', async () => {
    const dns = fakeDns({});
    const error = await failure(safeFetch('https://nowhere.example.com/', { signal: never(), lookup: dns.lookup }));
    expect(error.reason).toBe('dns_failure');
  });
});

describe('safeFetch: against the test server (let through for the test only)', () => {
  it('fetches a page by name, sending the name as Host and connecting to the checked address', async () => {
    const dns = fakeDns({ 'www.acme.test': ['127.0.0.1'] });
    const response = await safeFetch(`http://www.acme.test:${port}/page`, allowTestServer({ lookup: dns.lookup }));
    expect(response).toMatchObject({ url: `http://www.acme.test:${port}/page`, status: 200, body: '<html><title>Hello</title></html>' });
    expect(response.headers.get('x-test')).toBe('yes');
    expect(seen.at(-1)).toEqual({ path: '/page', host: `www.acme.test:${port}` });
  });

  it('asks DNS once per hop: a second (rebinding) answer cannot change where it connects', async () => {
    let calls = 0;
    const rebinding = async (): Promise<LookupAddress[]> => {
      calls++;
      return [{ address: calls === 1 ? '127.0.0.1' : '10.0.0.1', family: 4 }];
    };
    const response = await safeFetch(`http://rebind.test:${port}/page`, allowTestServer({ lookup: rebinding }));
    expect(response.status).toBe(200);
    expect(calls).toBe(1);
  });

  it('follows redirects and reports the final URL', async () => {
    const response = await safeFetch(`${base}/redirect?to=${encodeURIComponent('/page')}`, allowTestServer());
    expect(response.url).toBe(`${base}/page`);
    expect(response.status).toBe(200);
  });

  it.each([
    ['a private address', 'http://10.0.0.1/admin', 'blocked_address'],
    ['the metadata service', 'http://169.254.169.254/latest/meta-data/iam/', 'blocked_address'],
    ['a mapped IPv6 loopback', 'http://[::ffff:7f00:1]/', 'blocked_address'],
    ['a name resolving to a private address', 'http://intranet.acme.test/', 'blocked_address'],
    ['another port', 'http://127.0.0.1:2375/containers/json', 'blocked_port'],
    ['a file URL', 'file:///etc/passwd', 'unsupported_scheme'],
  ])('re-checks every hop: a redirect to %s is refused', async (_label, location, reason) => {
    const dns = fakeDns({ 'intranet.acme.test': ['192.168.10.20'] });
    const error = await failure(safeFetch(`${base}/redirect?to=${encodeURIComponent(location)}`, allowTestServer({ lookup: dns.lookup })));
    expect(error.reason).toBe(reason);
    expect(error.url).toBe(new URL(location).href);
  });

  it('stops a redirect loop', async () => {
    const before = seen.length;
    const error = await failure(safeFetch(`${base}/loop-a`, allowTestServer({ maxRedirects: 3 })));
    expect(error.reason).toBe('too_many_redirects');
    expect(seen.length - before).toBe(4);
  });

  it('stops reading a body over the cap and hangs up', async () => {
    const error = await failure(safeFetch(`${base}/huge`, allowTestServer({ maxBytes: 200_000 })));
    expect(error.reason).toBe('too_large');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(streamedBytes).toBeLessThan(50_000_000);
  });

  it('refuses a declared Content-Length over the cap without reading it', async () => {
    const error = await failure(safeFetch(`${base}/declared-huge`, allowTestServer({ maxBytes: 1000 })));
    expect(error.reason).toBe('too_large');
  });

  it('decompresses gzip, and caps the decompressed size (a gzip bomb)', async () => {
    expect((await safeFetch(`${base}/gzip`, allowTestServer())).body).toBe('<p>compressed</p>');
    const error = await failure(safeFetch(`${base}/bomb`, allowTestServer({ maxBytes: 1_000_000 })));
    expect(error.reason).toBe('too_large');
  });

  it('decodes the charset the response names', async () => {
    expect((await safeFetch(`${base}/latin1`, allowTestServer())).body).toBe('Café');
  });

  it('gives up on a server that does not answer in time', async () => {
    const started = Date.now();
    const error = await failure(safeFetch(`${base}/slow`, allowTestServer({ timeoutMs: 300 })));
    expect(error.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await failure(safeFetch(`${base}/slow`, allowTestServer({ signal: controller.signal })));
    expect(error.reason).toBe('aborted');
  });

  it('stops at once when the signal is already aborted', async () => {
    const error = await failure(safeFetch(`${base}/page`, allowTestServer({ signal: AbortSignal.abort() })));
    expect(error.reason).toBe('aborted');
  });

  it('speaks TLS to the pinned address with the host name as SNI', async () => {
    // No certificate needed: the server notes the SNI name from the ClientHello, then fails the handshake.
    const names: string[] = [];
    const tlsServer = tls.createServer({
      SNICallback: (servername, callback) => {
        names.push(servername);
        callback(new Error('no certificate here'));
      },
    });
    await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
    const tlsPort = (tlsServer.address() as AddressInfo).port;
    try {
      const dns = fakeDns({ 'secure.acme.test': ['127.0.0.1'] });
      const error = await failure(safeFetch(`https://secure.acme.test:${tlsPort}/`, allowTestServer({ lookup: dns.lookup, allowPorts: [tlsPort] })));
      expect(error.reason).toBe('network');
      expect(names).toEqual(['secure.acme.test']);
    } finally {
      await new Promise<void>((resolve) => tlsServer.close(() => resolve()));
    }
  });
});
