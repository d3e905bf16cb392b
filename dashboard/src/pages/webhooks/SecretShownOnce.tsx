import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { CreatedWebhook } from './webhooksApi';

/** The new webhook's signing secret, shown this once with a way to copy it. */
export function SecretShownOnce({ created, onClose }: { created: CreatedWebhook | null; onClose: () => void }) {
  return (
    <Modal opened={created !== null} onClose={onClose} title="Webhook created: copy its signing secret" size="lg" centered closeOnClickOutside={false} closeButtonProps={{ 'aria-label': 'Close' }}>
      {created?.secret && (
        <Stack gap="md">
          <Alert color="gray" variant="outline" title="This secret is not shown again">
            Keep it where your receiver checks signatures (Standard Webhooks). If it is lost, delete the webhook and create another.
          </Alert>
          <Text size="sm">Deliveries to {created.url} are signed with:</Text>
          <Code block data-testid="webhook-secret" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {created.secret}
          </Code>
          <Group justify="space-between">
            <CopyButton value={created.secret}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy secret'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>I have copied it</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
