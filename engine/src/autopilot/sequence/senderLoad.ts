import { DateTime } from 'luxon';
import type { Queryable } from '../../platform/database/database.ts';
import type { SendingSchedule } from '../../senders/index.ts';
import type { TouchKind } from '../contract.ts';
import { limitOn, senderDay } from '../../senders/index.ts';
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

/** Whether the sender's weekly limit of connection requests (`weeklyHold`, under `lockWeeks`) counts a touch of this kind. */
export function countsAgainstWeek(sender: Sender, kind: TouchKind): boolean {
  return limitGroup(sender, kind) === 'invitations';
}

/**
 * The schedule a touch of this kind is paced by: the sender's, with the connection requests' own daily
 * limit on a seat that has one. A warm-up ramps each limit alike, never above it.
 */
export function scheduleFor(sender: Sender, kind: TouchKind): SendingSchedule {
  return limitGroup(sender, kind) === 'invitations' ? { ...sender.schedule, dailyLimit: sender.invitationLimits!.perDay } : sender.schedule;
}

/**
 * The one definition of what a sender used of its day, for pacing (`sentThatDay`), the claim
 * (`claimDay`) and what the API shows (`senderUse`) alike: its row `d` of `autopilot_sender_days`, the
 * touches claimed for sending in its local day (sent, or being sent; a claim that ends without a send
 * gives its place back) and the connection requests among them, for the SQL expression `group` of the
 * touch's limit group.
 */
const usedOf = (group: string) => `CASE ${group} WHEN 'invitations' THEN d.invitations WHEN 'messages' THEN d.touches - d.invitations ELSE d.touches END`;

/**
 * Touches of the kind's limit each sender sent, or is sending now, in its own local day that holds `at`:
 * every Autopilot of the account counts, as the limit is the mailbox's (or seat's), not the Autopilot's.
 * A read, no lock: `claimDay` decides.
 */
export async function sentThatDay(db: Queryable, senders: readonly Sender[], at: Date, kind: TouchKind): Promise<Map<number, number>> {
  if (senders.length === 0) return new Map();
  const { rows } = await db.query<{ sender_id: string; sent: number }>(
    `SELECT s.sender_id, coalesce((SELECT ${usedOf('s.grp')} FROM autopilot_sender_days d
                                   WHERE d.channel = s.channel AND d.sender_id = s.sender_id AND d.day = s.day), 0) AS sent
     FROM unnest($1::text[], $2::bigint[], $3::date[], $4::text[]) AS s (channel, sender_id, day, grp)`,
    [senders.map((sender) => sender.channel), senders.map((sender) => sender.id), senders.map((sender) => senderDay(sender.schedule, at).date), senders.map((sender) => limitGroup(sender, kind))],
  );
  return new Map(rows.map((row) => [Number(row.sender_id), row.sent]));
}

/**
 * Claims the touch for the sender in one statement: a place in the sender's local day that holds `at`
 * is taken only while that day's use of the kind's limit is below it (an upsert the day's row lock
 * orders), and the touch is marked being sent (`sending_at`, `sender_id`, `counted_on`) with it. On its
 * own (not in a transaction) it commits at once, so the day's row is locked no longer than that.
 * Answers the day the place was taken in (the sender's local date), or null, changing nothing, when
 * another claim took the day's last place first, or the touch is no longer scheduled and unclaimed, or
 * its lead no longer Active (it ended since the touch was decided).
 */
export async function claimDay(db: Queryable, touch: { id: number; kind: TouchKind }, sender: Sender, at: Date): Promise<string | null> {
  const schedule = scheduleFor(sender, touch.kind);
  const day = senderDay(schedule, at).date;
  const invitation = touch.kind === 'connection_request' ? 1 : 0;
  const { rowCount } = await db.query({
    name: 'autopilot_claim_day',
    text: `WITH touch AS (SELECT t.id FROM autopilot_touches t JOIN autopilot_leads l ON l.id = t.lead_id AND l.outcome = 'Active'
                    WHERE t.id = $1 AND t.state = 'scheduled' AND t.sending_at IS NULL FOR UPDATE OF t),
     place AS (
       INSERT INTO autopilot_sender_days AS d (channel, sender_id, day, touches, invitations) SELECT $2::text, $3::bigint, $4::date, 1, $5::int FROM touch WHERE $7::int > 0
       ON CONFLICT (channel, sender_id, day) DO UPDATE SET touches = d.touches + 1, invitations = d.invitations + excluded.invitations
       WHERE ${usedOf('$6::text')} < $7
       RETURNING 1)
     UPDATE autopilot_touches SET sending_at = $8, sender_id = $3, counted_on = $4 WHERE id = $1 AND EXISTS (SELECT 1 FROM place)`,
    values: [touch.id, sender.channel, sender.id, day, invitation, limitGroup(sender, touch.kind), limitOn(schedule, day), at],
  });
  return rowCount === 1 ? day : null;
}

