import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { paths } from '../../api/schema';
import type { Json } from '../../api/types';

export type DailyStats = Json<paths['/autopilot/stats/daily']['get']['responses'][200]>;
export type StatsDay = DailyStats['days'][number];
export type Channel = keyof StatsDay['touches'];
export type TouchMeasure = keyof StatsDay['touches'][Channel];

/** The period asked for: calendar days, both ends included. */
export interface Period {
  from: string;
  to: string;
}

/** The viewer's IANA time zone: the days of the stats are theirs. */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** YYYY-MM-DD of a date as the viewer's calendar shows it. */
function calendarDay(date: Date): string {
  const part = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${part(date.getMonth() + 1)}-${part(date.getDate())}`;
}

/** The last `days` days, today included, in the viewer's calendar. */
export function lastDays(days: number, today = new Date()): Period {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { from: calendarDay(from), to: calendarDay(today) };
}

/** The longest period the engine counts at once. */
export const MAX_DAYS = 366;

/** What is wrong with a period the viewer typed, in words; null when the engine can count it. */
export function periodProblem({ from, to }: Period): string | null {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (!day.test(from) || !day.test(to)) return 'Choose both days';
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days < 1) return 'The period ends before it starts';
  if (days > MAX_DAYS) return `A period is at most ${MAX_DAYS} days; this one is ${days}`;
  return null;
}

/** The Autopilots that have stats: the live ones, then archived ones with leads. */
export function useStatsAutopilots() {
  return useQuery({ queryKey: ['stats', 'autopilots'], queryFn: async () => (await data(api.GET('/autopilot/stats'))).autopilots });
}

/** The period's numbers, overall or of one Autopilot; the previous answer stays shown while another period loads. */
export function useDailyStats(period: Period, autopilot: string | null, enabled: boolean) {
  const timeZone = viewerTimeZone();
  return useQuery({
    enabled,
    queryKey: ['stats', 'daily', period.from, period.to, autopilot, timeZone],
    queryFn: () => data(api.GET('/autopilot/stats/daily', { params: { query: { from: period.from, to: period.to, time_zone: timeZone, ...(autopilot === null ? {} : { autopilot }) } } })),
    placeholderData: keepPreviousData,
  });
}
