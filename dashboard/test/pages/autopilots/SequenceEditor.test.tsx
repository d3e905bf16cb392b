import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type StepDraft, sequenceDocument } from '../../../src/pages/autopilots/editor/draft';
import { SequenceEditor } from '../../../src/pages/autopilots/editor/SequenceEditor';
import { renderControlled } from './harness';

function renderEditor(initial: StepDraft[] = [], threading = true) {
  return renderControlled(initial, (value, onChange) => <SequenceEditor value={value} onChange={onChange} channels={['email', 'linkedin']} threading={threading} />);
}

const step = (n: number) => within(screen.getByRole('group', { name: `Step ${n}` }));
const addStep = () => userEvent.click(screen.getByRole('button', { name: 'Add step' }));

describe('the sequence editor', () => {
  it('builds steps with exactly the document’s fields', async () => {
    const emitted = renderEditor();
    expect(screen.getByText(/No steps yet/)).toBeInTheDocument();
    await addStep();
    await userEvent.type(step(1).getByLabelText('Angle'), 'Thank them for the guide.');
    await userEvent.type(step(1).getByLabelText('Subject angle'), 'Their pricing guide');
    await userEvent.click(step(1).getByText('Their posts'));
    await userEvent.click(step(1).getByText('News'));
    await addStep();
    await userEvent.selectOptions(step(2).getByLabelText('Sends'), 'linkedin:connection_request');
    await userEvent.clear(step(2).getByLabelText('Day'));
    await userEvent.type(step(2).getByLabelText('Day'), '4');
    await userEvent.type(step(2).getByLabelText('Angle'), 'Connect.');
    await userEvent.click(step(2).getByLabelText('Send a note with the request'));
    await userEvent.click(step(2).getByLabelText(/Only once the lead is warm/));
    expect(sequenceDocument(emitted.current)).toEqual([
      { day: 1, channel: 'email', kind: 'email', angle: 'Thank them for the guide.', subject_angle: 'Their pricing guide', signals: ['posts', 'news'] },
      { day: 4, channel: 'linkedin', kind: 'connection_request', angle: 'Connect.', signals: [], warm_only: true, note: false },
    ]);
  });

  it('offers the subject angle on the first e-mail only while later e-mails reply in its thread, and the note only on a connection request', async () => {
    renderEditor();
    await addStep();
    await addStep();
    expect(step(1).getByLabelText('Subject angle')).toBeInTheDocument();
    expect(step(2).queryByLabelText('Subject angle')).toBeNull();
    expect(step(1).queryByLabelText('Send a note with the request')).toBeNull();
    await userEvent.selectOptions(step(1).getByLabelText('Sends'), 'linkedin:message');
    // Step 2 is now the first e-mail.
    expect(step(1).queryByLabelText('Subject angle')).toBeNull();
    expect(step(2).getByLabelText('Subject angle')).toBeInTheDocument();
  });

  it('offers a subject angle on every e-mail when each starts its own thread', async () => {
    renderEditor([], false);
    await addStep();
    await addStep();
    expect(step(2).getByLabelText('Subject angle')).toBeInTheDocument();
  });

  it('moves and removes steps, their fields going with them', async () => {
    const emitted = renderEditor();
    for (const angle of ['First', 'Second', 'Third']) {
      await addStep();
      await userEvent.type(screen.getAllByLabelText('Angle').at(-1)!, angle);
    }
    expect(screen.getByRole('button', { name: 'Move step 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move step 3 down' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move step 3 up' }));
    expect(emitted.current.map((kept) => kept.angle)).toEqual(['First', 'Third', 'Second']);
    expect(step(2).getByLabelText('Angle')).toHaveValue('Third');
    await userEvent.click(screen.getByRole('button', { name: 'Move step 1 down' }));
    expect(emitted.current.map((kept) => kept.angle)).toEqual(['Third', 'First', 'Second']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove step 2' }));
    expect(emitted.current.map((kept) => kept.angle)).toEqual(['Third', 'Second']);
    expect(screen.queryByRole('group', { name: 'Step 3' })).toBeNull();
  });
});
