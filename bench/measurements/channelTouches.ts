/**
 * The Unipile channels' sending rate, measured in the same run as the e-mail channel's
 * (autopilotTouches.ts): touches sent per second through the whole send_touch path (the lead and touch
 * locked, pacing against the seat's window and limits, the claim, the writer, the channel's calls to
 * Unipile, the outcome and the lead's place on the channel recorded), against the local Unipile emulator
 * (engine/test/support/unipileEmulator.ts: a real HTTP server in the bench's process).
 *
 * One seat per channel, sending all day every day with limits no run reaches. The leads are stored in
 * bulk, one touch each, in turn: a connection request on the professional network (profile look-up,
 * invitation with its note), a message there to someone already connected (profile look-up, chat
 * started), a WhatsApp message (by phone number) and a Telegram message (by username). The writer
 * answers at once: this is a bench of the sending path.
 */
import { performance } from 'node:perf_hooks';
import { autopilotModule, createLogger, platformSettings, type Pool } from '@prospect-research/engine';
import { createPool } from '@prospect-research/engine/bench';
import { startUnipileEmulator, type UnipileEmulator } from '@prospect-research/engine/testing';
import type { BenchContext } from '../measurement.ts';
import { configuredCustomer } from '../support/customers.ts';
import { SERVICE_POOL_SIZE, serviceEnv } from '../support/service.ts';
import { round } from '../support/stats.ts';
import { instantWriter, sendsDone, startWorker, untilDone } from '../support/touchSending.ts';

export const CHANNEL_WARMUP = 200;
export const CHANNEL_MEASURED = 2_000;

const step = (channel: string, kind: string, angle: string) => ({ day: 1, channel, kind, angle, subject_angle: null, signals: [] });
/** Lead `i` gets `STEPS[i % 4]`. */
const STEPS = [
  step('linkedin', 'connection_request', 'A short note on why connecting makes sense.'),
  step('linkedin', 'message', 'A short, useful note.'),
  step('whatsapp', 'message', 'A short, useful note.'),
  step('telegram', 'message', 'A short, useful note.'),
];

async function configure(url: string, key: string): Promise<number> {
  const call = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as { id?: number } };
  };
  const settings = await call('PATCH', '/autopilot/settings', { sender_identity: { name: 'Anna Bench', company: 'Ledgerly', postal_address: 'Hauptstrasse 1, 10115 Berlin' } });
  if (settings.status !== 200) throw new Error(`settings refused: ${JSON.stringify(settings.body)}`);
  const document = { enabled: true, filter: { rules: [] }, channels: ['linkedin', 'whatsapp', 'telegram'], tone: 'Friendly', goal: { type: 'engage' }, sequence: STEPS };
  const autopilot = await call('PUT', '/autopilots/Everyone', document);
  if (autopilot.status !== 201 || typeof autopilot.body.id !== 'number') throw new Error(`Autopilot refused: ${autopilot.status} ${JSON.stringify(autopilot.body)}`);
  return autopilot.body.id;
}

/** The people leads `from`..`from + count - 1` are on the provider's side: a LinkedIn member (connected for the message steps), a WhatsApp number, a Telegram username. */
function addPeople(unipile: UnipileEmulator, from: number, count: number): void {
  for (let i = from; i < from + count; i++) {
    unipile.addPerson('LINKEDIN', `lead-${i}`, { networkDistance: i % 4 === 1 ? 'FIRST_DEGREE' : 'SECOND_DEGREE' });
    unipile.addPerson('WHATSAPP', phone(i));
    unipile.addPerson('TELEGRAM', `lead_${i}`);
  }
}

/** A German mobile number, different for every lead. */
const phone = (i: number) => `+49151${String(10_000_000 + i)}`;

/** `count` enrolled leads, each with its one touch due now and its job. */
async function enrolLeads(pool: Pool, accountId: number, autopilotId: number, from: number, count: number): Promise<void> {
  const now = new Date();
  await pool.query(
    `INSERT INTO autopilot_contacts (account_id, contact_id, properties, created_at, received_at, state, reason, autopilot_id, decided_at)
     SELECT $1, 'c' || i, jsonb_build_object('linkedin_url', 'https://www.linkedin.com/in/lead-' || i, 'whatsapp', '+49151' || (10000000 + i),
              'telegram_username', 'lead_' || i, 'country', 'Germany'), $3, $3, 'enrolled', 'matched', $2, $3
     FROM generate_series($4::int, $5::int) AS i`,
    [accountId, autopilotId, now, from, from + count - 1],
  );
  await pool.query(
    `WITH leads AS (
       INSERT INTO autopilot_leads (account_id, contact_id, autopilot_id, autopilot_revision, enrolled_by, research_reused, enrolled_at)
       SELECT $1, 'c' || i, $2, 1, 'matched', false, $3 FROM generate_series($4::int, $5::int) AS i RETURNING id, account_id, contact_id),
     touches AS (
       INSERT INTO autopilot_touches (account_id, lead_id, step, spec, channel, kind, planned_at, due_at)
       SELECT l.account_id, l.id, s.step, s.spec, s.spec->>'channel', s.spec->>'kind', $3, $3
       FROM leads l JOIN (SELECT (ordinality - 1)::int AS step, value AS spec FROM jsonb_array_elements($6::jsonb) WITH ORDINALITY) s
         ON s.step = substr(l.contact_id, 2)::int % 4
       RETURNING id, due_at)
     SELECT count(*) FROM graphile_worker.add_jobs(array(
       SELECT json_populate_recordset(null::graphile_worker.job_spec,
         (SELECT json_agg(json_build_object('identifier', 'send_touch', 'payload', json_build_object('touchId', id), 'run_at', due_at, 'job_key', 'touch:' || id)) FROM touches))))`,
    [accountId, autopilotId, now, from, from + count - 1, JSON.stringify(STEPS)],
  );
}

