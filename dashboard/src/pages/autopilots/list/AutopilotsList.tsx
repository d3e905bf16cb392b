import { Alert, Box, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messageOf } from '../../../api/client';
import { useSession } from '../../../api/session';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '../../../components/States';
import { ArchiveAutopilot } from './ArchiveAutopilot';
import { AutopilotCard } from './AutopilotCard';
import { type Autopilot, movedNames, useArchivedAutopilots, useAutopilotStats, useLiveAutopilots, useReorderAutopilots } from './autopilotsApi';
import { SortableAutopilots } from './SortableAutopilots';

/** The Autopilots page: the account's Autopilots in routing order, switched on and off, reordered and archived here. */
export default function AutopilotsList() {
  const role = useSession().data?.role;
  const canChange = role !== undefined && role !== 'member';
  const live = useLiveAutopilots();
  const stats = useAutopilotStats();
  const reorder = useReorderAutopilots();
  const [archiving, setArchiving] = useState<Autopilot | null>(null);
  const [search, setSearch] = useSearchParams();
  const showArchived = search.get('archived') === 'true';

  const move = (from: number, to: number) => {
    if (!live.data || to < 0 || to >= live.data.length || from === to) return;
    reorder.mutate(movedNames(live.data, from, to));
  };
  const newAutopilot = canChange && (
    <Button component={Link} to="/autopilots/new">
      New Autopilot
    </Button>
  );

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap={0}>
        <PageHeader title="Autopilots" description="A new contact goes to the first Autopilot, top to bottom, whose filter fits it; fallbacks get a last look before it is abandoned." />
        {newAutopilot && <Box mb="lg">{newAutopilot}</Box>}
      </Group>
      <Stack maw={1100} gap="md">
        {role === 'member' && (
          <Alert color="gray" variant="light">
            You are a member of this account: you see its Autopilots, and an owner or admin changes them.
          </Alert>
        )}
        {reorder.isError && (
          <Alert color="red" role="alert" title="The new order was not saved" withCloseButton closeButtonLabel="Dismiss" onClose={reorder.reset}>
            {messageOf(reorder.error)}
          </Alert>
        )}
        {(live.isPending || (live.data && stats.isPending)) && <LoadingState label="Reading the Autopilots" />}
        {live.isError && <ErrorState error={live.error} retry={() => void live.refetch()} />}
        {live.data?.length === 0 && (
          <EmptyState title="No Autopilots yet" action={newAutopilot}>
            An Autopilot takes the new CRM contacts its filter fits, researches each one and runs its sequence until they answer.
          </EmptyState>
        )}
        {/* With their figures (or without, when those fail): 50 cards are drawn once, not twice. */}
        {live.data && live.data.length > 0 && !stats.isPending && <SortableAutopilots autopilots={live.data} stats={stats.data} canChange={canChange} onMove={move} onArchive={setArchiving} />}
        {stats.isError && (
          <Text size="sm" c="dimmed" role="status">
            The enrolled counts and responded rates could not be read: {messageOf(stats.error)}
          </Text>
        )}
        {live.data && <Switch label="Show archived Autopilots" checked={showArchived} onChange={(event) => setSearch(event.currentTarget.checked ? { archived: 'true' } : {}, { replace: true })} />}
        {showArchived && <Archived stats={stats.data} />}
      </Stack>
      <ArchiveAutopilot autopilot={archiving} stats={archiving ? stats.data?.get(archiving.id) : undefined} onClose={() => setArchiving(null)} />
    </>
  );
}

function Archived({ stats }: { stats: ReturnType<typeof useAutopilotStats>['data'] }) {
  const archived = useArchivedAutopilots(true);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Archived
      </Title>
      {archived.isPending && <LoadingState label="Reading the archived Autopilots" />}
      {archived.isError && <ErrorState error={archived.error} retry={() => void archived.refetch()} />}
      {archived.data?.length === 0 && <Text c="dimmed">No archived Autopilots.</Text>}
      {archived.data && archived.data.length > 0 && (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Archived Autopilots">
          {archived.data.map((autopilot) => (
            <AutopilotCard key={autopilot.id} autopilot={autopilot} stats={stats?.get(autopilot.id)} canChange={false} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
