/**
 * What the lead's timeline records of what happened to it (a reply, a bounce, an unsubscribe, a
 * connection accepted, an activity a CRM logged, a stop property that changed), each with what it did
 * to the lead: rows of `autopilot_lead_events` (the table keeps its first name; `GET /autopilot/leads/{id}`
 * shows them as the timeline's `event` entries). Not the outbox of lead events (engine/src/events/), nor
 * the webhooks HubSpot and Unipile send. A lead is locked before anything is recorded about it.
 */
import type { PoolClient } from '../../platform/database/database.ts';
import type { Channel, LeadEndReason, LeadEventEffect, LeadEventKind, LeadOutcome } from '../contract.ts';

/** The stop conditions a lead's Autopilot has now (an edit applies to its running leads at once). */
export interface StopConditions {
  reply: boolean;
  call_connected: boolean;
  meeting_booked: boolean;
  invite_accepted: boolean;
  property_changes: { property: string; value: string | null }[];
}

/** A lead, locked for the rest of the caller's transaction: signals about one lead are decided one at a time. */
export interface LockedLead {
  id: number;
  accountId: number;
  source: string;
  contactId: string;
  outcome: LeadOutcome;
  endReason: LeadEndReason | null;
  enrolledAt: Date;
  stop: StopConditions;
  /** Its contact was erased (erasure/eraseContact.ts): what happens to the lead is still recorded, never the details that came with it. */
  erased: boolean;
}

const SPEC_STOP_DEFAULTS: StopConditions = { reply: true, call_connected: true, meeting_booked: true, invite_accepted: false, property_changes: [] };

interface LeadLockRow {
  id: number;
  account_id: number;
  source: string;
  contact_id: string;
  outcome: LeadOutcome;
  end_reason: LeadEndReason | null;
  enrolled_at: Date;
  stop: Partial<StopConditions> | null;
  erased: boolean;
}

/** Locks a lead of the account by its id, or by its contact (a source's id); undefined when there is none. */
export async function lockLead(client: PoolClient, accountId: number, by: { leadId: number } | { source: string; contactId: string }): Promise<LockedLead | undefined> {
  const { rows } = await client.query<LeadLockRow>(
    `SELECT l.id, l.account_id, l.source, l.contact_id, l.outcome, l.end_reason, l.enrolled_at, a.document -> 'stop_conditions' AS stop,
            EXISTS (SELECT 1 FROM autopilot_contacts c WHERE c.account_id = l.account_id AND c.source = l.source AND c.contact_id = l.contact_id
                      AND c.erased_at IS NOT NULL) AS erased
     FROM autopilot_leads l JOIN autopilots a ON a.id = l.autopilot_id
     WHERE l.account_id = $1 AND ${'leadId' in by ? 'l.id = $2' : 'l.source = $2 AND l.contact_id = $3'}
     FOR UPDATE OF l`,
    'leadId' in by ? [accountId, by.leadId] : [accountId, by.source, by.contactId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    source: row.source,
    contactId: row.contact_id,
    outcome: row.outcome,
    endReason: row.end_reason,
    enrolledAt: row.enrolled_at,
    stop: { ...SPEC_STOP_DEFAULTS, ...(row.stop ?? {}) },
    erased: row.erased,
  };
}

/** One thing that happened to a lead, to record on its timeline. */
export interface TimelineRecord {
  kind: LeadEventKind;
  channel: Channel | null;
  occurredAt: Date;
  /** The source's identity of the event; null when it has none (a second delivery is then told apart otherwise). */
  dedupeKey: string | null;
  detail: Record<string, unknown>;
}

/**
 * Records what happened to a locked lead on its timeline, in the caller's transaction. Answers the
 * record's id, or undefined when a record with the same dedupe key was made before (a duplicate or late
 * delivery: the caller changes nothing). The key is namespaced by the record's kind, so a channel's
 * reply and bounce ids never collide. What happened to a lead whose contact was erased is recorded
 * without its detail (a late reply's text, an activity's text): nothing personal is stored about an
 * erased contact again.
 */
export async function recordOnTimeline(client: PoolClient, lead: LockedLead, event: TimelineRecord, now: Date): Promise<number | undefined> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO autopilot_lead_events (account_id, lead_id, kind, channel, occurred_at, received_at, dedupe_key, effect, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'recorded', $8)
     ON CONFLICT (lead_id, dedupe_key) DO NOTHING RETURNING id`,
    [lead.accountId, lead.id, event.kind, event.channel, event.occurredAt, now, event.dedupeKey === null ? null : `${event.kind}:${event.dedupeKey}`, JSON.stringify(lead.erased ? {} : event.detail)],
  );
  return rows[0] ? Number(rows[0].id) : undefined;
}

/** Says what a record made by `recordOnTimeline` did to its lead. */
export async function setRecordEffect(client: PoolClient, recordId: number, effect: LeadEventEffect, endReason: LeadEndReason | null = null): Promise<void> {
  await client.query('UPDATE autopilot_lead_events SET effect = $2, end_reason = $3 WHERE id = $1', [recordId, effect, endReason]);
}
