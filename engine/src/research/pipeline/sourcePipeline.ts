import type { Logger } from '../../platform/logger.ts';
import type {
  CompanyFacts,
  CompanySource,
  DecisionMakerFacts,
  DecisionMakersSource,
  NewsSource,
  PersonFacts,
  PersonSource,
  NewsFacts,
  PostFacts,
  PostsSource,
  ProspectMarks,
  SourceContext,
} from '../sources/facts.ts';
import { isProspect } from '../sources/prospectMarks.ts';
import { type FactsCache, reusingCompanySource, reusingDecisionMakersSource, reusingPersonSource } from './factsCache.ts';
import { mergeCompanyFacts, mergePersonFacts } from './mergeFacts.ts';
import { type Identities, type ResearchInput, type ResearchOutcome, type ResearchPipeline, SourcesDown } from './pipeline.ts';
import { identitySourcesDown, provenanceOf } from './provenance.ts';
import { type SourceCall, SourceCalls } from './sourceCalls.ts';
import type { BriefInput, BriefWriter } from '../writer/briefWriter.ts';
import type { Company, DecisionMaker, DecisionMakersLookup, Post, Prospect, ResearchData } from '../contract.ts';

/** Limits of the spec: posts up to 3, news up to 3 within 12 months. */
const POSTS = 3;
const NEWS = 3;
const NEWS_MONTHS = 12;
const DECISION_MAKERS = 10;
/** Time kept back from the writer for storing the brief before the job's deadline. */
const STORE_MARGIN_MS = 5_000;

/** Fetches facts that need no API key: the homepage, the mail provider, the Gravatar photo. */
export interface KeylessSources {
  website?: CompanySource;
  /** A technology name such as `Google Workspace`, from the domain's MX records. */
  emailProvider?: (domain: string, context: SourceContext) => Promise<string | null>;
  photo?: (email: string, context: SourceContext) => Promise<string | null>;
}

/** The name the photo source (Gravatar) goes by in reports and provenance. */
const PHOTO = 'gravatar';

export interface PipelineOptions {
  /** The job's time limit (`RESEARCH_TIMEOUT_SECONDS`); default 180 s. */
  timeLimitMs?: number;
  /**
   * Reuse what the paid sources answered about a person (for the next research of the same address,
   * in any language or for any product) and a company (for the next prospect there), within each kind's
   * time-to-live (0 or absent turns that kind off). See factsCache.ts.
   */
  reuse?: { cache: FactsCache; ttlDays: { people?: number; companies: number; decisionMakers: number } };
}

export interface Sources extends KeylessSources {
  /** In order of preference: earlier sources win field by field. */
  people: PersonSource[];
  companies: CompanySource[];
  posts?: PostsSource;
  news?: NewsSource;
  decisionMakers?: DecisionMakersSource;
  writer?: BriefWriter;
}

/**
 * The research pipeline over real sources. Calls that do not wait for each other run together: the
 * person, the company (every source, the website and the mail provider), decision makers and the photo
 * start at once; posts wait only for the profile URL they need, news for the company's name; the
 * writer waits for all facts, within what is left of the job's time. A failing source is logged and
 * leaves its fields null (unknown; `[]` means the source answered and found nothing): the brief degrades
 * (and says so in its provenance), the job does not fail, unless every source that can identify the
 * prospect failed by infrastructure (SourcesDown). Nothing is invented: a field no source filled stays null.
 */
export class SourcePipeline implements ResearchPipeline {
  readonly fingerprint: string;
  private readonly sources: Sources;
  private readonly log: Logger;
  /** The names of the sources of facts, for each research's SourceReport. */
  private readonly factSources: string[];

  /** The job's time limit (`RESEARCH_TIMEOUT_SECONDS`): the writer must finish within it. */
  private readonly timeLimitMs: number;

  constructor(sources: Sources, log: Logger, options: PipelineOptions = {}) {
    this.sources = options.reuse ? reusing(sources, options.reuse, log) : sources;
    this.log = log;
    this.timeLimitMs = options.timeLimitMs ?? 180_000;
    const names = [
      ...sources.people.map((s) => `person:${s.name}`),
      ...sources.companies.map((s) => `company:${s.name}`),
      sources.website && 'website',
      sources.emailProvider && 'mx',
      sources.photo && 'photo',
      sources.posts && `posts:${sources.posts.name}`,
      sources.news && `news:${sources.news.name}`,
      sources.decisionMakers && `dm:${sources.decisionMakers.name}`,
      sources.writer && `writer:${sources.writer.model}`,
    ].filter(Boolean);
    this.fingerprint = `sources-v1:${names.join(',')}`;
    this.factSources = [
      ...new Set([
        ...sources.people.map((s) => s.name),
        ...sources.companies.map((s) => s.name),
        ...(sources.website ? [sources.website.name] : []),
        ...(sources.emailProvider ? ['mx'] : []),
        ...(sources.photo ? [PHOTO] : []),
        ...(sources.posts ? [sources.posts.name] : []),
        ...(sources.news ? [sources.news.name] : []),
        ...(sources.decisionMakers ? [sources.decisionMakers.name] : []),
      ]),
    ];
  }

