import { Alert, Button, Code, CopyButton, Group, Paper, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, data, messageOf } from '../../api/client';
import { useSession } from '../../api/session';
import type { paths } from '../../api/schema';
import type { Json } from '../../api/types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '../../components/States';
import { PORTALS, usePortals } from './portals';
import { formatDateTime } from '../../format';

type Portal = Json<paths['/hubspot/portals']['get']['responses'][200]>['portals'][number];
type Disconnected = Json<paths['/hubspot/portals/{portal_id}/disconnect']['post']['responses'][200]>;

/** Why a portal was disconnected, in words. */
const REASONS: Record<string, string> = { cli: 'disconnected from here', uninstalled: 'the app was uninstalled in HubSpot' };

export default function HubSpot() {
  const session = useSession();
  const portals = usePortals();
  const [disconnecting, setDisconnecting] = useState<Portal | null>(null);
  const [disconnected, setDisconnected] = useState<Disconnected | null>(null);
  const role = session.data?.role;
  const isOwner = role === 'owner';
  return (
    <>
      <PageHeader title="HubSpot" description="HubSpot portals send their new contacts to your Autopilots and get each lead and brief written back." />
      <Stack maw={960} gap="xl">
        {disconnected && (
          <Alert
            color={disconnected.hubspot === 'failed' || disconnected.hubspot === 'token_revoked' ? 'yellow' : 'green'}
            role="status"
            withCloseButton
            onClose={() => setDisconnected(null)}
            closeButtonLabel="Dismiss"
          >
            <Stack gap={4}>
              <Text size="sm">{disconnected.text}</Text>
              {disconnected.problem && (
                <Text size="sm" c="dimmed">
                  HubSpot said: {disconnected.problem}
                </Text>
              )}
            </Stack>
          </Alert>
        )}
        <section aria-labelledby="portals-heading">
          <Title order={2} size="h4" id="portals-heading" mb="sm">
            Portals
          </Title>
          {portals.isPending && <LoadingState label="Reading the portals" />}
          {portals.isError && <ErrorState error={portals.error} retry={() => void portals.refetch()} />}
          {portals.data?.portals.length === 0 && <EmptyState title="No portal yet">Send a HubSpot admin the install link below, or claim a portal they installed from HubSpot.</EmptyState>}
          {portals.data && portals.data.portals.length > 0 && <PortalTable portals={portals.data.portals} canDisconnect={isOwner} onDisconnect={setDisconnecting} />}
        </section>
        <InstallLink isOwner={isOwner} />
        <ClaimPortal canClaim={role !== undefined && role !== 'member'} />
      </Stack>
      <ConfirmDisconnect
        portal={disconnecting}
        onClose={() => setDisconnecting(null)}
        onDone={(answer) => {
          setDisconnecting(null);
          setDisconnected(answer);
        }}
      />
    </>
  );
}

