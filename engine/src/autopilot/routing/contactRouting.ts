import type { Queryable } from '../../platform/database/database.ts';
import { isoWithOffset } from '../../platform/time.ts';
import type { ContactProperties, ContactReason, ContactRouting, ContactState, Explanation } from '../contract.ts';
import { contactNotFound, isPossibleContactId } from '../intake/contacts.ts';
import type { CrmSource } from '../intake/source.ts';
import { LEAD_COLUMNS, leadFromRow, type LeadRow } from '../leads/leads.ts';
import { DEFAULT_SETTINGS } from '../settings/accountSettings.ts';
import { queueWaitEnds } from './schedule.ts';

interface ContactRow {
  contact_id: string;
  email: string | null;
  properties: ContactProperties;
  created_at: Date;
  received_at: Date;
  state: ContactState;
  reason: ContactReason | null;
  autopilot_id: number | null;
  autopilot: string | null;
  waiting_since: Date | null;
  next_check_at: Date | null;
  decided_at: Date | null;
  removed_at: Date | null;
  erased_at: Date | null;
  explanation: Explanation | null;
  queue_wait_hours: number | null;
  lead: LeadRow | null;
}

const iso = (date: Date | null) => date && isoWithOffset(date);

/**
 * Where routing put a contact and why, in one query: its state and reason, its Autopilot, its lead and
 * research, when it is looked at next, and the last decision's explanation (each skip rule, each
 * Autopilot checked in order, each rule against the contact's value).
 */
export async function readContactRouting(db: Queryable, { accountId, source }: CrmSource, contactId: string): Promise<ContactRouting> {
  if (!isPossibleContactId(contactId)) throw contactNotFound(contactId, source);
  const { rows } = await db.query<ContactRow>(
    `SELECT c.contact_id, c.email, c.properties, c.created_at, c.received_at, c.state, c.reason, c.autopilot_id, a.name AS autopilot,
            c.waiting_since, c.next_check_at, c.decided_at, c.removed_at, c.erased_at, c.explanation, s.queue_wait_hours,
            (SELECT to_jsonb(lead) FROM (SELECT ${LEAD_COLUMNS} FROM autopilot_leads l JOIN autopilots a ON a.id = l.autopilot_id
                                         WHERE l.account_id = c.account_id AND l.source = c.source AND l.contact_id = c.contact_id) lead) AS lead
     FROM autopilot_contacts c
     LEFT JOIN autopilots a ON a.id = c.autopilot_id
     LEFT JOIN autopilot_settings s ON s.account_id = c.account_id
     WHERE c.account_id = $1 AND c.source = $3 AND c.contact_id = $2`,
    [accountId, contactId, source],
  );
  const row = rows[0];
  if (!row) throw contactNotFound(contactId, source);
  const lead = row.lead && leadFromRow(row.lead);
  const waiting = row.state === 'waiting' && row.waiting_since !== null;
  return {
    id: row.contact_id,
    source,
    email: row.email,
    created_at: isoWithOffset(row.created_at),
    received_at: isoWithOffset(row.received_at),
    state: row.state,
    reason: row.reason,
    autopilot: row.autopilot,
    autopilot_id: row.autopilot_id,
    research_id: lead?.research_id ?? null,
    lead,
    waiting_since: iso(row.waiting_since),
    queue_wait_ends_at: waiting ? isoWithOffset(queueWaitEnds(row.waiting_since!, row.queue_wait_hours ?? DEFAULT_SETTINGS.queue_wait_hours)) : null,
    next_check_at: iso(row.next_check_at),
    decided_at: iso(row.decided_at),
    removed_at: iso(row.removed_at),
    erased_at: iso(row.erased_at),
    properties: row.properties,
    explanation: row.explanation,
  };
}
