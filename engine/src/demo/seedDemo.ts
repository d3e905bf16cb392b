import { insertProduct } from '../accounts/index.ts';
import { applyAutopilots, readRoutingTable } from '../autopilot/index.ts';
import { createSubscription } from '../events/index.ts';
import { type Pool, type PoolClient, transaction } from '../platform/database/database.ts';
import type { Secrets } from '../platform/secrets.ts';
import { DEMO_AUTOPILOTS } from './autopilots.ts';
import { type DemoContact, demoContacts } from './contacts.ts';
import { DEMO_PRODUCT, DEMO_SETTINGS, demoSenders } from './senders.ts';
import { insertHistory } from './history.ts';
import { Random } from './random.ts';

const DAY = 86_400_000;

export interface DemoOptions {
  /** The account to fill: its product, settings, Autopilots, senders, contacts, leads and history. */
  accountId: number;
  /** Contacts routed (at least `leads`): 10,000 unless said. */
  contacts?: number;
  /** Of them enrolled as leads: 2,000 unless said (the bench asks for 100,000). */
  leads?: number;
  /** The instant the demo's history ends at: the machine's time unless said (tests fix it). */
  now?: Date;
  /** The random generator's seed: the same seed and `now` give the same data. */
  seed?: number;
  /** Seals the mailboxes' placeholder passwords and the webhook's secret; without it they are placeholders and no webhook is made. */
  secrets?: Secrets;
}

/** What a test or a person needs to find their way in the seeded account. */
export interface DemoSeed {
  accountId: number;
  autopilots: string[];
  contacts: number;
  leads: number;
  /** The lead with the most touches (twelve: the twelve-touch Autopilot's), one that ended after its whole sequence went out when the demo has such a lead; otherwise still active. */
  lead: { id: number; email: string; touches: number };
  /** A contact waiting in the queue because no Autopilot matches it yet (null when every contact is a lead). */
  waitingContact: { id: string; email: string | null } | null;
  /** A contact skipped by a skip rule. */
  skippedContact: { id: string; email: string | null } | null;
  /** A contact abandoned when its queue wait ended. */
  abandonedContact: { id: string; email: string | null } | null;
  webhookId: number | null;
}

/**
 * Fills an account with a coherent, realistic history written through bulk SQL into the engine's own
 * tables: a product, settings, the demo Autopilots (through the Autopilot store), mailboxes and seats,
 * contacts routed by the engine's own routing decision (with its explanations), leads with completed
 * research briefs, touches on every channel, replies, bounces and auto-replies, wins and every end
 * reason, the credit ledger, the events outbox (each event as its triggers write it in live use) and a webhook. The
 * same options give the same data. Refuses an account that already has Autopilots or contacts.
 */
export async function seedDemo(pool: Pool, options: DemoOptions): Promise<DemoSeed> {
  const { accountId, secrets } = options;
  const leads = options.leads ?? 2_000;
  const contactCount = Math.max(options.contacts ?? 10_000, leads);
  const now = new Date(Math.floor((options.now ?? new Date()).getTime() / 1000) * 1000);
  const seed = options.seed ?? 20_260_101;
  const random = new Random(seed);

  const { rows } = await pool.query<{ used: boolean }>('SELECT EXISTS (SELECT 1 FROM autopilots WHERE account_id = $1) OR EXISTS (SELECT 1 FROM autopilot_contacts WHERE account_id = $1) AS used', [
    accountId,
  ]);
  if (rows[0]!.used) throw new Error(`account ${accountId} already has Autopilots or contacts: the demo fills an empty account only`);

  await transaction(pool, async (client) => {
    await insertProduct(client, accountId, DEMO_PRODUCT);
    await client.query(
      `INSERT INTO autopilot_settings (account_id, queue_wait_hours, skip_role_based, skip_free_providers, excluded_domains, email_signature, sender_identity, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (account_id) DO UPDATE SET queue_wait_hours = $2, skip_role_based = $3, skip_free_providers = $4, excluded_domains = $5, email_signature = $6,
         sender_identity = $7, updated_at = $8`,
      [accountId, DEMO_SETTINGS.queueWaitHours, true, true, DEMO_SETTINGS.excludedDomains, DEMO_SETTINGS.signature, DEMO_SETTINGS.senderIdentity, now],
    );
  });
  // Switched on before the first contact arrived, so each acts on every one of them.
  const enabledAt = new Date(now.getTime() - 120 * DAY);
  await applyAutopilots(pool, accountId, DEMO_AUTOPILOTS, { clock: { now: () => enabledAt } });
  await demoSenders(pool, accountId, now, secrets);

  const table = await readRoutingTable(pool, accountId, []);
  const contacts = demoContacts(random, new Random(seed + accountId * 7_919), table, { contacts: contactCount, leads, now, days: 60 });

  await transaction(pool, async (client) => {
    await insertContacts(client, accountId, contacts);
    await insertHistory(client, accountId, contacts, now);
  });
  const webhookId = secrets ? await subscribeWebhook(pool, secrets, accountId, now) : null;
  await pool.query('ANALYZE autopilot_contacts, autopilot_leads, autopilot_touches, autopilot_lead_events, research_jobs, events');
  return { ...(await handles(pool, accountId, contacts)), webhookId, contacts: contacts.length, leads: contacts.filter((contact) => contact.lead).length };
}

