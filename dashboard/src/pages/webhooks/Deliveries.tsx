import { Badge, Button, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { formatDateTime } from '../../format';
import { ScrollingTable } from './ScrollingTable';
import { useDeliveries } from './webhooksApi';

/** How long after a test event its deliveries are read again every few seconds. */
const WATCH_MS = 60_000;

/** A webhook's recent deliveries, newest first; watched for a minute after a test event so that its delivery shows up. */
export function Deliveries({ webhookId, testedAt }: { webhookId: number; testedAt: number | null }) {
  const [watching, setWatching] = useState(false);
  useEffect(() => {
    if (testedAt === null) return;
    setWatching(true);
    const timer = setTimeout(() => setWatching(false), WATCH_MS - (Date.now() - testedAt));
    return () => clearTimeout(timer);
  }, [testedAt]);
  const deliveries = useDeliveries(webhookId, watching);
  // A try while watching changes the webhook's own state too (last delivered, failing).
  const queryClient = useQueryClient();
  useEffect(() => {
    if (watching) void queryClient.invalidateQueries({ queryKey: ['webhooks'], exact: true });
  }, [watching, deliveries.dataUpdatedAt, queryClient]);
  if (deliveries.isPending) return <LoadingState label="Reading the deliveries" />;
  if (deliveries.isError) return <ErrorState error={deliveries.error} retry={() => void deliveries.refetch()} />;
  const rows = deliveries.data.pages.flatMap((page) => page.deliveries);
  if (rows.length === 0) return <EmptyState title="No deliveries yet">Events it takes show here once it has tried to deliver them. Send a test event to try it now.</EmptyState>;
  return (
    <>
      <ScrollingTable label="Deliveries" minWidth={760}>
        <Table striped fz="sm" verticalSpacing={6} aria-label="Deliveries">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Event</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Attempts</Table.Th>
              <Table.Th>Last error</Table.Th>
              <Table.Th>First try</Table.Th>
              <Table.Th>Delivered at</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((delivery) => (
              <Table.Tr key={delivery.id}>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {delivery.event_type}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {delivery.event_id}
                  </Text>
                </Table.Td>
                <Table.Td miw={120}>
                  <Badge variant="filled" color={delivery.status === 'delivered' ? 'teal.9' : 'red.9'}>
                    {delivery.status === 'delivered' ? 'Delivered' : 'Failed'}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">{delivery.attempts}</Table.Td>
                <Table.Td>{delivery.last_error ?? '–'}</Table.Td>
                <Table.Td>{formatDateTime(delivery.created_at)}</Table.Td>
                <Table.Td>{formatDateTime(delivery.delivered_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollingTable>
      {deliveries.hasNextPage && (
        <Button size="xs" variant="default" w="fit-content" onClick={() => void deliveries.fetchNextPage()} loading={deliveries.isFetchingNextPage}>
          Older deliveries
        </Button>
      )}
    </>
  );
}
