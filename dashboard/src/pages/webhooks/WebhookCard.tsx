import { Alert, Badge, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { messageOf } from '../../api/client';
import { Deliveries } from './Deliveries';
import { formatDateTime } from '../../format';
import { useSendTest, type Webhook } from './webhooksApi';

const STATE: Record<Webhook['state'], { label: string; color: string }> = {
  active: { label: 'Active', color: 'teal.9' },
  failing: { label: 'Failing', color: 'red.9' },
  disabled: { label: 'Disabled', color: 'gray.8' },
};

/** One webhook: where it posts, what it takes, how its deliveries go; a test event, its deliveries, deleting it. */
export function WebhookCard({ webhook, canChange, onDelete }: { webhook: Webhook; canChange: boolean; onDelete: () => void }) {
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [testedAt, setTestedAt] = useState<number | null>(null);
  const test = useSendTest(webhook.id);
  const state = STATE[webhook.state];
  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: () => {
        setShowDeliveries(true);
        setTestedAt(Date.now());
      },
    });
  return (
    <Paper withBorder p="md" component="article" aria-label={`Webhook ${webhook.url}`} data-testid="webhook">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={600} style={{ wordBreak: 'break-all' }}>
            {webhook.url}
          </Text>
          <Badge color={state.color} variant="filled">
            {state.label}
          </Badge>
        </Group>
        <Group gap={6}>
          {webhook.events.map((type) => (
            <Code key={type}>{type}</Code>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          {webhook.autopilot === null ? 'Every Autopilot' : `Only ${webhook.autopilot}`} · created {formatDateTime(webhook.created_at)} · last delivered {formatDateTime(webhook.last_delivered_at)}
        </Text>
        {webhook.state === 'failing' && (
          <Text size="sm">
            Failing since {formatDateTime(webhook.failing_since)}: {webhook.last_error}. It is tried again with growing waits for a day, then disabled.
          </Text>
        )}
        {webhook.state === 'disabled' && (
          <Text size="sm">
            Disabled {formatDateTime(webhook.disabled_at)}: {webhook.disabled_reason}. Create it again to resume.
          </Text>
        )}
        {test.isError && (
          <Alert color="red" role="alert">
            {messageOf(test.error)}
          </Alert>
        )}
        {test.isSuccess && (
          <Text size="sm" role="status">
            {test.data.text}
          </Text>
        )}
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={() => setShowDeliveries((shown) => !shown)}
            aria-expanded={showDeliveries}
            aria-label={`${showDeliveries ? 'Hide' : 'Show'} deliveries of ${webhook.url}`}
          >
            {showDeliveries ? 'Hide deliveries' : 'Show deliveries'}
          </Button>
          {canChange && (
            <>
              <Button size="xs" variant="light" onClick={sendTest} loading={test.isPending} disabled={webhook.state === 'disabled'} aria-label={`Send test event to ${webhook.url}`}>
                Send test event
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={onDelete} aria-label={`Delete webhook ${webhook.url}`}>
                Delete
              </Button>
            </>
          )}
        </Group>
        {showDeliveries && <Deliveries webhookId={webhook.id} testedAt={testedAt} />}
      </Stack>
    </Paper>
  );
}
