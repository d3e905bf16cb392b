import { Button, Code, Stack, Table, Text } from '@mantine/core';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { formatDateTime } from '../../format';
import { ScrollingTable } from './ScrollingTable';
import { type LeadEvent, useEventFeed } from './webhooksApi';

/** A few words on an event: its Autopilot, why a lead ended, a touch's channel. */
function detail(event: LeadEvent): string {
  const data = event.data as Record<string, unknown>;
  const words = [data.autopilot, data.end_reason, data.channel, data.reason, data.threshold === undefined ? undefined : `${String(data.threshold)}% of credits`];
  return words.filter((word) => typeof word === 'string' || typeof word === 'number').join(' · ') || '–';
}

/** Every event of the account, newest first (GET /events?order=newest), a page at a time. */
export function EventFeed() {
  const feed = useEventFeed();
  if (feed.isPending) return <LoadingState label="Reading the events" />;
  if (feed.isError) return <ErrorState error={feed.error} retry={() => void feed.refetch()} />;
  const events = feed.data.pages.flatMap((page) => page.events);
  if (events.length === 0) return <EmptyState title="No events yet">Routing, enrolments, touches and wins each write an event here; webhooks deliver them.</EmptyState>;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Newest first; webhooks and GET /events deliver them oldest first. Events are kept for a limited time.
      </Text>
      <ScrollingTable label="Events" minWidth={640}>
        <Table striped fz="sm" verticalSpacing={6} aria-label="Events">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Lead</Table.Th>
              <Table.Th>Contact</Table.Th>
              <Table.Th>Detail</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.map((event) => (
              <Table.Tr key={event.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.timestamp)}</Table.Td>
                <Table.Td>
                  <Code>{event.type}</Code>
                </Table.Td>
                <Table.Td>{event.lead_id ?? '–'}</Table.Td>
                <Table.Td>{event.contact_id ?? '–'}</Table.Td>
                <Table.Td>{detail(event)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollingTable>
      {feed.hasNextPage && (
        <Button variant="default" w="fit-content" onClick={() => void feed.fetchNextPage()} loading={feed.isFetchingNextPage}>
          Older events
        </Button>
      )}
    </Stack>
  );
}
