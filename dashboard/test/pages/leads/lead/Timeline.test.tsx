import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '../../../../src/pages/leads/leadsApi';
import { Timeline } from '../../../../src/pages/leads/lead/Timeline';
import { renderPage } from '../../../engine';

const event = (id: number, detail: Record<string, unknown>, more: Record<string, unknown> = {}) =>
  ({ type: 'event', event_id: id, kind: 'reply', channel: 'email', at: '2026-11-28T08:41:00.000+00:00', detail, effect: 'recorded', end_reason: null, ...more }) as unknown as TimelineEntry;

describe("a lead's timeline", () => {
  it('shows an auto-reply as one, with what marked it, and a reply as a reply', () => {
    renderPage(
      <Timeline
        entries={[event(1, { text: 'I am out until Monday.', auto_reply: 'Auto-Submitted: auto-replied' }), event(2, { text: 'Thursday works.' }, { effect: 'ended_lead', end_reason: 'replied' })]}
      />,
    );
    const [auto, reply] = screen.getAllByRole('listitem');
    expect(within(auto!).getByText('Auto-reply (E-mail)')).toBeInTheDocument();
    expect(within(auto!).getByText('Not counted as a reply: Auto-Submitted: auto-replied')).toBeInTheDocument();
    expect(within(auto!).queryByText('Win')).toBeNull();
    expect(within(reply!).getByText('Reply (E-mail)')).toBeInTheDocument();
    expect(within(reply!).getByText('Win')).toBeInTheDocument();
  });
});
