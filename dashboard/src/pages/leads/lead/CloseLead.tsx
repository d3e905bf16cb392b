import { Alert, Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useCloseLead } from '../leadsApi';

/** Closing a lead by hand, once the person confirms that it cannot be undone; the engine's words after. */
export function CloseLead({ id, email, active }: { id: number; email: string; active: boolean }) {
  const [opened, { open, close }] = useDisclosure();
  const closing = useCloseLead(id);
  return (
    <>
      {closing.data && (
        <Alert color="green" role="status" title="Closed">
          {closing.data.text}
        </Alert>
      )}
      {active && (
        <Button color="red" variant="light" onClick={open}>
          Close lead
        </Button>
      )}
      <ConfirmDialog
        opened={opened}
        title="Close this lead?"
        confirmLabel="Close lead"
        confirmColor="red"
        cancelLabel="Keep it open"
        action={closing}
        onConfirm={() => closing.mutate(undefined, { onSuccess: close })}
        onClose={close}
      >
        <Text>{email} stops here: its queued touches are cancelled and it is marked Closed. This cannot be undone.</Text>
      </ConfirmDialog>
    </>
  );
}
