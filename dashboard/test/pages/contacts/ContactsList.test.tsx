import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ContactsList from '../../../src/pages/contacts/ContactsList';
import { fakeEngine, renderPage } from '../../engine';

const AUTOPILOTS = { 'GET /autopilots': { status: 200, body: { autopilots: [] } } };

describe('the Contacts page', () => {
  it('says where contacts come from when there are none yet', async () => {
    fakeEngine({ ...AUTOPILOTS, 'GET /autopilot/contacts': { status: 200, body: { contacts: [], next_before: null } } });
    renderPage(<ContactsList />);
    expect(await screen.findByText('No contacts yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the engine’s failure with a way to try again', async () => {
    fakeEngine({ ...AUTOPILOTS, 'GET /autopilot/contacts': { status: 500, body: { error: 'internal_error' } } });
    renderPage(<ContactsList />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The engine failed to answer');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('lists a page of contacts with their state in words, and offers the next page', async () => {
    const contact = {
      id: '1201',
      source: 'hubspot:42',
      email: 'jane.doe@ledgerly.example',
      name: 'Jane Doe',
      state: 'waiting',
      reason: 'credits_exhausted',
      autopilot: 'DACH',
      autopilot_id: 2,
      lead_id: null,
      received_at: '2026-11-27T09:00:02.000+00:00',
      next_check_at: '2026-11-27T09:15:02.000+00:00',
    };
    fakeEngine({ ...AUTOPILOTS, 'GET /autopilot/contacts': { status: 200, body: { contacts: [contact], next_before: 'cursor-1' } } });
    renderPage(<ContactsList />);
    const link = await screen.findByRole('link', { name: 'jane.doe@ledgerly.example' });
    expect(link).toHaveAttribute('href', '/contacts/1201?source=hubspot%3A42');
    expect(within(screen.getByRole('table', { name: 'Contacts' })).getByText('waiting for credits')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });
});
