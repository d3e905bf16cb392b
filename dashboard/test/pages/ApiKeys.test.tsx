import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ApiKeys from '../../src/pages/ApiKeys';
import { fakeEngine, renderPage } from '../engine';

const ACTIVE = { id: 7, label: 'n8n production', hint: 'pr_live_...x7Qa', created_at: '2026-11-20T09:30:00.000+00:00', revoked_at: null as string | null };
const NEW_KEY = `pr_live_${'b'.repeat(38)}Zz99`;

describe('the API keys page', () => {
  it('says so when the account has no key', async () => {
    fakeEngine({ 'GET /keys': { status: 200, body: { keys: [] } } });
    renderPage(<ApiKeys />);
    expect(await screen.findByText('No keys yet')).toBeInTheDocument();
  });

  it('shows the engine’s failure to list the keys, with a way to try again', async () => {
    fakeEngine({ 'GET /keys': { status: 500, body: { error: 'internal_error' } } });
    renderPage(<ApiKeys />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The engine failed to answer');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('creates a labelled key and shows it once, then only its hint', async () => {
    let keys = [ACTIVE];
    const engine = fakeEngine({
      'GET /keys': () => ({ status: 200, body: { keys } }),
      'POST /keys': (body) => {
        const created = { ...ACTIVE, id: 8, label: (body as { label: string }).label, hint: 'pr_live_...Zz99' };
        keys = [...keys, created];
        return { status: 201, body: { ...created, key: NEW_KEY } };
      },
    });
    renderPage(<ApiKeys />);
    await screen.findByText('n8n production');
    const create = screen.getByRole('button', { name: 'Create key' });
    expect(create).toBeDisabled();
    await userEvent.type(screen.getByLabelText("New key's label"), '  CRM sync ');
    await userEvent.click(create);
    const dialog = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(dialog).getByText(NEW_KEY)).toBeInTheDocument();
    expect(engine.calls.find((call) => call.method === 'POST')?.body).toEqual({ label: 'CRM sync' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('pr_live_...Zz99')).toBeInTheDocument();
    expect(screen.queryByText(NEW_KEY)).not.toBeInTheDocument();
  });

  it('revokes a key only once the owner confirms', async () => {
    let keys = [ACTIVE];
    const engine = fakeEngine({
      'GET /keys': () => ({ status: 200, body: { keys } }),
      'DELETE /keys/7': () => {
        keys = [{ ...ACTIVE, revoked_at: '2026-11-27T16:00:00.000+00:00' }];
        return { status: 200, body: keys[0] };
      },
    });
    renderPage(<ApiKeys />);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke n8n production' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Keep it' }));
    expect(engine.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Revoke n8n production' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText(/^Revoked/)).toBeInTheDocument();
    expect(engine.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/keys/7']);
    expect(screen.queryByRole('button', { name: 'Revoke n8n production' })).not.toBeInTheDocument();
  });

  it('tells the plan’s limit in words', async () => {
    fakeEngine({ 'GET /keys': { status: 200, body: { keys: [ACTIVE] } }, 'POST /keys': { status: 409, body: { error: 'api_key_limit_reached' } } });
    renderPage(<ApiKeys />);
    await userEvent.type(await screen.findByLabelText("New key's label"), 'one more');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('api key limit reached');
  });
});
