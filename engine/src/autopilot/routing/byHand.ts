import { creditUsage, getAccount } from '../../accounts/index.ts';
import { type Pool, type PoolClient, transaction } from '../../platform/database/database.ts';
import { AppError } from '../../platform/errors.ts';
import { type Clock, isoWithOffset } from '../../platform/time.ts';
import { autopilotNotFound } from '../config/store.ts';
import { isPossibleName, nameKey } from '../config/names.ts';
import { readRoutingTable, type RoutingTable } from '../config/routingTable.ts';
import type { ContactByHand, ContactProperties, ContactState, Enrolment } from '../contract.ts';
import { contactNotFound, isPossibleContactId } from '../intake/contacts.ts';
import type { CrmSource } from '../intake/source.ts';
import { readContactRouting } from './contactRouting.ts';
import { type ContactToRoute, decide, named } from './decide.ts';
import { type Enrolled, enrol, type Enrolling } from './enrol.ts';
import { enrolledPlacement, writePlacements } from './route.ts';
import { checkSkipRules } from './skipRules.ts';

function notRoutable(contactId: string, why: string): AppError {
  const message = `contact ${JSON.stringify(contactId)} was not enrolled: ${why}`;
  // The words go in the answer too: the dashboard shows them where it offered to route the contact.
  return new AppError('contact_not_routable', { message }, message);
}

/** Locks an abandoned contact for the rest of the transaction; refuses any other. */
async function abandonedContact(client: PoolClient, { accountId, source }: CrmSource, contactId: string): Promise<ContactToRoute> {
  if (!isPossibleContactId(contactId)) throw contactNotFound(contactId, source);
  const { rows } = await client.query<{ state: ContactState; email: string | null; properties: ContactProperties; created_at: Date; waiting_since: Date | null; erased: boolean }>(
    'SELECT state, email, properties, created_at, waiting_since, erased_at IS NOT NULL AS erased FROM autopilot_contacts WHERE account_id = $1 AND source = $2 AND contact_id = $3 FOR UPDATE',
    [accountId, source, contactId],
  );
  const row = rows[0];
  if (!row) throw contactNotFound(contactId, source);
  if (row.erased) throw notRoutable(contactId, 'it was erased: nothing about it is kept to route');
  if (row.state !== 'abandoned') throw notRoutable(contactId, `it is ${row.state}, and only abandoned contacts are reprocessed or assigned by hand`);
  return { source, contactId, email: row.email, properties: row.properties, createdAt: row.created_at, waitingSince: row.waiting_since };
}

/** Enrols by hand, research and credit included; refuses when the credits are spent (nothing changes). */
async function enrolByHand(client: PoolClient, accountId: number, table: RoutingTable, item: Enrolling, now: Date): Promise<Enrolled & { kind: 'enrolled' }> {
  const account = await getAccount(client, accountId);
  const [result] = await enrol(client, account, table.settings, [item]);
  if (result!.kind === 'held') {
    if (result!.reason === 'no_product') throw notRoutable(item.contact.contactId, 'the account has no product to research against (prospect-engine products set)');
    const usage = await creditUsage(client, accountId);
    const message = `the account has no credits left (${usage.used} of ${usage.limit} used)`;
    throw new AppError(account.trial ? 'trial_limit_reached' : 'credits_exhausted', { used: usage.used, limit: usage.limit, message }, message);
  }
  await writePlacements(client, accountId, now, [enrolledPlacement(result!, now)], [result!]);
  return result!;
}

export interface ByHandOptions {
  /** Decide, answer where it would stand and what it would cost, and keep nothing (no credit is taken). */
  dryRun?: boolean;
}

/**
 * Runs one routing by hand in a transaction, committed unless it is a dry run, and answers it: the
 * contact as it stands after it (read in the same transaction), and the credit it took or would take.
 * A dry run's contact has no lead nor research id: neither is kept.
 */
