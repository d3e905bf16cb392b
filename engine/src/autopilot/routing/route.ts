import { getAccount } from '../../accounts/index.ts';
import { type Pool, type PoolClient, transaction } from '../../platform/database/database.ts';
import type { Clock } from '../../platform/time.ts';
import { planSequences } from '../sequence/plan.ts';
import { readRoutingTable } from '../config/routingTable.ts';
import type { ContactProperties, ContactReason, ContactState, Explanation } from '../contract.ts';
import { contactKey } from '../intake/source.ts';
import { type ContactToRoute, type Decision, decide } from './decide.ts';
import { enrol, type Enrolled, type Enrolling } from './enrol.ts';
import { CREDIT_CHECKS_EVERY_MS } from './schedule.ts';

/** How many contacts routing decides in one transaction. */
export const ROUTING_CHUNK = 500;

/** What one routing run decided, by state. */
export type RoutedCounts = Record<Exclude<ContactState, 'received'>, number>;

export const noneRouted = (): RoutedCounts => ({ enrolled: 0, waiting: 0, skipped: 0, abandoned: 0 });

interface DueRow {
  source: string;
  contact_id: string;
  properties: ContactProperties;
  email: string | null;
  created_at: Date;
  waiting_since: Date | null;
}

/** A contact's row after a decision. */
export interface Placement {
  source: string;
  contactId: string;
  state: Exclude<ContactState, 'received'>;
  reason: ContactReason;
  autopilotId: number | null;
  waitingSince: Date | null;
  nextCheckAt: Date | null;
  explanation: Explanation;
}

/** Runs routing's work in one transaction: on a connection from the pool, or on one the caller holds. */
export type InTransaction = <T>(work: (client: PoolClient) => Promise<T>) => Promise<T>;

/**
 * Routes the account's contacts that are due now (just received, or waiting and due for a look), a
 * chunk per transaction, until none is due. Each row is locked while it is routed and others skip
 * it, so two runs at once (a routing job and the sweep, two workers, a worker restarting) split the
 * contacts between them and route each once.
 */
export async function routeDueContacts(pool: Pool, clock: Clock, accountId: number, chunk = ROUTING_CHUNK): Promise<RoutedCounts> {
  return routeDueIn((work) => transaction(pool, work), clock, accountId, chunk);
}

/** `routeDueContacts` with each chunk's transaction run by `inTransaction`. */
export async function routeDueIn(inTransaction: InTransaction, clock: Clock, accountId: number, chunk = ROUTING_CHUNK): Promise<RoutedCounts> {
  const counts = noneRouted();
  for (;;) {
    const routed = await inTransaction((client) => routeChunk(client, accountId, clock.now(), chunk));
    for (const placement of routed) counts[placement.state]++;
    if (routed.length < chunk) return counts;
  }
}

/**
 * The sweep: every account that has contacts due now routes them. Re-checks of many waiting contacts
 * are a few set-based statements per chunk, not one job each.
 */
export async function sweepDueContacts(pool: Pool, clock: Clock, chunk = ROUTING_CHUNK): Promise<RoutedCounts> {
  const { rows } = await pool.query<{ id: number }>(
    `SELECT a.id FROM accounts a
     WHERE EXISTS (SELECT 1 FROM autopilot_contacts c WHERE c.account_id = a.id AND c.next_check_at <= $1) ORDER BY a.id`,
    [clock.now()],
  );
  const counts = noneRouted();
  for (const { id } of rows) {
    const routed = await routeDueContacts(pool, clock, id, chunk);
    for (const state of Object.keys(counts) as (keyof RoutedCounts)[]) counts[state] += routed[state];
  }
  return counts;
}

async function routeChunk(client: PoolClient, accountId: number, now: Date, chunk: number): Promise<Placement[]> {
  const { rows } = await client.query<DueRow>(
    `SELECT source, contact_id, properties, email, created_at, waiting_since FROM autopilot_contacts
     WHERE account_id = $1 AND next_check_at <= $2 ORDER BY next_check_at LIMIT $3 FOR UPDATE SKIP LOCKED`,
    [accountId, now, chunk],
  );
  if (rows.length === 0) return [];
  const table = await readRoutingTable(
    client,
    accountId,
    rows.map((row) => row.email),
  );
  const decided = rows.map((row) => {
    const contact: ContactToRoute = { source: row.source, contactId: row.contact_id, email: row.email, properties: row.properties, createdAt: row.created_at, waitingSince: row.waiting_since };
    return { contact, decision: decide(contact, table, { now }) };
  });
  const enrolling = decided.flatMap(({ contact, decision }) => (decision.kind === 'enrol' ? [toEnrol(contact, decision)] : []));
  const enrolled = enrolling.length === 0 ? [] : await enrol(client, await getAccount(client, accountId), table.settings, enrolling);
  const placements = [...decided.flatMap(({ contact, decision }) => (decision.kind === 'enrol' ? [] : [placementOf(contact, decision)])), ...enrolled.map((item) => enrolledPlacement(item, now))];
  await writePlacements(client, accountId, now, placements, enrolled);
  return placements;
}

