import { Anchor, Badge, Button, Group, NativeSelect, Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '../../components/States';
import { formatDateTime } from '../../format';
import { type Channel, CHANNEL_NAMES, CHANNEL_OPTIONS } from '../../words/channels';
import { useLiveAutopilots } from '../autopilots/list/autopilotsApi';
import { filtersFrom, type ReplyFilters, searchFor } from './filters';
import { type Reply, type ReplyKind, useReplies } from './repliesApi';

const KINDS: { value: ReplyKind; label: string; empty: string }[] = [
  { value: 'reply', label: 'Replies', empty: 'No replies yet. What leads write back on any channel shows here, newest first.' },
  { value: 'auto_reply', label: 'Auto-replies', empty: 'No auto-replies. Out-of-office and other automatic answers show here, never as replies.' },
  { value: 'bounce', label: 'Bounces', empty: 'No bounces. Addresses that stopped taking mail show here.' },
];

const ANY = { value: '', label: 'Any' };

/** The Replies page: one inbox of what leads sent back on every channel; auto-replies and bounces apart. */
export default function Replies() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const kind = KINDS.find((each) => each.value === filters.kind)!;
  const replies = useReplies(filters);
  const show = (change: Partial<ReplyFilters>) => setParams(searchFor({ ...filters, ...change }), { replace: true });
  const filtered = Boolean(filters.autopilot || filters.channel);
  const entries = replies.data?.pages.flatMap((page) => page.replies) ?? [];
  return (
    <>
      <PageHeader title="Replies" description="What your leads wrote back, on every channel, newest first. It looks for new ones every 15 seconds." />
      <Stack maw={900} gap="md">
        <SegmentedControl aria-label="Show" data={KINDS.map(({ value, label }) => ({ value, label }))} value={kind.value} onChange={(value) => show({ kind: value as ReplyKind })} fullWidth />
        <ReplyFiltersBar filters={filters} onChange={show} />
        {replies.isPending && <LoadingState label="Reading the inbox" />}
        {replies.isError && <ErrorState error={replies.error} retry={() => void replies.refetch()} />}
        {replies.data && entries.length === 0 && (
          <EmptyState
            title={`No ${kind.label.toLowerCase()}`}
            action={
              filtered && (
                <Button variant="default" onClick={() => show({ autopilot: undefined, channel: undefined })}>
                  Clear filters
                </Button>
              )
            }
          >
            {filtered ? `None of ${filters.autopilot ? `${filters.autopilot}'s leads` : 'your leads'}${filters.channel ? ` on ${CHANNEL_NAMES[filters.channel]}` : ''}.` : kind.empty}
          </EmptyState>
        )}
        {entries.length > 0 && (
          <Stack gap="sm" component="ul" aria-label={kind.label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {entries.map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
          </Stack>
        )}
        {replies.hasNextPage && (
          <Group justify="center">
            <Button variant="default" onClick={() => void replies.fetchNextPage()} loading={replies.isFetchingNextPage}>
              Load more
            </Button>
          </Group>
        )}
      </Stack>
    </>
  );
}

/** Which Autopilot's leads and which channel: each change goes into the address. */
function ReplyFiltersBar({ filters, onChange }: { filters: ReplyFilters; onChange: (change: Partial<ReplyFilters>) => void }) {
  const autopilots = useLiveAutopilots();
  const names = autopilots.data?.map((autopilot) => autopilot.name) ?? [];
  // An Autopilot in the address that is not live (archived since, or a link from elsewhere) stays choosable.
  if (filters.autopilot && !names.includes(filters.autopilot)) names.push(filters.autopilot);
  return (
    <SimpleGrid cols={2} spacing="sm" role="search" aria-label="Filter replies">
      <NativeSelect label="Autopilot" data={[ANY, ...names]} value={filters.autopilot ?? ''} onChange={(event) => onChange({ autopilot: event.currentTarget.value || undefined })} />
      <NativeSelect
        label="Channel"
        data={[ANY, ...CHANNEL_OPTIONS]}
        value={filters.channel ?? ''}
        onChange={(event) => onChange({ channel: (event.currentTarget.value || undefined) as Channel | undefined })}
      />
    </SimpleGrid>
  );
}

function Entry({ entry }: { entry: Reply }) {
  const who = entry.lead.email ?? `Lead ${entry.lead.id}`;
  return (
    <Paper withBorder p="md" component="li" aria-label={`${who}, ${formatDateTime(entry.received_at)}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Anchor component={Link} to={`/leads/${entry.lead.id}`} fw={600} style={{ wordBreak: 'break-word' }}>
            {who}
          </Anchor>
          <Text size="sm" c="dimmed">
            {entry.autopilot}
          </Text>
        </Stack>
        <Group gap="xs">
          {entry.channel && <Badge variant="default">{CHANNEL_NAMES[entry.channel]}</Badge>}
          <Text size="sm" c="dimmed">
            <time dateTime={entry.occurred_at}>{formatDateTime(entry.occurred_at)}</time>
          </Text>
        </Group>
      </Group>
      {entry.subject && (
        <Text size="sm" fw={600} mt="xs">
          {entry.subject}
        </Text>
      )}
      {entry.text ? (
        <Text mt="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {entry.text}
        </Text>
      ) : (
        <Text mt="xs" c="dimmed">
          {entry.kind === 'bounce' ? 'The address no longer takes mail: its other e-mail steps were skipped.' : 'No text was kept.'}
        </Text>
      )}
      {entry.auto_reply && (
        <Text size="sm" c="dimmed" mt="xs">
          An auto-reply: {entry.auto_reply}
        </Text>
      )}
      <Text size="sm" c="dimmed" mt="xs">
        {entry.touch
          ? `Answering step ${entry.touch.step} (${CHANNEL_NAMES[entry.touch.channel]}${entry.touch.subject ? `, “${entry.touch.subject}”` : ''}), sent ${formatDateTime(entry.touch.sent_at)}`
          : 'Before any touch was sent'}
      </Text>
    </Paper>
  );
}
