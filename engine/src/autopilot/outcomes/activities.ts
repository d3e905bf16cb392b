import { type Pool, transaction } from '../../platform/database/database.ts';
import { storableText } from '../../platform/database/storableText.ts';
import { AppError } from '../../platform/errors.ts';
import { isoWithOffset, type Clock } from '../../platform/time.ts';
import { documentRefusal, pointer, type Problem, problemLines, type Problems, where } from '../../platform/validation/index.ts';
import {
  type ActivityAccepted,
  type ActivityEffect,
  type ActivityInput,
  type ActivityType,
  type ContactState,
  HUBSPOT_CONNECTED_DISPOSITION,
  type LeadEndReason,
  MAX_SUBJECT_LENGTH,
} from '../contract.ts';
import { contactNotFound, isPossibleContactId } from '../intake/contacts.ts';
import type { CrmSource } from '../intake/source.ts';
import { autoReplyReason } from '../mail/autoReply.ts';
import { headerFieldsOf } from '../mail/headerFields.ts';
import { lockLead, type StopConditions } from './timelineRecords.ts';
import { applyEvent, type Decision } from './signals.ts';

/** An activity a CRM logged on a contact, as the CRM port takes it. */
export interface Activity {
  type: ActivityType;
  occurredAt: Date;
  /**
   * How precisely `occurredAt` was given, in milliseconds: 1000 for a time to the second
   * (`09:00:00Z`), 1 for milliseconds (the default, as a CRM's epoch milliseconds are). Compared with
   * the enrolment at that precision: an activity given to the second in the second of the enrolment is
   * not before it.
   */
  precisionMs?: number;
  /** The CRM's id of it: the same id twice is one activity. */
  id?: string;
  /** `call`: whether it connected (the CRM's own yes or no wins over its disposition). */
  connected?: boolean;
  disposition?: string;
  /** `email_reply`: the reply's text (never read to tell an auto-reply apart: a person may write that they are away). */
  text?: string;
  /** `email_reply`: its subject line; one an auto-responder writes makes it an auto-reply. */
  subject?: string;
  /** `email_reply`: header fields the CRM kept, by name in any case; checked before the subject (`Auto-Submitted`...). */
  headers?: Readonly<Record<string, string | readonly string[]>>;
}

/** How the body of `POST /autopilot/contacts/{id}/activities` is refused: `invalid_activity` with every problem in words. */
export const activityRefusal = documentRefusal(
  {
    absent: 'The request has no body: send {"type": "call", "occurred_at": "2030-01-07T09:00:00Z", ...} as JSON',
    notObject: 'An activity is sent as {"type": "call" | "meeting" | "email_reply", "occurred_at": "...", ...}',
  },
  (problems) => invalidActivity(problems),
  (value, problems) => checkFields(value as ActivityInput, problems),
);

/** The activity a checked body (`activityRefusal`) describes. */
export function activityOf(input: ActivityInput): Activity {
  return {
    type: input.type,
    occurredAt: new Date(input.occurred_at),
    precisionMs: precisionOf(input.occurred_at),
    ...(input.id === undefined ? {} : { id: input.id }),
    ...(input.connected === undefined ? {} : { connected: input.connected }),
    ...(input.disposition === undefined ? {} : { disposition: input.disposition }),
    ...(input.text === undefined ? {} : { text: input.text }),
    ...(input.subject === undefined ? {} : { subject: input.subject }),
    ...(input.headers === undefined ? {} : { headers: input.headers }),
  };
}

/** The precision of an ISO 8601 time as written: to the minute, the second, or a fraction of one (at most the millisecond a Date holds). */
export function precisionOf(text: string): number {
  const time = /T\d{2}:\d{2}(?::\d{2}(?:[.,](\d+))?)?/.exec(text);
  if (!time) return 1;
  if (!time[0].slice(6)) return 60_000;
  const fraction = time[1]?.length ?? 0;
  return fraction >= 3 ? 1 : 10 ** (3 - fraction);
}