function toEnrol(contact: ContactToRoute, decision: Extract<Decision, { kind: 'enrol' }>): Enrolling {
  return { contact: { ...contact, email: contact.email! }, autopilot: decision.autopilot, via: decision.via, explanation: decision.explanation };
}

function placementOf(contact: ContactToRoute, decision: Exclude<Decision, { kind: 'enrol' }>): Placement {
  const base = { source: contact.source, contactId: contact.contactId, autopilotId: null, explanation: decision.explanation };
  switch (decision.kind) {
    case 'skip':
      return { ...base, state: 'skipped', reason: decision.reason, waitingSince: contact.waitingSince, nextCheckAt: null };
    case 'abandon':
      return { ...base, state: 'abandoned', reason: decision.reason, waitingSince: contact.waitingSince, nextCheckAt: null };
    case 'wait':
      return { ...base, state: 'waiting', reason: decision.reason, waitingSince: decision.waitingSince, nextCheckAt: decision.nextCheckAt };
  }
}

export function enrolledPlacement(item: Enrolled, now: Date): Placement {
  const base = { source: item.contact.source, contactId: item.contact.contactId, autopilotId: item.autopilot.id, explanation: item.explanation };
  if (item.kind === 'enrolled') return { ...base, state: 'enrolled', reason: item.via, waitingSince: item.contact.waitingSince, nextCheckAt: null };
  return { ...base, state: 'waiting', reason: item.reason, waitingSince: item.contact.waitingSince ?? now, nextCheckAt: new Date(now.getTime() + CREDIT_CHECKS_EVERY_MS) };
}

/**
 * Writes the decisions: each contact's place and explanation, and a lead for each enrolment (at most
 * one per contact: a second would break the transaction, research and credit included) with its
 * sequence planned: its touches and their jobs.
 */
export async function writePlacements(client: PoolClient, accountId: number, now: Date, placements: Placement[], enrolled: Enrolled[]): Promise<void> {
  const leads = enrolled.filter((item) => item.kind === 'enrolled');
  if (leads.length > 0) {
    const { rows } = await client.query<{ id: string; source: string; contact_id: string }>(
      `INSERT INTO autopilot_leads (account_id, source, contact_id, autopilot_id, autopilot_revision, enrolled_by, research_id, research_reused, enrolled_at)
       SELECT $1, lead.source, lead.contact_id, lead.autopilot_id, lead.revision, lead.enrolled_by, lead.research_id, lead.reused, $2
       FROM unnest($9::text[], $3::text[], $4::bigint[], $5::int[], $6::text[], $7::uuid[], $8::bool[]) AS lead (source, contact_id, autopilot_id, revision, enrolled_by, research_id, reused)
       RETURNING id, source, contact_id`,
      [
        accountId,
        now,
        leads.map((item) => item.contact.contactId),
        leads.map((item) => item.autopilot.id),
        leads.map((item) => item.autopilot.revision),
        leads.map((item) => item.via),
        leads.map((item) => item.researchId),
        leads.map((item) => item.reused),
        leads.map((item) => item.contact.source),
      ],
    );
    const leadIds = new Map(rows.map((row) => [contactKey(row.source, row.contact_id), Number(row.id)]));
    await planSequences(
      client,
      accountId,
      now,
      leads.map((item) => ({
        leadId: leadIds.get(contactKey(item.contact.source, item.contact.contactId))!,
        sequence: item.autopilot.sequence,
        properties: item.contact.properties,
        researchStarted: !item.reused,
      })),
    );
  }
  // One array per column: PostgreSQL reads a chunk's arrays in a few milliseconds, where one JSON
  // document of records took it a tenth of a second or more. The explanations (the chunk's megabyte)
  // go as one JSON array instead, paired by position: as a json[] each was escaped into the array's
  // text by node-postgres and unescaped again, a fifth of routing's time in node.
  await client.query(
    `UPDATE autopilot_contacts c SET state = p.state, reason = p.reason, autopilot_id = p.autopilot_id, waiting_since = p.waiting_since,
       next_check_at = p.next_check_at, decided_at = $2, explanation = e.explanation
     FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::timestamptz[], $9::timestamptz[]) WITH ORDINALITY
       AS p (source, contact_id, state, reason, autopilot_id, waiting_since, next_check_at, i)
     JOIN json_array_elements($10::json) WITH ORDINALITY AS e (explanation, i) USING (i)
     WHERE c.account_id = $1 AND c.source = p.source AND c.contact_id = p.contact_id`,
    [
      accountId,
      now,
      placements.map((p) => p.source),
      placements.map((p) => p.contactId),
      placements.map((p) => p.state),
      placements.map((p) => p.reason),
      placements.map((p) => p.autopilotId),
      placements.map((p) => p.waitingSince),
      placements.map((p) => p.nextCheckAt),
      JSON.stringify(placements.map((p) => p.explanation)),
    ],
  );
}
