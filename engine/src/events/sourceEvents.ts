import type { Queryable } from '../platform/database/database.ts';
import type { EventType } from './contract.ts';

/** The lead events a CRM app mirrors onto its own records: a touch sent, a lead's end (a win or not). */
export const SOURCE_EVENT_TYPES = ['touch.sent', 'lead.responded', 'lead.closed'] as const satisfies readonly EventType[];
export type SourceEventType = (typeof SOURCE_EVENT_TYPES)[number];

/** One lead event of a contact of a source, with what a CRM app needs to show it on the contact. */
export interface SourceEvent {
  /** The outbox's order: pass the last one read as `afterSeq` to read on. Never reused. */
  seq: string;
  /** The event's stable id (`evt_...`), the same `GET /events` and the webhooks carry. */
  id: string;
  type: SourceEventType;
  occurredAt: Date;
  leadId: number | null;
  contactId: string;
  /** The Autopilot's name now (null once it is gone). */
  autopilot: string | null;
  /** The event's `data` (docs/events.md): `step`, `channel`, `subject` of a touch; `outcome`, `end_reason` of a lead's end. */
  data: Record<string, unknown>;
  /** The contact was removed in the CRM (deleted there): nothing should be written to it. */
  contactRemoved: boolean;
  /**
   * For a lead ended by a reply (`lead.responded`, `end_reason` `replied`): the channel the reply came
   * on (`email`, `linkedin`...), or null when the CRM logged it (a reply logged in the CRM has no channel
   * of the engine's). Undefined for every other event.
   */
  replyChannel?: string | null;
}

export interface SourceEventPage {
  /** False when this engine keeps no lead events (its events module is not part of the composition). */
  available: boolean;
  events: SourceEvent[];
}

interface Row {
  seq: string;
  id: string;
  type: SourceEventType;
  occurred_at: Date;
  lead_id: string | null;
  contact_id: string;
  autopilot: string | null;
  data: Record<string, unknown>;
  contact_removed: boolean;
  reply_found: boolean;
  reply_channel: string | null;
}

/**
 * The lead events of one source's contacts in an account (`hubspot:<portal id>`, say), oldest first,
 * after the outbox position `afterSeq` (0 for the first): how a CRM app carries the Autopilot's activity
 * onto its own records without reading the engine's tables. Only touches sent and leads' ends; events
 * deleted by retention (`EVENTS_RETENTION_DAYS`) are not read. `available` is false when the engine
 * runs without its events module (no outbox): there is nothing to read, and the caller says so.
 */
export async function readSourceEvents(db: Queryable, query: { accountId: number; source: string; afterSeq: string; limit: number; types?: readonly SourceEventType[] }): Promise<SourceEventPage> {
  const { rows: present } = await db.query<{ present: boolean }>(`SELECT to_regclass('events') IS NOT NULL AS present`);
  if (!present[0]?.present) return { available: false, events: [] };
  const { rows } = await db.query<Row>(
    `SELECT e.seq::text AS seq, e.id, e.type, e.occurred_at, e.lead_id, e.contact_id, a.name AS autopilot, e.data,
            c.removed_at IS NOT NULL AS contact_removed, r.id IS NOT NULL AS reply_found, r.channel AS reply_channel
     FROM events e
     LEFT JOIN autopilots a ON a.id = e.autopilot_id
     LEFT JOIN autopilot_contacts c ON c.account_id = e.account_id AND c.source = e.contact_source AND c.contact_id = e.contact_id
     LEFT JOIN LATERAL (
       SELECT r.id, r.channel FROM autopilot_lead_events r
       WHERE e.type = 'lead.responded' AND e.data->>'end_reason' = 'replied' AND r.lead_id = e.lead_id AND r.effect = 'ended_lead' AND r.kind = 'reply'
       ORDER BY r.id DESC LIMIT 1) r ON true
     WHERE e.account_id = $1 AND e.contact_source = $2 AND e.seq > $3::bigint AND e.type = ANY($4::text[]) AND e.subscription_id IS NULL AND e.contact_id IS NOT NULL
     ORDER BY e.seq LIMIT $5`,
    [query.accountId, query.source, query.afterSeq, [...(query.types ?? SOURCE_EVENT_TYPES)], query.limit],
  );
  return {
    available: true,
    events: rows.map((row) => ({
      seq: row.seq,
      id: row.id,
      type: row.type,
      occurredAt: row.occurred_at,
      leadId: row.lead_id === null ? null : Number(row.lead_id),
      contactId: row.contact_id,
      autopilot: row.autopilot,
      data: row.data,
      contactRemoved: row.contact_removed,
      ...(row.type === 'lead.responded' && row.data.end_reason === 'replied' ? { replyChannel: row.reply_found ? row.reply_channel : null } : {}),
    })),
  };
}
