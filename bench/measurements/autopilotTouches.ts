/**
 * The Autopilot's sending rate: touches sent per second through the whole send_touch path (the lead
 * and touch locked, pacing against the mailbox's window and daily limit, the claim, the writer, the
 * real e-mail channel over SMTP, the outcome recorded) to a local SMTP server (npm smtp-server), next to
 * graphile-worker's rate for no-op jobs on the same worker settings in the same run.
 *
 * The writer answers at once with a fixed message: this is a bench of the sending path, not of a
 * model (the research pipeline's figures measure the writer). Leads are stored in bulk, enrolled in
 * one Autopilot with one e-mail step, each touch an `autopilot_touches` row and a `send_touch` job due
 * now; the mailbox sends all day every day with a limit no run reaches. The worker runs in the bench's
 * process with the service's concurrency, as the no-op baseline does.
 */
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';
import { autopilotModule, createLogger, platformSettings, type Pool, Secrets } from '@prospect-research/engine';
import { createPool } from '@prospect-research/engine/bench';
import type { BenchContext, Figure, Measurement } from '../measurement.ts';
import { configuredCustomer } from '../support/customers.ts';
import { SERVICE_POOL_SIZE, SERVICE_WORKER_CONCURRENCY, serviceEnv } from '../support/service.ts';
import { round } from '../support/stats.ts';
import { instantWriter, sendsDone, sentCount, startWorker, untilDone } from '../support/touchSending.ts';
import { CHANNEL_MEASURED, CHANNEL_WARMUP, channelTouchesSent } from './channelTouches.ts';

const WARMUP = 200;
const MEASURED = 2_000;
const NOOP_JOBS = 5_000;
const SECRET_KEY = Buffer.alloc(32, 7).toString('base64');
const STEP = { day: 1, channel: 'email', kind: 'email', angle: 'A short, useful note.', subject_angle: 'Their invoices', signals: [] };

/** A local SMTP server that accepts every message and counts them. */
async function startSmtp(): Promise<{ port: number; received: () => number; stop: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    disableReverseLookup: true,
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'bench' }),
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('the SMTP server has no port');
  return { port: address.port, received: () => received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function configure(url: string, key: string): Promise<number> {
  const call = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as { id?: number } };
  };
  const settings = await call('PATCH', '/autopilot/settings', {
    sender_identity: { name: 'Anna Bench', company: 'Ledgerly', postal_address: 'Hauptstrasse 1, 10115 Berlin' },
    email_signature: 'Anna, Ledgerly',
  });
  if (settings.status !== 200) throw new Error(`settings refused: ${JSON.stringify(settings.body)}`);
  const document = {
    enabled: true,
    filter: { rules: [] },
    channels: ['email'],
    tone: 'Friendly',
    goal: { type: 'engage' },
    sequence: [STEP],
  };
  const autopilot = await call('PUT', '/autopilots/Everyone', document);
  if (autopilot.status !== 201 || typeof autopilot.body.id !== 'number') throw new Error(`Autopilot refused: ${autopilot.status} ${JSON.stringify(autopilot.body)}`);
  return autopilot.body.id;
}

/** `count` enrolled leads, each with its one e-mail touch due now and its job. */
async function enrolLeads(pool: Pool, accountId: number, autopilotId: number, from: number, count: number): Promise<void> {
  const now = new Date();
  await pool.query(
    `INSERT INTO autopilot_contacts (account_id, contact_id, properties, email, created_at, received_at, state, reason, autopilot_id, decided_at)
     SELECT $1, 'c' || i, jsonb_build_object('email', 'lead' || i || '@company' || i || '.de'), 'lead' || i || '@company' || i || '.de', $3, $3, 'enrolled', 'matched', $2, $3
     FROM generate_series($4::int, $5::int) AS i`,
    [accountId, autopilotId, now, from, from + count - 1],
  );
  await pool.query(
    `WITH leads AS (
       INSERT INTO autopilot_leads (account_id, contact_id, autopilot_id, autopilot_revision, enrolled_by, research_reused, enrolled_at)
       SELECT $1, 'c' || i, $2, 1, 'matched', false, $3 FROM generate_series($4::int, $5::int) AS i RETURNING id, account_id),
     touches AS (
       INSERT INTO autopilot_touches (account_id, lead_id, step, spec, channel, kind, planned_at, due_at)
       SELECT account_id, id, 0, $6::jsonb, 'email', 'email', $3, $3 FROM leads RETURNING id, due_at)
     SELECT count(*) FROM graphile_worker.add_jobs(array(
       SELECT json_populate_recordset(null::graphile_worker.job_spec,
         (SELECT json_agg(json_build_object('identifier', 'send_touch', 'payload', json_build_object('touchId', id), 'run_at', due_at, 'job_key', 'touch:' || id)) FROM touches))))`,
    [accountId, autopilotId, now, from, from + count - 1, JSON.stringify(STEP)],
  );
}

