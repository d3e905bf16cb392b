/**
 * The touch store: the SQL of the send_touch task, on the caller's connection (the task's transaction,
 * or the pool between its transactions). Each function is one statement unless its comment says more.
 */
import type { Pool, PoolClient, Queryable } from '../../platform/database/database.ts';
import { storableText } from '../../platform/database/storableText.ts';
import { addJob } from '../../platform/queue/tasks.ts';
import type { AutopilotDocument, Channel, ContactProperties, StoredTouch, TouchKind } from '../contract.ts';
import { type LeadPlace, leadPlace } from '../pacing/zones.ts';
import { type OutgoingTouch, SEND_TOUCH_TASK, type SkipReason, touchJobKey } from './ports.ts';

/** What a touch's message is written with from its lead's Autopilot, read when it is written (not frozen at enrolment). */
type AutopilotRest = Pick<AutopilotDocument, 'tone' | 'goal' | 'lead_origin' | 'threading'>;

export interface TouchRow {
  id: string;
  account_id: string;
  lead_id: string;
  step: number;
  spec: StoredTouch;
  channel: Channel;
  kind: TouchKind;
  planned_at: Date;
  state: 'scheduled' | 'sent' | 'skipped' | 'cancelled';
  sending_at: Date | null;
  outcome: string;
  contact_id: string;
  properties: ContactProperties;
  email: string | null;
  research_status: string | null;
  document: AutopilotRest;
}

/** A touch as the task decides on it: its row with its lead, contact and Autopilot, and the lead's place. */
export interface Touch {
  id: number;
  accountId: number;
  leadId: number;
  row: TouchRow;
  place: LeadPlace;
  contact: OutgoingTouch['contact'];
}

/** A touch to be decided on (`lockTouch`, `readTouch`), with what its gates read of the lead's other touches and of its timeline. */
export interface TouchToDecide extends Touch {
  /** The lead's earliest step before this one that is still to go, if any: touches go out in step order. */
  stepBefore: { step: number; due_at: Date } | null;
  /** Whether this is a connection request after an earlier one in the lead's sequence. */
  secondRequest: boolean;
  /**
   * Whether the lead is warm, read for a warm-only step only (false for any other): it accepted a
   * connection request, or replied on any channel (a reply with the `reply` stop condition off leaves it
   * Active), as its timeline or its place on a channel records. An auto-reply a CRM logged (its detail
   * says why it is one) is no reply: it warms nothing.
   */
  warm: boolean;
  /** The lead's touches already sent, oldest first. */
  earlier: EarlierTouch[];
}

/** A touch of the lead already sent. */
export interface EarlierTouch {
  channel: Channel;
  kind: TouchKind;
  body: string | null;
  subject: string | null;
  message_id: string | null;
  sender_id: string | null;
  sent_at: Date;
  facts: string[] | null;
}

interface DecidingRow extends TouchRow {
  step_before: { step: number; due_at: string } | null;
  second_request: boolean;
  warm: boolean;
  earlier: (Omit<EarlierTouch, 'sent_at'> & { sent_at: string })[];
}

