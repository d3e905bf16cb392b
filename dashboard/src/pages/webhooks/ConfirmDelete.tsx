import { Text } from '@mantine/core';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useDeleteWebhook, type Webhook } from './webhooksApi';

/** Deleting a webhook, once confirmed: nothing more is delivered to it. */
export function ConfirmDelete({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const remove = useDeleteWebhook();
  return (
    <ConfirmDialog
      opened={webhook !== null}
      title="Delete this webhook?"
      confirmLabel="Delete webhook"
      confirmColor="red"
      action={remove}
      onConfirm={() => webhook && remove.mutate(webhook.id, { onSuccess: onClose })}
      onClose={onClose}
    >
      {webhook && (
        <Text size="sm">
          Nothing more is delivered to <strong style={{ wordBreak: 'break-all' }}>{webhook.url}</strong>, and its deliveries are forgotten. Its events stay in the event feed.
        </Text>
      )}
    </ConfirmDialog>
  );
}
