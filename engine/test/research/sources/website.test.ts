import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SafeFetchError, type SafeFetchOptions, type SafeFetchResponse } from '../../../src/platform/net/safeFetch.ts';
import { SourceError } from '../../../src/platform/net/sourceHttp.ts';
import { detectTechnologies, FINGERPRINTS, type PageSignals } from '../../../src/research/sources/technologies.ts';
import { candidateUrls, createWebsiteSource, factsFromPage, linkedinCompanyUrl, nameFromTitle, websiteFacts } from '../../../src/research/sources/website.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const context = () => ({ signal: new AbortController().signal });

function page(url: string, body: string, headers: Record<string, string> | [string, string][] = { 'content-type': 'text/html; charset=utf-8' }, status = 200): SafeFetchResponse {
  return { url, status, headers: new Headers(headers), body };
}

/** A fake fetch answering per URL: a response, or a SafeFetchError reason. */
function fakeFetch(answers: Record<string, SafeFetchResponse | SafeFetchError['reason']>) {
  const calls: string[] = [];
  const fetch = async (url: string, _options: SafeFetchOptions): Promise<SafeFetchResponse> => {
    calls.push(url);
    const answer = answers[url] ?? 'dns_failure';
    if (typeof answer === 'string') throw new SafeFetchError(answer, url, answer);
    return answer;
  };
  return { fetch, calls };
}

describe('factsFromPage (recorded homepages)', () => {
  it('reads a WordPress / WooCommerce site', () => {
    const facts = factsFromPage(
      page('https://www.acme-widgets.co.uk/', fixture('acme-wordpress.html'), [
        ['content-type', 'text/html; charset=UTF-8'],
        ['server', 'nginx/1.24.0'],
        ['link', '<https://www.acme-widgets.co.uk/wp-json/>; rel="https://api.w.org/"'],
        ['set-cookie', 'hubspotutk=abc; path=/'],
      ]),
    );
    expect(facts).toEqual({
      name: 'Acme Widgets',
      description: 'Acme Widgets designs and manufactures precision industrial widgets for the automotive and aerospace industries.',
      website: 'https://www.acme-widgets.co.uk',
      linkedinUrl: 'https://www.linkedin.com/company/acme-widgets-ltd',
      technologies: ['Google Analytics', 'Google Fonts', 'HubSpot', 'jQuery', 'Nginx', 'WooCommerce', 'WordPress'],
    });
  });

  it('reads a Next.js site: name from the title, whitespace cleaned, the brand-named LinkedIn page', () => {
    const facts = factsFromPage(
      page('https://globex.io/', fixture('globex-nextjs.html'), {
        'content-type': 'text/html; charset=utf-8',
        server: 'Vercel',
        'x-vercel-id': 'fra1::abcd',
        'x-powered-by': 'Next.js',
      }),
    );
    expect(facts).toEqual({
      name: 'Globex',
      description: 'Globex unifies your ledgers, bank feeds and forecasts in one place.',
      website: 'https://globex.io',
      linkedinUrl: 'https://www.linkedin.com/company/globex-inc',
      technologies: ['Google Tag Manager', 'Intercom', 'Next.js', 'React', 'Segment', 'Stripe', 'Vercel'],
    });
  });

  it('reads a Shopify store: og:site_name first, broken JSON-LD ignored', () => {
    const facts = factsFromPage(
      page('https://initech-kaffee.de/', fixture('initech-shopify.html'), {
        'content-type': 'text/html; charset=utf-8',
        server: 'cloudflare',
        'cf-ray': '8a1b2c3d4e5f-FRA',
        'x-shopid': '12345',
      }),
    );
    expect(facts).toEqual({
      name: 'Initech Kaffee',
      description: 'Spezialitätenkaffee aus Hamburg, frisch geröstet und direkt zu dir nach Hause geliefert.',
      website: 'https://initech-kaffee.de',
      linkedinUrl: 'https://www.linkedin.com/company/initech-kaffee',
      technologies: ['Cloudflare', 'Facebook Pixel', 'Klaviyo', 'Shopify'],
    });
  });

  it('reads a bare page: says only what it knows', () => {
    const facts = factsFromPage(page('https://umbrella-consulting.com/', fixture('umbrella-minimal.html')));
    expect(facts).toEqual({ name: 'Umbrella Consulting', website: 'https://umbrella-consulting.com' });
  });

  it('takes the JSON-LD Organization when there is no og:site_name', () => {
    const html = `<html><head><title>Solutions for everyone</title>
      <script type="application/ld+json">{"@context":"https://schema.org","@type":["Corporation"],"name":"Hooli Inc.","description":"Making the world a better place.","sameAs":"https://linkedin.com/company/hooli"}</script>
      </head><body></body></html>`;
    expect(factsFromPage(page('https://hooli.xyz/', html))).toEqual({
      name: 'Hooli Inc.',
      description: 'Making the world a better place.',
      website: 'https://hooli.xyz',
      linkedinUrl: 'https://www.linkedin.com/company/hooli',
    });
  });
});