function PortalState({ portal }: { portal: Portal }) {
  if (portal.state === 'connected') {
    return (
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          Connected
        </Text>
        <Text size="xs" c="dimmed">
          {portal.set_up_at ? `Set up ${formatDateTime(portal.set_up_at)}` : 'Setting up its properties'}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        Disconnected
      </Text>
      <Text size="xs" c="dimmed">
        {[portal.disconnect_reason && (REASONS[portal.disconnect_reason] ?? portal.disconnect_reason), portal.disconnected_at && formatDateTime(portal.disconnected_at)].filter(Boolean).join(', ')}
      </Text>
    </Stack>
  );
}

function PortalTable({ portals, canDisconnect, onDisconnect }: { portals: Portal[]; canDisconnect: boolean; onDisconnect: (portal: Portal) => void }) {
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table verticalSpacing="sm" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Portal</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th visibleFrom="sm">Installed</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {portals.map((portal) => (
            <Table.Tr key={portal.portal_id} data-testid="portal">
              <Table.Td>
                <Text fw={600}>{portal.hub_domain ?? `Portal ${portal.portal_id}`}</Text>
                <Text size="xs" c="dimmed">
                  Hub ID {portal.portal_id}
                </Text>
              </Table.Td>
              <Table.Td>
                <PortalState portal={portal} />
              </Table.Td>
              <Table.Td visibleFrom="sm">{formatDateTime(portal.installed_at)}</Table.Td>
              <Table.Td ta="right">
                {canDisconnect && portal.state === 'connected' && (
                  <Button size="xs" variant="light" color="red" onClick={() => onDisconnect(portal)} aria-label={`Disconnect ${portal.hub_domain ?? portal.portal_id}`}>
                    Disconnect
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

function InstallLink({ isOwner }: { isOwner: boolean }) {
  const create = useMutation({ mutationFn: () => data(api.POST('/hubspot/install-link')) });
  return (
    <section aria-labelledby="install-heading">
      <Title order={2} size="h4" id="install-heading" mb="xs">
        Connect a portal
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        A HubSpot admin opens the install link signed in to HubSpot and allows the app; the portal then feeds this account. Each link connects one portal and works for 7 days.
      </Text>
      {!isOwner ? (
        <Text size="sm">Only the account's owner can create install links.</Text>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Button onClick={() => create.mutate()} loading={create.isPending}>
            {create.data ? 'Create another link' : 'Create install link'}
          </Button>
          {create.isError && (
            <Alert color="red" role="alert">
              {messageOf(create.error)}
            </Alert>
          )}
          {create.data && (
            <Paper withBorder p="sm" w="100%">
              <Stack gap="xs">
                <Code block data-testid="install-link" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
                  {create.data.url}
                </Code>
                <Group justify="space-between">
                  <Text size="xs" c="dimmed">
                    Works until {formatDateTime(create.data.expires_at)}
                  </Text>
                  <CopyButton value={create.data.url}>
                    {({ copied, copy }) => (
                      <Button size="xs" variant={copied ? 'light' : 'filled'} color={copied ? 'green' : undefined} onClick={copy}>
                        {copied ? 'Copied' : 'Copy link'}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
              </Stack>
            </Paper>
          )}
        </Stack>
      )}
    </section>
  );
}

function ClaimPortal({ canClaim }: { canClaim: boolean }) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const claim = useMutation({
    mutationFn: () => data(api.POST('/hubspot/portals/claim', { body: { claim_code: code.trim() } })),
    onSuccess: () => {
      setCode('');
      void queryClient.invalidateQueries({ queryKey: PORTALS });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    claim.mutate();
  };
  return (
    <section aria-labelledby="claim-heading">
      <Title order={2} size="h4" id="claim-heading" mb="xs">
        Claim a portal installed from HubSpot
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        When the app is installed from HubSpot's marketplace, its page shows the admin a one-time claim code (it works for a day). Enter it here to attach the portal to this account.
      </Text>
      {!canClaim ? (
        <Text size="sm">Only admins and owners can claim a portal.</Text>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <Group align="flex-end" wrap="wrap">
              <TextInput
                label="Claim code"
                placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
                value={code}
                onChange={(event) => {
                  claim.reset();
                  setCode(event.currentTarget.value);
                }}
                style={{ flex: '1 1 260px' }}
                autoComplete="off"
              />
              <Button type="submit" loading={claim.isPending} disabled={code.trim() === ''}>
                Claim portal
              </Button>
            </Group>
            {claim.isError && (
              <Alert color="red" role="alert">
                {messageOf(claim.error)}
              </Alert>
            )}
            {claim.data && (
              <Alert color="green" role="status">
                {claim.data.hub_domain ?? `Portal ${claim.data.portal_id}`} now sends its contacts to this account.
              </Alert>
            )}
          </Stack>
        </form>
      )}
    </section>
  );
}

function ConfirmDisconnect({ portal, onClose, onDone }: { portal: Portal | null; onClose: () => void; onDone: (answer: Disconnected) => void }) {
  const queryClient = useQueryClient();
  const disconnect = useMutation({
    mutationFn: (portalId: number) => data(api.POST('/hubspot/portals/{portal_id}/disconnect', { params: { path: { portal_id: portalId } } })),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: PORTALS });
      onDone(answer);
    },
  });
  return (
    <ConfirmDialog
      opened={portal !== null}
      title="Disconnect this portal?"
      confirmLabel="Disconnect portal"
      confirmColor="red"
      action={disconnect}
      onConfirm={() => portal && disconnect.mutate(portal.portal_id)}
      onClose={onClose}
    >
      {portal && (
        <Text size="sm">
          The app is uninstalled from <b>{portal.hub_domain ?? `portal ${portal.portal_id}`}</b> in HubSpot: its new contacts are no longer taken and nothing more is written to it. Its leads here
          stay. Installing the app again reconnects it.
        </Text>
      )}
    </ConfirmDialog>
  );
}