async function byHand(pool: Pool, from: CrmSource, contactId: string, options: ByHandOptions, work: (client: PoolClient) => Promise<Enrolled & { kind: 'enrolled' }>): Promise<ContactByHand> {
  const dryRun = options.dryRun === true;
  return transaction(
    pool,
    async (client) => {
      const enrolled = await work(client);
      const contact = await readContactRouting(client, from, contactId);
      const credits = enrolled.reused ? 0 : 1;
      const text = `${dryRun ? 'Would enrol it' : 'Enrolled'} in ${named(enrolled.autopilot)}: ${
        enrolled.reused ? 'an earlier research of the same address is reused, no credit' : 'a new research, 1 credit'
      }`;
      return { dry_run: dryRun, credits, text, contact: dryRun ? { ...contact, research_id: null, lead: null } : contact };
    },
    { commit: !dryRun },
  );
}

/**
 * `contacts reprocess`: routes an abandoned contact again, now: the skip rules, the normal pass, then
 * the fallbacks (its wait is over), each Autopilot acting on it whenever it was switched on. Enrolled,
 * it is researched and a credit is spent; otherwise nothing changes and the reason is given.
 */
export async function reprocessContact(pool: Pool, clock: Clock, from: CrmSource, contactId: string, options: ByHandOptions = {}): Promise<ContactByHand> {
  const { accountId } = from;
  const now = clock.now();
  return byHand(pool, from, contactId, options, async (client) => {
    const contact = await abandonedContact(client, from, contactId);
    const table = await readRoutingTable(client, accountId, [contact.email]);
    const decision = decide(contact, table, { now, byHand: true });
    if (decision.kind !== 'enrol') throw notRoutable(contactId, decision.explanation.text);
    const text = `Reprocessed by hand: ${decision.explanation.text.charAt(0).toLowerCase()}${decision.explanation.text.slice(1)}`;
    return enrolByHand(
      client,
      accountId,
      table,
      { contact: { ...contact, email: contact.email! }, autopilot: decision.autopilot, via: 'reprocessed', explanation: { ...decision.explanation, text } },
      now,
    );
  });
}

/**
 * `contacts assign`: enrols an abandoned contact in the Autopilot named (live and switched on), whatever
 * its filter says; the skip rules still hold. It is researched and a credit is spent.
 */
export async function assignContact(pool: Pool, clock: Clock, from: CrmSource, contactId: string, autopilotName: string, options: ByHandOptions = {}): Promise<ContactByHand> {
  const { accountId } = from;
  const now = clock.now();
  return byHand(pool, from, contactId, options, async (client) => {
    const contact = await abandonedContact(client, from, contactId);
    const table = await readRoutingTable(client, accountId, [contact.email]);
    const { rows } = isPossibleName(autopilotName)
      ? await client.query<{ enabled: boolean; name: string }>('SELECT enabled, name FROM autopilots WHERE account_id = $1 AND name_key = $2 AND archived_at IS NULL', [
          accountId,
          nameKey(autopilotName),
        ])
      : { rows: [] };
    if (!rows[0]) throw autopilotNotFound(autopilotName);
    const autopilot = table.autopilots.find((candidate) => nameKey(candidate.name) === nameKey(autopilotName));
    if (!autopilot) throw notRoutable(contactId, `"${rows[0].name}" is switched off; switch it on first`);
    if (contact.email === null) throw notRoutable(contactId, 'it has no valid e-mail address to research');
    const skip = checkSkipRules(contact.email, table.settings, table.unsubscribed);
    if (skip.skip) throw notRoutable(contactId, skip.checks.find((check) => check.applies)!.text);
    const via: Enrolment = 'assigned';
    const explanation = { checked_at: isoWithOffset(now), text: `Assigned by hand to ${named(autopilot)}`, skip_rules: skip.checks, autopilots: [] };
    return enrolByHand(client, accountId, table, { contact: { ...contact, email: contact.email }, autopilot, via, explanation }, now);
  });
}