/** One seat per channel: all day, every day, limits no run reaches. */
async function addSeats(pool: Pool, accountId: number, unipile: UnipileEmulator): Promise<void> {
  for (const [channel, provider] of [
    ['linkedin', 'LINKEDIN'],
    ['whatsapp', 'WHATSAPP'],
    ['telegram', 'TELEGRAM'],
  ] as const) {
    const account = unipile.addAccount(provider, { name: `Anna Bench (${channel})` });
    const invitations = channel === 'linkedin' ? 1_000_000 : null;
    await pool.query(
      `INSERT INTO autopilot_seats (account_id, channel, unipile_account_id, label, time_zone, window_start, window_end, days, messages_per_day, invitations_per_day, invitations_per_week)
       VALUES ($1, $2, $3, $4, 'UTC', '00:00', '24:00', '{1,2,3,4,5,6,7}', 1000000, $5, $5)`,
      [accountId, channel, account.id, account.name, invitations],
    );
  }
}

/** Whether `target` touches are sent; throws on a touch held or skipped (none should be here: the run is misconfigured). */
async function allSent(pool: Pool, accountId: number, target: number): Promise<boolean> {
  const { rows } = await pool.query<{ sent: number; held: string | null; skipped: string | null }>(
    `SELECT count(*) FILTER (WHERE state = 'sent')::int AS sent, min(held_reason) FILTER (WHERE state = 'scheduled') AS held, min(skip_reason) AS skipped
     FROM autopilot_touches WHERE account_id = $1`,
    [accountId],
  );
  const { sent, held, skipped } = rows[0]!;
  if (held !== null || skipped !== null) throw new Error(`a channel touch was ${held !== null ? `held: ${held}` : `skipped: ${skipped}`}`);
  return sent >= target;
}

export interface ChannelTouchesSent {
  perSecond: number;
  seconds: number;
  /** Unipile calls the measured touches made, by route. */
  calls: { getUser: number; invite: number; startChat: number };
}

/** The measured run: warm-up, then `CHANNEL_MEASURED` touches from enqueued to all `sent`; checks every touch went out through the emulator. */
export async function channelTouchesSent(context: BenchContext): Promise<ChannelTouchesSent> {
  const { database, customer, configured: autopilotId } = await configuredCustomer(context, configure);
  const unipile = await startUnipileEmulator();
  const env = { ...serviceEnv(database.url), ...unipile.env };
  const platform = platformSettings(env);
  const module = autopilotModule({ writer: instantWriter });
  const pool = createPool(database.url, SERVICE_POOL_SIZE);
  const log = createLogger('warn', 2);
  await addSeats(database.pool, customer.accountId, unipile);
  addPeople(unipile, 1, CHANNEL_WARMUP + CHANNEL_MEASURED);
  const tasks = module.tasks!({ settings: module.settings!(env, platform)!, platform, pool, log });
  const runner = await startWorker(pool, tasks);
  try {
    await enrolLeads(database.pool, customer.accountId, autopilotId, 1, CHANNEL_WARMUP);
    await untilDone('the warm-up sends', () => sendsDone(database.pool));
    if (!(await allSent(database.pool, customer.accountId, CHANNEL_WARMUP))) throw new Error('the warm-up touches were not all sent');
    const before = { getUser: unipile.calls('getUser'), invite: unipile.calls('invite'), startChat: unipile.calls('startChat') };
    const started = performance.now();
    await enrolLeads(database.pool, customer.accountId, autopilotId, CHANNEL_WARMUP + 1, CHANNEL_MEASURED);
    await untilDone('the measured sends', () => sendsDone(database.pool));
    const seconds = (performance.now() - started) / 1000;
    if (!(await allSent(database.pool, customer.accountId, CHANNEL_WARMUP + CHANNEL_MEASURED))) throw new Error('the measured touches were not all sent');
    const { rows } = await database.pool.query<{ state: string; n: number }>(`SELECT state, count(*)::int AS n FROM autopilot_touches GROUP BY state`);
    if (rows.length !== 1 || rows[0]!.state !== 'sent') throw new Error(`channel touches not all sent: ${JSON.stringify(rows)}`);
    const calls = { getUser: unipile.calls('getUser') - before.getUser, invite: unipile.calls('invite') - before.invite, startChat: unipile.calls('startChat') - before.startChat };
    if (calls.invite !== CHANNEL_MEASURED / 4 || calls.startChat !== (CHANNEL_MEASURED * 3) / 4 || unipile.unexpected.length > 0) {
      throw new Error(`the Unipile emulator did not see one invitation or chat per touch: ${JSON.stringify(calls)}, unexpected ${JSON.stringify(unipile.unexpected.slice(0, 5))}`);
    }
    context.progress(`autopilot: ${CHANNEL_MEASURED} touches sent through Unipile in ${round(seconds)} s (${JSON.stringify(calls)})`);
    return { perSecond: CHANNEL_MEASURED / seconds, seconds, calls };
  } finally {
    await runner.stop();
    await pool.end();
    await unipile.close();
  }
}
