import type { Activity } from '@prospect-research/engine';

/**
 * Calls, meetings and e-mails logged in HubSpot ("engagements"), as the Autopilot's CRM port takes
 * activities. HubSpot sends their creations (and a call's outcome set later) through the generic
 * webhook subscriptions, naming the object by its type id.
 */
export const ENGAGEMENTS = {
  calls: { objectTypeId: '0-48', subscriptionObject: 'call', properties: ['hs_timestamp', 'hs_call_disposition', 'hs_createdate'] },
  meetings: { objectTypeId: '0-47', subscriptionObject: 'meeting_event', properties: ['hs_timestamp', 'hs_createdate', 'hs_meeting_start_time'] },
  // The subject tells an out-of-office from a reply (the engine's auto-reply test). hs_email_headers is not
  // read: HubSpot documents it as the addresses and names (from, sender, to, cc, bcc), none of the fields
  // (Auto-Submitted, Precedence...) that mark an auto-reply; the body (hs_email_text) is not read either.
  emails: { objectTypeId: '0-49', subscriptionObject: 'email', properties: ['hs_timestamp', 'hs_email_direction', 'hs_createdate', 'hs_email_subject'] },
} as const;

export type EngagementKind = keyof typeof ENGAGEMENTS;

/** The property whose change makes a logged call count again: its outcome, often set after the call is logged. */
export const CALL_OUTCOME_PROPERTY = 'hs_call_disposition';

/** The kind of engagement an event's `objectTypeId` names, if it is one the Autopilot acts on. */
export function engagementKind(objectTypeId: unknown): EngagementKind | undefined {
  return (Object.keys(ENGAGEMENTS) as EngagementKind[]).find((kind) => ENGAGEMENTS[kind].objectTypeId === objectTypeId);
}

export interface Engagement {
  id: string;
  properties: Record<string, string | null | undefined>;
}

const instant = (value: string | null | undefined): Date | undefined => {
  if (!value) return undefined;
  const date = /^[0-9]+$/.test(value) ? new Date(Number(value)) : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/**
 * The activity an engagement is, or undefined when it is none the Autopilot acts on (an outgoing
 * e-mail, a record without a time). A call is connected when its outcome is one the portal calls
 * Connected; the same call with another answer to that question is another activity (a call logged
 * first and given its Connected outcome later still counts). A meeting counts from when it was booked.
 * An incoming e-mail carries its subject, by which the engine tells an auto-reply (never a win) apart.
 */
export function activityOf(kind: EngagementKind, engagement: Engagement, connectedDispositions: readonly string[]): Activity | undefined {
  const { properties } = engagement;
  if (kind === 'calls') {
    const occurredAt = instant(properties.hs_timestamp);
    if (!occurredAt) return undefined;
    const disposition = properties.hs_call_disposition ?? '';
    const connected = connectedDispositions.includes(disposition);
    return { type: 'call', occurredAt, id: `call:${engagement.id}${connected ? ':connected' : ''}`, connected, ...(disposition ? { disposition } : {}) };
  }
  if (kind === 'meetings') {
    const bookedAt = instant(properties.hs_createdate) ?? instant(properties.hs_timestamp);
    return bookedAt ? { type: 'meeting', occurredAt: bookedAt, id: `meeting:${engagement.id}` } : undefined;
  }
  if (properties.hs_email_direction !== 'INCOMING_EMAIL') return undefined;
  const occurredAt = instant(properties.hs_timestamp);
  const subject = properties.hs_email_subject?.trim();
  return occurredAt ? { type: 'email_reply', occurredAt, id: `email:${engagement.id}`, ...(subject ? { subject } : {}) } : undefined;
}