  async run(input: ResearchInput, identities: Identities, job: AbortSignal): Promise<ResearchOutcome> {
    const startedAt = Date.now();
    // Stopped by the job (its deadline, a shutdown), or here when the sources that identify the prospect are all down.
    const down = new AbortController();
    const signal = AbortSignal.any([job, down.signal]);
    // Parts answered from the facts cache count as fetched when they were first fetched.
    const fetched: { person?: Date; company?: Date; decisionMakers?: Date } = {};
    const reused = (kind: 'person' | 'company' | 'decision_makers', at: Date) => {
      const part = kind === 'decision_makers' ? 'decisionMakers' : kind;
      if (fetched[part] === undefined || at < fetched[part]) fetched[part] = at;
    };
    const context: SourceContext = { signal, reused };
    const domain = input.email.slice(input.email.lastIndexOf('@') + 1);
    const { sources } = this;
    const calls = new SourceCalls(this.log, context);

    const person = this.person(input, calls);
    const company = this.company(input, domain, calls);
    // What tells the prospect apart from their company's decision makers, once the person sources answered.
    const theProspect = person.then(() => prospectMarks(input, calls.calls, sources.decisionMakers?.name));
    const decisionMakers =
      input.decisionMakers && sources.decisionMakers
        ? calls.attempt<DecisionMakerFacts[] | null>(
            sources.decisionMakers.name,
            'decision_makers',
            (context) => sources.decisionMakers!.decisionMakers({ domain, prospect: theProspect }, DECISION_MAKERS, context),
            null,
          )
        : Promise.resolve(null);
    // Gravatar is asked only when no person source has a photo.
    const photo = person.then((facts) => (sources.photo && !facts.photo ? calls.attempt(PHOTO, 'photo', (context) => sources.photo!(input.email, context), null) : null));
    const personPosts = person.then((facts) => {
      const profile = input.linkedinUrl ?? facts.linkedinUrl;
      return sources.posts && profile
        ? calls.attempt<PostFacts[] | null>(sources.posts.name, 'prospect_posts', (context) => sources.posts!.personPosts({ linkedinUrl: profile }, POSTS, context), null)
        : null;
    });
    const companyPosts = company.then((facts) => {
      const page = input.companyLinkedinUrl ?? facts.linkedinUrl;
      return sources.posts && page
        ? calls.attempt<PostFacts[] | null>(sources.posts.name, 'company_posts', (context) => sources.posts!.companyPosts({ linkedinUrl: page }, POSTS, context), null)
        : null;
    });
    const since = monthsAgo(NEWS_MONTHS);
    const news = company.then((facts) => {
      const name = facts.name ?? input.companyName;
      // Searched in the account's language and the company's country (the last part of its headquarters).
      const country = facts.hq?.split(',').at(-1)?.trim();
      return sources.news && name
        ? calls.attempt<NewsFacts[] | null>(
            sources.news.name,
            'news',
            (context) => sources.news!.news({ name, domain, language: input.language, ...(country ? { country } : {}) }, since, NEWS, context),
            null,
          )
        : null;
    });

    // When every source that can identify the person or the company failed by infrastructure, the rest
    // is not worth waiting for (nor paying): the job fails and is refunded (runResearchJob).
    await Promise.all([person, company]);
    const outage = identitySourcesDown(
      calls.calls,
      (call) => this.identifies(call),
      (call) => call.part === 'company',
    );
    if (outage) {
      down.abort();
      throw new SourcesDown(outage);
    }

    const [personFacts, companyFacts, postsOfPerson, postsOfCompany, newsFacts, found, gravatar] = await Promise.all([person, company, personPosts, companyPosts, news, decisionMakers, photo]);
    // A list a source reused from the facts cache may name the prospect: they are never their own decision maker.
    const marks = await theProspect;
    const people = (found ?? []).filter((maker) => !isProspect({ fullName: maker.fullName, linkedinUrl: maker.linkedinUrl }, marks));
    const facts: BriefInput = {
      language: input.language,
      product: input.product,
      person: isEmpty(personFacts) ? null : personFacts,
      company: isEmpty(companyFacts) ? null : companyFacts,
      prospectPosts: postsOfPerson?.slice(0, POSTS) ?? [],
      companyPosts: postsOfCompany?.slice(0, POSTS) ?? [],
      news: newsFacts?.filter((item) => new Date(item.publishedAt) >= since).slice(0, NEWS) ?? [],
    };
    // The writer gets what is left of the job's time, less a margin to store the brief: a slow model
    // costs the generated fields, not the whole job.
    const writerSignal = AbortSignal.any([signal, AbortSignal.timeout(Math.max(0, startedAt + this.timeLimitMs - STORE_MARGIN_MS - Date.now()))]);
    const writing = sources.writer ? await this.write(sources.writer, facts, writerSignal, signal) : { written: null, failed: false };
    const { written } = writing;
    job.throwIfAborted();
    // Every id at once, last: the engine's identities upsert the ids asked together in one statement.
    const [personId, companyId, decisionMakerIds] = await Promise.all([
      identities.personByEmail(input.email),
      identities.companyByDomain(domain),
      identities.peopleByProfile(people.map((facts) => facts.linkedinUrl)),
    ]);

    const prospect: Prospect = {
      id: personId,
      name: personFacts.name ?? input.prospectName ?? null,
      title: written?.title_en ?? personFacts.title ?? null,
      company: personFacts.company ?? companyFacts.name ?? input.companyName ?? null,
      email: input.email,
      linkedin_url: input.linkedinUrl ?? personFacts.linkedinUrl ?? null,
      photo: personFacts.photo ?? gravatar ?? null,
      last_role_start: personFacts.lastRoleStart ?? null,
      summary: written?.prospect?.summary ?? null,
      opening_talk: written?.prospect?.opening_talk ?? null,
      posts: postsOfPerson && facts.prospectPosts.map((post, i) => toPost(post, written?.prospect?.post_summaries[i])),
    };
    const data: ResearchData = {
      prospect,
      company: {
        id: companyId,
        name: companyFacts.name ?? input.companyName ?? null,
        description: written?.description_en ?? companyFacts.description ?? null,
        linkedin_url: input.companyLinkedinUrl ?? companyFacts.linkedinUrl ?? null,
        website: companyFacts.website ?? null,
        industry: companyFacts.industry?.toLowerCase() ?? null,
        hq: companyFacts.hq ?? null,
        revenue: companyFacts.revenue ?? null,
        employees: companyFacts.employees ?? null,
        technologies: companyFacts.technologies?.length ? companyFacts.technologies : null,
        problems: written?.company?.problems ?? null,
        services: written?.company?.services ?? null,
        icp: written?.company?.icp ?? null,
        synergy_points: written?.company?.synergy_points ?? null,
        discovery_questions: written?.company?.discovery_questions ?? null,
        // No source counts a company's clients; an estimate would be invented.
        clients: null,
        // Without a writer, the headline stands as the item's summary: the publisher's own one-line account.
        news: newsFacts && facts.news.map((item, i) => ({ summary: written?.company?.news_summaries[i] ?? item.title, url: item.url, date: item.publishedAt.slice(0, 7) })),
        insights: written?.company?.insights ?? null,
        posts: postsOfCompany && facts.companyPosts.map((post, i) => toPost(post, written?.company?.post_summaries[i])),
      } satisfies Company,
      decision_makers: people.map((facts, i) => decisionMaker(facts, decisionMakerIds[i]!)),
    };
    const now = new Date();
    const lookup: DecisionMakersLookup = !input.decisionMakers
      ? 'not_in_plan'
      : !sources.decisionMakers
        ? 'not_configured'
        : found === null
          ? 'lookup_failed'
          : people.length > 0
            ? 'found'
            : 'none_found';
    const report = calls.report(this.factSources);
    const provenance = provenanceOf(data, input, calls.calls, {
      translated: { title: written?.title_en != null, description: written?.description_en != null },
      decisionMakers: lookup,
    });
    return {
      data,
      fetchedAt: { person: fetched.person ?? now, company: fetched.company ?? now, decisionMakers: input.decisionMakers ? (fetched.decisionMakers ?? now) : null },
      sources: report,
      ...(written ? { writer: { calls: written.calls, rejections: written.rejections } } : {}),
      ...(writing.failed ? { writerFailed: true } : {}),
      // A model that failed left the generated fields empty: degraded like a failed source, so never cached.
      provenance: writing.failed ? { ...provenance, degraded: true } : provenance,
    };
  }

