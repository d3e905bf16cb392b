import { END_REASONS, type EndReason } from '../../words/endReasons';

/** The Leads page's filters, as its address holds them (`?outcome=Active&from=2026-11-01`): a view can be shared, and Back undoes a change. */
export interface LeadFilters {
  autopilot?: string;
  outcome?: Outcome;
  end_reason?: EndReason;
  /** The viewer's calendar days, `YYYY-MM-DD`, both included. */
  from?: string;
  to?: string;
  email?: string;
  sort?: Sort;
}

export const OUTCOMES = ['Active', 'Responded', 'Closed', 'Failed'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const SORTS = { newest: 'Newest first', oldest: 'Oldest first', recently_ended: 'Ended most recently' } as const;
export type Sort = keyof typeof SORTS;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => ((values as readonly string[]).includes(value ?? '') ? (value as T) : undefined);

/** The filters in an address's query; what it holds that is none is left out. */
export function filtersFrom(search: URLSearchParams): LeadFilters {
  const text = (name: string) => search.get(name)?.trim() || undefined;
  const day = (name: string) => (DAY.test(search.get(name) ?? '') ? search.get(name)! : undefined);
  return {
    autopilot: text('autopilot'),
    outcome: oneOf(OUTCOMES, search.get('outcome')),
    end_reason: oneOf(Object.keys(END_REASONS) as EndReason[], search.get('end_reason')),
    from: day('from'),
    to: day('to'),
    email: text('email'),
    sort: oneOf(Object.keys(SORTS) as Sort[], search.get('sort')),
  };
}

/** The address's query for the filters: only those set, newest first left out as the default. */
export function searchFor(filters: LeadFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value && !(name === 'sort' && value === 'newest')) search.set(name, value);
  return search;
}
