/** The lead events an account's webhooks and `GET /events` carry (docs/events.md). */
export const EVENT_TYPES = ['contact.skipped', 'contact.waiting', 'contact.abandoned', 'lead.enrolled', 'touch.sent', 'touch.skipped', 'lead.responded', 'lead.closed', 'credits.threshold'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** One event, as delivered (the webhook body) and listed. */
export interface LeadEvent {
  /** Stable: a receiver deduplicates by it (it is also the delivery's `webhook-id`). */
  id: string;
  type: EventType;
  /** When the change happened, ISO 8601. */
  timestamp: string;
  account_id: number;
  autopilot_id: number | null;
  lead_id: number | null;
  contact_id: string | null;
  /** Where the contact comes from: `api`, or a CRM app's source (`hubspot:<portal id>`); null when there is no contact. */
  contact_source: string | null;
  data: Record<string, unknown>;
}

/** `GET /events`: oldest first; `next_after` pages on (null when this page was the last). */
export interface EventPage {
  events: LeadEvent[];
  next_after: string | null;
}

/** A webhook subscription as `GET /webhooks` shows it; the signing secret only in the answer to its creation. */
export interface WebhookView {
  id: number;
  url: string;
  events: EventType[];
  /** Only this Autopilot's events; null for all of the account's. */
  autopilot: string | null;
  state: 'active' | 'failing' | 'disabled';
  created_at: string;
  last_delivered_at: string | null;
  failing_since: string | null;
  last_error: string | null;
  disabled_at: string | null;
  disabled_reason: string | null;
  /** `whsec_...`: shown once, in the answer to `POST /webhooks`. */
  secret?: string;
}
