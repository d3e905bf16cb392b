import type { Language, ProductInput } from '../../accounts/index.ts';
import type { CompanyFacts, FieldConflict, FundingFacts, NewsFacts, PersonFacts, PostFacts, PreviousRole } from '../sources/facts.ts';
import type { FactEntry, FactSheet } from '../../grounding/index.ts';

/** What the brief writer is given: the gathered facts, the account's language and its product. */
export interface BriefInput {
  /** The account's language: everything generated is written in it. */
  language: Language;
  /** The caller's product: synergy points and discovery questions are written against it. */
  product: ProductInput;
  /** Null when no source found the person: the prospect part is then not written. */
  person: PersonFacts | null;
  /** Null when no source found the company: the company part is then not written. */
  company: CompanyFacts | null;
  /** The prospect's recent posts, each flagged own or `reshared`. */
  prospectPosts: PostFacts[];
  /** The company page's recent posts, each flagged own or `reshared`. */
  companyPosts: PostFacts[];
  news: NewsFacts[];
}

/** Longest post or description text given; longer ones are cut (token budget). */
const MAX_TEXT = 1_500;

/** Labels the model reads on each post: a reshared post is never the author's own words. */
export const POST_LABELS = {
  prospectOwn: "a post written by the prospect (the prospect's own words)",
  prospectReshared: "a post shared by the prospect, written by someone else (NOT the prospect's words or opinion)",
  companyOwn: 'a post written by the company page',
  companyReshared: "a post shared by the company page, written by someone else (NOT the company's words)",
} as const;

/**
 * The facts the writer may use, one entry per fact, each with an id the model cites for every item it
 * writes (`prospect.title`, `company.employees`, `prospect_post.2`, `news.1`, `product`). The checks
 * look a claim up only in the entries its item cites. A new kind of fact (a funding round, a founding
 * year) is one more entry here (grounding/facts.ts says what an entry holds), with the kind its numbers count.
 *
 * URLs, photos and times of day are left out: nothing to say about them, and their digits would
 * ground numbers.
 *
 * Where sources disagree on a field (mergeFacts.ts), its entry shows the value of the first source in
 * the source order with `source`, and every other source's value in `other_sources` ("peopledatalabs:
 * 1001-5000"): the writer sees both, and an item citing the entry may use either.
 */
