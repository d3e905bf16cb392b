import type { SourceEvent } from '@prospect-research/engine';
import type { LeadEndReason } from '@prospect-research/engine/autopilot-contract';

/**
 * The app's event types on HubSpot's contact timeline (HubSpot's "app events"), each declared by a
 * component in src/app/app-events/ whose uid is the `eventTypeName` an occurrence is sent with.
 * test/project.db.test.ts checks the components against these.
 */
export const APP_EVENT_TYPES = {
  touchSent: 'prospect_research_touch_sent',
  reply: 'prospect_research_reply',
  leadEnded: 'prospect_research_lead_ended',
} as const;
export type AppEventType = (typeof APP_EVENT_TYPES)[keyof typeof APP_EVENT_TYPES];

/**
 * Why a lead ended, in words: the labels of the lead-ended event's `end_reason` options (the same
 * words as the dashboard's). Keyed by the engine's end reasons, so one the engine gains fails the type
 * check here, and the project test until the component lists it too.
 */
export const END_REASON_WORDS: Record<LeadEndReason, string> = {
  replied: 'Replied',
  call_connected: 'Call connected',
  meeting_booked: 'Meeting booked',
  invite_accepted: 'Connection accepted',
  property_changed: 'CRM property changed',
  unsubscribed: 'Unsubscribed',
  closed_manually: 'Closed by hand',
  sequence_ended: 'Sequence ended',
  no_reachable_channel: 'No reachable channel',
  fell_behind: 'Fell behind',
  domain_excluded: 'Domain excluded',
  autopilot_archived: 'Autopilot archived',
};

/** A reply the CRM logged (an incoming e-mail logged in HubSpot) has no channel of the engine's: it shows as this. */
export const LOGGED_IN_HUBSPOT = 'hubspot';

/** A subject shown on the timeline, at most (characters, on one line). */
export const SUBJECT_LIMIT = 250;

/** One app event occurrence as HubSpot's app events API takes it (`POST /integrators/timeline/v4/events/batch`, `inputs`). */
export interface Occurrence {
  eventTypeName: AppEventType;
  /** Ours, stable: HubSpot keeps the first occurrence of an id, so one sent again is not shown twice. */
  id: string;
  /** The HubSpot contact id. */
  objectId: string;
  /** When it happened (ISO 8601), not when it was sent. */
  timestamp: string;
  properties: Record<string, string | number>;
}

/**
 * Text from the engine shown as a plain value on one line: whitespace collapsed, the characters
 * HubSpot's templates could take for markup (`<`, `>`, `[`, `]`, `{`, `}`) replaced by look-alikes, cut
 * at a word before `limit` with an ellipsis.
 */
export function plainText(text: string, limit: number): string {
  const flat = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[<>[\]{}]/g, (c) => ({ '<': '‹', '>': '›', '[': '(', ']': ')', '{': '(', '}': ')' })[c]!);
  if (flat.length <= limit) return flat;
  return `${flat.slice(0, limit - 1).replace(/\s+\S*$/, '')}…`;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * What an engine lead event shows on its contact's timeline, as occurrences (none, one, or two):
 *
 * - `touch.sent`: "touch sent" with the Autopilot, the step (1 for the first), the channel and the
 *   subject (an e-mail's; empty for a message without one, and after the contact was erased).
 * - `lead.responded` ended by a reply: "reply" with the channel it came on ("Logged in HubSpot" for
 *   a reply logged in the CRM), then "lead ended" like any end. The reply's words are never sent: an
 *   occurrence cannot be removed once HubSpot has it (an erasure asked of the engine could not reach
 *   it), and the whole reply is in the dashboard's Replies inbox.
 * - `lead.responded`, `lead.closed`: "lead ended" with the Autopilot, the outcome and why, in words.
 *
 * Each occurrence's id is the engine event's id (with `-reply` for the reply): stable across runs.
 */
export function occurrencesOf(event: SourceEvent): Occurrence[] {
  const base = { objectId: event.contactId, timestamp: event.occurredAt.toISOString() };
  const autopilot = plainText(event.autopilot ?? 'An Autopilot since deleted', 200);
  if (event.type === 'touch.sent') {
    const step = typeof event.data.step === 'number' ? event.data.step + 1 : 0;
    const channel = text(event.data.channel) ?? 'email';
    const subject = text(event.data.subject);
    return [
      {
        ...base,
        eventTypeName: APP_EVENT_TYPES.touchSent,
        id: event.id,
        properties: { autopilot, step, channel, subject: subject === undefined ? '' : plainText(subject, SUBJECT_LIMIT) },
      },
    ];
  }
  const outcome = text(event.data.outcome) ?? (event.type === 'lead.responded' ? 'Responded' : 'Closed');
  const endReason = text(event.data.end_reason) ?? 'closed_manually';
  const ended: Occurrence = { ...base, eventTypeName: APP_EVENT_TYPES.leadEnded, id: event.id, properties: { autopilot, outcome, end_reason: endReason } };
  if (event.replyChannel === undefined) return [ended];
  const reply: Occurrence = { ...base, eventTypeName: APP_EVENT_TYPES.reply, id: `${event.id}-reply`, properties: { autopilot, channel: event.replyChannel ?? LOGGED_IN_HUBSPOT } };
  return [reply, ended];
}
