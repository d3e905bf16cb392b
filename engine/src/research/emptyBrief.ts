import type { EmptyReason, ResearchData } from './contract.ts';
import type { ResearchInput, SourceReport } from './pipeline/pipeline.ts';

/**
 * A brief is empty when no source contributed to it: besides the ids (the engine's own numbers) and
 * what the request itself said (the e-mail, and the prospect's name, company and profile URL, the
 * company's name and page when the caller gave them), every field of `prospect` and `company` is null
 * or an empty list, and `decision_makers` is empty. Such a brief is still `completed` (the spec's rule),
 * so `empty_reason` says why it holds nothing, in this order of precedence:
 *
 * 1. `no_sources_configured`: the engine has no source of facts turned on (the writer is none: it
 *    writes only from facts), so nothing could be found.
 * 2. `sources_failed`: a source asked for this research failed (an error, a time-out, an answer that
 *    cannot be read), so it may hold what is missing: research again later.
 * 3. `nothing_found`: every source asked answered, and none knew anything (or the sources turned on
 *    needed a profile URL or a company name that nobody found).
 *
 * Null when the brief is not empty.
 */
export function emptyReason(data: ResearchData, input: ResearchInput, sources: SourceReport): EmptyReason | null {
  if (!isEmptyBrief(data, input)) return null;
  if (sources.configured.length === 0) return 'no_sources_configured';
  if (sources.failed.length > 0) return 'sources_failed';
  return 'nothing_found';
}

export function isEmptyBrief(data: ResearchData, input: ResearchInput): boolean {
  const request = {
    prospect: { email: input.email, name: input.prospectName, company: input.companyName, linkedin_url: input.linkedinUrl },
    company: { name: input.companyName, linkedin_url: input.companyLinkedinUrl },
  };
  return holdsOnly(data.prospect, request.prospect) && holdsOnly(data.company, request.company) && data.decision_makers.length === 0;
}

/** Every field but the id is null, an empty list, or the value the request gave for it. */
function holdsOnly(fields: object, given: Record<string, string | undefined>): boolean {
  return Object.entries(fields).every(([field, value]) => field === 'id' || value === null || (Array.isArray(value) && value.length === 0) || (given[field] !== undefined && value === given[field]));
}