describe('nameFromTitle', () => {
  it.each([
    ['Home | Acme', 'acme', 'Acme'],
    ['Acme - Widgets for everyone', 'acme', 'Acme'],
    ['Widgets for everyone | Acme Corp', 'acme', 'Acme Corp'],
    ['Acme: The widget company', '', 'Acme'],
    ['Welcome to Acme | Acme Widgets', 'acmewidgets', 'Acme Widgets'],
    ['Fast widgets — Initech', 'zzz', 'Initech'],
    ['Initech', 'initech', 'Initech'],
    ['Home', 'acme', undefined],
    ['', 'acme', undefined],
  ])('%s -> %s', (title, brand, expected) => {
    expect(nameFromTitle(title, brand)).toBe(expected);
  });
});

describe('linkedinCompanyUrl', () => {
  it('normalises company pages and ignores people, other hosts and junk', () => {
    expect(
      linkedinCompanyUrl([
        'https://www.linkedin.com/in/someone',
        'https://evil-linkedin.com/company/fake',
        'javascript:alert(1)',
        'not a url',
        'http://de.linkedin.com/company/acme-gmbh/about/?trk=x#top',
      ]),
    ).toBe('https://www.linkedin.com/company/acme-gmbh');
    expect(linkedinCompanyUrl(['https://www.linkedin.com/school/acme-university/'])).toBeUndefined();
  });
});

describe('detectTechnologies', () => {
  const signals = (overrides: Partial<PageSignals>): PageSignals => ({
    html: '',
    scriptSrcs: [],
    inlineScripts: '',
    linkHrefs: [],
    metas: new Map(),
    headers: new Headers(),
    cookies: [],
    ...overrides,
  });

  it('detects by script host, meta generator, header, cookie and raw HTML, with implications', () => {
    expect(detectTechnologies(signals({ scriptSrcs: ['https://widget.intercom.io/widget/abc'] }))).toEqual(['Intercom']);
    expect(detectTechnologies(signals({ metas: new Map([['generator', ['Drupal 10 (https://www.drupal.org)']]]) }))).toEqual(['Drupal']);
    expect(detectTechnologies(signals({ headers: new Headers({ server: 'Microsoft-IIS/10.0', 'x-powered-by': 'ASP.NET' }) }))).toEqual(['Microsoft ASP.NET', 'Microsoft IIS']);
    expect(detectTechnologies(signals({ cookies: ['X-Magento-Vary'] }))).toEqual(['Magento']);
    expect(detectTechnologies(signals({ html: '<div id="___gatsby"></div>' }))).toEqual(['Gatsby', 'React']);
    expect(detectTechnologies(signals({ html: '<body data-sveltekit-preload-data="hover">' }))).toEqual(['Svelte', 'SvelteKit']);
  });

  it('finds nothing on a plain page, and does not take a word in the text for a technology', () => {
    const html = '<html><body><p>We love WordPress, Shopify and React. Call us about Stripe.</p></body></html>';
    expect(detectTechnologies(signals({ html }))).toEqual([]);
  });

  it('has a documented table of unique names whose implications exist', () => {
    const names = FINGERPRINTS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThanOrEqual(40);
    for (const fingerprint of FINGERPRINTS) {
      for (const implied of fingerprint.implies ?? []) expect(names).toContain(implied);
    }
  });
});

