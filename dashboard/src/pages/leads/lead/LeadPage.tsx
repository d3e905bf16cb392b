import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ResearchBrief } from '../../../components/brief/BriefView';
import { ErrorState, LoadingState } from '../../../components/States';
import { formatDateTime } from '../../../format';
import { type TimelineEntry, useLead } from '../leadsApi';
import { endReasonWords, WINS } from '../../../words/endReasons';
import { OutcomeBadge } from '../words';
import { CloseLead } from './CloseLead';
import { Timeline } from './Timeline';
import NotFound from '../../NotFound';

/** A lead's page: who it is and where it stands, the brief its messages were written from, its timeline, and closing it. */
export default function LeadPage() {
  const id = Number(useParams().id);
  if (!Number.isSafeInteger(id) || id < 1) return <NotFound />;
  return <Lead id={id} />;
}

function Lead({ id }: { id: number }) {
  const lead = useLead(id);
  if (lead.isPending) return <LoadingState label="Reading the lead" />;
  if (lead.isError) return <ErrorState error={lead.error} retry={() => void lead.refetch()} />;
  const { data } = lead;
  const email = data.email ?? `Contact ${data.contact_id}`;
  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} to="/leads" size="sm">
        ← Leads
      </Anchor>
      <Stack gap="xs">
        <Group gap="sm" wrap="wrap">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {email}
          </Title>
          <OutcomeBadge outcome={data.outcome} />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Field label="Autopilot" value={data.autopilot} />
          <Field label="End reason" value={endReasonWords(data.end_reason) || '—'} />
          <Field label="Enrolled" value={formatDateTime(data.enrolled_at)} />
          <Field label="Ended" value={data.ended_at ? formatDateTime(data.ended_at) : '—'} />
        </SimpleGrid>
        <Wins timeline={data.timeline} />
        <Group>
          <CloseLead id={data.id} email={email} active={data.outcome === 'Active'} />
        </Group>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="brief-heading">
        <Title order={2} size="h3" id="brief-heading">
          Research brief
        </Title>
        {data.research_reused && (
          <Text size="sm" c="dimmed">
            An earlier brief of this address was reused: no credit was taken.
          </Text>
        )}
        {data.research_id ? (
          <ResearchBrief researchId={data.research_id} />
        ) : (
          <Alert color="gray" role="status">
            This lead has no research: it was never researched, or its research was erased.
          </Alert>
        )}
      </Stack>
      <Timeline entries={data.timeline} />
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="xs">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Paper>
  );
}

/** What the lead answered with (a reply, a connected call, a meeting, an accepted invitation), above the rest. */
function Wins({ timeline }: { timeline: TimelineEntry[] }) {
  const wins = timeline.filter((entry) => entry.type === 'event' && entry.effect === 'ended_lead' && WINS.has(entry.end_reason ?? ''));
  if (wins.length === 0) return null;
  return (
    <Group gap="xs" role="status" aria-label="Wins">
      <ThemeIcon color="green" variant="light" size="sm" radius="xl" aria-hidden>
        ★
      </ThemeIcon>
      <Text size="sm" fw={600}>
        {wins.map((win) => `${endReasonWords(win.type === 'event' ? win.end_reason : null)} on ${formatDateTime(win.at)}`).join('; ')}
      </Text>
    </Group>
  );
}
