import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/platform/logger.ts';
import type { Identities, ResearchInput } from '../../../src/research/pipeline/pipeline.ts';
import { researchDataErrors } from '../../../src/research/briefErrors.ts';
import { type Sources, SourcePipeline } from '../../../src/research/pipeline/sourcePipeline.ts';
import type { BriefWriter, Rejection } from '../../../src/research/writer/briefWriter.ts';
import type { CompanySource, PersonSource, PostsSource } from '../../../src/research/sources/facts.ts';

const log = createLogger('silent');

const input: ResearchInput = {
  email: 'jane.doe@acme.io',
  language: 'en',
  decisionMakers: true,
  product: { name: 'Ledgerly', description: 'AP automation.', features: ['Invoice capture'], customers: ['CFOs'] },
};

/** In-memory identities, as the engine's table would hand them out. */
function identities(): Identities {
  const ids = new Map<string, number>();
  const id = async (key: string) => ids.get(key) ?? (ids.set(key, ids.size + 1), ids.size);
  return {
    personByEmail: (e) => id(`e:${e}`),
    peopleByProfile: (urls) => Promise.all(urls.map((u) => id(`p:${u}`))),
    companyByDomain: (d) => id(`d:${d}`),
  };
}

const person = (name: string, facts: Awaited<ReturnType<PersonSource['findPerson']>>): PersonSource => ({ name, findPerson: async () => facts });
const company = (name: string, facts: Awaited<ReturnType<CompanySource['findCompany']>>): CompanySource => ({ name, findCompany: async () => facts });
const broken = (name: string): PersonSource & CompanySource => ({
  name,
  findPerson: async () => {
    throw new Error(`${name} is down`);
  },
  findCompany: async () => {
    throw new Error(`${name} is down`);
  },
});

function pipeline(sources: Partial<Sources>) {
  return new SourcePipeline({ people: [], companies: [], ...sources }, log);
}

