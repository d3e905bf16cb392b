import type { Pool } from '../../src/platform/database/database.ts';

/** A lead to write straight into the tables, as enrolment and its outcomes would have left it. */
export interface SeededLead {
  email: string;
  enrolledAt: Date;
  outcome?: 'Active' | 'Responded' | 'Closed' | 'Failed';
  endReason?: string | null;
  endedAt?: Date | null;
  researchId?: string | null;
}

/** Writes `leads` of one Autopilot (contacts and leads, in order) in two statements; answers their ids. */
export async function seedLeads(pool: Pool, accountId: number, autopilotId: number, leads: SeededLead[]): Promise<number[]> {
  const rows = leads.map((lead, index) => ({
    n: index,
    contact_id: `seeded-${index}-${lead.email}`,
    email: lead.email,
    enrolled_at: lead.enrolledAt.toISOString(),
    outcome: lead.outcome ?? 'Active',
    end_reason: lead.endReason ?? null,
    ended_at: lead.endedAt?.toISOString() ?? null,
    research_id: lead.researchId ?? null,
  }));
  await pool.query(
    `INSERT INTO autopilot_contacts (account_id, contact_id, properties, email, created_at, received_at, state, reason, autopilot_id, decided_at, explanation)
     SELECT $1, r.contact_id, jsonb_build_object('email', r.email), r.email, r.enrolled_at, r.enrolled_at, 'enrolled', 'matched', $2, r.enrolled_at, '{}'::json
     FROM jsonb_to_recordset($3::jsonb) AS r (contact_id text, email text, enrolled_at timestamptz)`,
    [accountId, autopilotId, JSON.stringify(rows)],
  );
  const { rows: ids } = await pool.query<{ id: number }>(
    `INSERT INTO autopilot_leads (account_id, contact_id, autopilot_id, autopilot_revision, enrolled_by, research_id, research_reused, outcome, end_reason, enrolled_at, ended_at)
     SELECT $1, r.contact_id, $2, 1, 'matched', r.research_id, false, r.outcome, r.end_reason, r.enrolled_at, r.ended_at
     FROM jsonb_to_recordset($3::jsonb) AS r (n integer, contact_id text, outcome text, end_reason text, enrolled_at timestamptz, ended_at timestamptz, research_id uuid)
     ORDER BY n RETURNING id`,
    [accountId, autopilotId, JSON.stringify(rows)],
  );
  return ids.map((row) => Number(row.id));
}

/** A touch of a seeded lead's sequence: `step` from 1; sent ones have `sentAt`, skipped ones a `skipReason`. */
export interface SeededTouch {
  step: number;
  channel: 'email' | 'linkedin' | 'whatsapp' | 'telegram';
  kind: 'email' | 'connection_request' | 'message';
  plannedAt: Date;
  dueAt?: Date;
  state: 'scheduled' | 'sent' | 'skipped' | 'cancelled';
  sentAt?: Date;
  endedAt?: Date;
  subject?: string;
  body?: string;
  skipReason?: string;
  skipDetail?: string;
  heldReason?: string;
}

/** An event on a seeded lead's timeline, as a channel or the CRM would have recorded it. */
export interface SeededEvent {
  kind: 'reply' | 'bounce' | 'unsubscribe' | 'connection' | 'call' | 'meeting' | 'property_change';
  channel: 'email' | 'linkedin' | 'whatsapp' | 'telegram' | null;
  at: Date;
  effect: 'ended_lead' | 'skipped_touches' | 'recorded' | 'lead_ended';
  endReason?: string;
  detail?: Record<string, unknown>;
}

/** Writes a lead's touches and events straight into the tables (a demo's or a browser test's timeline). */
export async function seedTimeline(pool: Pool, accountId: number, leadId: number, timeline: { touches?: SeededTouch[]; events?: SeededEvent[] }): Promise<void> {
  const touches = (timeline.touches ?? []).map((touch) => ({
    step: touch.step - 1,
    spec: { day: touch.step, channel: touch.channel, kind: touch.kind, angle: 'Seeded' },
    channel: touch.channel,
    kind: touch.kind,
    planned_at: touch.plannedAt.toISOString(),
    due_at: (touch.dueAt ?? touch.plannedAt).toISOString(),
    state: touch.state,
    sent_at: touch.sentAt?.toISOString() ?? null,
    ended_at: (touch.endedAt ?? touch.sentAt)?.toISOString() ?? null,
    subject: touch.subject ?? null,
    body: touch.body ?? null,
    skip_reason: touch.skipReason ?? null,
    skip_detail: touch.skipDetail ?? null,
    held_reason: touch.heldReason ?? null,
  }));
  await pool.query(
    `INSERT INTO autopilot_touches (account_id, lead_id, step, spec, channel, kind, planned_at, due_at, state, sent_at, ended_at, subject, body, skip_reason, skip_detail, held_reason)
     SELECT $1, $2, t.step, t.spec, t.channel, t.kind, t.planned_at, t.due_at, t.state, t.sent_at, t.ended_at, t.subject, t.body, t.skip_reason, t.skip_detail, t.held_reason
     FROM jsonb_to_recordset($3::jsonb) AS t (step integer, spec jsonb, channel text, kind text, planned_at timestamptz, due_at timestamptz, state text, sent_at timestamptz,
       ended_at timestamptz, subject text, body text, skip_reason text, skip_detail text, held_reason text)`,
    [accountId, leadId, JSON.stringify(touches)],
  );
  const events = (timeline.events ?? []).map((event) => ({
    kind: event.kind,
    channel: event.channel,
    at: event.at.toISOString(),
    effect: event.effect,
    end_reason: event.endReason ?? null,
    detail: event.detail ?? {},
  }));
  await pool.query(
    `INSERT INTO autopilot_lead_events (account_id, lead_id, kind, channel, occurred_at, received_at, effect, end_reason, detail)
     SELECT $1, $2, e.kind, e.channel, e.at, e.at, e.effect, e.end_reason, e.detail
     FROM jsonb_to_recordset($3::jsonb) AS e (kind text, channel text, at timestamptz, effect text, end_reason text, detail jsonb)`,
    [accountId, leadId, JSON.stringify(events)],
  );
}
