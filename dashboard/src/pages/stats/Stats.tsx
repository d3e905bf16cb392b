import { Group, NativeSelect, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '../../components/States';
import { formatDay } from '../../format';
import { count, percent } from './format';
import { type PeriodChoice, PeriodPicker } from './PeriodPicker';
import { CreditsChart, EndReasonsChart, LeadsChart, TouchesChart } from './StatsCharts';
import { CHANNELS } from '../../words/channels';
import { type DailyStats, lastDays, type Period, periodProblem, useDailyStats, useStatsAutopilots } from './statsApi';

const PRESETS = new Set(['7', '30', '90']);

/** The period and Autopilot the address names (so a view can be shared and survives a reload): the last 30 days overall by default. */
function useChosenView() {
  const [search, setSearch] = useSearchParams();
  const asked = search.get('period') ?? '30';
  const choice: PeriodChoice = PRESETS.has(asked) || asked === 'custom' ? (asked as PeriodChoice) : '30';
  const preset = lastDays(choice === 'custom' ? 30 : Number(choice));
  const period: Period = choice === 'custom' ? { from: search.get('from') || preset.from, to: search.get('to') || preset.to } : preset;
  const autopilot = search.get('autopilot');
  const update = (changes: Record<string, string | null>) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );
  return { choice, period, autopilot, update };
}

/** The Stats page: what the Autopilots did over a period, overall or one of them, in charts and the tables beside them. */
export default function Stats() {
  const { choice, period, autopilot, update } = useChosenView();
  const autopilots = useStatsAutopilots();
  const problem = periodProblem(period);
  const stats = useDailyStats(period, autopilot, problem === null);
  const options = [
    { value: '', label: 'All Autopilots' },
    ...(autopilots.data ?? []).map((entry) => ({ value: entry.autopilot, label: entry.archived ? `${entry.autopilot} (archived)` : entry.autopilot })),
  ];
  if (autopilot !== null && !options.some((option) => option.value === autopilot)) options.push({ value: autopilot, label: autopilot });

  return (
    <>
      <PageHeader title="Stats" description="What the Autopilots did over a period: leads enrolled and won, touches per channel and the credits they took, day by day." />
      <Stack maw={1200} gap="lg">
        <Group align="flex-start" gap="md" wrap="wrap">
          <PeriodPicker
            choice={choice}
            from={period.from}
            to={period.to}
            problem={problem}
            onChoice={(next) => update(next === 'custom' ? { period: next, from: period.from, to: period.to } : { period: next, from: null, to: null })}
            onDates={(from, to) => update({ period: 'custom', from, to })}
          />
          <NativeSelect label="Autopilot" data={options} value={autopilot ?? ''} onChange={(event) => update({ autopilot: event.currentTarget.value })} w={{ base: '100%', xs: 260 }} />
        </Group>
        {problem === null && stats.isPending && <LoadingState label="Counting the period" />}
        {stats.isError && <ErrorState error={stats.error} retry={() => void stats.refetch()} />}
        {problem === null && stats.data && <Period stats={stats.data} refreshing={stats.isPlaceholderData} />}
      </Stack>
    </>
  );
}

function Period({ stats, refreshing }: { stats: DailyStats; refreshing: boolean }) {
  const touchesSent = CHANNELS.reduce((sum, channel) => sum + stats.touches[channel].sent, 0);
  const quiet = stats.enrolled === 0 && stats.responded === 0 && stats.credits === 0 && touchesSent === 0 && Object.values(stats.end_reasons).every((leads) => leads === 0);
  return (
    <Stack gap="lg" aria-busy={refreshing} style={{ opacity: refreshing ? 0.6 : 1 }}>
      <Text size="sm" c="dimmed" role="status">
        {formatDay(stats.from, { dateStyle: 'long' })} to {formatDay(stats.to, { dateStyle: 'long' })}
        {stats.autopilot === null ? ', every Autopilot' : `, ${stats.autopilot}`} ({stats.time_zone} days)
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} data-testid="figures">
        <Figure label="Enrolled" value={count(stats.enrolled)} />
        <Figure label="Responded" value={count(stats.responded)} />
        <Figure label="Responded rate" value={percent(stats.responded_rate)} hint={`${count(stats.enrolled_responded)} of the period's ${count(stats.enrolled)} enrolled`} />
        <Figure label="Touches sent" value={count(touchesSent)} />
        <Figure label="Credits spent" value={count(stats.credits)} />
      </SimpleGrid>
      {quiet ? (
        <EmptyState title="Nothing happened in this period">No lead was enrolled or ended, no touch went out and no credit was spent. Choose a longer period or another Autopilot.</EmptyState>
      ) : (
        <>
          <LeadsChart stats={stats} />
          <TouchesChart stats={stats} />
          <CreditsChart stats={stats} />
          <EndReasonsChart stats={stats} />
        </>
      )}
    </Stack>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}
