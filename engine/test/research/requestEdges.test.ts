/** The edges of POST /research's body rules (docs/api.md, "Request"), checked on the parser itself. */
import { describe, expect, it } from 'vitest';
import { normaliseDomain } from '../../src/platform/emailAddress.ts';
import { parseResearchRequest } from '../../src/research/request.ts';

/** The error code the parser answers with, or the parsed request. */
function outcome(body: unknown): { error: string } | { request: unknown } {
  try {
    return { request: parseResearchRequest(body) };
  } catch (error) {
    return { error: (error as { code: string }).code };
  }
}

describe('the body of POST /research', () => {
  it.each([
    ['a JSON string', 'jane@example.com'],
    ['a JSON number', 42],
    ['true', true],
    ['null', null],
    ['an array', [{ email: 'jane@example.com' }]],
  ])('is refused as invalid_body when it is %s', (_what, body) => {
    expect(outcome(body)).toEqual({ error: 'invalid_body' });
  });

  it.each(['jane.example.com', 'jane@127.0.0.1', 'jane@[127.0.0.1]', 'Jane Doe <jane@example.com>'])(
    'refuses %s as invalid_email_format (no @, an IP address for a domain, a display name)',
    (email) => {
      expect(outcome({ email })).toEqual({ error: 'invalid_email_format' });
    },
  );

  it('without any body is missing_email', () => {
    expect(outcome(undefined)).toEqual({ error: 'missing_email' });
  });
});

describe('profile URLs', () => {
  const withUrl = (linkedin_url: string) => outcome({ email: 'jane@example.com', linkedin_url });
  const PATH = 'https://www.linkedin.com/in/';

  it('accepts http as well as https', () => {
    expect(withUrl('http://www.linkedin.com/in/jane')).toEqual({ request: { email: 'jane@example.com', linkedin_url: 'http://www.linkedin.com/in/jane' } });
    expect(withUrl('https://www.linkedin.com/in/jane')).toMatchObject({ request: { linkedin_url: 'https://www.linkedin.com/in/jane' } });
  });

  it.each(['ftp://www.linkedin.com/in/jane', 'https://localhost/in/jane', 'http://intranet/in/jane', 'https://jane:secret@www.linkedin.com/in/jane', 'www.linkedin.com/in/jane'])(
    'refuses %s (another scheme, a single-label host, credentials, or not absolute)',
    (url) => {
      expect(withUrl(url)).toEqual({ error: 'invalid_linkedin_url' });
    },
  );

  it('accepts 2,048 characters and refuses 2,049', () => {
    const longest = PATH + 'j'.repeat(2048 - PATH.length);
    expect(longest).toHaveLength(2048);
    expect(withUrl(longest)).toMatchObject({ request: { linkedin_url: longest } });
    expect(withUrl(`${longest}j`)).toEqual({ error: 'invalid_linkedin_url' });
  });

  it('applies the same rules to company_linkedin_url', () => {
    expect(outcome({ email: 'jane@example.com', company_linkedin_url: 'https://localhost/company/acme' })).toEqual({ error: 'invalid_company_linkedin_url' });
    expect(outcome({ email: 'jane@example.com', company_linkedin_url: 'http://www.linkedin.com/company/acme' })).toMatchObject({
      request: { company_linkedin_url: 'http://www.linkedin.com/company/acme' },
    });
  });
});

describe('the order of the checks', () => {
  const bad = { email: 'not-an-address', prospect_name: 42, company_name: 'A\u0000B', linkedin_url: 'nope', company_linkedin_url: 'nope' };

  it('names the first failing field in the documented order: email, prospect_name, company_name, linkedin_url, company_linkedin_url', () => {
    const fields = Object.keys(bad) as (keyof typeof bad)[];
    const codes = ['invalid_email_format', 'invalid_prospect_name', 'invalid_company_name', 'invalid_linkedin_url', 'invalid_company_linkedin_url'];
    fields.forEach((_field, index) => {
      // Every field from `index` on is bad; the ones before it are fine.
      const body = { email: 'jane@example.com', ...Object.fromEntries(fields.slice(index).map((name) => [name, bad[name]])) };
      expect(outcome(body)).toEqual({ error: codes[index] });
    });
  });

  it('treats blank and null optional fields as absent', () => {
    expect(outcome({ email: ' jane@example.com ', prospect_name: '  ', company_name: null, linkedin_url: '' })).toEqual({ request: { email: 'jane@example.com' } });
  });
});

describe('a domain on its own (excluded domains, the domain of an address)', () => {
  it('is stored in one form: NFKC, lower case, ASCII by UTS #46', () => {
    expect(normaliseDomain('Bücher.Example')).toBe('xn--bcher-kva.example');
    expect(normaliseDomain('ＥＸＡＭＰＬＥ.com')).toBe('example.com');
  });

  it('is refused when it holds an invisible character, which UTS #46 alone would silently drop', () => {
    expect(normaliseDomain('exa\u200bmple.com')).toBeUndefined();
    expect(normaliseDomain('example.com\u00ad')).toBeUndefined();
  });
});
