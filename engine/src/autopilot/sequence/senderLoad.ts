import { DateTime } from 'luxon';
import type { PoolClient } from '../../platform/database/database.ts';
import type { SendingSchedule } from '../../senders/index.ts';
import type { TouchKind } from '../contract.ts';
import { senderDay } from '../pacing/limits.ts';
import type { Hold } from '../pacing/window.ts';
import type { Sender } from './ports.ts';

/**
 * Which of a sender's limits a touch counts against: on a seat of the professional network connection
 * requests have their own (`invitationLimits`), every other kind counts against the daily limit; a
 * sender without them (a mailbox, a WhatsApp or Telegram seat) counts every touch together.
 */
type LimitGroup = 'all' | 'invitations' | 'messages';

function limitGroup(sender: Sender, kind: TouchKind): LimitGroup {
  if (sender.invitationLimits === undefined) return 'all';
  return kind === 'connection_request' ? 'invitations' : 'messages';
}

/**
 * The schedule a touch of this kind is paced by: the sender's, with the connection requests' own daily
 * limit on a seat that has one. A warm-up ramps each limit alike, never above it.
 */
export function scheduleFor(sender: Sender, kind: TouchKind): SendingSchedule {
  return limitGroup(sender, kind) === 'invitations' ? { ...sender.schedule, dailyLimit: sender.invitationLimits!.perDay } : sender.schedule;
}

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
 * Touches of the kind's limit each sender sent, or is sending now, in its own local day that holds `at`:
 * every Autopilot of the account counts, as the limit is the mailbox's (or seat's), not the Autopilot's.
 */
export async function sentThatDay(client: PoolClient, senders: readonly Sender[], at: Date, kind: TouchKind): Promise<Map<number, number>> {
  if (senders.length === 0) return new Map();
  const days = senders.map((sender) => senderDay(sender.schedule, at));
  const { rows } = await client.query<{ sender_id: string; sent: number }>(
    `SELECT s.sender_id, (SELECT count(*)::int FROM autopilot_touches t
                          WHERE t.channel = s.channel AND t.sender_id = s.sender_id
                            AND (s.grp = 'all' OR (s.grp = 'invitations') = (t.kind = 'connection_request'))
                            AND ((t.state = 'sent' AND t.sent_at >= s.day_start AND t.sent_at < s.day_end)
                              OR (t.state = 'scheduled' AND t.sending_at IS NOT NULL))) AS sent
     FROM unnest($1::text[], $2::bigint[], $3::timestamptz[], $4::timestamptz[], $5::text[]) AS s (channel, sender_id, day_start, day_end, grp)`,
    [senders.map((sender) => sender.channel), senders.map((sender) => sender.id), days.map((day) => day.start), days.map((day) => day.end), senders.map((sender) => limitGroup(sender, kind))],
  );
  return new Map(rows.map((row) => [Number(row.sender_id), row.sent]));
}

/**
 * The weekly limit of connection requests (any 7 days, as the network counts them): when reached, the
 * moment the oldest of them leaves the 7 days, and why; null when the touch is not held by it.
 */
export async function weeklyHold(client: PoolClient, sender: Sender, kind: TouchKind, at: Date): Promise<{ at: Date; hold: Hold } | null> {
  if (limitGroup(sender, kind) !== 'invitations') return null;
  const limit = sender.invitationLimits!.perWeek;
  const since = DateTime.fromJSDate(at).minus({ days: 7 }).toJSDate();
  const { rows } = await client.query<{ sent_at: Date | null }>(
    `SELECT sent_at FROM autopilot_touches
     WHERE channel = $1 AND sender_id = $2 AND kind = 'connection_request'
       AND ((state = 'sent' AND sent_at > $3) OR (state = 'scheduled' AND sending_at IS NOT NULL))
     ORDER BY sent_at NULLS LAST`,
    [sender.channel, sender.id, since],
  );
  if (rows.length < limit) return null;
  // The oldest request to leave the 7 days frees a place; one still being sent counts as sent now.
  const freed = rows[rows.length - limit]!.sent_at ?? at;
  return {
    at: DateTime.fromJSDate(freed).plus({ days: 7 }).toJSDate(),
    hold: { kind: 'limit', text: `the weekly limit of connection requests of ${sender.label} is reached (${rows.length} of ${limit} in the last 7 days)` },
  };
}
