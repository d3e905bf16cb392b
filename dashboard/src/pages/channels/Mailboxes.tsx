import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { type Mailbox, useMailboxes, useRemoveMailbox, useTestMailbox } from './channelsApi';
import { ConnectionTest } from './ConnectionTest';
import { AddMailbox, EditMailbox } from './MailboxForm';
import { UseBar } from './UseBar';
import { rampInWords, scheduleInWords } from './words';
import { formatDateTime } from '../../format';

/** The account's mailboxes: each with its schedule, today's use and warm-up, its connection test, and (for admins) changes. */
export function Mailboxes({ canChange }: { canChange: boolean }) {
  const mailboxes = useMailboxes();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<number | null>(null);
  const [editing, setEditing] = useState<Mailbox | null>(null);
  const [removing, setRemoving] = useState<Mailbox | null>(null);
  return (
    <Stack gap="md" component="section" aria-labelledby="mailboxes-heading">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2} size="h3" id="mailboxes-heading">
            Mailboxes
          </Title>
          <Text size="sm" c="dimmed">
            E-mail touches go out from these over SMTP; replies come back over IMAP.
          </Text>
        </Stack>
        {canChange && <Button onClick={() => setAdding(true)}>Add mailbox</Button>}
      </Group>
      {mailboxes.isPending && <LoadingState label="Reading the mailboxes" />}
      {mailboxes.isError && <ErrorState error={mailboxes.error} retry={() => void mailboxes.refetch()} />}
      {mailboxes.data?.length === 0 && <EmptyState title="No mailboxes yet">{canChange ? 'Add one to send e-mail touches from it.' : 'An admin adds them.'}</EmptyState>}
      {mailboxes.data && mailboxes.data.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {mailboxes.data.map((mailbox) => (
            <MailboxCard key={mailbox.id} mailbox={mailbox} canChange={canChange} testNow={added === mailbox.id} onEdit={setEditing} onRemove={setRemoving} />
          ))}
        </SimpleGrid>
      )}
      {adding && (
        <AddMailbox
          opened
          onClose={() => setAdding(false)}
          onAdded={(mailbox) => {
            setAdding(false);
            setAdded(mailbox.id);
          }}
        />
      )}
      {editing && <EditMailbox mailbox={editing} onClose={() => setEditing(null)} />}
      <ConfirmRemove mailbox={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}

function MailboxCard({
  mailbox,
  canChange,
  testNow,
  onEdit,
  onRemove,
}: {
  mailbox: Mailbox;
  canChange: boolean;
  testNow: boolean;
  onEdit: (mailbox: Mailbox) => void;
  onRemove: (mailbox: Mailbox) => void;
}) {
  const test = useTestMailbox(mailbox.id);
  // A mailbox just added is tested at once, as the form promised (once, however often React runs the effect).
  const tested = useRef(false);
  const { mutate } = test;
  useEffect(() => {
    if (testNow && !tested.current) {
      tested.current = true;
      mutate();
    }
  }, [testNow, mutate]);
  const ramp = mailbox.ramp && rampInWords(mailbox.ramp, mailbox.daily_limit, mailbox.warmup?.increase_per_day);
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={mailbox.from_address} data-testid="mailbox">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {mailbox.from_address}
            </Title>
            {mailbox.from_name && (
              <Text size="sm" c="dimmed">
                {mailbox.from_name}
              </Text>
            )}
          </Stack>
          <Badge variant="light" color={mailbox.imap ? 'blue' : 'gray'}>
            {mailbox.imap ? 'Reads replies' : 'Sends only'}
          </Badge>
        </Group>
        <Text size="sm">{scheduleInWords(mailbox.sending_days, mailbox.sending_hours, mailbox.time_zone)}</Text>
        <Text size="sm">Daily limit: {mailbox.daily_limit.toLocaleString()} e-mails</Text>
        {mailbox.today && <UseBar label="Sent" sent={mailbox.today.sent} limit={mailbox.today.limit} />}
        <Text size="sm" c="dimmed">
          {ramp ?? (mailbox.warmup ? 'Warmed up' : 'No warm-up')}
        </Text>
        {mailbox.imap && (
          <Text size="sm" c={mailbox.reading.error ? undefined : 'dimmed'} fw={mailbox.reading.error ? 600 : undefined}>
            {mailbox.reading.error
              ? `Reading replies failed: ${mailbox.reading.error}`
              : mailbox.reading.last_read_at
                ? `Replies last read ${formatDateTime(mailbox.reading.last_read_at)}`
                : 'Replies not read yet'}
          </Text>
        )}
        <ConnectionTest pending={test.isPending} result={test.data} error={test.error} />
        {/* The engine lets admins and owners run the test (a POST), as it lets them change the mailbox. */}
        {canChange && (
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => test.mutate()} loading={test.isPending} aria-label={`Test connection of ${mailbox.from_address}`}>
              Test connection
            </Button>
            <Button size="xs" variant="default" onClick={() => onEdit(mailbox)} aria-label={`Change ${mailbox.from_address}`}>
              Change
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => onRemove(mailbox)} aria-label={`Remove ${mailbox.from_address}`}>
              Remove
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function ConfirmRemove({ mailbox, onClose }: { mailbox: Mailbox | null; onClose: () => void }) {
  const remove = useRemoveMailbox();
  return (
    <ConfirmDialog
      opened={mailbox !== null}
      title="Remove this mailbox?"
      confirmLabel="Remove mailbox"
      confirmColor="red"
      action={remove}
      onConfirm={() => mailbox && remove.mutate(mailbox.id, { onSuccess: onClose })}
      onClose={onClose}
    >
      {mailbox && (
        <Text size="sm">
          Nothing more is sent from <b>{mailbox.from_address}</b> and its replies are no longer read. Touches it was to send go out from the account&apos;s other mailboxes, or wait for one.
        </Text>
      )}
    </ConfirmDialog>
  );
}
