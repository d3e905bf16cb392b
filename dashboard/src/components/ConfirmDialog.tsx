import { Alert, Button, Group, type MantineColor, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { messageOf } from '../api/client';

export interface ConfirmDialogProps {
  opened: boolean;
  /** A question: "Delete this webhook?". */
  title: string;
  /** What confirming does, in words, said before the person decides. */
  children: ReactNode;
  /** The confirm button's words: the act itself ("Delete webhook"), never "OK". */
  confirmLabel: ReactNode;
  /** Red for an act that destroys; the theme's primary colour when left out. */
  confirmColor?: MantineColor;
  cancelLabel?: string;
  /** Until the engine has said what it would do, for instance. */
  confirmDisabled?: boolean;
  /** The act as TanStack Query runs it (a mutation): while pending the button waits, its error is the engine's refusal, shown in its words, and closing forgets it. */
  action: { isPending: boolean; error: unknown; reset: () => void };
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an act that cannot be taken back: what happens, then the act or a way out. */
export function ConfirmDialog({ opened, title, children, confirmLabel, confirmColor, cancelLabel = 'Keep it', confirmDisabled, action, onConfirm, onClose }: ConfirmDialogProps) {
  const close = () => {
    action.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        {children}
        {action.error != null && (
          <Alert color="red" role="alert">
            {messageOf(action.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {cancelLabel}
          </Button>
          <Button color={confirmColor} disabled={confirmDisabled} loading={action.isPending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
