import type { Logger } from '../../platform/logger.ts';
import { SafeFetchError } from '../../platform/net/safeFetch.ts';
import { SourceError } from '../../platform/net/sourceHttp.ts';
import type { FailureKind, SourcePart } from '../contract.ts';
import type { SourceContext } from '../sources/facts.ts';
import type { SourceReport } from './pipeline.ts';

/**
 * Failures that say nothing about the person or the company: the third party or the way to it was
 * down (after the adapter's retries). When every source that can identify the prospect failed this
 * way, the job fails and is refunded instead of delivering a brief of nulls (docs/api.md, "Degraded briefs").
 * A refused key (`unauthorized`) or a malformed answer is a failure too (the brief is degraded and not
 * cached), but one that ops must fix: retrying later does not help.
 */
export const INFRASTRUCTURE_FAILURES: ReadonlySet<FailureKind> = new Set(['timeout', 'http_5xx', 'rate_limited', 'network']);

/** What kind of failure `error` is, from the shared errors of the HTTP clients the adapters use. */
export function failureKind(error: unknown): FailureKind {
  if (error instanceof SourceError) {
    if (error.kind === 'http') return httpFailure(error.status);
    return error.kind;
  }
  if (error instanceof SafeFetchError) {
    if (error.reason === 'timeout' || error.reason === 'aborted') return error.reason;
    if (error.reason === 'network' || error.reason === 'dns_failure') return 'network';
    return 'invalid_response';
  }
  if (error instanceof Error && error.name === 'TimeoutError') return 'timeout';
  if (error instanceof Error && error.name === 'AbortError') return 'aborted';
  return 'error';
}

function httpFailure(status: number | undefined): FailureKind {
  if (status === undefined) return 'error';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'http_5xx';
  if (status === 401 || status === 403) return 'unauthorized';
  return 'http_4xx';
}

/** One call to a source of facts and what became of it. */
export interface SourceCall {
  source: string;
  part: SourcePart;
  /** `found` an answer with something in it, `not_found` an answer with nothing (null, []), `failed` no answer. */
  outcome: 'pending' | 'found' | 'not_found' | 'failed';
  /** When the source answered (for an answer reused from the facts cache: when it was first fetched) or failed. */
  at: Date | undefined;
  /** The answer came from the facts cache (person, company or decision makers). */
  cached: boolean;
  failure: FailureKind | undefined;
  /** The answer (undefined until it came, and when the call failed). */
  answer: unknown;
}

/**
 * One research's calls to its sources of facts, in the order they started, and what became of them:
 * the SourceReport, the provenance of every field and whether the sources that identify the prospect
 * were all down are read from them.
 */
export class SourceCalls {
  readonly calls: SourceCall[] = [];
  private readonly log: Logger;
  private readonly signal: AbortSignal;
  private readonly context: SourceContext;

  /** `context` is the research's: each call gets its own, which also records a reuse from the facts cache on that call. */
  constructor(log: Logger, context: SourceContext) {
    this.log = log;
    this.signal = context.signal;
    this.context = context;
  }

  /**
   * Runs one call to `source` for `part`; a failure is logged, recorded with its kind and becomes
   * `fallback` (null: unknown). When the research itself was stopped (its deadline, a shutdown, every
   * identity source down), its caller notices after the calls settle.
   */
  async attempt<T>(source: string, part: SourcePart, call: (context: SourceContext) => Promise<T>, fallback: T): Promise<T> {
    const record: SourceCall = { source, part, outcome: 'pending', at: undefined, cached: false, failure: undefined, answer: undefined };
    this.calls.push(record);
    const context: SourceContext = {
      signal: this.signal,
      reused: (kind, fetchedAt) => {
        record.cached = true;
        record.at = fetchedAt;
        this.context.reused?.(kind, fetchedAt);
      },
    };
    try {
      const answer = await call(context);
      record.outcome = holdsSomething(answer) ? 'found' : 'not_found';
      record.at ??= new Date();
      record.answer = answer;
      return answer;
    } catch (error) {
      record.outcome = 'failed';
      record.at = new Date();
      record.failure = failureKind(error);
      const name = `${source} ${part}`;
      // A call stopped because the research was (its deadline, a shutdown) is no fault of the source: the job's outcome is logged once.
      if (this.signal.aborted) this.log.debug({ source: name }, 'source call stopped with its job');
      else this.log.warn({ source: name, failure: record.failure, err: error }, 'source failed; the brief goes on without it');
      return fallback;
    }
  }

  report(configured: string[]): SourceReport {
    const settled = (outcome: (call: SourceCall) => boolean) => [...new Set(this.calls.filter(outcome).map((call) => call.source))];
    return {
      configured,
      answered: settled((call) => call.outcome === 'found' || call.outcome === 'not_found'),
      failed: settled((call) => call.outcome === 'failed'),
    };
  }
}

function holdsSomething(answer: unknown): boolean {
  if (answer === null || answer === undefined || answer === '') return false;
  if (Array.isArray(answer)) return answer.length > 0;
  if (typeof answer === 'object') return Object.keys(answer).length > 0;
  return true;
}
