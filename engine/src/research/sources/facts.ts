/**
 * What sources return: facts as the source stated them, before merging and writing. Every field is
 * optional (a source says nothing it does not know); nothing here is generated text.
 * Terminology: a *source* is one third party (Apollo, People Data Labs, a website, ...); an *adapter*
 * is our module that speaks its API and maps its answer to these facts.
 */

export interface PersonQuery {
  /** Normalised work e-mail. */
  email: string;
  name?: string;
  companyName?: string;
  linkedinUrl?: string;
}

export interface PersonFacts {
  name?: string;
  /** As the source gave it (the writer translates; see docs/api.md). */
  title?: string;
  company?: string;
  linkedinUrl?: string;
  photo?: string;
  /** `YYYY-MM-DD`; a source that knows only the month gives the 1st. */
  lastRoleStart?: string;
  location?: string;
  /**
   * The source's own id for the person (Apollo's person id), so that its decision makers search can
   * leave the prospect out before paying to enrich anyone. Never shown, never given to the writer.
   */
  sourceId?: string;
}

export interface CompanyQuery {
  /** The e-mail's domain, lower-case. */
  domain: string;
  name?: string;
  linkedinUrl?: string;
}

export interface CompanyFacts {
  name?: string;
  description?: string;
  linkedinUrl?: string;
  website?: string;
  /** Lower-case label. */
  industry?: string;
  hq?: string;
  revenue?: string;
  employees?: string;
  technologies?: string[];
}

export interface PostFacts {
  text: string;
  /** ISO 8601 instant. */
  postedAt: string;
  url: string;
  /** True when the author shared someone else's post: never the author's own words. */
  reshared: boolean;
}

export interface NewsFacts {
  title: string;
  url: string;
  /** ISO 8601 instant. */
  publishedAt: string;
  source?: string;
}

export interface DecisionMakerFacts {
  fullName: string;
  title: string;
  linkedinUrl: string;
  photo?: string;
  location?: string;
  company: string;
}

/** What every adapter call receives: the job's signal (time limit, shutdown) stops it. */
export interface SourceContext {
  signal: AbortSignal;
  /** Told when an answer is reused from the company facts cache, and when it was fetched. */
  reused?: (kind: 'company' | 'decision_makers', fetchedAt: Date) => void;
}

export interface PersonSource {
  readonly name: string;
  findPerson(query: PersonQuery, context: SourceContext): Promise<PersonFacts | null>;
}

export interface CompanySource {
  readonly name: string;
  findCompany(query: CompanyQuery, context: SourceContext): Promise<CompanyFacts | null>;
}

export interface PostsSource {
  readonly name: string;
  /** Up to `limit` recent posts of the person, newest first. */
  personPosts(person: { linkedinUrl: string }, limit: number, context: SourceContext): Promise<PostFacts[]>;
  /** Up to `limit` recent posts of the company page, newest first. */
  companyPosts(company: { linkedinUrl: string }, limit: number, context: SourceContext): Promise<PostFacts[]>;
}

export interface NewsSource {
  readonly name: string;
  /** News about the company, newest first, none older than `since`. */
  news(company: { name: string; domain: string }, since: Date, limit: number, context: SourceContext): Promise<NewsFacts[]>;
}

/** What tells the prospect apart among a company's people: they are never one of its decision makers. */
export interface ProspectMarks {
  /** The decision makers source's own ids for the prospect (PersonFacts.sourceId). */
  ids: string[];
  names: string[];
  linkedinUrls: string[];
}

export interface DecisionMakersSource {
  readonly name: string;
  /**
   * Up to `limit` decision makers at the company. `prospect` settles once the person sources answered:
   * a source that pays per person enriched waits for it and never pays for the prospect's own record.
   */
  decisionMakers(company: { domain: string; prospect?: Promise<ProspectMarks> }, limit: number, context: SourceContext): Promise<DecisionMakerFacts[]>;
}