describe('websiteFacts', () => {
  it('tries https, then https with www., then http, and reads the first page it gets', async () => {
    expect(candidateUrls('Acme.com.')).toEqual(['https://acme.com/', 'https://www.acme.com/', 'http://acme.com/']);
    expect(candidateUrls('www.acme.com')).toEqual(['https://www.acme.com/', 'http://www.acme.com/']);
    expect(candidateUrls('https://acme.com/en/')).toEqual(['https://acme.com/en/']);

    const { fetch, calls } = fakeFetch({
      'https://acme.com/': 'network',
      'https://www.acme.com/': page('https://www.acme.com/', '<title>Acme</title>'),
    });
    expect(await websiteFacts('acme.com', context(), { fetch })).toEqual({ name: 'Acme', website: 'https://www.acme.com' });
    expect(calls).toEqual(['https://acme.com/', 'https://www.acme.com/']);
  });

  it('stops at a blocked address: no other candidate, no facts', async () => {
    const { fetch, calls } = fakeFetch({ 'https://internal.acme.com/': 'blocked_address' });
    expect(await websiteFacts('internal.acme.com', context(), { fetch })).toBeNull();
    expect(calls).toEqual(['https://internal.acme.com/']);
  });

  it.each(['acme.com@127.0.0.1', 'acme.com:6379', '127.0.0.1', '169.254.169.254', '[::1]', 'localhost'])(
    'gives null for the hostile domain %s without asking DNS for anything but a name',
    async (domain) => {
      const asked: string[] = [];
      const lookup = async (hostname: string) => {
        asked.push(hostname);
        return [{ address: '127.0.0.1', family: 4 }];
      };
      expect(await websiteFacts(domain, context(), { fetchOptions: { lookup } })).toBeNull();
      expect(asked.every((name) => name === 'localhost')).toBe(true);
    },
  );

  it('gives null for no site, an error status and a page that is not HTML', async () => {
    expect(await websiteFacts('nowhere.example', context(), fakeFetch({}))).toBeNull();
    expect(await websiteFacts('acme.com', context(), fakeFetch({ 'https://acme.com/': page('https://acme.com/', '<title>Oops</title>', {}, 503) }))).toBeNull();
    expect(await websiteFacts('acme.com', context(), fakeFetch({ 'https://acme.com/': page('https://acme.com/', '%PDF-1.7', { 'content-type': 'application/pdf' }) }))).toBeNull();
  });

  it('throws SourceError aborted when the job stops it', async () => {
    const controller = new AbortController();
    const fetch = async (url: string): Promise<SafeFetchResponse> => {
      controller.abort();
      throw new SafeFetchError('aborted', url, 'stopped');
    };
    const error = await websiteFacts('acme.com', { signal: controller.signal }, { fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).kind).toBe('aborted');
  });

  it('works end to end through safeFetch against a real server, following a redirect', async () => {
    const html = fixture('acme-wordpress.html');
    const server = http.createServer((req, res) => {
      if (req.url === '/') {
        res.writeHead(301, { location: '/en/' });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8' });
      res.end(html);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const source = createWebsiteSource({
        fetchOptions: {
          lookup: async () => [{ address: '127.0.0.1', family: 4 }],
          allowAddress: (address) => address === '127.0.0.1',
          allowPorts: [port],
        },
      });
      const facts = await source.findCompany({ domain: `http://acme-widgets.test:${port}/` }, context());
      expect(facts).toMatchObject({ name: 'Acme Widgets', website: `http://acme-widgets.test:${port}`, linkedinUrl: 'https://www.linkedin.com/company/acme-widgets-ltd' });
      // Without the test-only overrides the same server is refused.
      expect(await websiteFacts(`http://127.0.0.1:${port}/`, context())).toBeNull();
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