describe('SourcePipeline', () => {
  it('merges person and company facts field by field in the configured order, and unions technologies', async () => {
    const run = await pipeline({
      people: [person('first', { name: 'Jane Doe', title: 'VP Finance' }), person('second', { name: 'J. Doe', linkedinUrl: 'https://www.linkedin.com/in/janedoe', lastRoleStart: '2023-04-01' })],
      companies: [company('first', { name: 'Acme', technologies: ['Salesforce'] }), company('second', { name: 'ACME Inc', industry: 'Software', technologies: ['HubSpot', 'Salesforce'] })],
      emailProvider: async () => 'Google Workspace',
    }).run(input, identities(), new AbortController().signal);
    expect(run.data.prospect).toMatchObject({ name: 'Jane Doe', title: 'VP Finance', linkedin_url: 'https://www.linkedin.com/in/janedoe', last_role_start: '2023-04-01', company: 'Acme' });
    expect(run.data.company).toMatchObject({ name: 'Acme', industry: 'software', technologies: ['Salesforce', 'HubSpot', 'Google Workspace'] });
    expect(researchDataErrors(run.data)).toBeUndefined();
  });

  it('degrades when sources fail: the job completes with what the others found and nulls', async () => {
    const run = await pipeline({ people: [broken('apollo'), person('pdl', { title: 'CFO' })], companies: [broken('apollo')] }).run(input, identities(), new AbortController().signal);
    expect(run.data.prospect.title).toBe('CFO');
    expect(run.data.company).toMatchObject({ name: null, technologies: null, problems: null, news: null, posts: null });
    expect(researchDataErrors(run.data)).toBeUndefined();
  });

  it('leaves generated fields null without a writer, and never fills clients', async () => {
    const run = await pipeline({ people: [person('p', { name: 'Jane' })] }).run(input, identities(), new AbortController().signal);
    expect(run.data.prospect).toMatchObject({ summary: null, opening_talk: null });
    expect(run.data.company).toMatchObject({ problems: null, services: null, icp: null, synergy_points: null, discovery_questions: null, insights: null, clients: null });
  });

  it('fetches posts with the profile URL the person source found, keeps the reshared flag and formats the date', async () => {
    const asked: string[] = [];
    const posts: PostsSource = {
      name: 'unipile',
      personPosts: async (who) => {
        asked.push(who.linkedinUrl);
        return [
          { text: 'Our Q3 close took 4 days.', postedAt: '2026-10-01T08:30:00Z', url: 'https://x/1', reshared: false },
          { text: 'Great read', postedAt: '2026-09-01T10:00:00Z', url: 'https://x/2', reshared: true },
          { text: 'a', postedAt: '2026-08-01T10:00:00Z', url: 'https://x/3', reshared: false },
          { text: 'b', postedAt: '2026-07-01T10:00:00Z', url: 'https://x/4', reshared: false },
        ];
      },
      companyPosts: async () => [],
    };
    const run = await pipeline({ people: [person('p', { linkedinUrl: 'https://www.linkedin.com/in/janedoe' })], posts }).run(input, identities(), new AbortController().signal);
    expect(asked).toEqual(['https://www.linkedin.com/in/janedoe']);
    expect(run.data.prospect.posts).toHaveLength(3);
    expect(run.data.prospect.posts![0]).toEqual({ text: 'Our Q3 close took 4 days.', posted: '2026-10-01 08:30:00', post_url: 'https://x/1', reshared: false, summary: null });
    expect(run.data.prospect.posts![1]!.reshared).toBe(true);
    // No company page is known, so the company's posts could not be asked for: unknown.
    expect(run.data.company.posts).toBeNull();
  });

  it('tells unknown (null) from none ([]): a failed posts or news source gives null', async () => {
    const failing = async () => {
      throw new Error('down');
    };
    const run = await pipeline({
      people: [person('p', { linkedinUrl: 'https://www.linkedin.com/in/janedoe' })],
      companies: [company('c', { name: 'Acme', linkedinUrl: 'https://www.linkedin.com/company/acme' })],
      posts: { name: 'unipile', personPosts: failing, companyPosts: async () => [] },
      news: { name: 'google-news', news: failing },
    }).run(input, identities(), new AbortController().signal);
    expect(run.data.prospect.posts).toBeNull();
    expect(run.data.company.posts).toEqual([]);
    expect(run.data.company.news).toBeNull();
  });

  it("stops waiting for a slow writer before the job's time limit: the brief completes without generated text", async () => {
    let aborted = false;
    const writer: BriefWriter = {
      model: 'slow-model',
      write: (_facts, signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => ((aborted = true), reject(signal.reason)), { once: true })),
    };
    // A 5.2 s job limit leaves the writer 0.2 s after the 5 s kept for storing the brief.
    const run = await new SourcePipeline({ people: [person('p', { name: 'Jane' })], companies: [], writer }, log, { timeLimitMs: 5_200 }).run(input, identities(), new AbortController().signal);
    expect(aborted).toBe(true);
    expect(run.data.prospect).toMatchObject({ name: 'Jane', summary: null, opening_talk: null });
  });

  it('keeps news of the last 12 months only, as YYYY-MM', async () => {
    const recent = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
    const run = await pipeline({
      companies: [company('c', { name: 'Acme' })],
      news: {
        name: 'google-news',
        news: async () => [
          { title: 'Acme raises', url: 'https://n/1', publishedAt: recent },
          { title: 'Acme founded', url: 'https://n/2', publishedAt: old },
        ],
      },
    }).run(input, identities(), new AbortController().signal);
    expect(run.data.company.news).toEqual([{ summary: 'Acme raises', url: 'https://n/1', date: recent.slice(0, 7) }]);
  });

  it('asks for decision makers only when the plan includes them, and gives each a stable id', async () => {
    const dm = { fullName: 'Casey Boss', title: 'CEO', linkedinUrl: 'https://www.linkedin.com/in/casey', company: 'Acme' };
    let calls = 0;
    const sources = { decisionMakers: { name: 'apollo', decisionMakers: async () => (calls++, [dm]) } };
    const ids = identities();
    const withPlan = await pipeline(sources).run(input, ids, new AbortController().signal);
    expect(withPlan.data.decision_makers).toEqual([
      {
        id: (await ids.peopleByProfile([dm.linkedinUrl]))[0],
        full_name: 'Casey Boss',
        position_title: 'CEO',
        linkedin_url: dm.linkedinUrl,
        picture_url: null,
        location_text: null,
        company_name: 'Acme',
      },
    ]);
    const withoutPlan = await pipeline(sources).run({ ...input, decisionMakers: false }, ids, new AbortController().signal);
    expect(withoutPlan.data.decision_makers).toEqual([]);
    expect(calls).toBe(1);
  });

  it('starts independent sources together: each is called before any of them answers (Gravatar waits for the person: it is asked only without a photo)', async () => {
    const started: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slowPerson: PersonSource = { name: 'p', findPerson: async () => (started.push('person'), await gate, {}) };
    const slowCompany: CompanySource = { name: 'c', findCompany: async () => (started.push('company'), await gate, {}) };
    const running = pipeline({
      people: [slowPerson],
      companies: [slowCompany],
      photo: async () => (started.push('photo'), await gate, null),
      emailProvider: async () => (started.push('mx'), await gate, null),
      decisionMakers: { name: 'dm', decisionMakers: async () => (started.push('dm'), await gate, []) },
    }).run(input, identities(), new AbortController().signal);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started.sort()).toEqual(['company', 'dm', 'mx', 'person']);
    release();
    await running;
    expect(started).toContain('photo');
  });

  it('hands the writer the gathered facts and uses its text, with the English title and description; its report joins the outcome', async () => {
    const seen: unknown[] = [];
    const rejections: Rejection[] = [{ field: '/company/insights', item: 'Acme has 500 employees.', rules: ['number'], reason: 'invented', outcome: 'dropped' }];
    const writer: BriefWriter = {
      model: 'test-model',
      write: async (facts) => {
        seen.push(facts);
        return {
          // Lists shorter than the spec's sizes (the rest did not check) keep the contract.
          prospect: { summary: 'Jane runs finance at Acme.', opening_talk: ['a', 'b'], post_summaries: [] },
          company: {
            problems: ['1', '2', '3', '4'],
            services: ['1'],
            icp: ['1', '2', '3', '4'],
            synergy_points: ['1', '2', '3', '4'],
            discovery_questions: ['1', '2', '3'],
            insights: ['1', '2', '3'],
            post_summaries: [],
            news_summaries: [],
          },
          title_en: 'Head of Finance',
          description_en: 'Makes anvils.',
          rejections,
          calls: 2,
        };
      },
    };
    const p = pipeline({ people: [person('p', { title: 'Leiterin Finanzen' })], companies: [company('c', { name: 'Acme', description: 'Stellt Ambosse her.' })], writer });
    expect(p.fingerprint).toContain('writer:test-model');
    const run = await p.run({ ...input, language: 'de' }, identities(), new AbortController().signal);
    expect(seen[0]).toMatchObject({ language: 'de', person: { title: 'Leiterin Finanzen' }, company: { name: 'Acme' } });
    expect(run.data.prospect).toMatchObject({ title: 'Head of Finance', summary: 'Jane runs finance at Acme.' });
    expect(run.data.company.description).toBe('Makes anvils.');
    expect(run.data.company.insights).toEqual(['1', '2', '3']);
    expect(researchDataErrors(run.data)).toBeUndefined();
    expect(run.writer).toEqual({ calls: 2, rejections });
  });

  it('keeps the source title and description when the writer gives no English version that checked', async () => {
    const writer: BriefWriter = {
      model: 'test-model',
      write: async () => ({ prospect: null, company: null, title_en: null, description_en: null, rejections: [], calls: 1 }),
    };
    const run = await pipeline({ people: [person('p', { title: 'VP of Sales' })], companies: [company('c', { name: 'Acme', description: 'Stellt Ambosse her.' })], writer }).run(
      { ...input, language: 'de' },
      identities(),
      new AbortController().signal,
    );
    expect(run.data.prospect.title).toBe('VP of Sales');
    expect(run.data.company.description).toBe('Stellt Ambosse her.');
  });

  it('reports which sources of facts it has, which answered and which failed (the writer is not one)', async () => {
    const failing = async () => {
      throw new Error('down');
    };
    const apollo = { ...person('apollo', null), ...company('apollo', { name: 'Acme' }) };
    const run = await pipeline({
      people: [apollo, broken('peopledatalabs')],
      companies: [apollo],
      emailProvider: async () => null,
      posts: { name: 'unipile', personPosts: failing, companyPosts: async () => [] },
      news: { name: 'google-news', news: async () => [] },
      decisionMakers: { name: 'apollo', decisionMakers: async () => [] },
      writer: { model: 'm', write: failing },
    }).run({ ...input, linkedinUrl: 'https://www.linkedin.com/in/janedoe', companyLinkedinUrl: 'https://www.linkedin.com/company/acme' }, identities(), new AbortController().signal);
    expect(run.sources.configured.sort()).toEqual(['apollo', 'google-news', 'mx', 'peopledatalabs', 'unipile']);
    expect(run.sources.answered.sort()).toEqual(['apollo', 'google-news', 'mx', 'unipile']);
    // Unipile answered the company's posts and failed the prospect's: it counts as both.
    expect(run.sources.failed.sort()).toEqual(['peopledatalabs', 'unipile']);
  });

  it('reports a source it never asked (no profile URL for posts) as neither answered nor failed', async () => {
    const run = await pipeline({ posts: { name: 'unipile', personPosts: async () => [], companyPosts: async () => [] } }).run(input, identities(), new AbortController().signal);
    expect(run.sources).toEqual({ configured: ['unipile'], answered: [], failed: [] });
  });

  it('names its sources in its fingerprint, so turning one on does not serve briefs made without it', () => {
    expect(pipeline({}).fingerprint).not.toBe(pipeline({ people: [person('apollo', null)] }).fingerprint);
  });
});
