import { accountsModule } from '../../../src/accounts/module.ts';
import { autopilotModule } from '../../../src/autopilot/module.ts';
import type { AutopilotInput, Channel, TouchKind } from '../../../src/autopilot/contract.ts';
import { touchJobKey } from '../../../src/autopilot/sequence/ports.ts';
import type { Pool } from '../../../src/platform/database/database.ts';
import { researchModule } from '../../../src/research/module.ts';
import { TestClock } from '../../support/clock.ts';
import { client, createCustomer, type EngineFixture, useEngine } from '../../support/engine.ts';
import { autopilotApi, crmApi, emeaSaas } from '../support.ts';

/** 32 bytes, base64: the engine's SECRET_KEY in these tests. */
export const SECRET_KEY = Buffer.alloc(32, 7).toString('base64');
export const PUBLIC_URL = 'https://engine.example.com';

/**
 * An engine (HTTP, no worker: touch jobs stay queued where a test can count them) whose Autopilot reads
 * a clock the test moves, with SECRET_KEY and PUBLIC_URL set; a customer per test.
 */
export function useOutcomesEngine(options: { env?: Record<string, string> } = {}) {
  const clock = new TestClock();
  const fixture = useEngine({
    worker: false,
    modules: [accountsModule(), researchModule(), autopilotModule({ clock })],
    env: { SECRET_KEY, PUBLIC_URL, ...options.env },
  });
  return { clock, fixture, newCustomer: () => outcomesCustomer(fixture, clock) };
}

export interface Step {
  channel: Channel;
  kind?: TouchKind;
  /** Days after enrolment it is due. */
  day?: number;
}

export type OutcomesCustomer = Awaited<ReturnType<typeof outcomesCustomer>>;

async function outcomesCustomer(fixture: EngineFixture, clock: TestClock) {
  const { pool, url } = fixture.engine;
  const customer = await createCustomer(pool, { name: 'Outcomes' });
  const accountId = customer.account.id;
  const api = autopilotApi(url, customer.key);
  let contacts = 0;
  return {
    customer,
    accountId,
    api,
    crm: crmApi(url, customer.key),
    http: client(url, customer.key),
    /** Creates (or updates) an Autopilot by its API; answers its id. */
    async autopilot(overrides: Partial<AutopilotInput> = {}): Promise<number> {
      const document = emeaSaas(overrides);
      const reply = await api.put(document.name, document);
      if (reply.status !== 201 && reply.status !== 200) throw new Error(`Autopilot refused: ${JSON.stringify(reply.body)}`);
      return reply.body.id as number;
    },
    /**
     * A contact enrolled in the Autopilot at the clock's now (as routing would have it) with a touch
     * scheduled per step, each with its send_touch job: what enrolment and planning leave behind.
     */
    async lead(autopilotId: number, steps: Step[] = [{ channel: 'email' }, { channel: 'email', day: 3 }], properties: Record<string, unknown> = {}) {
      const contactId = `c-${++contacts}`;
      const now = clock.now();
      const email = `lead${contacts}@acme-logistik.de`;
      await pool.query(
        `INSERT INTO autopilot_contacts (account_id, contact_id, properties, email, created_at, received_at, state, reason, autopilot_id, decided_at)
         VALUES ($1, $2, $3, $4, $5, $5, 'enrolled', 'matched', $6, $5)`,
        [accountId, contactId, JSON.stringify({ email, ...properties }), email, now, autopilotId],
      );
      const { rows } = await pool.query<{ id: string }>(
        `INSERT INTO autopilot_leads (account_id, contact_id, autopilot_id, autopilot_revision, enrolled_by, research_reused, enrolled_at)
         VALUES ($1, $2, $3, 1, 'matched', false, $4) RETURNING id`,
        [accountId, contactId, autopilotId, now],
      );
      const leadId = Number(rows[0]!.id);
      const touchIds = await scheduleTouches(pool, accountId, leadId, now, steps);
      return { leadId, contactId, email, touchIds };
    },
  };
}

/** Touch rows and their jobs (task send_touch, key touch:<id>), due `day` days after `from`. */
export async function scheduleTouches(pool: Pool, accountId: number, leadId: number, from: Date, steps: Step[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [step, touch] of steps.entries()) {
    const day = touch.day ?? 1;
    const due = new Date(from.getTime() + (day - 1) * 86_400_000 + 3_600_000);
    const kind = touch.kind ?? (touch.channel === 'email' ? 'email' : 'message');
    const { rows } = await pool.query<{ id: string }>(
      `INSERT INTO autopilot_touches (account_id, lead_id, step, spec, channel, kind, planned_at, due_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
      [accountId, leadId, step, JSON.stringify({ day, channel: touch.channel, kind, angle: 'A short note.', subject_angle: null, signals: [] }), touch.channel, kind, due],
    );
    const id = Number(rows[0]!.id);
    await pool.query(`SELECT graphile_worker.add_job('send_touch', $1::json, run_at := $2, job_key := $3)`, [JSON.stringify({ touchId: id }), due, touchJobKey(id)]);
    ids.push(id);
  }
  return ids;
}

/** The lead as stored: its outcome and end reason. */
export async function leadRow(pool: Pool, leadId: number) {
  const { rows } = await pool.query<{ outcome: string; end_reason: string | null; ended_at: Date | null }>('SELECT outcome, end_reason, ended_at FROM autopilot_leads WHERE id = $1', [leadId]);
  return rows[0]!;
}

/** Each touch's state and skip reason, by step. */
export async function touchStates(pool: Pool, leadId: number): Promise<string[]> {
  const { rows } = await pool.query<{ state: string; skip_reason: string | null }>('SELECT state, skip_reason FROM autopilot_touches WHERE lead_id = $1 ORDER BY step', [leadId]);
  return rows.map((row) => (row.skip_reason ? `${row.state}:${row.skip_reason}` : row.state));
}

/** How many of these touches still have a queued job. */
export async function queuedJobs(pool: Pool, touchIds: number[]): Promise<number> {
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = ANY($1::text[])', [touchIds.map((id) => touchJobKey(id))]);
  return rows[0]!.n;
}

/** The lead's recorded events, oldest first. */
export async function events(pool: Pool, leadId: number) {
  const { rows } = await pool.query<{ kind: string; effect: string; end_reason: string | null; detail: Record<string, unknown> }>(
    'SELECT kind, effect, end_reason, detail FROM autopilot_lead_events WHERE lead_id = $1 ORDER BY id',
    [leadId],
  );
  return rows;
}
