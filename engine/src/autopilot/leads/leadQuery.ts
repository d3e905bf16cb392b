import { AppError } from '../../platform/errors.ts';
import type { LeadEndReason, LeadSort } from '../contract.ts';
import { type LeadQuery, leadOutcome } from './leads.ts';

/** `GET /autopilot/leads[.csv]`'s query as its schema lets it through: text where the handler reads it. */
export interface LeadQueryParameters {
  autopilot?: string;
  outcome?: string;
  end_reason?: LeadEndReason;
  enrolled_from?: string;
  enrolled_to?: string;
  email?: string;
  sort?: LeadSort;
  before?: number;
  cursor?: string;
  limit?: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/** A day (`2026-11-20`, its start in UTC) or a time with its offset; `invalid_query` for anything else. */
function instant(name: string, text: string): Date {
  const refused = () => new AppError('invalid_query', {}, `${name} must be a date (2026-11-20) or a time with its offset (2026-11-20T10:00:00+01:00)`);
  if (DATE.test(text)) {
    const day = new Date(`${text}T00:00:00Z`);
    // `2026-02-31` is no day, though Date would take it for 3 March.
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text) throw refused();
    return day;
  }
  const time = DATE_TIME.test(text) ? new Date(text) : undefined;
  if (!time || Number.isNaN(time.getTime())) throw refused();
  return time;
}

/** The lead query the parameters ask for: `invalid_query` for an outcome, a date or an address search that is none. */
export function leadQueryOf(parameters: LeadQueryParameters): LeadQuery {
  const { outcome: outcomeText, enrolled_from, enrolled_to, email, ...rest } = parameters;
  const outcome = outcomeText === undefined ? undefined : leadOutcome(outcomeText);
  if (outcomeText !== undefined && outcome === undefined) throw new AppError('invalid_query', {}, 'outcome must be Active, Responded, Closed or Failed');
  // PostgreSQL takes no NUL in text.
  if (email !== undefined && (email.includes('\u0000') || !email.isWellFormed())) throw new AppError('invalid_query', {}, 'email must be text');
  return {
    ...rest,
    outcome,
    // An empty search searches nothing out (it would otherwise leave out the contacts without an address).
    email: email?.trim() ? email : undefined,
    enrolledFrom: enrolled_from === undefined ? undefined : instant('enrolled_from', enrolled_from),
    enrolledTo: enrolled_to === undefined ? undefined : instant('enrolled_to', enrolled_to),
  };
}
