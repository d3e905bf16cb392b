import { DateTime, IANAZone } from 'luxon';
import type { Queryable } from '../../platform/database/database.ts';
import { AppError } from '../../platform/errors.ts';
import { shown } from '../../platform/validation/index.ts';
import { isPossibleName, nameKey } from '../config/names.ts';
import { type Channel, CHANNELS, type DailyStats, LEAD_END_REASONS, type StatsDay } from '../contract.ts';

/** The longest period one answer covers: a year, a leap day included. */
export const MAX_STATS_DAYS = 366;

export interface DailyStatsQuery {
  from: string;
  to: string;
  /** An Autopilot's name (any case; archived ones too); undefined for the whole account. */
  autopilot?: string;
  /** The IANA zone the days are counted in; UTC when undefined. */
  timeZone?: string;
}

type Measure = 'enrolled' | 'ended' | 'sent' | 'skipped' | 'held' | 'credits';

interface MeasureRow {
  measure: Measure;
  day: string;
  /** A channel (touches) or an end reason (ended leads); null otherwise. */
  key: string | null;
  count: number;
  /** Of those, the responded ones (enrolled and ended leads). */
  responded: number;
}

/**
 * Each measure of the period grouped by day in one statement: leads enrolled (and of those, responded
 * by now), leads ended by end reason, touches sent and skipped (on the day they ended) and held back
 * (on the day their plan put them) by channel, and credits spent (the ledger's debits less refunds).
 * With an Autopilot, its leads and touches, and the credits of the research its enrolments started
 * (each an uncorrelated IN: its leads are read once, by autopilot_leads_by_autopilot, into a hash).
 * Each part reads one index by account and time (migration 0020).
 */
const DAILY_SQL = `
  WITH period AS (SELECT ($2::date::timestamp AT TIME ZONE $4) AS starts, (($3::date + 1)::timestamp AT TIME ZONE $4) AS ends)
  SELECT 'enrolled' AS measure, (l.enrolled_at AT TIME ZONE $4)::date::text AS day, NULL AS key,
         count(*)::int AS count, count(*) FILTER (WHERE l.outcome = 'Responded')::int AS responded
  FROM autopilot_leads l, period p
  WHERE l.account_id = $1 AND l.enrolled_at >= p.starts AND l.enrolled_at < p.ends AND ($5::bigint IS NULL OR l.autopilot_id = $5)
  GROUP BY 2
  UNION ALL
  SELECT 'ended', (l.ended_at AT TIME ZONE $4)::date::text, l.end_reason, count(*)::int, count(*) FILTER (WHERE l.outcome = 'Responded')::int
  FROM autopilot_leads l, period p
  WHERE l.account_id = $1 AND l.ended_at >= p.starts AND l.ended_at < p.ends AND ($5::bigint IS NULL OR l.autopilot_id = $5)
  GROUP BY 2, 3
  UNION ALL
  SELECT t.state, (t.ended_at AT TIME ZONE $4)::date::text, t.channel, count(*)::int, 0
  FROM autopilot_touches t, period p
  WHERE t.account_id = $1 AND t.state IN ('sent', 'skipped') AND t.ended_at >= p.starts AND t.ended_at < p.ends
    AND ($5::bigint IS NULL OR t.lead_id IN (SELECT id FROM autopilot_leads WHERE autopilot_id = $5))
  GROUP BY 1, 2, 3
  UNION ALL
  SELECT 'held', (t.planned_at AT TIME ZONE $4)::date::text, t.channel, count(*)::int, 0
  FROM autopilot_touches t, period p
  WHERE t.account_id = $1 AND t.held_reason IS NOT NULL AND t.planned_at >= p.starts AND t.planned_at < p.ends
    AND ($5::bigint IS NULL OR t.lead_id IN (SELECT id FROM autopilot_leads WHERE autopilot_id = $5))
  GROUP BY 2, 3
  UNION ALL
  SELECT 'credits', (c.created_at AT TIME ZONE $4)::date::text, NULL, sum(CASE c.kind WHEN 'debit' THEN 1 ELSE -1 END)::int, 0
  FROM credit_ledger c, period p
  WHERE c.account_id = $1 AND c.created_at >= p.starts AND c.created_at < p.ends
    AND ($5::bigint IS NULL OR c.research_id IN (SELECT research_id FROM autopilot_leads WHERE autopilot_id = $5 AND NOT research_reused AND research_id IS NOT NULL))
  GROUP BY 2`;

