import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, data, messageOf } from '../api/client';
import type { ApiKey, NewApiKey } from '../api/types';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '../components/States';
import { formatDate } from '../format';

const KEYS = ['keys'];

export default function ApiKeys() {
  const keys = useQuery({ queryKey: KEYS, queryFn: () => data(api.GET('/keys')) });
  const [created, setCreated] = useState<NewApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <>
      <PageHeader title="API keys" description="Keys let n8n, the CRM app and your own code call the engine with the owner's rights." />
      <Stack maw={860} gap="lg">
        <CreateKey onCreated={setCreated} />
        {keys.isPending && <LoadingState label="Reading the keys" />}
        {keys.isError && <ErrorState error={keys.error} retry={() => void keys.refetch()} />}
        {keys.data?.keys.length === 0 && <EmptyState title="No keys yet">Create one above to connect n8n or your own code.</EmptyState>}
        {keys.data && keys.data.keys.length > 0 && <KeyTable keys={keys.data.keys} onRevoke={setRevoking} />}
      </Stack>
      <ShownOnce created={created} onClose={() => setCreated(null)} />
      <ConfirmRevoke apiKey={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}

function CreateKey({ onCreated }: { onCreated: (key: NewApiKey) => void }) {
  const queryClient = useQueryClient();
  const [label, setLabel] = useState('');
  const create = useMutation({
    mutationFn: () => data(api.POST('/keys', { body: { label: label.trim() } })),
    onSuccess: (key) => {
      setLabel('');
      onCreated(key);
      void queryClient.invalidateQueries({ queryKey: KEYS });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="New key's label"
            placeholder="n8n production"
            value={label}
            onChange={(event) => {
              create.reset();
              setLabel(event.currentTarget.value);
            }}
            style={{ flex: '1 1 220px' }}
          />
          <Button type="submit" loading={create.isPending} disabled={label.trim() === ''}>
            Create key
          </Button>
        </Group>
        {create.isError && (
          <Alert color="red" role="alert">
            {messageOf(create.error)}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

function KeyTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table verticalSpacing="sm" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Label</Table.Th>
            <Table.Th>Key</Table.Th>
            <Table.Th visibleFrom="sm">Created</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key.id}>
              <Table.Td>{key.label || <Text c="dimmed">(no label)</Text>}</Table.Td>
              <Table.Td>
                <Code>{key.hint}</Code>
              </Table.Td>
              <Table.Td visibleFrom="sm">{formatDate(key.created_at)}</Table.Td>
              <Table.Td>
                {key.revoked_at ? (
                  <Text size="sm" c="dimmed">
                    Revoked {formatDate(key.revoked_at)}
                  </Text>
                ) : (
                  <Text size="sm" fw={600}>
                    Active
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">
                {!key.revoked_at && (
                  <Button size="xs" variant="light" color="red" onClick={() => onRevoke(key)} aria-label={`Revoke ${key.label || key.hint}`}>
                    Revoke
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ShownOnce({ created, onClose }: { created: NewApiKey | null; onClose: () => void }) {
  return (
    <Modal opened={created !== null} onClose={onClose} title="Your new API key" centered>
      {created && (
        <Stack>
          <Text size="sm">
            Copy <b>{created.label}</b> now: it is shown only this once and cannot be read again.
          </Text>
          <Code block data-testid="new-key" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {created.key}
          </Code>
          <Group justify="space-between">
            <CopyButton value={created.key}>
              {({ copied, copy }) => (
                <Button variant={copied ? 'light' : 'filled'} color={copied ? 'green' : undefined} onClick={copy}>
                  {copied ? 'Copied' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function ConfirmRevoke({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: (id: number) => data(api.DELETE('/keys/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: KEYS });
      onClose();
    },
  });
  return (
    <ConfirmDialog
      opened={apiKey !== null}
      title="Revoke this key?"
      confirmLabel="Revoke key"
      confirmColor="red"
      action={revoke}
      onConfirm={() => apiKey && revoke.mutate(apiKey.id)}
      onClose={onClose}
    >
      {apiKey && (
        <Text size="sm">
          <b>{apiKey.label || apiKey.hint}</b> stops working at once, everywhere it is used. This cannot be undone.
        </Text>
      )}
    </ConfirmDialog>
  );
}