/** The touch with its lead, contact, Autopilot and research, and what its gates read of the lead's other touches and of its timeline; `LOCK` for its row locked. */
const TOUCH_TO_DECIDE = (lock: string) => `
  SELECT t.id, t.account_id, t.lead_id, t.step, t.spec, t.channel, t.kind, t.planned_at, t.state, t.sending_at,
         l.outcome, l.contact_id, c.properties, c.email, r.status AS research_status, p.document,
         (SELECT json_build_object('step', e.step, 'due_at', e.due_at) FROM autopilot_touches e
          WHERE e.lead_id = t.lead_id AND e.state = 'scheduled' AND e.step < t.step ORDER BY e.step LIMIT 1) AS step_before,
         t.kind = 'connection_request'
           AND EXISTS (SELECT 1 FROM autopilot_touches e WHERE e.lead_id = t.lead_id AND e.kind = 'connection_request' AND e.step < t.step) AS second_request,
         coalesce(t.spec ->> 'warm_only', '') = 'true'
           AND (EXISTS (SELECT 1 FROM autopilot_lead_events v WHERE v.lead_id = t.lead_id AND v.kind IN ('reply', 'connection') AND (v.detail ->> 'auto_reply') IS NULL)
                OR EXISTS (SELECT 1 FROM autopilot_channel_threads h WHERE h.lead_id = t.lead_id AND h.connected_at IS NOT NULL)) AS warm,
         coalesce((SELECT json_agg(json_build_object('channel', e.channel, 'kind', e.kind, 'body', e.body, 'subject', e.subject, 'message_id', e.message_id,
                                                     'sender_id', e.sender_id, 'sent_at', e.sent_at, 'facts', e.facts) ORDER BY e.sent_at, e.step)
                   FROM autopilot_touches e WHERE e.lead_id = t.lead_id AND e.state = 'sent'), '[]') AS earlier
  FROM autopilot_touches t
  JOIN autopilot_leads l ON l.id = t.lead_id
  JOIN autopilot_contacts c ON c.account_id = l.account_id AND c.source = l.source AND c.contact_id = l.contact_id
  JOIN autopilots p ON p.id = l.autopilot_id
  LEFT JOIN research_jobs r ON r.id = l.research_id AND r.purged_at IS NULL
  WHERE t.id = $1 ${lock}`;

/**
 * Locks the touch's lead, then the touch (the order every writer of both keeps: ending a lead locks it
 * first), and reads with the touch what its gates need of the lead's other touches and of its timeline:
 * two statements, both prepared once per connection. Null when there is no such touch.
 */
export async function lockTouch(client: PoolClient, touchId: number): Promise<TouchToDecide | null> {
  const { rowCount } = await client.query({
    name: 'autopilot_lock_touch_lead',
    text: 'SELECT 1 FROM autopilot_leads WHERE id = (SELECT lead_id FROM autopilot_touches WHERE id = $1) FOR NO KEY UPDATE',
    values: [touchId],
  });
  if (rowCount === 0) return null;
  const { rows } = await client.query<DecidingRow>({ name: 'autopilot_lock_touch', text: TOUCH_TO_DECIDE('FOR UPDATE OF t'), values: [touchId] });
  return rows[0] ? touchToDecide(rows[0]) : null;
}

/** What `lockTouch` reads, in one statement, locking nothing. */
export async function readTouch(db: Queryable, touchId: number): Promise<TouchToDecide | null> {
  const { rows } = await db.query<DecidingRow>({ name: 'autopilot_read_touch', text: TOUCH_TO_DECIDE(''), values: [touchId] });
  return rows[0] ? touchToDecide(rows[0]) : null;
}

function touchToDecide(row: DecidingRow): TouchToDecide {
  const { step_before, second_request, warm, earlier, ...touch } = row;
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    leadId: Number(row.lead_id),
    row: touch,
    place: leadPlace(row.properties),
    contact: { id: row.contact_id, email: row.email, properties: row.properties },
    stepBefore: step_before && { step: step_before.step, due_at: new Date(step_before.due_at) },
    secondRequest: second_request,
    warm,
    earlier: earlier.map((sent) => ({ ...sent, sent_at: new Date(sent.sent_at) })),
  };
}

/** Another touch of the lead still scheduled; `second` when it is a connection request after an earlier one. */
export interface RemainingTouch {
  step: number;
  channel: Channel;
  kind: TouchKind;
  second: boolean;
}

/** The lead's other touches still scheduled. */
export async function remainingTouches(client: PoolClient, touch: Touch): Promise<RemainingTouch[]> {
  const { rows } = await client.query<RemainingTouch>(
    `SELECT t.step, t.channel, t.kind,
            t.kind = 'connection_request' AND EXISTS (SELECT 1 FROM autopilot_touches e WHERE e.lead_id = t.lead_id AND e.kind = 'connection_request' AND e.step < t.step) AS second
     FROM autopilot_touches t WHERE t.lead_id = $1 AND t.state = 'scheduled' AND t.id <> $2`,
    [touch.leadId, touch.id],
  );
  return rows;
}

