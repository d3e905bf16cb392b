import { SegmentedControl } from '@mantine/core';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartPanel, type Column } from './ChartPanel';
import { axisProps, gridProps, legendProps, MAX_BAR, SERIES_COLORS, tooltipProps } from './chartStyle';
import { CHANNEL_NAMES, CHANNELS } from '../../words/channels';
import { endReasonWords } from '../../words/endReasons';
import { formatDay, WEEKDAY } from '../../format';
import { count } from './format';
import { type DailyStats, type StatsDay, type TouchMeasure } from './statsApi';

const shortDay = (date: string) => formatDay(date, { day: 'numeric', month: 'short' });
const dayColumn: Column<StatsDay> = { label: 'Day', value: (day) => formatDay(day.date, WEEKDAY) };
const byDate = (day: StatsDay) => day.date;

/** Leads enrolled and responded per day. */
export function LeadsChart({ stats }: { stats: DailyStats }) {
  return (
    <ChartPanel
      title="Leads per day"
      summary={`Bar chart of leads enrolled and responded per day: ${count(stats.enrolled)} enrolled and ${count(stats.responded)} responded over the period`}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={stats.days} accessibilityLayer={false}>
            <CartesianGrid {...gridProps} />
            <XAxis dataKey="date" tickFormatter={shortDay} {...axisProps} minTickGap={16} />
            <YAxis allowDecimals={false} width={36} {...axisProps} />
            <Tooltip {...tooltipProps} labelFormatter={(date) => formatDay(String(date), WEEKDAY)} />
            <Legend {...legendProps} />
            <Bar isAnimationActive={false} maxBarSize={MAX_BAR} dataKey="enrolled" name="Enrolled" fill={SERIES_COLORS[0]} />
            <Bar isAnimationActive={false} maxBarSize={MAX_BAR} dataKey="responded" name="Responded" fill={SERIES_COLORS[1]} />
          </BarChart>
        </ResponsiveContainer>
      }
      columns={[dayColumn, { label: 'Enrolled', value: (day) => count(day.enrolled), numeric: true }, { label: 'Responded', value: (day) => count(day.responded), numeric: true }]}
      rows={stats.days}
      rowKey={byDate}
    />
  );
}

const MEASURES: { value: TouchMeasure; label: string }[] = [
  { value: 'sent', label: 'Sent' },
  { value: 'skipped', label: 'Skipped' },
  { value: 'held', label: 'Held' },
];

/** Touches per channel per day: the chart one measure at a time, stacked by channel; the table every measure of the channels that had any. */
export function TouchesChart({ stats }: { stats: DailyStats }) {
  const [measure, setMeasure] = useState<TouchMeasure>('sent');
  const used = CHANNELS.filter((channel) => MEASURES.some(({ value }) => stats.touches[channel][value] > 0));
  const shown = used.length > 0 ? used : (['email'] as const);
  const measureName = MEASURES.find(({ value }) => value === measure)!.label.toLowerCase();
  const rows = stats.days.map((day) => ({ date: day.date, ...Object.fromEntries(shown.map((channel) => [channel, day.touches[channel][measure]])) }));
  return (
    <ChartPanel
      title="Touches per day"
      summary={`Stacked bar chart of touches ${measureName} per day by channel: ${shown.map((channel) => `${CHANNEL_NAMES[channel]} ${count(stats.touches[channel][measure])}`).join(', ')}`}
      controls={<SegmentedControl aria-label="Touches shown in the chart" size="xs" data={MEASURES} value={measure} onChange={(value) => setMeasure(value as TouchMeasure)} w="fit-content" />}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} accessibilityLayer={false}>
            <CartesianGrid {...gridProps} />
            <XAxis dataKey="date" tickFormatter={shortDay} {...axisProps} minTickGap={16} />
            <YAxis allowDecimals={false} width={36} {...axisProps} />
            <Tooltip {...tooltipProps} labelFormatter={(date) => formatDay(String(date), WEEKDAY)} />
            <Legend {...legendProps} />
            {shown.map((channel) => (
              <Bar key={channel} isAnimationActive={false} maxBarSize={MAX_BAR} dataKey={channel} name={CHANNEL_NAMES[channel]} stackId="touches" fill={SERIES_COLORS[CHANNELS.indexOf(channel)]} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      }
      columns={[
        dayColumn,
        ...shown.flatMap((channel) =>
          MEASURES.map(({ value, label }) => ({ label: `${CHANNEL_NAMES[channel]} ${label.toLowerCase()}`, value: (day: StatsDay) => count(day.touches[channel][value]), numeric: true })),
        ),
      ]}
      rows={stats.days}
      rowKey={byDate}
      wide
    />
  );
}

/** Credits spent per day. */
export function CreditsChart({ stats }: { stats: DailyStats }) {
  return (
    <ChartPanel
      title="Credits per day"
      summary={`Bar chart of credits spent per day: ${count(stats.credits)} over the period`}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={stats.days} accessibilityLayer={false}>
            <CartesianGrid {...gridProps} />
            <XAxis dataKey="date" tickFormatter={shortDay} {...axisProps} minTickGap={16} />
            <YAxis allowDecimals={false} width={36} {...axisProps} />
            <Tooltip {...tooltipProps} labelFormatter={(date) => formatDay(String(date), WEEKDAY)} />
            <Bar isAnimationActive={false} maxBarSize={MAX_BAR} dataKey="credits" name="Credits" fill={SERIES_COLORS[2]} />
          </BarChart>
        </ResponsiveContainer>
      }
      columns={[dayColumn, { label: 'Credits', value: (day) => count(day.credits), numeric: true }]}
      rows={stats.days}
      rowKey={byDate}
    />
  );
}

/** Leads that ended in the period, by why. */
export function EndReasonsChart({ stats }: { stats: DailyStats }) {
  const rows = Object.entries(stats.end_reasons)
    .filter(([, leads]) => leads > 0)
    .sort(([, a], [, b]) => b - a)
    .map(([reason, leads]) => ({ reason: endReasonWords(reason), leads }));
  return (
    <ChartPanel
      title="Why leads ended"
      summary={rows.length === 0 ? 'No lead ended in the period' : `Bar chart of leads that ended, by reason: ${rows.map((row) => `${row.reason} ${count(row.leads)}`).join(', ')}`}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} layout="vertical" accessibilityLayer={false} margin={{ left: 8 }}>
            <CartesianGrid {...gridProps} vertical horizontal={false} />
            <XAxis type="number" allowDecimals={false} {...axisProps} />
            <YAxis type="category" dataKey="reason" width={130} {...axisProps} />
            <Tooltip {...tooltipProps} />
            <Bar isAnimationActive={false} maxBarSize={MAX_BAR} dataKey="leads" name="Leads" fill={SERIES_COLORS[3]} />
          </BarChart>
        </ResponsiveContainer>
      }
      columns={[
        { label: 'Reason', value: (row) => row.reason },
        { label: 'Leads', value: (row) => count(row.leads), numeric: true },
      ]}
      rows={rows}
      rowKey={(row) => row.reason}
    />
  );
}
