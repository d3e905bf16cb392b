import type { Language, ProductInput } from '../../accounts/index.ts';
import type { Provenance, ResearchData } from '../contract.ts';
import type { Rejection } from '../writer/briefWriter.ts';

/** What a research job asks for: the request's fields plus the account's context. */
export interface ResearchInput {
  /** Normalised (trimmed, lower-case) work e-mail. */
  email: string;
  prospectName?: string;
  companyName?: string;
  linkedinUrl?: string;
  companyLinkedinUrl?: string;
  /** Language of generated text. */
  language: Language;
  /** Whether the account's plan includes decision makers; when false `decision_makers` stays empty. */
  decisionMakers: boolean;
  /** The caller's product that talking points are written against. */
  product: ProductInput;
}

/** When each part of a brief was fetched from its sources: the cache keeps each part for its own time-to-live. */
export interface FetchedAt {
  person: Date;
  company: Date;
  decisionMakers: Date | null;
}

/**
 * Which sources of facts a pipeline has and what became of one research's calls to them, by source
 * name: what tells an empty brief's reasons apart (emptyBrief.ts). The writer is not a source of facts:
 * it writes only from them.
 */
export interface SourceReport {
  /** Every source of facts the pipeline has, asked or not. */
  configured: string[];
  /** Sources that answered at least one call, whether or not they found something. */
  answered: string[];
  /** Sources at least one call to which failed (an error, a time-out, an answer that cannot be read). */
  failed: string[];
}

/** What the writer did for one brief: its requests to the model and the generated texts the grounding checks rejected. */
export interface WriterReport {
  calls: number;
  rejections: Rejection[];
}

export interface ResearchOutcome {
  data: ResearchData;
  fetchedAt: FetchedAt;
  sources: SourceReport;
  /** Absent when no writer ran (none configured, nothing to write about, or it failed). */
  writer?: WriterReport;
  /** The writer was asked and failed (an outage, not a rejection): the generated fields are missing, so the brief is degraded. */
  writerFailed?: boolean;
  /** Where each fact came from and which sources failed (docs/api.md, "Provenance"); absent from pipelines that do not record it. */
  provenance?: Provenance;
}

/**
 * Thrown by a pipeline when every source that can identify the person or the company failed by
 * infrastructure (time-outs, 5xx, 429 after retries, network errors): the job then fails with
 * `internal_error` and is refunded, rather than delivering a brief of nulls.
 */
export class SourcesDown extends Error {
  override name = 'SourcesDown';
  /** The failed calls, for the log: `apollo person: timeout`. */
  readonly failures: string[];

  constructor(failures: string[]) {
    super(`every source that can identify the prospect failed: ${failures.join(', ')}`);
    this.failures = failures;
  }
}

/** Stable numeric identities for the `id` fields: the same person or company keeps its id across jobs. */
export interface Identities {
  personByEmail(email: string): Promise<number>;
  /** Ids for many profile URLs in one round trip, in the order given. */
  peopleByProfile(linkedinUrls: string[]): Promise<number[]>;
  companyByDomain(domain: string): Promise<number>;
}

/**
 * Turns a request into a brief. Implementations gather facts from sources and write text; they must
 * stop outstanding work when `signal` aborts (the job's time limit or a shutdown) and must never
 * invent values: what no source returned is null.
 */
export interface ResearchPipeline {
  /**
   * Names the pipeline and the sources it uses (e.g. `sources-v1:apollo,pdl`). Cached briefs are
   * kept per fingerprint, so turning a source on does not serve briefs made without it.
   */
  readonly fingerprint: string;
  run(input: ResearchInput, identities: Identities, signal: AbortSignal): Promise<ResearchOutcome>;
}
