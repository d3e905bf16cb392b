import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AutopilotSettings } from '../../src/api/types';
import Settings, { draftOf, patchOf } from '../../src/pages/Settings';
import { fakeEngine, renderPage } from '../engine';

const SETTINGS: AutopilotSettings = {
  queue_wait_hours: 6,
  drop_behind_days: null,
  skip_role_based: false,
  skip_free_providers: false,
  excluded_domains: ['competitor.example'],
  research_once: true,
  content_language: 'en',
  email_signature: null,
  sender_identity: null,
  email_ready: false,
};

describe('the settings form', () => {
  it('sends back what it read unchanged, and clears a blank signature and identity', () => {
    const { email_ready: _, ...editable } = SETTINGS;
    expect(patchOf(draftOf(SETTINGS))).toEqual(editable);
    const draft = { ...draftOf(SETTINGS), drop_behind_days: '14', excluded_domains: 'a.example, b.example\n c.example ', email_signature: '  ' };
    expect(patchOf(draft)).toMatchObject({ drop_behind_days: 14, excluded_domains: ['a.example', 'b.example', 'c.example'], email_signature: null, sender_identity: null });
  });

  it('offers exactly the spec’s values for each setting', async () => {
    fakeEngine({ 'GET /autopilot/settings': { status: 200, body: SETTINGS } });
    renderPage(<Settings />);
    const options = (label: string) => [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((option) => option.text);
    await screen.findByLabelText('Queue wait time');
    expect(options('Queue wait time')).toEqual(['2 hours', '6 hours', '12 hours', '24 hours', '48 hours']);
    expect(options('Drop messages that fall behind plan')).toEqual(['Off', '7 days', '14 days', '30 days', '60 days']);
    expect(options('Content language')).toHaveLength(8);
    expect(options('Content language')).toContain('Deutsch');
  });

  it('shows the engine’s problems with a change in its words', async () => {
    const message = '"sender_identity" needs name, company and postal_address; company is missing';
    const engine = fakeEngine({
      'GET /autopilot/settings': { status: 200, body: SETTINGS },
      'PATCH /autopilot/settings': { status: 400, body: { error: 'invalid_autopilot_settings', problems: [{ severity: 'error', path: '/sender_identity', message }] } },
    });
    renderPage(<Settings />);
    await userEvent.type(await screen.findByLabelText('Sender name'), 'Anna');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(engine.calls.at(-1)?.body).toMatchObject({ sender_identity: { name: 'Anna', company: '', postal_address: '' } });
  });
});