/**
 * Hands a claimed touch back (its send failed or was stopped, or its worker died): the next delivery of
 * its job takes it up. Its place in its sender's day is given back with it (`counted_on` cleared:
 * migration 0025's trigger, as for every claim that ends without a send: a hold, a skip), and so is the
 * place of a touch that ended while it was claimed (its lead ended) once its worker finds it unsent.
 */
export async function releaseTouch(db: Queryable, touchId: number): Promise<void> {
  await db.query(`UPDATE autopilot_touches SET sending_at = NULL, counted_on = NULL WHERE id = $1 AND state <> 'sent'`, [touchId]);
}

/** Right before sending, outside any transaction: the touch is still scheduled and its lead Active. */
export async function stillToSend(pool: Pool, touchId: number): Promise<boolean> {
  const { rows } = await pool.query<{ go: boolean }>({
    name: 'autopilot_still_to_send',
    text: `SELECT t.state = 'scheduled' AND l.outcome = 'Active' AS go FROM autopilot_touches t JOIN autopilot_leads l ON l.id = t.lead_id WHERE t.id = $1`,
    values: [touchId],
  });
  return rows[0]?.go === true;
}

/** Rescheduled, never skipped: the touch is due later, with why, and its job re-queued under its key (two statements). */
export async function holdTouch(client: PoolClient, touchId: number, until: Date, reason: string): Promise<void> {
  await client.query(`UPDATE autopilot_touches SET due_at = $2, held_reason = $3, sending_at = NULL, counted_on = NULL WHERE id = $1`, [touchId, until, reason]);
  await addJob(client, SEND_TOUCH_TASK, { touchId }, { jobKey: touchJobKey(touchId), runAt: until });
}

/** The longest skip detail kept on a timeline (a provider's words, the writer's reason). */
const SKIP_DETAIL_MAX = 1000;

/** Skipped with the reason (and the detail, cut to what a timeline keeps), when it is still scheduled. */
export async function skipTouch(client: PoolClient, touchId: number, reason: SkipReason, now: Date, detail?: string): Promise<void> {
  await client.query(`UPDATE autopilot_touches SET state = 'skipped', skip_reason = $2, skip_detail = $4, ended_at = $3, sending_at = NULL, counted_on = NULL WHERE id = $1 AND state = 'scheduled'`, [
    touchId,
    reason,
    now,
    detail === undefined ? null : storableText(detail, SKIP_DETAIL_MAX),
  ]);
}

/**
 * Sent, with its message, unless it was recorded sent already: what went out is recorded even when the
 * touch ended meanwhile (its lead closed after the last look before sending); its claim kept its place
 * in its sender's day all along. The lead's row is locked first (`lead`: the update waits for it), the
 * order every writer of both keeps, so that the caller's transaction can end the lead next. Answers
 * whether it was recorded now (false when it was already, or is no more).
 */
export async function markSent(
  client: PoolClient,
  touchId: number,
  sent: { messageId: string | null; sentAt: Date },
  message: { subject: string | null; body: string; facts: string[] | null } | undefined,
): Promise<boolean> {
  const { rowCount } = await client.query({
    name: 'autopilot_mark_sent',
    text: `WITH lead AS MATERIALIZED (SELECT 1 FROM autopilot_leads WHERE id = (SELECT lead_id FROM autopilot_touches WHERE id = $1) FOR NO KEY UPDATE)
           UPDATE autopilot_touches SET state = 'sent', sent_at = $2, ended_at = $2, subject = $3, body = $4, message_id = $5, facts = $6, sending_at = NULL, skip_reason = NULL, skip_detail = NULL
           WHERE id = $1 AND state <> 'sent' AND EXISTS (SELECT 1 FROM lead)`,
    values: [touchId, sent.sentAt, message?.subject ?? null, message?.body ?? null, sent.messageId, message?.facts ?? null],
  });
  return rowCount === 1;
}