  /** A call that can identify the prospect: to a person source, or to a paid company source (the website only counts when it found the company). */
  private identifies(call: SourceCall): boolean {
    return call.part === 'person' || (call.part === 'company' && call.source !== this.sources.website?.name);
  }

  /** Every person source at once; earlier sources win field by field. */
  private async person(input: ResearchInput, calls: SourceCalls): Promise<PersonFacts> {
    const query = { email: input.email, name: input.prospectName, companyName: input.companyName, linkedinUrl: input.linkedinUrl };
    const { people } = this.sources;
    const found = await Promise.all(people.map((source) => calls.attempt(source.name, 'person', (context) => source.findPerson(query, context), null)));
    // A source's own id for the person is only for telling them apart from decision makers.
    const { sourceId: _, ...facts } = mergePersonFacts(found.map((facts, i) => ({ source: people[i]!.name, facts })));
    return facts;
  }

  /** Every company source, the website and the mail provider at once; technologies are the union. */
  private async company(input: ResearchInput, domain: string, calls: SourceCalls): Promise<CompanyFacts> {
    const query = { domain, name: input.companyName, linkedinUrl: input.companyLinkedinUrl };
    const { website, emailProvider } = this.sources;
    const companies = [...this.sources.companies, ...(website ? [website] : [])];
    const [found, provider] = await Promise.all([
      Promise.all(companies.map((source) => calls.attempt(source.name, 'company', (context) => source.findCompany(query, context), null))),
      emailProvider ? calls.attempt('mx', 'technologies', (context) => emailProvider(domain, context), null) : null,
    ]);
    const merged = mergeCompanyFacts(found.map((facts, i) => ({ source: companies[i]!.name, facts })));
    const technologies = [...new Set([...found.flatMap((facts) => facts?.technologies ?? []), ...(provider ? [provider] : [])])];
    return { ...merged, technologies };
  }