/**
 * While a seat's connection requests are claimed, its weekly limit's lock (transaction-scoped): the
 * weekly count, over any 7 days as the network counts them, is no day's row, so it stays true until
 * this transaction claims its touch. Only those touches take it; in id order, so two workers taking
 * several never wait on each other in a circle.
 */
export async function lockWeeks(client: Queryable, senders: readonly Sender[], kind: TouchKind): Promise<void> {
  const keys = [...new Set(senders.filter((sender) => countsAgainstWeek(sender, kind)).map((sender) => `autopilot_sender_week:${sender.channel}:${sender.id}`))].sort();
  for (const key of keys) await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
}

/**
 * The weekly limit of connection requests (any 7 days, as the network counts them): when reached, the
 * moment the oldest of them leaves the 7 days, and why; null when the touch is not held by it.
 */
export async function weeklyHold(client: Queryable, sender: Sender, kind: TouchKind, at: Date): Promise<{ at: Date; hold: Hold } | null> {
  if (!countsAgainstWeek(sender, kind)) return null;
  const limit = sender.invitationLimits!.perWeek;
  const since = DateTime.fromJSDate(at).minus({ days: 7 }).toJSDate();
  const { rows } = await client.query<{ sent_at: Date | null }>(
    `SELECT sent_at FROM autopilot_touches
     WHERE channel = $1 AND sender_id = $2 AND kind = 'connection_request'
       AND ((state = 'sent' AND sent_at > $3) OR (state <> 'sent' AND counted_on IS NOT NULL))
     ORDER BY sent_at NULLS LAST`,
    [sender.channel, sender.id, since],
  );
  if (rows.length < limit) return null;
  // The oldest request to leave the 7 days frees a place; one still claimed (being sent, or ended while
  // its worker sends it) counts as sent now.
  const freed = rows[rows.length - limit]!.sent_at ?? at;
  return {
    at: DateTime.fromJSDate(freed).plus({ days: 7 }).toJSDate(),
    hold: { kind: 'limit', text: `the weekly limit of connection requests of ${sender.label} is reached (${rows.length} of ${limit} in the last 7 days)` },
  };
}

/** What a sender used of its limits in its local day: every touch, and the connection requests among them. */
export interface SenderUse {
  /** The sender's local date. */
  date: string;
  touches: number;
  invitations: number;
}

/**
 * Touches each sender sent, or is sending now, in its own local day that holds `at`, counted as
 * `sentThatDay` counts them for pacing (the answers of `GET /mailboxes` and `GET /seats` show them).
 */
export async function senderUse(db: Queryable, senders: readonly Pick<Sender, 'id' | 'channel' | 'schedule'>[], at: Date): Promise<Map<number, SenderUse>> {
  if (senders.length === 0) return new Map();
  const days = senders.map((sender) => senderDay(sender.schedule, at).date);
  const { rows } = await db.query<{ sender_id: string; touches: number; invitations: number }>(
    `SELECT d.sender_id, d.touches, d.invitations
     FROM unnest($1::text[], $2::bigint[], $3::date[]) AS s (channel, sender_id, day)
     JOIN autopilot_sender_days d ON d.channel = s.channel AND d.sender_id = s.sender_id AND d.day = s.day`,
    [senders.map((sender) => sender.channel), senders.map((sender) => sender.id), days],
  );
  const counts = new Map(rows.map((row) => [Number(row.sender_id), row]));
  return new Map(
    senders.map((sender, index) => {
      const row = counts.get(sender.id);
      return [sender.id, { date: days[index]!, touches: row?.touches ?? 0, invitations: row?.invitations ?? 0 }];
    }),
  );
}

/**
 * Days no sender still lives in: a row's day is its sender's local date, and every zone's today is at
 * most a day from UTC's, so rows two days before UTC's date are no one's today (nor a claim's, which
 * gives its place back within minutes). Deleted, those of removed senders among them. Answers how many.
 */
export async function forgetPastDays(db: Queryable, now: Date): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM autopilot_sender_days WHERE day < ($1::timestamptz AT TIME ZONE 'UTC')::date - 2`, [now]);
  return rowCount ?? 0;
}
