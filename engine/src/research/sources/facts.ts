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
  /** The person's own one-line profile headline ("Founder & CEO at Apollo"). */
  headline?: string;
  /** Earlier jobs (ended), most recent first, at most three. */
  previousRoles?: PreviousRole[];
  /** Set by the merge: fields on which sources disagree (see FieldConflict). */
  conflicts?: FieldConflict[];
}

export interface PreviousRole {
  company: string;
  title?: string;
  /** `YYYY-MM-DD`, as lastRoleStart. */
  start?: string;
  end?: string;
}

/** A company's funding as one source gave it: its parts belong together, so sources are never mixed. */
export interface FundingFacts {
  /** The latest round's stage as the source names it ("Series D", "series_b"). */
  stage?: string;
  /** Total raised, `$251.2M`. */
  total?: string;
  /** The latest round: `YYYY-MM-DD`. */
  lastRoundDate?: string;
  /** The latest round's amount, `$100M`. */
  lastRoundAmount?: string;
  /** Investors of the latest round when the source names them, else of any round. */
  investors?: string[];
}

/**
 * Sources that disagree on a field: every distinct value with its source, in the source order (the
 * first is the value shown). Kept for the writer, which sees both; only the merge sets it.
 */
export interface FieldConflict {
  field: string;
  values: { source: string; value: string }[];
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
  /** Year, `2015`. */
  founded?: string;
  /** What the company does, as the source's keywords or tags (at most twenty). */
  keywords?: string[];
  funding?: FundingFacts;
  /** Set by the merge: fields on which sources disagree. */
  conflicts?: FieldConflict[];
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
  /** Told when an answer is reused from the facts cache (person, company or decision makers), and when it was fetched. */
  reused?: (kind: 'person' | 'company' | 'decision_makers', fetchedAt: Date) => void;
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

export interface NewsQuery {
  name: string;
  domain: string;
  /** The account's content language: news is searched in it. */
  language?: string;
  /** The company's country (`United States`, `Poland`, an ISO code), from its headquarters when known. */
  country?: string;
}

export interface NewsSource {
  readonly name: string;
  /** News about the company, newest first, none older than `since`. */
  news(company: NewsQuery, since: Date, limit: number, context: SourceContext): Promise<NewsFacts[]>;
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