async function touchesSent(context: BenchContext): Promise<{ perSecond: number; seconds: number; received: number }> {
  const { database, customer, configured: autopilotId } = await configuredCustomer(context, configure);
  const smtp = await startSmtp();
  const env = { ...serviceEnv(database.url), SECRET_KEY, EMAIL_ALLOW_PRIVATE_HOSTS: 'true', EMAIL_IDLE_SECONDS: '0' };
  const platform = platformSettings(env);
  const password = new Secrets(platform.secretKey!).seal('mailbox-password', 'bench');
  await database.pool.query(
    `INSERT INTO autopilot_mailboxes (account_id, from_address, from_name, smtp_host, smtp_port, smtp_security, smtp_user, smtp_password_sealed, time_zone, window_start, window_end, days, daily_limit)
     VALUES ($1, 'anna@ledgerly.test', 'Anna Bench', '127.0.0.1', $2, 'none', 'anna@ledgerly.test', $3, 'UTC', '00:00', '24:00', '{1,2,3,4,5,6,7}', 1000000)`,
    [customer.accountId, smtp.port, password],
  );
  const module = autopilotModule({ writer: instantWriter });
  const pool = createPool(database.url, SERVICE_POOL_SIZE);
  const log = createLogger('warn', 2);
  const tasks = module.tasks!({ settings: module.settings!(env, platform)!, platform, pool, log });
  const runner = await startWorker(pool, tasks);
  try {
    await enrolLeads(database.pool, customer.accountId, autopilotId, 1, WARMUP);
    await untilDone('the warm-up sends', () => sendsDone(database.pool));
    if ((await sentCount(database.pool, customer.accountId)) !== WARMUP) throw new Error('the warm-up touches were not all sent');
    const started = performance.now();
    await enrolLeads(database.pool, customer.accountId, autopilotId, WARMUP + 1, MEASURED);
    await untilDone('the measured sends', () => sendsDone(database.pool));
    const seconds = (performance.now() - started) / 1000;
    const { rows } = await database.pool.query<{ state: string; n: number }>(`SELECT state, count(*)::int AS n FROM autopilot_touches GROUP BY state`);
    if (rows.length !== 1 || rows[0]!.state !== 'sent') throw new Error(`touches not all sent: ${JSON.stringify(rows)}`);
    context.progress(`autopilot: ${MEASURED} touches sent over SMTP in ${round(seconds)} s (${smtp.received()} messages received)`);
    return { perSecond: MEASURED / seconds, seconds, received: smtp.received() };
  } finally {
    await runner.stop();
    await pool.end();
    await smtp.stop();
  }
}

/** graphile-worker's own rate on the same settings: no-op jobs, added in one batch, drained. */
async function noopJobs(context: BenchContext): Promise<number> {
  const database = await context.freshDatabase();
  const pool = createPool(database.url, SERVICE_POOL_SIZE);
  const runner = await startWorker(pool, { bench_noop: async () => {} });
  try {
    const started = performance.now();
    await pool.query(
      `SELECT count(*) FROM graphile_worker.add_jobs(array(SELECT json_populate_recordset(null::graphile_worker.job_spec,
         (SELECT json_agg(json_build_object('identifier', 'bench_noop', 'payload', '{}'::json)) FROM generate_series(1, $1)))))`,
      [NOOP_JOBS],
    );
    await untilDone('the no-op jobs', async () => {
      const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'bench_noop'`);
      return rows[0]!.n === 0;
    });
    const perSecond = NOOP_JOBS / ((performance.now() - started) / 1000);
    context.progress(`autopilot: graphile-worker no-op baseline ${round(perSecond)} jobs/s`);
    return perSecond;
  } finally {
    await runner.stop();
    await pool.end();
  }
}

export const autopilotTouches: Measurement = {
  name: "Autopilot touches sent (send_touch through the e-mail channel to a local SMTP server, and through the Unipile channels to the Unipile emulator; an instant writer; worker in the bench's process)",
  async run(context): Promise<Figure[]> {
    const sent = await touchesSent(context);
    const noop = await noopJobs(context);
    const channels = await channelTouchesSent(context);
    return [
      {
        key: 'autopilot_touches_sent_per_s',
        label: 'touches sent per second (lock, pace, claim, write, SMTP, record)',
        value: round(sent.perSecond),
        unit: 'touches/s',
        note: `${MEASURED} touches after ${WARMUP} warm-up, ${SERVICE_WORKER_CONCURRENCY} at once, one mailbox`,
      },
      { key: 'autopilot_touches_noop_jobs_per_s', label: 'graphile-worker no-op jobs per second, same settings', value: round(noop), unit: 'jobs/s', note: `${NOOP_JOBS} jobs` },
      {
        key: 'autopilot_touches_vs_noop_ratio',
        label: 'touches sent / no-op jobs',
        value: Math.round((sent.perSecond / noop) * 1000) / 1000,
        unit: 'ratio',
        note: "the share of the queue's own rate a real send keeps; goal >= 0.15",
      },
      {
        key: 'channel_touches_sent_per_s',
        label: 'touches sent per second through Unipile (lock, pace, claim, write, profile, invitation or chat, record)',
        value: round(channels.perSecond),
        unit: 'touches/s',
        note: `${CHANNEL_MEASURED} touches after ${CHANNEL_WARMUP} warm-up: connection requests, LinkedIn, WhatsApp and Telegram messages in turn, one seat each`,
      },
      {
        key: 'channel_touches_vs_email_ratio',
        label: 'Unipile touches sent / e-mail touches sent',
        value: Math.round((channels.perSecond / sent.perSecond) * 1000) / 1000,
        unit: 'ratio',
        note: 'the same path, another channel: near 1 when the path, not the channel, sets the rate',
      },
      {
        key: 'channel_touches_vs_noop_ratio',
        label: 'Unipile touches sent / no-op jobs',
        value: Math.round((channels.perSecond / noop) * 1000) / 1000,
        unit: 'ratio',
        note: 'goal >= 0.12',
      },
    ];
  },
};