/**
 * `GET /autopilot/stats/daily`: the period's numbers, overall or of one Autopilot, with every day of
 * it (days with nothing hold zeros). The responded rate is that of the period's enrolments: of the
 * leads enrolled in it, the share that has responded by now.
 */
export async function dailyStats(db: Queryable, accountId: number, query: DailyStatsQuery): Promise<DailyStats> {
  const timeZone = query.timeZone ?? 'UTC';
  if (!/^[A-Za-z]/.test(timeZone) || !IANAZone.isValidZone(timeZone)) {
    throw invalidQuery(`time_zone ${shown(timeZone)} is not an IANA time zone; write it like Europe/Berlin or America/New_York`);
  }
  const from = day('from', query.from);
  const to = day('to', query.to);
  const length = to.diff(from, 'days').days + 1;
  if (length < 1) throw invalidQuery(`the period ends (${query.to}) before it starts (${query.from})`);
  if (length > MAX_STATS_DAYS) throw invalidQuery(`the period is ${length} days long; ask for at most ${MAX_STATS_DAYS} days at a time`);
  const autopilot = query.autopilot === undefined ? null : await autopilotNamed(db, accountId, query.autopilot);

  const { rows } = await db.query<MeasureRow>(DAILY_SQL, [accountId, query.from, query.to, timeZone, autopilot?.id ?? null]);

  const days = new Map<string, StatsDay>();
  for (let date = from; date <= to; date = date.plus({ days: 1 })) days.set(date.toISODate()!, emptyDay(date.toISODate()!));
  const endReasons: Record<string, number> = Object.fromEntries(LEAD_END_REASONS.map((reason) => [reason, 0]));
  const answer: DailyStats = {
    from: query.from,
    to: query.to,
    time_zone: timeZone,
    autopilot: autopilot?.name ?? null,
    enrolled: 0,
    responded: 0,
    enrolled_responded: 0,
    responded_rate: null,
    credits: 0,
    end_reasons: endReasons,
    touches: emptyTouches(),
    days: [],
  };
  for (const row of rows) {
    const entry = days.get(row.day);
    if (!entry) continue;
    switch (row.measure) {
      case 'enrolled':
        entry.enrolled += row.count;
        answer.enrolled += row.count;
        answer.enrolled_responded += row.responded;
        break;
      case 'ended':
        entry.responded += row.responded;
        answer.responded += row.responded;
        if (row.key !== null) endReasons[row.key] = (endReasons[row.key] ?? 0) + row.count;
        break;
      case 'credits':
        entry.credits += row.count;
        answer.credits += row.count;
        break;
      default:
        entry.touches[row.key as Channel][row.measure] += row.count;
        answer.touches[row.key as Channel][row.measure] += row.count;
    }
  }
  answer.responded_rate = answer.enrolled === 0 ? null : answer.enrolled_responded / answer.enrolled;
  answer.days = [...days.values()];
  return answer;
}

function day(name: string, text: string): DateTime {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? DateTime.fromISO(text, { zone: 'UTC' }) : null;
  if (!date?.isValid) throw invalidQuery(`${name} ${shown(text)} is not a date; write it as YYYY-MM-DD`);
  return date;
}

async function autopilotNamed(db: Queryable, accountId: number, name: string): Promise<{ id: string; name: string }> {
  const { rows } = isPossibleName(name)
    ? await db.query<{ id: string; name: string }>(`SELECT id, name FROM autopilots WHERE account_id = $1 AND name_key = $2 ORDER BY archived_at IS NOT NULL, archived_at DESC, id DESC LIMIT 1`, [
        accountId,
        nameKey(name),
      ])
    : { rows: [] };
  if (!rows[0]) throw new AppError('autopilot_not_found', {}, `no Autopilot named ${JSON.stringify(name)} in this account`);
  return rows[0];
}

function invalidQuery(message: string): AppError {
  return new AppError('invalid_query', { message }, message);
}

function emptyTouches(): StatsDay['touches'] {
  return Object.fromEntries(CHANNELS.map((channel) => [channel, { sent: 0, skipped: 0, held: 0 }])) as StatsDay['touches'];
}

function emptyDay(date: string): StatsDay {
  return { date, enrolled: 0, responded: 0, credits: 0, touches: emptyTouches() };
}