/** Whether an activity happened before the enrolment, compared at the precision it was given in (`precisionMs`). */
export function beforeEnrolment(activity: Pick<Activity, 'occurredAt' | 'precisionMs'>, enrolledAt: Date): boolean {
  const precision = activity.precisionMs ?? 1;
  const enrolled = enrolledAt.getTime();
  return activity.occurredAt.getTime() < enrolled - (((enrolled % precision) + precision) % precision);
}

/** RFC 5322's field name: printable ASCII but the colon (and so no space), here at most 100 of them. */
const HEADER_NAME = /^[\x21-\x39\x3b-\x7e]{1,100}$/;

function checkFields(input: ActivityInput, problems: Problems): void {
  const [year, month, day] = input.occurred_at.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (Number.isNaN(Date.parse(input.occurred_at)) || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    problems.error(pointer('occurred_at'), `"occurred_at" is not a time that exists: ${JSON.stringify(input.occurred_at)}`);
  }
  if (input.type !== 'call') {
    for (const field of ['connected', 'disposition'] as const) {
      if (input[field] !== undefined) problems.error(pointer(field), `"${field}" belongs to a call, not to a ${input.type.replace('_', ' ')}`);
    }
  }
  if (input.type !== 'email_reply') {
    for (const field of ['text', 'subject', 'headers'] as const) {
      if (input[field] !== undefined) problems.error(pointer(field), `"${field}" belongs to an e-mail reply, not to a ${input.type}`);
    }
  }
  for (const name of Object.keys(input.headers ?? {})) {
    if (!HEADER_NAME.test(name)) {
      problems.error(
        pointer('headers', name),
        `${where(pointer('headers', name))} is not a header name: a name is 1 to 100 printable ASCII characters without spaces or a colon, such as "Auto-Submitted"`,
      );
    }
  }
}

function invalidActivity(problems: Problem[]): AppError {
  return new AppError('invalid_activity', { problems }, ['The activity was not taken:', ...problemLines(problems)].join('\n'));
}

/** A call connected when the CRM says so, else when its outcome is named Connected (HubSpot: its default Connected id). */
export function callConnected(activity: Pick<Activity, 'connected' | 'disposition'>): boolean {
  if (activity.connected !== undefined) return activity.connected;
  const disposition = activity.disposition?.trim().toLowerCase();
  return disposition === 'connected' || disposition === HUBSPOT_CONNECTED_DISPOSITION;
}

/**
 * Which stop condition an activity is, whether it is met, and the end reason it gives. An e-mail reply an
 * auto-responder wrote (`autoReply`: why, from its headers or subject) is recorded, never a win.
 */
function decide(activity: Activity, stop: StopConditions, autoReply: string | undefined): { decision: Decision; why: string } {
  if (autoReply !== undefined) return { decision: { kind: 'record' }, why: `an auto-reply (${autoReply}), which never counts as a reply; the sequence goes on` };
  const condition = (name: 'reply' | 'call_connected' | 'meeting_booked', reason: LeadEndReason) =>
    stop[name] ? { decision: { kind: 'end', reason } as const, why: '' } : { decision: { kind: 'record' } as const, why: `its Autopilot's stop condition "${name}" is off, so the sequence goes on` };
  switch (activity.type) {
    case 'email_reply':
      return condition('reply', 'replied');
    case 'meeting':
      return condition('meeting_booked', 'meeting_booked');
    case 'call':
      return callConnected(activity) ? condition('call_connected', 'call_connected') : { decision: { kind: 'record' }, why: 'the call did not connect, so the sequence goes on' };
  }
}

const WORDS: Partial<Record<LeadEndReason, string>> = { replied: 'the lead replied', call_connected: 'connected on a call', meeting_booked: 'a meeting was booked' };

/**
 * Applies an activity a CRM logged on a contact, in one transaction with the lead locked: a connected
 * call, a meeting booked or an e-mail reply after enrolment is a win (outcome `Responded`) when its stop
 * condition is on; anything else is recorded on the lead's timeline, an e-mail reply an auto-responder
 * wrote (its headers, else its subject, as the e-mail channel tells them) included (`auto_reply`). An
 * activity from before the enrolment never counts and is not recorded; the same activity twice (its `id`,
 * or the same type at the same instant) changes nothing. `contact_not_found` for a contact the CRM never sent.
 */
