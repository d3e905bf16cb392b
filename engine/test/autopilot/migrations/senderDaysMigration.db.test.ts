import { readdirSync } from 'node:fs';
import { runner } from 'node-pg-migrate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autopilotModule } from '../../../src/autopilot/module.ts';
import { senderUse } from '../../../src/autopilot/sequence/senderLoad.ts';
import { releaseTouch } from '../../../src/autopilot/sequence/touchStore.ts';
import { createPool, type Pool } from '../../../src/platform/database/database.ts';
import type { SendingSchedule } from '../../../src/senders/index.ts';
import type { TestDatabase } from '../../support/databases.ts';
import { createCustomer, newTestDatabase } from '../../support/engine.ts';
import { seedLead } from '../channels/email/support.ts';
import { addSeat } from '../channels/unipile/support.ts';

/**
 * Autopilot migration 0025: each sender's use of its day is a row of `autopilot_sender_days`, claimed
 * with a conditional upsert. The migration counts the touches that counted under the rule before it
 * (sent in the sender's local day, or being sent), so a running deployment's limits stay exact across
 * the upgrade; a claim that ends without a send gives its place back.
 */

let database: TestDatabase;
let pool: Pool;

beforeAll(async () => {
  database = await newTestDatabase();
  pool = createPool(database.url, 2);
});

afterAll(async () => {
  await pool.end();
  await database.drop();
});

const directory = autopilotModule().migrations!;

async function autopilot(direction: 'up' | 'down', count: number) {
  const client = await pool.connect();
  try {
    await runner({ dbClient: client, dir: directory, direction, count, migrationsTable: 'pgmigrations_autopilot', checkOrder: true, log: () => {} });
  } finally {
    client.release();
  }
}

/** The autopilot migrations after 0025, undone first to reach it and redone at the end. */
const LATER = readdirSync(directory).filter((file) => file > '0026').length;

const schedule = (timeZone: string): SendingSchedule => ({ timeZone, windowStart: '00:00', windowEnd: '24:00', days: [1, 2, 3, 4, 5, 6, 7], dailyLimit: 50, warmup: null });

async function addMailbox(accountId: number, address: string, timeZone: string): Promise<number> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO autopilot_mailboxes (account_id, from_address, from_name, smtp_host, smtp_port, smtp_security, smtp_user, smtp_password_sealed, time_zone, window_start, window_end, days, daily_limit)
     VALUES ($1, $2, 'Anna', 'smtp.example.com', 587, 'starttls', $2, 'sealed', $3, '00:00', '24:00', '{1,2,3,4,5,6,7}', 50) RETURNING id`,
    [accountId, address, timeZone],
  );
  return Number(rows[0]!.id);
}

let step = 0;
/** A touch of the lead as the send task leaves it: sent `ago`, being sent since `ago`, or skipped. */
async function touch(leadId: number, accountId: number, channel: string, kind: string, senderId: number, state: 'sent' | 'sending' | 'skipped', ago = '1 minute'): Promise<number> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO autopilot_touches (account_id, lead_id, step, spec, channel, kind, planned_at, due_at, state, skip_reason, sender_id, sent_at, ended_at, sending_at)
     VALUES ($1, $2, $3, '{}', $4, $5, now(), now(), $6, CASE WHEN $6 = 'skipped' THEN 'no_sender' END, $7,
             CASE WHEN $6 = 'sent' THEN now() - $8::interval END, CASE WHEN $6 <> 'scheduled' THEN now() - $8::interval END,
             CASE WHEN $6 = 'scheduled' THEN now() - $8::interval END)
     RETURNING id`,
    [accountId, leadId, ++step, channel, kind, state === 'sending' ? 'scheduled' : state, senderId, ago],
  );
  return Number(rows[0]!.id);
}

describe('autopilot migration 0025 (sender days)', () => {
  it("counts today's sends and claims into each sender's day, gives a claim's place back when it ends unsent, and goes down and up again", async () => {
    await autopilot('down', LATER + 1);
    const { account } = await createCustomer(pool);
    const leadId = await seedLead(pool, account.id, 'c-mig', 'lead@example.com');
    const mailbox = await addMailbox(account.id, 'anna@ledgerly.test', 'UTC');
    const other = await addMailbox(account.id, 'max@ledgerly.test', 'Pacific/Kiritimati');
    const seat = await addSeat(pool, account.id, 'linkedin');
    await touch(leadId, account.id, 'email', 'email', mailbox, 'sent');
    await touch(leadId, account.id, 'email', 'email', mailbox, 'sent');
    const sending = await touch(leadId, account.id, 'email', 'email', mailbox, 'sending');
    await touch(leadId, account.id, 'email', 'email', mailbox, 'sent', '3 days');
    await touch(leadId, account.id, 'email', 'email', mailbox, 'skipped');
    await touch(leadId, account.id, 'email', 'email', other, 'sent');
    await touch(leadId, account.id, 'linkedin', 'connection_request', seat.id, 'sent');
    await touch(leadId, account.id, 'linkedin', 'message', seat.id, 'sent');
    await touch(leadId, account.id, 'linkedin', 'message', seat.id, 'sending');
    // A sender removed before the upgrade has no day to pace.
    await touch(leadId, account.id, 'email', 'email', 999_999, 'sent');

    await autopilot('up', 1);
    // Mailboxes and seats are apart (each has its own ids), as the API reads them.
    const mailboxes = [
      { id: mailbox, channel: 'email' as const, schedule: schedule('UTC') },
      { id: other, channel: 'email' as const, schedule: schedule('Pacific/Kiritimati') },
    ];
    const today = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
    const use = async () => senderUse(pool, mailboxes, new Date());
    expect(await use()).toEqual(
      new Map([
        [mailbox, { date: today('UTC'), touches: 3, invitations: 0 }],
        [other, { date: today('Pacific/Kiritimati'), touches: 1, invitations: 0 }],
      ]),
    );
    expect(await senderUse(pool, [{ id: seat.id, channel: 'linkedin', schedule: schedule('Europe/Berlin') }], new Date())).toEqual(
      new Map([[seat.id, { date: today('Europe/Berlin'), touches: 3, invitations: 1 }]]),
    );
    expect((await pool.query(`SELECT count(*)::int AS n FROM autopilot_sender_days WHERE sender_id = 999999`)).rows[0].n).toBe(0);

    // The claim that was being sent ends unsent: its place is given back, once.
    await releaseTouch(pool, sending);
    await releaseTouch(pool, sending);
    expect((await use()).get(mailbox)!.touches).toBe(2);
    expect((await pool.query(`SELECT counted_on, sending_at FROM autopilot_touches WHERE id = $1`, [sending])).rows[0]).toEqual({ counted_on: null, sending_at: null });

    await autopilot('down', 1);
    const { rows } = await pool.query(
      `SELECT to_regclass('autopilot_sender_days') AS days, (SELECT count(*)::int FROM information_schema.columns WHERE table_name = 'autopilot_touches' AND column_name = 'counted_on') AS column`,
    );
    expect(rows[0]).toEqual({ days: null, column: 0 });
    await autopilot('up', LATER + 1);
    expect((await use()).get(mailbox)!.touches).toBe(2);
  });
});