export function factSheet(input: BriefInput): FactSheet {
  const entries: FactEntry[] = [];
  const conflicts = new Map<string, FieldConflict>([
    ...(input.person?.conflicts ?? []).map((c) => [`prospect.${c.field}`, c] as const),
    ...(input.company?.conflicts ?? []).map((c) => [`company.${c.field}`, c] as const),
  ]);
  const add = (id: string, about: string, fields: Record<string, string | string[] | undefined>, extra: Partial<FactEntry> = {}, conflictKey = id) => {
    const conflict = conflicts.get(conflictKey);
    if (conflict && Object.values(fields).some((value) => value !== undefined)) {
      about = `${about} (sources disagree: \`value\` is from ${conflict.values[0]!.source}, the preferred source; \`other_sources\` gives the others)`;
      fields = { ...fields, source: conflict.values[0]!.source, other_sources: otherSources(conflict) };
    }
    const present = Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string | string[]] => {
        const value = entry[1];
        return Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value.trim() !== '';
      }),
    );
    if (Object.keys(present).length > 0) entries.push({ id, about, fields: present, also: [], ...extra });
  };

  const person = input.person;
  if (person) {
    add('prospect.name', "the prospect's name", { value: person.name });
    add('prospect.title', "the prospect's job title, as the source wrote it", { value: person.title });
    add('prospect.company', "the prospect's current company", { value: person.company });
    add('prospect.location', "the prospect's location", { value: person.location });
    add('prospect.role_start', 'the date the prospect started in the current role', { value: person.lastRoleStart }, { numberKind: 'role_start' }, 'prospect.lastRoleStart');
    add('prospect.headline', "the prospect's own profile headline, as they wrote it", { value: person.headline });
    (person.previousRoles ?? []).forEach((role, index) =>
      add(`prospect.previous_role.${index + 1}`, 'a job the prospect held before the current one (ended)', previousRoleFields(role), { numberKind: 'role_start' }),
    );
  }
  const company = input.company;
  if (company) {
    add('company.name', "the company's name", { value: company.name });
    add('company.description', "the company's description, as the source wrote it", { value: cut(company.description) });
    add('company.website', "the company's website", { value: company.website });
    add('company.industry', "the company's industry", { value: company.industry });
    add('company.hq', "the company's headquarters", { value: company.hq });
    add('company.revenue', "the company's estimated annual revenue", { value: company.revenue }, { numberKind: 'revenue' });
    add('company.employees', "the company's estimated number of employees", { value: company.employees }, { numberKind: 'employees' });
    add('company.technologies', 'technologies the company uses', { value: company.technologies });
    add('company.founded', 'the year the company was founded', { value: company.founded }, { numberKind: 'founded' });
    add('company.keywords', 'keywords the source gives for what the company does', { value: company.keywords });
    if (company.funding) add('company.funding', "the company's funding (its latest round and total raised), as one source gave it", fundingFields(company.funding), { numberKind: 'funding' });
  }
  const posts = (kind: 'prospect' | 'company', list: PostFacts[]) =>
    list.forEach((post, index) => {
      const label = kind === 'prospect' ? (post.reshared ? POST_LABELS.prospectReshared : POST_LABELS.prospectOwn) : post.reshared ? POST_LABELS.companyReshared : POST_LABELS.companyOwn;
      add(`${kind}_post.${index + 1}`, label, { posted_on: day(post.postedAt), text: cut(post.text) }, { reshared: post.reshared });
    });
  if (input.person || input.prospectPosts.length > 0) posts('prospect', input.prospectPosts);
  if (input.company || input.companyPosts.length > 0 || input.news.length > 0) {
    posts('company', input.companyPosts);
    input.news.forEach((item, index) => add(`news.${index + 1}`, 'a news item about the company', { headline: item.title, outlet: item.source, published_on: day(item.publishedAt) }));
  }
  add('product', "the seller's own product", productFields(input.product));

  const subjects = [person?.name, person?.company, company?.name, input.product.name, 'LinkedIn'].filter((name): name is string => !!name?.trim());
  return { entries, ids: entries.map((entry) => entry.id), byId: new Map(entries.map((entry) => [entry.id, entry])), subjects };
}

function previousRoleFields(role: PreviousRole): Record<string, string | undefined> {
  return { company: role.company, title: role.title, from: role.start, to: role.end, tenure: tenure(role.start, role.end) };
}

function fundingFields(funding: FundingFacts): Record<string, string | string[] | undefined> {
  return {
    latest_stage: funding.stage,
    total_raised: funding.total,
    latest_round_amount: funding.lastRoundAmount,
    latest_round_date: funding.lastRoundDate,
    latest_round_investors: funding.investors,
  };
}

function otherSources(conflict: FieldConflict): string[] {
  return conflict.values.slice(1).map(({ source, value }) => `${source}: ${value}`);
}

/** How long a job lasted, from its start and end days: `4 years 3 months`, `8 months`; none when a date is missing or it lasted under a month. */
export function tenure(start: string | undefined, end: string | undefined): string | undefined {
  if (!start || !end) return undefined;
  const [sy, sm, sd] = start.split('-').map(Number) as [number, number, number];
  const [ey, em, ed] = end.split('-').map(Number) as [number, number, number];
  const months = (ey - sy) * 12 + (em - sm) - (ed < sd ? 1 : 0);
  if (!(months >= 1)) return undefined;
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const parts = [years > 0 ? `${years} year${years > 1 ? 's' : ''}` : '', rest > 0 ? `${rest} month${rest > 1 ? 's' : ''}` : ''];
  return parts.filter(Boolean).join(' ');
}

function productFields(product: ProductInput): Record<string, string | string[]> {
  return { name: product.name, description: product.description, key_features: product.features, target_customers: product.customers };
}

/** The FACTS block of the prompt: every entry with its id. */
export function factsForPrompt(sheet: FactSheet): object[] {
  return sheet.entries.filter((entry) => entry.id !== 'product').map((entry) => ({ id: entry.id, about: entry.about, ...entry.fields }));
}

/** `YYYY-MM-DD` of an ISO instant: the time of day adds nothing to write about, and its digits would ground numbers. */
function day(instant: string): string {
  return instant.slice(0, 10);
}

function cut(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}
