import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/platform/logger.ts';
import { SafeFetchError } from '../../../src/platform/net/safeFetch.ts';
import { SourceError } from '../../../src/platform/net/sourceHttp.ts';
import { type ResearchInput, SourcesDown } from '../../../src/research/pipeline/pipeline.ts';
import { failureKind } from '../../../src/research/pipeline/sourceCalls.ts';
import { type Sources, SourcePipeline } from '../../../src/research/pipeline/sourcePipeline.ts';
import type { CompanySource, PersonSource } from '../../../src/research/sources/facts.ts';
import { isProspect } from '../../../src/research/sources/prospectMarks.ts';

/**
 * When a research gives up (SourcesDown: the job fails and is refunded) and when it delivers a
 * degraded brief: only infrastructure failures of every source that can identify the prospect stop it.
 */

const log = createLogger('silent');
const input: ResearchInput = {
  email: 'jane.doe@acme.io',
  language: 'en',
  decisionMakers: true,
  product: { name: 'Ledgerly', description: 'AP automation.', features: ['Invoice capture'], customers: ['CFOs'] },
};
const identities = { personByEmail: async () => 1, peopleByProfile: async (urls: string[]) => urls.map((_, i) => i + 2), companyByDomain: async () => 99 };

const failing = (name: string, error: () => Error): PersonSource & CompanySource => ({
  name,
  findPerson: async () => {
    throw error();
  },
  findCompany: async () => {
    throw error();
  },
});
const http = (status: number) => () => new SourceError('x', 'http', `answered ${status}`, status);
const timeout = () => new SourceError('x', 'timeout', 'no answer within 15000 ms');
const network = () => new SourceError('x', 'network', 'ECONNREFUSED');

const run = (sources: Partial<Sources>) => new SourcePipeline({ people: [], companies: [], ...sources }, log).run(input, identities, new AbortController().signal);

describe('a research whose identity sources fail', () => {
  it('gives up (SourcesDown) when every person and company call failed by infrastructure: 5xx, 429, time-out, network', async () => {
    const apollo = failing('apollo', http(503));
    const pdl = failing('peopledatalabs', http(429));
    await expect(run({ people: [apollo, pdl], companies: [apollo, pdl] })).rejects.toBeInstanceOf(SourcesDown);
    const slow = failing('apollo', timeout);
    const unreachable = failing('peopledatalabs', network);
    await expect(run({ people: [slow, unreachable], companies: [slow, unreachable] })).rejects.toThrow(/apollo person: timeout.*peopledatalabs company: network/);
  });

  it('stops the calls still running when it gives up', async () => {
    let stopped = false;
    const photo = (_email: string, context: { signal: AbortSignal }) =>
      new Promise<null>((_resolve, reject) => context.signal.addEventListener('abort', () => ((stopped = true), reject(context.signal.reason)), { once: true }));
    const apollo = failing('apollo', http(500));
    await expect(run({ people: [apollo], companies: [apollo], photo })).rejects.toBeInstanceOf(SourcesDown);
    expect(stopped).toBe(true);
  });

  it('delivers a degraded brief when one identity source answered, even "not found"', async () => {
    const notFound: PersonSource & CompanySource = { name: 'peopledatalabs', findPerson: async () => null, findCompany: async () => null };
    const apollo = failing('apollo', http(500));
    const outcome = await run({ people: [apollo, notFound], companies: [apollo, notFound] });
    expect(outcome.provenance).toMatchObject({ degraded: true });
    expect(outcome.sources.failed).toEqual(['apollo']);
  });

  it('delivers a degraded brief when the failures are not infrastructure (a refused key, an unreadable answer): ops must fix those', async () => {
    const refused = failing('apollo', http(401));
    const garbled = failing('peopledatalabs', () => new SourceError('x', 'invalid_response', 'not JSON'));
    const outcome = await run({ people: [refused, garbled], companies: [refused, garbled] });
    expect(outcome.provenance!.sources.map((call) => call.failure)).toEqual(['unauthorized', 'invalid_response', 'unauthorized', 'invalid_response']);
  });

  it('delivers a degraded brief when the website found the company', async () => {
    const apollo = failing('apollo', http(502));
    const website: CompanySource = { name: 'website', findCompany: async () => ({ name: 'Acme', description: 'Robots.' }) };
    const outcome = await run({ people: [apollo], companies: [apollo], website });
    expect(outcome.data.company).toMatchObject({ name: 'Acme', description: 'Robots.' });
    expect(outcome.provenance!.fields['/company/description']).toEqual([{ source: 'website', fetched_at: expect.any(String) }]);
  });

  it('is no outage when no identity source is configured', async () => {
    const outcome = await run({});
    expect(outcome.provenance).toMatchObject({ degraded: false, sources: [], decision_makers: 'not_configured' });
  });
});

describe('failureKind', () => {
  it('names each failure the HTTP clients raise', () => {
    expect([429, 500, 503, 401, 403, 400].map((status) => failureKind(http(status)()))).toEqual(['rate_limited', 'http_5xx', 'http_5xx', 'unauthorized', 'unauthorized', 'http_4xx']);
    expect(failureKind(timeout())).toBe('timeout');
    expect(failureKind(network())).toBe('network');
    expect(failureKind(new SafeFetchError('dns_failure', 'https://x', 'no such host'))).toBe('network');
    expect(failureKind(new SafeFetchError('too_large', 'https://x', 'big'))).toBe('invalid_response');
    expect(failureKind(new TypeError('x is undefined'))).toBe('error');
  });
});

describe('isProspect', () => {
  const marks = { ids: ['a1'], names: ['Jane Doe'], linkedinUrls: ['https://www.linkedin.com/in/jane-doe/'] };
  it("recognises the prospect by the source's id, the profile URL in any spelling, the name, or the name with a hidden last name", () => {
    expect(isProspect({ id: 'a1' }, marks)).toBe(true);
    expect(isProspect({ linkedinUrl: 'http://linkedin.com/in/Jane-Doe?trk=x' }, marks)).toBe(true);
    expect(isProspect({ fullName: ' jane  doe ' }, marks)).toBe(true);
    expect(isProspect({ firstName: 'Jane', lastNameObfuscated: 'D***e' }, marks)).toBe(true);
  });
  it('leaves everyone else in', () => {
    expect(isProspect({ id: 'b2', fullName: 'Max Keller', linkedinUrl: 'https://www.linkedin.com/in/max-keller' }, marks)).toBe(false);
    expect(isProspect({ firstName: 'Jane', lastNameObfuscated: 'Sc***t' }, marks)).toBe(false);
    expect(isProspect({ id: 'a1' }, undefined)).toBe(false);
  });
});
