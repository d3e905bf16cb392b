/**
 * Calls, meetings and e-mails logged in HubSpot, in the shape the Autopilot's CRM port takes for
 * activities (`activityLogged(accountId, contactId, activity)`, being added to the engine on another
 * branch). Nothing calls this yet: once the port has the method, the events job passes it what this
 * answers for each engagement associated with a known contact.
 */
export interface CrmActivity {
  type: 'call' | 'meeting' | 'email_reply';
  /** When it happened (a call's or an e-mail's hs_timestamp, a meeting's creation: when it was booked). */
  occurred_at: string;
  /** HubSpot's id of the call, meeting or e-mail. */
  crm_id: string;
  /** Calls: whether its outcome (hs_call_disposition) is one the portal calls Connected. */
  connected?: boolean;
  /** Meetings: when it takes place. */
  starts_at?: string;
}

export interface Engagement {
  id: string;
  properties: Record<string, string | null | undefined>;
}

const instant = (value: string | null | undefined): string | undefined => {
  if (!value) return undefined;
  const date = /^[0-9]+$/.test(value) ? new Date(Number(value)) : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

/** The activity an engagement is, or undefined when it is none the Autopilot acts on (an outgoing e-mail, a record without a time). */
export function activityOf(kind: 'calls' | 'meetings' | 'emails', engagement: Engagement, connectedDispositions: readonly string[]): CrmActivity | undefined {
  const { properties } = engagement;
  if (kind === 'calls') {
    const occurred = instant(properties.hs_timestamp);
    if (!occurred) return undefined;
    return { type: 'call', occurred_at: occurred, crm_id: engagement.id, connected: connectedDispositions.includes(properties.hs_call_disposition ?? '') };
  }
  if (kind === 'meetings') {
    const booked = instant(properties.hs_createdate) ?? instant(properties.hs_timestamp);
    if (!booked) return undefined;
    const starts = instant(properties.hs_meeting_start_time);
    return { type: 'meeting', occurred_at: booked, crm_id: engagement.id, ...(starts ? { starts_at: starts } : {}) };
  }
  if (properties.hs_email_direction !== 'INCOMING_EMAIL') return undefined;
  const occurred = instant(properties.hs_timestamp);
  return occurred ? { type: 'email_reply', occurred_at: occurred, crm_id: engagement.id } : undefined;
}
