import type { CompanyFacts, FieldConflict, FundingFacts, PersonFacts } from '../sources/facts.ts';

/**
 * Several sources' facts about one person or company, merged: field by field, the first source in the
 * source order that has a value gives it (`RESEARCH_PERSON_SOURCE_ORDER`, default Apollo then People Data
 * Labs, then the company's own website). A funding record is one field: its stage, amounts, date and
 * investors always come from one source together.
 *
 * Where sources disagree on a field a rep or the writer would state (a title, a headcount, a founding
 * year...), every distinct value is kept with its source in `conflicts`, in the same order: the first
 * is the value shown, the others are what the writer sees beside it (factSheet.ts). Values that differ
 * only in case, spacing or punctuation agree. Descriptions, URLs and photos are not compared: two
 * sources never word a description alike.
 */

export interface Found<T> {
  source: string;
  facts: T | null;
}

const PERSON_COMPARED = ['title', 'company', 'location', 'lastRoleStart'] as const satisfies readonly (keyof PersonFacts)[];
const COMPANY_COMPARED = ['industry', 'hq', 'revenue', 'employees', 'founded', 'funding'] as const satisfies readonly (keyof CompanyFacts)[];

export function mergePersonFacts(found: Found<PersonFacts>[]): PersonFacts {
  return merge(found, PERSON_COMPARED);
}

/** Technologies are the union of every source's (with the mail provider), set by the pipeline. */
export function mergeCompanyFacts(found: Found<CompanyFacts>[]): CompanyFacts {
  return merge(found, COMPANY_COMPARED);
}

function merge<T extends { conflicts?: FieldConflict[] }>(found: Found<T>[], compared: readonly string[]): T {
  const merged: Record<string, unknown> = {};
  for (const { facts } of found) {
    for (const [field, value] of Object.entries(facts ?? {})) {
      if (field !== 'conflicts' && !empty(value) && merged[field] === undefined) merged[field] = value;
    }
  }
  const conflicts: FieldConflict[] = [];
  for (const field of compared) {
    const values: FieldConflict['values'] = [];
    const seen = new Set<string>();
    for (const { source, facts } of found) {
      const value = facts ? label(field, (facts as Record<string, unknown>)[field]) : undefined;
      if (value === undefined) continue;
      const key = value.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
      if (seen.has(key)) continue;
      seen.add(key);
      values.push({ source, value });
    }
    if (values.length > 1) conflicts.push({ field, values });
  }
  if (conflicts.length > 0) merged.conflicts = conflicts;
  return merged as T;
}

/** A field's value as one line of text, for comparing and for the writer; undefined when empty. */
function label(field: string, value: unknown): string | undefined {
  if (empty(value)) return undefined;
  if (field === 'funding') return fundingLabel(value as FundingFacts);
  return typeof value === 'string' ? value : undefined;
}

/** A funding record told by its stage and amounts (what two sources would disagree on). */
export function fundingLabel(funding: FundingFacts): string | undefined {
  const parts = [
    funding.stage,
    funding.total && `${funding.total} raised in total`,
    funding.lastRoundAmount && `latest round ${funding.lastRoundAmount}`,
    funding.lastRoundDate && `on ${funding.lastRoundDate}`,
  ].filter((part): part is string => !!part);
  return parts.length === 0 ? undefined : parts.join(', ');
}

function empty(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0) || (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0)
  );
}
