import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { ConfirmDelete } from './ConfirmDelete';
import { CreateWebhook } from './CreateWebhook';
import { SecretShownOnce } from './SecretShownOnce';
import { WebhookCard } from './WebhookCard';
import { type CreatedWebhook, useWebhooks, type Webhook } from './webhooksApi';

export function WebhooksPanel({ canChange }: { canChange: boolean }) {
  const webhooks = useWebhooks();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  return (
    <Stack gap="lg">
      {!canChange && (
        <Alert color="gray" variant="light">
          You are a member of this account: you see its webhooks and their deliveries, and an owner or admin changes them.
        </Alert>
      )}
      {canChange && <CreateWebhook onCreated={setCreated} />}
      {webhooks.isPending && <LoadingState label="Reading the webhooks" />}
      {webhooks.isError && <ErrorState error={webhooks.error} retry={() => void webhooks.refetch()} />}
      {webhooks.data?.length === 0 && <EmptyState title="No webhooks yet">A webhook posts each lead event it takes to your address as it happens: n8n, Zapier or your own code.</EmptyState>}
      {webhooks.data?.map((webhook) => (
        <WebhookCard key={webhook.id} webhook={webhook} canChange={canChange} onDelete={() => setDeleting(webhook)} />
      ))}
      <SecretShownOnce created={created} onClose={() => setCreated(null)} />
      <ConfirmDelete webhook={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