const CHUNK = 5_000;

/** The contacts, a chunk at a time; their `contact.*` events as the outbox's trigger writes them when routing decides. */
async function insertContacts(client: PoolClient, accountId: number, contacts: DemoContact[]): Promise<void> {
  for (let start = 0; start < contacts.length; start += CHUNK) {
    // One JSON document per chunk: JSON.stringify is native, where a driver's array literals are escaped element by element.
    const chunk = contacts.slice(start, start + CHUNK).map((c) => ({
      id: c.contactId,
      properties: c.properties,
      email: c.email,
      created_at: c.createdAt,
      received_at: c.receivedAt,
      state: c.state,
      reason: c.reason,
      autopilot_id: c.autopilotId,
      waiting_since: c.waitingSince,
      next_check_at: c.nextCheckAt,
      decided_at: c.decidedAt,
      explanation: c.explanation,
    }));
    await client.query(
      `INSERT INTO autopilot_contacts (account_id, source, contact_id, properties, email, created_at, received_at, state, reason, autopilot_id, waiting_since,
                                       next_check_at, decided_at, explanation)
       SELECT $1, 'api', c.id, c.properties, c.email, c.created_at, c.received_at, c.state, c.reason, c.autopilot_id, c.waiting_since, c.next_check_at, c.decided_at, c.explanation
       FROM json_to_recordset($2::json) AS c (id text, properties jsonb, email text, created_at timestamptz, received_at timestamptz, state text, reason text, autopilot_id bigint,
                                              waiting_since timestamptz, next_check_at timestamptz, decided_at timestamptz, explanation json)`,
      [accountId, JSON.stringify(chunk)],
    );
  }
  await client.query('ANALYZE autopilot_contacts');
  await client.query(
    `INSERT INTO events (account_id, type, occurred_at, autopilot_id, contact_source, contact_id, data)
     SELECT c.account_id, 'contact.' || c.state, c.decided_at, c.autopilot_id, c.source, c.contact_id,
            jsonb_build_object('contact', events_contact(c), 'reason', c.reason, 'explanation', (c.explanation -> 'text')::jsonb)
     FROM autopilot_contacts c WHERE c.account_id = $1 AND c.state IN ('skipped', 'waiting', 'abandoned')
     ORDER BY c.decided_at`,
    [accountId],
  );
}

/** A webhook an integrator subscribed to the lead events, whose deliveries to a host that does not exist fail as they would. */
async function subscribeWebhook(pool: Pool, secrets: Secrets, accountId: number, now: Date): Promise<number> {
  const webhook = await createSubscription(
    pool,
    secrets,
    accountId,
    { url: 'https://hooks.demo.example/prospect-research', events: ['lead.enrolled', 'lead.responded', 'lead.closed', 'touch.sent'] },
    { now: () => now },
  );
  // The last 20 events are still to deliver: the worker tries them (and records why they fail).
  await pool.query(`UPDATE webhook_subscriptions SET cursor = greatest(0, (SELECT max(seq) FROM events WHERE account_id = $1) - 20) WHERE id = $2`, [accountId, webhook.id]);
  await pool.query(`SELECT graphile_worker.add_job('deliver_webhooks', json_build_object('subscriptionId', $1::bigint), job_key := 'webhooks:' || $1)`, [webhook.id]);
  return webhook.id;
}

async function handles(pool: Pool, accountId: number, contacts: DemoContact[]): Promise<Omit<DemoSeed, 'webhookId' | 'contacts' | 'leads'>> {
  const { rows } = await pool.query<{ id: number; email: string; touches: number }>(
    `SELECT l.id::int, c.email, (SELECT count(*)::int FROM autopilot_touches t WHERE t.lead_id = l.id) AS touches
     FROM autopilot_leads l JOIN autopilot_contacts c USING (account_id, source, contact_id)
     WHERE l.account_id = $1
     ORDER BY l.end_reason = 'sequence_ended' AND NOT EXISTS (SELECT 1 FROM autopilot_touches t WHERE t.lead_id = l.id AND t.state IN ('scheduled', 'cancelled')) DESC,
              (SELECT count(*) FROM autopilot_touches t WHERE t.lead_id = l.id) DESC, l.id DESC LIMIT 1`,
    [accountId],
  );
  const { rows: autopilots } = await pool.query<{ name: string }>('SELECT name FROM autopilots WHERE account_id = $1 AND archived_at IS NULL ORDER BY position', [accountId]);
  const find = (keep: (contact: DemoContact) => boolean) => {
    const found = contacts.find(keep);
    return found ? { id: found.contactId, email: found.email } : null;
  };
  return {
    accountId,
    autopilots: autopilots.map((autopilot) => autopilot.name),
    lead: rows[0]!,
    waitingContact: find((c) => c.state === 'waiting' && c.reason === 'no_match'),
    skippedContact: find((c) => c.state === 'skipped'),
    abandonedContact: find((c) => c.state === 'abandoned'),
  };
}
