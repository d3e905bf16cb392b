import { type Pool, type PoolClient, transaction } from '../../platform/database/database.ts';
import type { Logger } from '../../platform/logger.ts';
import { type Clock, isoWithOffset } from '../../platform/time.ts';
import { eraseResearch } from '../../research/index.ts';
import type { ContactErased, ContactProperties, ContactRemoved, ContactState, ErasedCounts, ErasureRequester, Explanation } from '../contract.ts';
import { propertyOf } from '../filter/contactValue.ts';
import { contactNotFound, isPossibleContactId } from '../intake/contacts.ts';
import { removeLockedContact } from '../intake/removeContact.ts';
import type { CrmSource } from '../intake/source.ts';
import { isPersonalId, pseudonymOf } from './contactId.ts';
import { eraseLeadTraces } from './leadTraces.ts';
import { eraseOutboxEvents } from './outbox.ts';
import { keepOptOut } from './suppression.ts';

/**
 * Terminology (docs/autopilot.md, "Erasing a contact"):
 * - **erase**: empty a record of what it holds about the person, keeping the row where the ledger, the
 *   counts or the pacing read it (a contact, a research job, a touch, a timeline event);
 * - **delete**: remove a row that only holds the person (a channel thread, a cached brief, a person's id);
 * - **kept**: what the credit ledger and the counts need, and an opt-out's hash.
 */

/** Who asks, for the erasure log; `apiKeyId` when an API key did. */
export interface ErasureRequest {
  by: ErasureRequester;
  apiKeyId?: number | null;
  /** Where the log line goes (`contact erased`, with the counts and nothing personal). */
  log?: Pick<Logger, 'info'>;
}

interface ContactRow {
  contact_id: string;
  state: ContactState;
  email: string | null;
  properties: ContactProperties;
  erased_at: Date | null;
}

const REQUESTED: Record<ErasureRequester, string> = {
  crm_privacy_deletion: "at the CRM's request (a privacy deletion)",
  api: 'at the request of an API key',
  cli: 'by an operator (prospect-engine contacts erase)',
};

/**
 * Erases a contact and what the engine holds about the person, in one transaction with the contact and
 * its lead locked: the contact is removed as the CRM's deletion removes it (removeContact.ts: withdrawn
 * from routing, its active lead closed `closed_manually`, its queued touches cancelled), then
 *
 * - the contact's properties, address and explanation are erased (its id kept unless the id itself is
 *   personal: contactId.ts), and it takes nothing more;
 * - its lead's research and the account's other research of its address are anonymised, their cached
 *   briefs, the person's ids and what paid sources answered about them deleted (research/erasure.ts);
 * - its touches' messages, its timeline's details, its channel threads and the inbound messages from or
 *   about it are erased (leadTraces.ts), and so are the outbox's events about it (outbox.ts);
 * - an address that had opted out keeps its hash, so the opt-out still holds (suppression.ts);
 * - a CRM app's own copies go in the same transaction (the HubSpot app's trigger on `erased_at`).
 *
 * Kept: the contact's row (state, reason, Autopilot, times, `removed_at`, `erased_at`), its lead (outcome,
 * end reason, times), its touches' steps, channels, states and times, its events' kinds and effects,
 * the research jobs' rows and the credit ledger. Each request is logged (`autopilot_erasures`: who, when,
 * the counts) and answered in words. Erasing it again erases nothing more and says so; a contact the
 * source never sent is `contact_not_found`.
 */
export async function eraseContact(pool: Pool, from: CrmSource, contactId: string, clock: Clock, request: ErasureRequest): Promise<ContactErased> {
  const { accountId, source } = from;
  if (!isPossibleContactId(contactId)) throw contactNotFound(contactId, source);
  const now = clock.now();
  const answer = await transaction(pool, async (client) => {
    // Locked: routing skips it (SKIP LOCKED), and a second erasure waits for this one. A personal id was
    // replaced by its pseudonym the first time: erasing the same id again finds it by that.
    const { rows } = await client.query<ContactRow>(
      `SELECT contact_id, state, email, properties, erased_at FROM autopilot_contacts
       WHERE account_id = $1 AND source = $2 AND contact_id = ANY($3::text[]) ORDER BY contact_id = $4 DESC LIMIT 1 FOR UPDATE`,
      [accountId, source, [contactId, pseudonymOf(from, contactId)], contactId],
    );
    const contact = rows[0];
    if (!contact) throw contactNotFound(contactId, source);
    return eraseLocked(client, from, contact, now, request);
  });
  request.log?.info(
    { accountId, source, contactId: answer.id, leadId: answer.lead_id, by: request.by, erased: answer.erased, suppressed: answer.suppressed, alreadyErased: answer.already_erased },
    'contact erased',
  );
  return answer;
}