export async function logActivity(pool: Pool, { accountId, source }: CrmSource, contactId: string, activity: Activity, clock: Clock): Promise<ActivityAccepted> {
  if (!isPossibleContactId(contactId)) throw contactNotFound(contactId, source);
  const now = clock.now();
  // The e-mail channel's own test, headers then subject; the reply's text is never read for it. A
  // subject from the CRM port is bounded here as the API bounds it.
  const subject = activity.subject === undefined ? undefined : storableText(activity.subject, MAX_SUBJECT_LENGTH);
  const autoReply = activity.type === 'email_reply' ? autoReplyReason(headerFieldsOf(activity.headers), subject) : undefined;
  return transaction(pool, async (client) => {
    const answer = (effect: ActivityEffect, text: string, lead: { id: number; outcome: ActivityAccepted['outcome']; end_reason: ActivityAccepted['end_reason'] } | null = null): ActivityAccepted => ({
      contact_id: contactId,
      contact_source: source,
      type: activity.type,
      lead_id: lead?.id ?? null,
      effect,
      outcome: lead?.outcome ?? null,
      end_reason: lead?.end_reason ?? null,
      text,
    });
    const lead = await lockLead(client, accountId, { source, contactId });
    if (!lead) {
      const { rows } = await client.query<{ state: ContactState }>('SELECT state FROM autopilot_contacts WHERE account_id = $1 AND source = $2 AND contact_id = $3', [accountId, source, contactId]);
      if (!rows[0]) throw contactNotFound(contactId, source);
      return answer('no_lead', `The contact is not enrolled in an Autopilot (it is ${rows[0].state}): nothing to stop, nothing recorded`);
    }
    const current = { id: lead.id, outcome: lead.outcome, end_reason: lead.endReason };
    if (beforeEnrolment(activity, lead.enrolledAt)) {
      return answer('before_enrolment', `It happened before the lead was enrolled (${isoWithOffset(lead.enrolledAt)}), so it never counts: nothing changed, nothing recorded`, current);
    }
    const { decision, why } = decide(activity, lead.stop, autoReply);
    const applied = await applyEvent(
      client,
      lead,
      {
        kind: activity.type === 'email_reply' ? 'reply' : activity.type,
        channel: activity.type === 'email_reply' ? 'email' : null,
        occurredAt: activity.occurredAt,
        dedupeKey: `crm:${contactId}:${activity.id === undefined ? `at:${activity.occurredAt.toISOString()}` : `id:${activity.id}`}`,
        detail: { source: 'crm', ...(activity.id === undefined ? {} : { id: activity.id }), ...detailOf({ ...activity, subject }), ...(autoReply === undefined ? {} : { auto_reply: autoReply }) },
      },
      decision,
      now,
    );
    const after = { id: lead.id, outcome: applied.outcome, end_reason: applied.endReason };
    switch (applied.effect) {
      case 'duplicate':
        return answer('duplicate', 'This activity was logged before: nothing changed', after);
      case 'lead_ended':
        return answer('lead_ended', `Recorded on the lead's timeline; the lead had ended before (${lead.outcome}, ${lead.endReason}) and stays as it was`, after);
      case 'ended_lead':
        return answer('ended_lead', `The lead ended: ${WORDS[applied.endReason!] ?? applied.endReason}. Its outcome is ${applied.outcome}; its queued touches are cancelled`, after);
      default:
        return answer(autoReply === undefined ? 'recorded' : 'auto_reply', `Recorded on the lead's timeline: ${why}`, after);
    }
  });
}

function detailOf(activity: Activity): Record<string, unknown> {
  if (activity.type === 'call') return { connected: callConnected(activity), ...(activity.disposition === undefined ? {} : { disposition: activity.disposition }) };
  if (activity.type === 'email_reply') {
    return {
      ...(activity.text === undefined ? {} : { text: activity.text }),
      ...(activity.subject === undefined ? {} : { subject: activity.subject }),
    };
  }
  return {};
}
