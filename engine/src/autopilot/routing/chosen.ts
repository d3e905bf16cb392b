import { creditUsage, getAccount } from '../../accounts/index.ts';
import type { PoolClient } from '../../platform/database/database.ts';
import { isoWithOffset } from '../../platform/time.ts';
import { nameKey } from '../config/names.ts';
import { readRoutingTable } from '../config/routingTable.ts';
import type { ContactState } from '../contract.ts';
import { emailOf, isPossibleContactId, type NewContact } from '../intake/contacts.ts';
import type { CrmSource } from '../intake/source.ts';
import { named } from './decide.ts';
import { enrol } from './enrol.ts';
import { enrolledPlacement, writePlacements } from './route.ts';
import { checkSkipRules } from './skipRules.ts';

/**
 * What became of a contact a CRM put in an Autopilot of its choosing (a HubSpot workflow's "Enrol in an
 * Autopilot"): `enrolled` (a lead, its research started or an earlier one reused); `skipped` (a skip
 * rule holds, it is a lead already, it was removed or erased, or the Autopilot is not there to take it);
 * `waiting` (nothing stops it but what may change: no valid e-mail address yet, no credits left, no
 * product). Only `enrolled` changes anything; `reason` says why in words.
 */
export interface ChosenEnrolment {
  status: 'enrolled' | 'skipped' | 'waiting';
  reason: string;
  leadId: number | null;
  researchId: string | null;
}

/** Rolls the transaction back to where the contact was looked at: a contact not enrolled leaves no trace. */
const SAVEPOINT = 'chosen_enrolment';

/**
 * Enrols a CRM's contact in the Autopilot named, inside the caller's transaction (so the caller's own
 * record of the request, its idempotency key, commits with the lead and its credit). The CRM chose the
 * Autopilot, so its filter is not asked; it must be switched on, and routing's skip rules still hold
 * (role and free-mail addresses when the account skips them, excluded domains, unsubscribed
 * addresses). A contact the source never sent is stored with the properties given; one it sent keeps
 * its own (the CRM's change events keep them current). A contact already a lead, removed or erased is
 * left as it is. Anything but an enrolment is rolled back: the contact stays wherever routing had it.
 */
export async function enrolInChosen(client: PoolClient, from: CrmSource, contact: NewContact, autopilotName: string, now: Date): Promise<ChosenEnrolment> {
  if (!isPossibleContactId(contact.id)) return not('skipped', `${JSON.stringify(contact.id)} is not a contact id the Autopilot can hold`);
  await client.query(`SAVEPOINT ${SAVEPOINT}`);
  const outcome = await enrolOne(client, from, contact, autopilotName, now);
  if (outcome.status !== 'enrolled') await client.query(`ROLLBACK TO SAVEPOINT ${SAVEPOINT}`);
  await client.query(`RELEASE SAVEPOINT ${SAVEPOINT}`);
  return outcome;
}

const not = (status: 'skipped' | 'waiting', reason: string): ChosenEnrolment => ({ status, reason, leadId: null, researchId: null });

async function enrolOne(client: PoolClient, { accountId, source }: CrmSource, contact: NewContact, autopilotName: string, now: Date): Promise<ChosenEnrolment> {
  // Stored first when new (routing skips it while it is locked here, and it is gone again unless enrolled), then locked against routing and a second request.
  await client.query(
    `INSERT INTO autopilot_contacts (account_id, source, contact_id, properties, email, created_at, received_at, next_check_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) ON CONFLICT (account_id, source, contact_id) DO NOTHING`,
    [accountId, source, contact.id, JSON.stringify(contact.properties), emailOf(contact.properties), contact.createdAt, now],
  );
  const row = (
    await client.query<{ state: ContactState; email: string | null; properties: NewContact['properties']; created_at: Date; waiting_since: Date | null; removed: boolean; erased: boolean }>(
      `SELECT state, email, properties, created_at, waiting_since, removed_at IS NOT NULL AS removed, erased_at IS NOT NULL AS erased
       FROM autopilot_contacts WHERE account_id = $1 AND source = $2 AND contact_id = $3 FOR UPDATE`,
      [accountId, source, contact.id],
    )
  ).rows[0]!;
  if (row.erased) return not('skipped', 'the contact was erased: nothing about it is kept, and it is never enrolled again');
  if (row.removed) return not('skipped', 'the contact was deleted in the CRM');
  const lead = (
    await client.query<{ id: string; outcome: string; name: string }>(
      'SELECT l.id, l.outcome, a.name FROM autopilot_leads l JOIN autopilots a ON a.id = l.autopilot_id WHERE l.account_id = $1 AND l.source = $2 AND l.contact_id = $3',
      [accountId, source, contact.id],
    )
  ).rows[0];
  if (lead) {
    const ended = lead.outcome === 'Active' ? 'active' : `ended ${lead.outcome}`;
    return { ...not('skipped', `the contact is a lead already (lead ${lead.id} in "${lead.name}", ${ended}): a contact is enrolled once`), leadId: Number(lead.id) };
  }
  const table = await readRoutingTable(client, accountId, [row.email]);
  const autopilot = table.autopilots.find((candidate) => nameKey(candidate.name) === nameKey(autopilotName));
  if (!autopilot) return not('skipped', `no Autopilot "${autopilotName}" is switched on in the account (renamed, switched off or deleted since the workflow chose it)`);
  if (row.email === null) return not('waiting', 'the contact has no valid e-mail address (property "email") to research; run the action again once it has one');
  const skip = checkSkipRules(row.email, table.settings, table.unsubscribed);
  if (skip.skip) return not('skipped', `${skip.checks.find((check) => check.applies)!.text}. No research, no credit`);
  const account = await getAccount(client, accountId);
  const contactToRoute = { source, contactId: contact.id, email: row.email, properties: row.properties, createdAt: row.created_at, waitingSince: row.waiting_since };
  const explanation = { checked_at: isoWithOffset(now), text: `Enrolled in ${named(autopilot)} by a CRM workflow (its filter is not asked)`, skip_rules: skip.checks, autopilots: [] };
  const [result] = await enrol(client, account, table.settings, [{ contact: contactToRoute, autopilot, via: 'assigned', explanation }]);
  if (result!.kind === 'held') {
    if (result!.reason === 'no_product') return not('waiting', 'the account has no product to research against (prospect-engine products set); nothing was charged');
    const usage = await creditUsage(client, accountId);
    return not('waiting', `the account has no credits left (${usage.used} of ${usage.limit} used this cycle, which ends ${isoWithOffset(usage.resetsAt)}); nothing was charged`);
  }
  await writePlacements(client, accountId, now, [enrolledPlacement(result!, now)], [result!]);
  const leadId = (await client.query<{ id: string }>('SELECT id FROM autopilot_leads WHERE account_id = $1 AND source = $2 AND contact_id = $3', [accountId, source, contact.id])).rows[0]!.id;
  return { status: 'enrolled', reason: result!.explanation.text, leadId: Number(leadId), researchId: result!.researchId };
}
