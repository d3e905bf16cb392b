import { isoWithOffset } from '../../platform/time.ts';
import type { DecisionMakersLookup, FieldOrigin, Provenance, ResearchData, SourcePart } from '../contract.ts';
import type { ResearchInput } from './pipeline.ts';
import { INFRASTRUCTURE_FAILURES, type SourceCall } from './sourceCalls.ts';

/**
 * Where each filled fact field of a brief came from. Each field is traced by its value: the first
 * source, in the order the pipeline merged them, whose answer holds the value the brief shows (a tie,
 * two sources saying the same, is credited to the one the merge preferred); the caller's own fields are
 * `request`. A field that holds the writer's checked English version of a source's text (title,
 * description) is credited to that source, `translated`. Technologies are the union of every source
 * that named one of them.
 */
export function provenanceOf(
  data: ResearchData,
  input: ResearchInput,
  calls: readonly SourceCall[],
  extra: { translated: { title: boolean; description: boolean }; decisionMakers: DecisionMakersLookup },
): Provenance {
  const answered = (part: SourcePart) => calls.filter((call) => call.part === part && call.outcome !== 'failed' && call.outcome !== 'pending');
  const fieldsOf = (part: SourcePart, field: string): Candidate[] => answered(part).map((call) => ({ origin: origin(call), value: (call.answer as Record<string, unknown> | null)?.[field] }));
  const request = (value: string | undefined): Candidate[] => [{ origin: { source: 'request', fetched_at: null }, value }];
  const whole = (part: SourcePart): Candidate[] => answered(part).map((call) => ({ origin: origin(call), value: call.answer }));

  const { prospect, company } = data;
  const fields: Record<string, FieldOrigin[]> = {};
  const trace = (path: string, value: unknown, candidates: Candidate[], options: { translated?: boolean; same?: (a: unknown, b: unknown) => boolean } = {}) => {
    if (!filled(value)) return;
    // Case aside: a source's text may be cased for display after it answered (PDL's lower case).
    const same = options.same ?? ((a, b) => a === b || (typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase()));
    const match = candidates.find((candidate) => filled(candidate.value) && same(candidate.value, value));
    if (match) fields[path] = [match.origin];
    else if (options.translated) {
      const source = candidates.find((candidate) => filled(candidate.value) && candidate.origin.source !== 'request');
      if (source) fields[path] = [{ ...source.origin, translated: true }];
    }
  };
  const list = (path: string, value: unknown, part: SourcePart) => {
    // null: unknown (the source failed or was not asked); a list, even empty, is what the source answered.
    const call = answered(part)[0];
    if (value !== null && value !== undefined && call) fields[path] = [origin(call)];
  };

  trace('/prospect/name', prospect.name, [...fieldsOf('person', 'name'), ...request(input.prospectName)]);
  trace('/prospect/title', prospect.title, fieldsOf('person', 'title'), { translated: extra.translated.title });
  trace('/prospect/company', prospect.company, [...fieldsOf('person', 'company'), ...fieldsOf('company', 'name'), ...request(input.companyName)]);
  trace('/prospect/email', prospect.email, request(input.email));
  trace('/prospect/linkedin_url', prospect.linkedin_url, [...request(input.linkedinUrl), ...fieldsOf('person', 'linkedinUrl')]);
  trace('/prospect/photo', prospect.photo, [...fieldsOf('person', 'photo'), ...whole('photo')]);
  trace('/prospect/last_role_start', prospect.last_role_start, fieldsOf('person', 'lastRoleStart'));
  list('/prospect/posts', prospect.posts, 'prospect_posts');

  trace('/company/name', company.name, [...fieldsOf('company', 'name'), ...request(input.companyName)]);
  trace('/company/description', company.description, fieldsOf('company', 'description'), { translated: extra.translated.description });
  trace('/company/linkedin_url', company.linkedin_url, [...request(input.companyLinkedinUrl), ...fieldsOf('company', 'linkedinUrl')]);
  trace('/company/website', company.website, fieldsOf('company', 'website'));
  trace('/company/industry', company.industry, fieldsOf('company', 'industry'), { same: (a, b) => String(a).toLowerCase() === String(b).toLowerCase() });
  trace('/company/hq', company.hq, fieldsOf('company', 'hq'));
  trace('/company/revenue', company.revenue, fieldsOf('company', 'revenue'));
  trace('/company/employees', company.employees, fieldsOf('company', 'employees'));
  if (company.technologies?.length) {
    const named = new Set(company.technologies);
    const sources = [...fieldsOf('company', 'technologies'), ...whole('technologies')]
      .filter((candidate) => [candidate.value].flat().some((name) => named.has(name as string)))
      .map((candidate) => candidate.origin);
    if (sources.length > 0) fields['/company/technologies'] = sources;
  }
  list('/company/news', company.news, 'news');
  list('/company/posts', company.posts, 'company_posts');
  if (data.decision_makers.length > 0) list('/decision_makers', data.decision_makers, 'decision_makers');

  return {
    degraded: calls.some((call) => call.outcome === 'failed'),
    fields,
    sources: calls
      .filter((call) => call.outcome !== 'pending')
      .map((call) => ({
        source: call.source,
        part: call.part,
        outcome: call.outcome as 'found' | 'not_found' | 'failed',
        at: isoWithOffset(call.at ?? new Date()),
        cached: call.cached,
        failure: call.failure ?? null,
      })),
    decision_makers: extra.decisionMakers,
  };
}

interface Candidate {
  origin: FieldOrigin;
  value: unknown;
}

function origin(call: SourceCall): FieldOrigin {
  return { source: call.source, fetched_at: call.at ? isoWithOffset(call.at) : null };
}

function filled(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
}

/**
 * Whether the calls that identify the prospect (every person source and every paid company source:
 * `identity`) were made and every one of them failed by infrastructure, with nothing found by the
 * other sources that can name the company (the website: `alsoIdentify`). Then the job fails and is refunded.
 */
export function identitySourcesDown(calls: readonly SourceCall[], identity: (call: SourceCall) => boolean, alsoIdentify: (call: SourceCall) => boolean): string[] | undefined {
  const asked = calls.filter(identity);
  if (asked.length === 0) return undefined;
  if (!asked.every((call) => call.outcome === 'failed' && INFRASTRUCTURE_FAILURES.has(call.failure!))) return undefined;
  if (calls.some((call) => alsoIdentify(call) && call.outcome === 'found')) return undefined;
  return asked.map((call) => `${call.source} ${call.part}: ${call.failure}`);
}
