import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { messageOf } from '../../api/client';
import { ErrorState, LoadingState } from '../../components/States';
import { formatDateTime } from '../../format';
import { ScrollingTable } from './ScrollingTable';
import { type CreditAlerts, useCreditAlerts, useSetCreditAlerts } from './webhooksApi';

/** Credit alerts: whether an e-mail goes out at 75% and 95% of the monthly credits, to whom, and the latest ones; the owner changes them. */
export function CreditAlertsPanel({ isOwner }: { isOwner: boolean }) {
  const alerts = useCreditAlerts();
  if (alerts.isPending) return <LoadingState label="Reading the credit alerts" />;
  if (alerts.isError) return <ErrorState error={alerts.error} retry={() => void alerts.refetch()} />;
  const view = alerts.data;
  return (
    <Stack gap="lg" maw={760}>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Group gap="sm">
            <Title order={2} size="h4">
              Credit alerts
            </Title>
            <Badge variant="filled" color={view.enabled ? 'teal.9' : 'gray.7'}>
              {view.enabled ? 'On' : 'Off'}
            </Badge>
          </Group>
          <Text size="sm">
            {view.enabled
              ? `An e-mail goes to ${view.email} when the cycle's use reaches ${view.thresholds.join('% and ')}% of the monthly credits.`
              : `No e-mail goes out when credits reach ${view.thresholds.join('% or ')}%.`}{' '}
            {view.from === null ? 'The account has no mailbox to send them from yet: none goes out until it has one.' : `They are sent from ${view.from}.`}
          </Text>
          {isOwner ? (
            <RecipientForm view={view} />
          ) : (
            <Text size="sm" c="dimmed">
              Where credit alerts go is the owner's to change.
            </Text>
          )}
        </Stack>
      </Paper>
      {view.recent.length > 0 && (
        <ScrollingTable label="Latest credit alerts" minWidth={520}>
          <Table striped fz="sm" aria-label="Latest credit alerts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th ta="right">Threshold</Table.Th>
                <Table.Th>Sent</Table.Th>
                <Table.Th>To</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.recent.map((alert) => (
                <Table.Tr key={`${alert.cycle_start}-${alert.threshold}`}>
                  <Table.Td>{formatDateTime(alert.at)}</Table.Td>
                  <Table.Td ta="right">{alert.threshold}%</Table.Td>
                  <Table.Td>{alert.state === 'sent' ? 'Sent' : `Not sent${alert.detail ? `: ${alert.detail}` : ''}`}</Table.Td>
                  <Table.Td>{alert.recipient ?? '–'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollingTable>
      )}
    </Stack>
  );
}

function RecipientForm({ view }: { view: CreditAlerts }) {
  const save = useSetCreditAlerts();
  const [email, setEmail] = useState(view.email ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(email.trim());
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Group align="flex-end" wrap="wrap">
          <TextInput label="Send them to" type="email" placeholder="ops@example.com" value={email} onChange={(event) => setEmail(event.currentTarget.value)} style={{ flex: '1 1 240px' }} />
          <Button type="submit" loading={save.isPending && save.variables !== null} disabled={email.trim() === ''}>
            {view.enabled ? 'Save' : 'Turn on'}
          </Button>
          {view.enabled && (
            <Button variant="default" loading={save.isPending && save.variables === null} onClick={() => save.mutate(null, { onSuccess: () => setEmail('') })}>
              Turn off
            </Button>
          )}
        </Group>
        {save.isError && (
          <Alert color="red" role="alert">
            {messageOf(save.error)}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