  /** The writer's text, or null when it fails: the brief then goes on with the facts alone, degraded. */
  private async write(writer: BriefWriter, facts: BriefInput, signal: AbortSignal, job: AbortSignal) {
    try {
      return { written: await writer.write(facts, signal), failed: false };
    } catch (error) {
      // A writer stopped because the job was (its deadline, a shutdown) is no fault of the writer.
      if (job.aborted) this.log.debug({ source: `writer ${writer.model}` }, 'writer call stopped with its job');
      else this.log.warn({ source: `writer ${writer.model}`, err: error }, 'the writer failed; the brief goes on without generated text');
      return { written: null, failed: true };
    }
  }
}

/** The paid person and company sources wrapped to reuse their answers; the website, the mail provider and Gravatar cost nothing and stay as they are. */
function reusing(sources: Sources, { cache, ttlDays }: NonNullable<PipelineOptions['reuse']>, log: Logger): Sources {
  const { decisionMakers } = sources;
  const people = ttlDays.people ?? 0;
  return {
    ...sources,
    people: people > 0 ? sources.people.map((source) => reusingPersonSource(source, cache, people, log)) : sources.people,
    companies: ttlDays.companies > 0 ? sources.companies.map((source) => reusingCompanySource(source, cache, ttlDays.companies, log)) : sources.companies,
    decisionMakers: decisionMakers && ttlDays.decisionMakers > 0 ? reusingDecisionMakersSource(decisionMakers, cache, ttlDays.decisionMakers, log) : decisionMakers,
  };
}

function isEmpty(facts: object): boolean {
  return Object.values(facts).every((value) => value === undefined || (Array.isArray(value) && value.length === 0));
}

function toPost(post: PostFacts, summary: string | null | undefined): Post {
  return {
    text: post.text,
    posted: new Date(post.postedAt).toISOString().slice(0, 19).replace('T', ' '),
    post_url: post.url,
    reshared: post.reshared,
    summary: summary ?? null,
  };
}

function decisionMaker(facts: DecisionMakerFacts, id: number): DecisionMaker {
  return {
    id,
    full_name: facts.fullName,
    position_title: facts.title,
    linkedin_url: facts.linkedinUrl,
    picture_url: facts.photo ?? null,
    location_text: facts.location ?? null,
    company_name: facts.company,
  };
}

/** The prospect as the request and the person sources know them (ids: those the decision makers source gave). */
function prospectMarks(input: ResearchInput, calls: readonly SourceCall[], decisionMakersSource: string | undefined): ProspectMarks {
  const found = calls.filter((call) => call.part === 'person' && call.outcome === 'found').map((call) => ({ source: call.source, facts: call.answer as PersonFacts }));
  const values = (pick: (facts: PersonFacts) => string | undefined) => found.map(({ facts }) => pick(facts)).filter((value): value is string => value !== undefined);
  return {
    ids: found
      .filter(({ source }) => source === decisionMakersSource)
      .map(({ facts }) => facts.sourceId)
      .filter((id): id is string => id !== undefined),
    names: [...(input.prospectName ? [input.prospectName] : []), ...values((facts) => facts.name)],
    linkedinUrls: [...(input.linkedinUrl ? [input.linkedinUrl] : []), ...values((facts) => facts.linkedinUrl)],
  };
}

function monthsAgo(months: number, now = new Date()): Date {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - months);
  return since;
}