async function eraseLocked(client: PoolClient, from: CrmSource, contact: ContactRow, now: Date, request: ErasureRequest): Promise<ContactErased> {
  const { accountId, source } = from;
  const current = contact.contact_id;
  const first = contact.erased_at === null;
  const { removed, lead } = await removeLockedContact(client, from, current, contact.state, now);
  const leadId = lead?.id ?? null;
  const address = contact.email;
  const suppressed = address !== null ? await keepOptOut(client, accountId, address, leadId, now) : await suppressedBefore(client, from, current);
  const { rows: leadRows } = await client.query<{ research_id: string | null }>('SELECT research_id FROM autopilot_leads WHERE id = $1', [leadId]);
  const research = await eraseResearch(client, {
    accountId,
    researchIds: leadRows.flatMap((row) => (row.research_id ? [row.research_id] : [])),
    address,
    names: namesOf(contact.properties),
    now,
  });
  const traces = await eraseLeadTraces(client, accountId, leadId, address);
  const keptId = first && isPersonalId(current, contact.properties) ? pseudonymOf(from, current) : current;
  const contactErased = await eraseContactRow(client, from, current, keptId, now, request.by);
  const events = await eraseOutboxEvents(client, { accountId, source, contactIds: [...new Set([current, keptId])], keptId, leadId });
  const erased: ErasedCounts = { contact: contactErased ? 1 : 0, ...research, ...traces, events };
  const erasedAt = contact.erased_at ?? now;
  await client.query(
    `INSERT INTO autopilot_erasures (account_id, source, contact_id, lead_id, requested_by, api_key_id, erased_at, erased, suppressed)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [accountId, source, keptId, leadId, request.by, request.apiKeyId ?? null, now, JSON.stringify(erased), suppressed],
  );
  return {
    id: keptId,
    source,
    state: removed.state,
    withdrawn: removed.withdrawn,
    closed_lead: removed.closed_lead,
    lead_id: leadId,
    erased_at: isoWithOffset(erasedAt),
    already_erased: !first,
    erased,
    suppressed,
    text: erasureText(erased, removed, suppressed, first ? null : erasedAt),
  };
}

/**
 * Empties the contact's row and marks it erased, under `keptId` (its id, or the pseudonym of a personal
 * one). Renaming a contact is no routing decision: the outbox event the rename makes its trigger write
 * (contacts.* events pair rows by id) is removed. Answers whether the row held anything.
 */
async function eraseContactRow(client: PoolClient, { accountId, source }: CrmSource, current: string, keptId: string, now: Date, by: ErasureRequester): Promise<boolean> {
  const renamed = keptId !== current;
  const mark = renamed ? await outboxMark(client) : null;
  const explanation: Explanation = {
    checked_at: isoWithOffset(now),
    text: `Erased ${REQUESTED[by]}: its properties, address, research, messages and replies are gone; its lead's outcome and times are kept for the counts and the credit ledger`,
    skip_rules: [],
    autopilots: [],
  };
  const { rowCount } = await client.query(
    `UPDATE autopilot_contacts SET properties = '{}', email = NULL, contact_id = $4,
       explanation = CASE WHEN erased_at IS NULL THEN $5::json ELSE explanation END, erased_at = coalesce(erased_at, $6)
     WHERE account_id = $1 AND source = $2 AND contact_id = $3 AND (erased_at IS NULL OR properties <> '{}' OR email IS NOT NULL)`,
    [accountId, source, current, keptId, JSON.stringify(explanation), now],
  );
  if (mark !== null) {
    await client.query(`DELETE FROM events WHERE seq > $1 AND account_id = $2 AND contact_source = $3 AND contact_id = $4 AND type LIKE 'contact.%'`, [mark, accountId, source, keptId]);
  }
  return (rowCount ?? 0) > 0;
}

/** The outbox's last event now; null when the events module does not run. */
async function outboxMark(client: PoolClient): Promise<number | null> {
  const { rows } = await client.query<{ here: boolean }>(`SELECT to_regclass('events') IS NOT NULL AS here`);
  if (!rows[0]!.here) return null;
  const { rows: last } = await client.query<{ seq: string }>('SELECT coalesce(max(seq), 0) AS seq FROM events');
  return Number(last[0]!.seq);
}

/** An erased contact's address is gone: whether its opt-out was kept is what its first erasure said. */
async function suppressedBefore(client: PoolClient, { accountId, source }: CrmSource, contactId: string): Promise<boolean> {
  const { rows } = await client.query<{ suppressed: boolean }>(
    'SELECT coalesce(bool_or(suppressed), false) AS suppressed FROM autopilot_erasures WHERE account_id = $1 AND source = $2 AND contact_id = $3',
    [accountId, source, contactId],
  );
  return rows[0]!.suppressed;
}

/** The names the CRM gives the person (`firstname` `lastname`, or a whole `name`): decision-maker entries by them go too. */
function namesOf(properties: ContactProperties): string[] {
  const text = (name: string) => {
    const value = propertyOf(properties, name);
    return typeof value === 'string' ? value.trim() : '';
  };
  return [[text('firstname'), text('lastname')].filter(Boolean).join(' '), text('name'), text('fullname'), text('full_name')].filter((name) => name.includes(' '));
}

const COUNTED: [keyof ErasedCounts, string][] = [
  ['research', 'research jobs (request and brief)'],
  ['research_cache', 'cached briefs'],
  ['people', "of the person's ids"],
  ['source_facts', 'answers of paid sources about the person'],
  ['decision_makers', 'decision-maker entries in other briefs'],
  ['touches', "touches' messages"],
  ['lead_events', "timeline events' details"],
  ['inbound_messages', 'inbound messages'],
  ['channel_threads', 'channel threads'],
  ['events', 'outbox events'],
];

function erasureText(erased: ErasedCounts, removed: ContactRemoved, suppressed: boolean, before: Date | null): string {
  const parts = [...(erased.contact ? ["the contact's properties, address and explanation"] : []), ...COUNTED.filter(([kind]) => erased[kind] > 0).map(([kind, words]) => `${erased[kind]} ${words}`)];
  const what =
    before === null
      ? `Erased: ${parts.length > 0 ? parts.join(', ') : "the contact's properties (it held nothing else)"}. ${removed.text}.`
      : `It was erased on ${isoWithOffset(before)}: ${parts.length > 0 ? `erased now, as well: ${parts.join(', ')}` : 'nothing was left to erase'}.`;
  const kept = "Kept: the contact's id and state, its lead's outcome, end reason and times, its touches' states and times, and the credit ledger.";
  return [what, kept, ...(suppressed ? ['Its address had unsubscribed: a hash of it is kept, so it is never contacted again.'] : [])].join(' ');
}
