/**
 * The engine's answers to the card (crm-app/src/card/routes.ts), as the card reads them. HubSpot builds
 * this folder on its own, so the card cannot import the engine's types: they are written out here, and
 * crm-app/test/card/contactCard.ui.test.tsx checks the engine's own examples against them when it compiles.
 */

/** Where the card fetches from: the engine's PUBLIC_URL, which must be the app's `permittedUrls.fetch` origin (app-hsmeta.json; a test checks they agree). */
export const ENGINE_URL = 'https://research.example.com';

export interface FieldOrigin {
  source: string;
  fetched_at: string | null;
  translated?: true;
}

export interface Brief {
  prospect: {
    name: string | null;
    title: string | null;
    company: string | null;
    email: string | null;
    linkedin_url: string | null;
    summary: string | null;
    opening_talk: string[] | null;
  };
  company: {
    name: string | null;
    description: string | null;
    website: string | null;
    industry: string | null;
    hq: string | null;
    employees: string | null;
    discovery_questions: string[] | null;
    news: { summary: string; url: string; date: string }[] | null;
  };
  decision_makers: { full_name: string; position_title: string; linkedin_url: string; company_name: string }[];
}

export type Research =
  | { research_id: string; status: 'queued' }
  | { research_id: string; status: 'processing'; estimated_seconds: number }
  | {
      research_id: string;
      status: 'completed';
      completed_at: string;
      data: Brief;
      cached: boolean;
      empty_reason: 'no_sources_configured' | 'nothing_found' | 'sources_failed' | null;
      provenance: { degraded: boolean; fields: Record<string, FieldOrigin[]> } | null;
    }
  | { research_id: string; status: 'failed'; error: 'internal_error' | 'timeout' };

export type TimelineEntry =
  | { type: 'enrolled'; at: string; autopilot: string }
  | { type: 'touch'; at: string; step: number; channel: string; kind: string; state: 'scheduled' | 'sent' | 'skipped' | 'cancelled'; subject: string | null; skip_reason: string | null }
  | { type: 'event'; at: string; kind: string; channel: string | null; effect: string }
  | { type: 'ended'; at: string; outcome: string; end_reason: string };

export interface Lead {
  id: number;
  autopilot: string;
  outcome: 'Active' | 'Responded' | 'Closed' | 'Failed';
  end_reason: string | null;
  enrolled_at: string;
  ended_at: string | null;
  timeline: TimelineEntry[];
}

export interface CardAnswer {
  portal_id: number;
  contact_id: string;
  state: 'unclaimed' | 'not_received' | 'received';
  text: string;
  email: string | null;
  research: Research | null;
  lead: Lead | null;
  next_touch: { step: number; day: number; channel: string; kind: string; due_at: string; held_reason: string | null } | null;
  can_research: boolean;
  can_close: boolean;
  credits: { remaining: number; limit: number; resets_at: string } | null;
  dashboard_url: string | null;
}

export interface ActionAnswer {
  text: string;
}

/** An error answer of the engine: its code, and its words when it gave any. */
export interface ErrorAnswer {
  error: string;
  message?: string;
}

/** The spec's end reasons as a sentence on the card says them (the dashboard's badges are shorter); crm-app/test/words/endReasons.test.ts keeps the list whole. */
export const END_REASONS: Record<string, string> = {
  replied: 'Lead replied',
  call_connected: 'Connected on a call',
  meeting_booked: 'Meeting booked',
  invite_accepted: 'Invite accepted',
  property_changed: 'CRM property changed',
  unsubscribed: 'Lead unsubscribed',
  closed_manually: 'Closed manually',
  sequence_ended: 'Sequence ended',
  no_reachable_channel: 'No reachable channel',
  fell_behind: 'Fell too far behind its schedule',
  domain_excluded: 'Domain is on the excluded list',
  autopilot_archived: 'Its Autopilot was archived',
};

/** A source's name as a rep knows it. */
const SOURCES: Record<string, string> = {
  apollo: 'Apollo',
  peopledatalabs: 'People Data Labs',
  website: 'the company website',
  mx: 'the mail provider',
  gravatar: 'Gravatar',
  unipile: 'the professional network',
  'google-news': 'Google News',
  request: 'the contact record',
};

export const sourceName = (source: string): string => SOURCES[source] ?? source;

/** A day as a rep reads it (`22 Nov 2026`), in UTC so that every rep sees the same date. */
export function day(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** Where a fact came from, in words: `Apollo, 22 Nov 2026`; sources joined with `; `. */
export function originWords(origins: FieldOrigin[]): string {
  return origins.map((origin) => (origin.fetched_at ? `${sourceName(origin.source)}, ${day(origin.fetched_at)}` : sourceName(origin.source))).join('; ');
}

/** The facts of a brief a rep checks, by the pointer its provenance keys them with. */
export const FACTS: { pointer: string; label: string; value: (brief: Brief) => string | null }[] = [
  { pointer: '/prospect/name', label: 'Name', value: (brief) => brief.prospect.name },
  { pointer: '/prospect/title', label: 'Title', value: (brief) => brief.prospect.title },
  { pointer: '/prospect/company', label: 'Company', value: (brief) => brief.prospect.company },
  { pointer: '/company/description', label: 'What the company does', value: (brief) => brief.company.description },
  { pointer: '/company/industry', label: 'Industry', value: (brief) => brief.company.industry },
  { pointer: '/company/hq', label: 'Headquarters', value: (brief) => brief.company.hq },
  { pointer: '/company/employees', label: 'Employees', value: (brief) => brief.company.employees },
  { pointer: '/company/website', label: 'Website', value: (brief) => brief.company.website },
];
