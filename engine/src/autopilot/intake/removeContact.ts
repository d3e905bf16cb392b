import { type Pool, type PoolClient, transaction } from '../../platform/database/database.ts';
import { isoWithOffset, type Clock } from '../../platform/time.ts';
import type { ContactRemoved, ContactState, Explanation } from '../contract.ts';
import { type LockedLead, lockLead } from '../outcomes/timelineRecords.ts';
import { endLead } from '../sequence/endLead.ts';
import { contactNotFound, isPossibleContactId } from './contacts.ts';
import type { CrmSource } from './source.ts';

/**
 * A contact deleted in the CRM (or merged into another there), in one transaction: it is marked removed
 * for good (`removed_at`: nothing is written back to it, however late), one still being routed is
 * withdrawn (abandoned, `removed_in_crm`: no research, no credit), and its active lead ends `Closed`
 * (`closed_manually`, someone removed it in the CRM) with its queued touches cancelled. A lead that had
 * ended stays as it was. Removing it again changes nothing. `contact_not_found` for a contact the CRM
 * never sent.
 */
export async function removeContact(pool: Pool, from: CrmSource, contactId: string, clock: Clock): Promise<ContactRemoved> {
  if (!isPossibleContactId(contactId)) throw contactNotFound(contactId, from.source);
  const now = clock.now();
  return transaction(pool, async (client) => {
    // Locked: a routing run skips it (SKIP LOCKED) rather than enrol it while it is withdrawn.
    const { rows } = await client.query<{ state: ContactState }>('SELECT state FROM autopilot_contacts WHERE account_id = $1 AND source = $2 AND contact_id = $3 FOR UPDATE', [
      from.accountId,
      from.source,
      contactId,
    ]);
    const before = rows[0]?.state;
    if (before === undefined) throw contactNotFound(contactId, from.source);
    return (await removeLockedContact(client, from, contactId, before, now)).removed;
  });
}

/**
 * removeContact's work on a contact the caller's transaction has locked (its state `before`): marked
 * removed, withdrawn when still being routed, its active lead closed. Answers the removal and the lead,
 * locked for the rest of the transaction (undefined when it has none).
 */
export async function removeLockedContact(
  client: PoolClient,
  { accountId, source }: CrmSource,
  contactId: string,
  before: ContactState,
  now: Date,
): Promise<{ removed: ContactRemoved; lead: LockedLead | undefined }> {
  await client.query('UPDATE autopilot_contacts SET removed_at = $4 WHERE account_id = $1 AND source = $2 AND contact_id = $3 AND removed_at IS NULL', [accountId, source, contactId, now]);
  const withdrawn = before === 'received' || before === 'waiting';
  if (withdrawn) {
    const explanation: Explanation = { checked_at: isoWithOffset(now), text: 'Removed in the CRM while it was being routed: abandoned, no research, no credit', skip_rules: [], autopilots: [] };
    await client.query(
      `UPDATE autopilot_contacts SET state = 'abandoned', reason = 'removed_in_crm', next_check_at = NULL, decided_at = $3, explanation = $4
       WHERE account_id = $1 AND source = $5 AND contact_id = $2`,
      [accountId, contactId, now, JSON.stringify(explanation), source],
    );
  }
  const lead = await lockLead(client, accountId, { source, contactId });
  const closedLead = lead !== undefined && lead.outcome === 'Active' && (await endLead(client, lead.id, 'closed_manually', now)) ? lead.id : null;
  const text = withdrawn
    ? 'It was still being routed: withdrawn (abandoned, removed_in_crm), no research, no credit'
    : closedLead !== null
      ? 'Its lead is closed (closed_manually): its queued touches are cancelled'
      : `Nothing to stop: it is ${before}${lead ? ` and its lead had ended (${lead.outcome}, ${lead.endReason})` : ''}`;
  return { removed: { id: contactId, source, state: withdrawn ? 'abandoned' : before, withdrawn, closed_lead: closedLead, text }, lead };
}
