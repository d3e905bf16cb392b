import type { Queryable } from '../../platform/database/database.ts';
import { isoWithOffset } from '../../platform/time.ts';
import type { Channel, LeadDetail, LeadEndReason, LeadEventEffect, LeadEventKind, StoredTouch, TimelineEntry, TouchKind } from '../contract.ts';
import { showLead } from './leads.ts';

interface TouchRow {
  id: string;
  step: number;
  spec: Partial<StoredTouch>;
  channel: Channel;
  kind: TouchKind;
  state: 'scheduled' | 'sent' | 'skipped' | 'cancelled';
  planned_at: Date;
  due_at: Date;
  sent_at: Date | null;
  ended_at: Date | null;
  subject: string | null;
  body: string | null;
  skip_reason: string | null;
  skip_detail: string | null;
  held_reason: string | null;
}

interface EventRow {
  id: string;
  kind: LeadEventKind;
  channel: Channel | null;
  occurred_at: Date;
  received_at: Date;
  effect: LeadEventEffect;
  end_reason: LeadEndReason | null;
  detail: Record<string, unknown>;
}

/**
 * Entries at the same instant: enrolment first, touches before what answered them, then the end, then
 * the touches the end cancelled.
 */
const ORDER: Record<TimelineEntry['type'], number> = { enrolled: 0, touch: 1, event: 2, ended: 3 };
const CANCELLED_ORDER = 4;

/**
 * One lead of the account with its timeline: its enrolment, each touch of its sequence (planned, held,
 * sent with its message, skipped with the reason, cancelled), each event (replies, bounces, unsubscribes,
 * activities a CRM logged, a stop property that changed) and its end, in time order. `lead_not_found`
 * for a lead the account does not have.
 */
export async function leadWithTimeline(db: Queryable, accountId: number, leadId: number): Promise<LeadDetail> {
  const lead = await showLead(db, accountId, leadId);
  const [touches, events] = await Promise.all([
    db.query<TouchRow>(
      `SELECT id, step, spec, channel, kind, state, planned_at, due_at, sent_at, ended_at, subject, body, skip_reason, skip_detail, held_reason
       FROM autopilot_touches WHERE lead_id = $1 ORDER BY step`,
      [lead.id],
    ),
    db.query<EventRow>('SELECT id, kind, channel, occurred_at, received_at, effect, end_reason, detail FROM autopilot_lead_events WHERE lead_id = $1 ORDER BY occurred_at, id', [lead.id]),
  ]);
  const entries: { time: number; order: number; tie: number; entry: TimelineEntry }[] = [];
  const add = (time: Date, entry: TimelineEntry, tie: number) =>
    entries.push({ time: time.getTime(), order: entry.type === 'touch' && entry.state === 'cancelled' ? CANCELLED_ORDER : ORDER[entry.type], tie, entry });
  const enrolledAt = new Date(lead.enrolled_at);
  add(enrolledAt, { type: 'enrolled', at: lead.enrolled_at, autopilot: lead.autopilot, enrolled_by: lead.enrolled_by }, 0);
  for (const touch of touches.rows) {
    // A touch sits where it happened: sent, skipped or cancelled; while it waits, when it is due.
    const at = touch.sent_at ?? touch.ended_at ?? touch.due_at;
    add(
      at,
      {
        type: 'touch',
        at: isoWithOffset(at),
        touch_id: Number(touch.id),
        step: touch.step + 1,
        day: Number(touch.spec.day ?? 1),
        channel: touch.channel,
        kind: touch.kind,
        state: touch.state,
        planned_at: isoWithOffset(touch.planned_at),
        due_at: isoWithOffset(touch.due_at),
        sent_at: touch.sent_at && isoWithOffset(touch.sent_at),
        ended_at: touch.ended_at && isoWithOffset(touch.ended_at),
        subject: touch.subject,
        body: touch.body,
        skip_reason: touch.skip_reason,
        skip_detail: touch.skip_detail,
        held_reason: touch.held_reason,
      },
      touch.step,
    );
  }
  for (const event of events.rows) {
    add(
      event.occurred_at,
      {
        type: 'event',
        at: isoWithOffset(event.occurred_at),
        event_id: Number(event.id),
        kind: event.kind,
        channel: event.channel,
        effect: event.effect,
        end_reason: event.end_reason,
        received_at: isoWithOffset(event.received_at),
        detail: event.detail,
      },
      Number(event.id),
    );
  }
  if (lead.ended_at !== null && lead.end_reason !== null) add(new Date(lead.ended_at), { type: 'ended', at: lead.ended_at, outcome: lead.outcome, end_reason: lead.end_reason }, 0);
  entries.sort((a, b) => a.time - b.time || a.order - b.order || a.tie - b.tie);
  return { ...lead, timeline: entries.map((item) => item.entry) };
}
