import { Text } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/client';
import { ConfirmDialog, type ConfirmDialogProps } from '../../src/components/ConfirmDialog';
import { renderPage } from '../engine';

const idle = { isPending: false, error: null };

const ask = (props: Partial<ConfirmDialogProps> = {}) => {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  const reset = vi.fn();
  renderPage(
    <ConfirmDialog opened title="Delete this webhook?" confirmLabel="Delete webhook" confirmColor="red" action={{ ...idle, reset }} onConfirm={onConfirm} onClose={onClose} {...props}>
      <Text>Nothing more is delivered to it.</Text>
    </ConfirmDialog>,
  );
  return { onConfirm, onClose, reset, dialog: () => screen.getByRole('dialog', { name: 'Delete this webhook?' }) };
};

describe('the confirmation dialog', () => {
  it('says what happens, then does it on the confirm button', async () => {
    const { onConfirm, onClose, dialog } = ask();
    expect(await screen.findByText('Nothing more is delivered to it.')).toBeInTheDocument();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Delete webhook' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('lets the person out by the way-out button, the named close button and Escape, forgetting a refusal each time', async () => {
    const { onConfirm, onClose, reset, dialog } = ask({ cancelLabel: 'Keep it open' });
    await screen.findByRole('dialog');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Keep it open' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(3);
    expect(reset).toHaveBeenCalledTimes(3);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('says "Keep it" by default, and nothing is refused before the engine answers', async () => {
    ask();
    await screen.findByRole('dialog');
    expect(screen.getByRole('button', { name: 'Keep it' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the engine’s refusal in its words', async () => {
    ask({ action: { isPending: false, error: new ApiError(409, { error: 'webhook_in_use', message: 'The webhook is being delivered to; try again in a minute.' }), reset: vi.fn() } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The webhook is being delivered to; try again in a minute.');
  });

  it('holds the confirm button while the act is under way', async () => {
    const { onConfirm } = ask({ action: { isPending: true, error: null, reset: vi.fn() } });
    const button = await screen.findByRole('button', { name: 'Delete webhook' });
    expect(button).toHaveAttribute('data-loading', 'true');
    await userEvent.click(button).catch(() => undefined);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('keeps the confirm button off until it may be done', async () => {
    ask({ confirmDisabled: true });
    expect(await screen.findByRole('button', { name: 'Delete webhook' })).toBeDisabled();
  });

  it('shows nothing while closed', () => {
    ask({ opened: false });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
