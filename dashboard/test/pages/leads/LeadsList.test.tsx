import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import LeadsList from '../../../src/pages/leads/LeadsList';
import { fakeEngine, renderPage } from '../../engine';

describe('the Leads page', () => {
  it('says so when the account has no lead yet', async () => {
    fakeEngine({ 'GET /autopilot/leads': { status: 200, body: { leads: [], next_before: null, next_cursor: null } }, 'GET /autopilots': { status: 200, body: { autopilots: [] } } });
    renderPage(<LeadsList />);
    expect(await screen.findByText('No leads yet')).toBeInTheDocument();
  });

  it('shows the engine’s refusal in its words, with a way to try again', async () => {
    fakeEngine({ 'GET /autopilot/leads': { status: 404, body: { error: 'autopilot_not_found', message: 'no Autopilot named "DACH" in this account' } } });
    renderPage(<LeadsList />);
    expect(await screen.findByRole('alert')).toHaveTextContent('no Autopilot named "DACH" in this account');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
