import type { PoolClient } from '../../platform/database/database.ts';
import { senderDay } from '../pacing/limits.ts';
import type { Sender } from './ports.ts';

/**
 * Holds, until the transaction ends, the daily-limit lock of each sender (in id order, so two workers
 * taking several never wait on each other in a circle): while held, nobody else counts or claims a
 * touch for them, so the count read next stays true until this transaction claims its touch.
 */
export async function lockSenders(client: PoolClient, senders: readonly Sender[]): Promise<void> {
  const keys = [...new Set(senders.map((sender) => `autopilot_sender:${sender.channel}:${sender.id}`))].sort();
  for (const key of keys) await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
}

/**
 * Touches each sender sent, or is sending now, in its own local day that holds `at`: every Autopilot
 * of the account counts, as the limit is the mailbox's (or seat's), not the Autopilot's.
 */
export async function sentThatDay(client: PoolClient, senders: readonly Sender[], at: Date): Promise<Map<number, number>> {
  if (senders.length === 0) return new Map();
  const days = senders.map((sender) => senderDay(sender.schedule, at));
  const { rows } = await client.query<{ sender_id: string; sent: number }>(
    `SELECT s.sender_id, (SELECT count(*)::int FROM autopilot_touches t
                          WHERE t.channel = s.channel AND t.sender_id = s.sender_id
                            AND ((t.state = 'sent' AND t.sent_at >= s.day_start AND t.sent_at < s.day_end)
                              OR (t.state = 'scheduled' AND t.sending_at IS NOT NULL))) AS sent
     FROM unnest($1::text[], $2::bigint[], $3::timestamptz[], $4::timestamptz[]) AS s (channel, sender_id, day_start, day_end)`,
    [senders.map((sender) => sender.channel), senders.map((sender) => sender.id), days.map((day) => day.start), days.map((day) => day.end)],
  );
  return new Map(rows.map((row) => [Number(row.sender_id), row.sent]));
}
