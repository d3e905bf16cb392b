import type { Queryable } from '../../platform/database/database.ts';
import { isoWithOffset } from '../../platform/time.ts';
import { liveAutopilotId } from '../config/store.ts';
import type { Channel, LeadEventEffect, ReplyKind, ReplyList } from '../contract.ts';

export interface ReplyQuery {
  /** `reply` (the default): what people wrote; `auto_reply` and `bounce` apart. */
  kind?: ReplyKind;
  /** An Autopilot's name (any case): its leads' only. */
  autopilot?: string;
  channel?: Channel;
  /** A page's `next_before`: the entries before it. */
  before?: number;
  limit?: number;
}

export const MAX_REPLIES_PER_PAGE = 200;
export const DEFAULT_REPLIES_PER_PAGE = 50;

/**
 * Which entry of the inbox a lead event is. An auto-reply (read by the e-mail channel, or logged by a
 * CRM: outcomes/signals.ts, outcomes/activities.ts) is kept as a reply whose detail says why it is
 * automatic; it is never a reply here. The index of migration 0020 is on this very expression, with the
 * same `kind IN ('reply', 'bounce')`.
 */
const INBOX_KIND = `CASE WHEN e.kind = 'reply' AND (e.detail ->> 'auto_reply') IS NOT NULL THEN 'auto_reply' ELSE e.kind END`;

interface ReplyRow {
  id: number;
  kind: ReplyKind;
  channel: Channel | null;
  text: string | null;
  subject: string | null;
  auto_reply: string | null;
  effect: LeadEventEffect;
  occurred_at: Date;
  received_at: Date;
  lead_id: number;
  email: string | null;
  contact_id: string;
  source: string;
  autopilot: string;
  autopilot_id: number;
  touch_id: number | null;
  touch_step: number | null;
  touch_channel: Channel | null;
  touch_subject: string | null;
  touch_sent_at: Date | null;
}

/**
 * One inbox of what leads sent back on every channel, newest first (the order the engine learned of
 * them), a page at a time: each with its lead, its Autopilot, and the touch it answered (the lead's last
 * touch sent on the same channel before it was written). `autopilot_not_found` for a name no live
 * Autopilot has.
 */
export async function listReplies(db: Queryable, accountId: number, query: ReplyQuery = {}): Promise<ReplyList> {
  const limit = query.limit ?? DEFAULT_REPLIES_PER_PAGE;
  const autopilotId = query.autopilot === undefined ? null : await liveAutopilotId(db, accountId, query.autopilot);
  const { rows } = await db.query<ReplyRow>(
    `SELECT e.id, ${INBOX_KIND} AS kind, e.channel, e.detail ->> 'text' AS text, e.detail ->> 'subject' AS subject, e.detail ->> 'auto_reply' AS auto_reply,
            e.effect, e.occurred_at, e.received_at, l.id AS lead_id, c.email, l.contact_id, l.source, a.name AS autopilot, l.autopilot_id,
            t.id AS touch_id, t.step AS touch_step, t.channel AS touch_channel, t.subject AS touch_subject, t.sent_at AS touch_sent_at
     FROM autopilot_lead_events e
     JOIN autopilot_leads l ON l.id = e.lead_id AND l.account_id = e.account_id
     JOIN autopilot_contacts c ON c.account_id = l.account_id AND c.source = l.source AND c.contact_id = l.contact_id
     JOIN autopilots a ON a.id = l.autopilot_id
     LEFT JOIN LATERAL (
       SELECT id, step, channel, subject, sent_at FROM autopilot_touches t
       WHERE t.lead_id = e.lead_id AND t.account_id = e.account_id AND t.state = 'sent' AND t.sent_at <= e.occurred_at AND (e.channel IS NULL OR t.channel = e.channel)
       ORDER BY t.sent_at DESC, t.step DESC LIMIT 1
     ) t ON true
     WHERE e.account_id = $1 AND e.kind IN ('reply', 'bounce') AND ${INBOX_KIND} = $2
       AND ($3::bigint IS NULL OR e.id < $3) AND ($4::bigint IS NULL OR l.autopilot_id = $4) AND ($5::text IS NULL OR e.channel = $5)
     ORDER BY e.id DESC
     LIMIT $6`,
    [accountId, query.kind ?? 'reply', query.before ?? null, autopilotId, query.channel ?? null, limit + 1],
  );
  const page = rows.slice(0, limit);
  return {
    replies: page.map((row) => ({
      id: row.id,
      kind: row.kind,
      channel: row.channel,
      text: row.text,
      subject: row.subject,
      auto_reply: row.auto_reply,
      effect: row.effect,
      occurred_at: isoWithOffset(row.occurred_at),
      received_at: isoWithOffset(row.received_at),
      lead: { id: row.lead_id, email: row.email, contact_id: row.contact_id, contact_source: row.source },
      autopilot: row.autopilot,
      autopilot_id: row.autopilot_id,
      touch: row.touch_id === null ? null : { id: row.touch_id, step: row.touch_step! + 1, channel: row.touch_channel!, subject: row.touch_subject, sent_at: isoWithOffset(row.touch_sent_at!) },
    })),
    next_before: rows.length > limit ? page.at(-1)!.id : null,
  };
}
