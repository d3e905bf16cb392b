import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import Replies from '../../../src/pages/replies/Replies';
import { fakeEngine, renderPage } from '../../engine';

const reply = (id: number, text: string) => ({
  id,
  kind: 'reply',
  channel: 'linkedin',
  text,
  subject: null,
  auto_reply: null,
  effect: 'ended_lead',
  occurred_at: '2026-11-28T08:41:00.000+00:00',
  received_at: '2026-11-28T08:41:07.000+00:00',
  lead: { id: 17, email: 'jane.doe@ledgerly.example', contact_id: '1201', contact_source: 'api' },
  autopilot: 'DACH',
  autopilot_id: 2,
  touch: { id: 52, step: 2, channel: 'linkedin', subject: null, sent_at: '2026-11-27T09:30:00.000+00:00' },
});

describe('the Replies inbox', () => {
  it('says what shows there while nothing has come', async () => {
    fakeEngine({ 'GET /autopilot/replies': { status: 200, body: { replies: [], next_before: null } } });
    renderPage(<Replies />);
    expect(await screen.findByText('No replies')).toBeInTheDocument();
  });

  it('shows the engine’s failure with a way to try again', async () => {
    fakeEngine({ 'GET /autopilot/replies': { status: 500, body: { error: 'internal_error' } } });
    renderPage(<Replies />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The engine failed to answer');
  });

  it('shows each reply with its lead, Autopilot and touch, and loads the older ones on asking', async () => {
    const engine = fakeEngine({
      'GET /autopilot/replies': () => ({ status: 200, body: { replies: [reply(311, 'Thursday works.')], next_before: 311 } }),
    });
    renderPage(<Replies />);
    expect(await screen.findByText('Thursday works.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'jane.doe@ledgerly.example' })).toHaveAttribute('href', '/leads/17');
    expect(screen.getByText(/^Answering step 2 \(LinkedIn\)/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(engine.calls.filter((call) => call.path === '/autopilot/replies')).toHaveLength(2));
  });

  it('asks for the Autopilot and channel in the address, and shows them chosen', async () => {
    const engine = fakeEngine({
      'GET /autopilots': { status: 200, body: { autopilots: [{ name: 'DACH' }, { name: 'EMEA SaaS' }] } },
      'GET /autopilot/replies': { status: 200, body: { replies: [reply(311, 'Thursday works.')], next_before: null } },
    });
    renderPage(<Replies />, { at: '/replies?kind=auto_reply&autopilot=DACH&channel=linkedin' });
    expect(await screen.findByText('Thursday works.')).toBeInTheDocument();
    const asked = engine.calls.find((call) => call.path === '/autopilot/replies')!.query;
    expect(Object.fromEntries(asked)).toMatchObject({ kind: 'auto_reply', autopilot: 'DACH', channel: 'linkedin' });
    const filters = screen.getByRole('search', { name: 'Filter replies' });
    expect(within(filters).getByLabelText('Autopilot')).toHaveValue('DACH');
    expect(within(filters).getByLabelText('Channel')).toHaveValue('linkedin');
  });

  it('narrows the inbox as the filters change, and clears them when nothing matches', async () => {
    const engine = fakeEngine({
      'GET /autopilots': { status: 200, body: { autopilots: [{ name: 'DACH' }, { name: 'EMEA SaaS' }] } },
      'GET /autopilot/replies': { status: 200, body: { replies: [], next_before: null } },
    });
    renderPage(<Replies />);
    const filters = await screen.findByRole('search', { name: 'Filter replies' });
    await screen.findByRole('option', { name: 'EMEA SaaS' });
    await userEvent.selectOptions(within(filters).getByLabelText('Autopilot'), 'EMEA SaaS');
    await userEvent.selectOptions(within(filters).getByLabelText('Channel'), 'WhatsApp');
    expect(await screen.findByText("None of EMEA SaaS's leads on WhatsApp.")).toBeInTheDocument();
    const last = () => Object.fromEntries(engine.calls.filter((call) => call.path === '/autopilot/replies').at(-1)!.query);
    expect(last()).toMatchObject({ kind: 'reply', autopilot: 'EMEA SaaS', channel: 'whatsapp' });
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText(/^No replies yet/)).toBeInTheDocument();
    expect(last()).not.toHaveProperty('autopilot');
    expect(last()).not.toHaveProperty('channel');
    expect(within(filters).getByLabelText('Channel')).toHaveValue('');
  });

  it('keeps an Autopilot the address names that is not live any more, and ignores a channel the engine does not have', async () => {
    const engine = fakeEngine({
      'GET /autopilots': { status: 200, body: { autopilots: [{ name: 'DACH' }] } },
      'GET /autopilot/replies': { status: 200, body: { replies: [], next_before: null } },
    });
    renderPage(<Replies />, { at: '/replies?autopilot=Old%20one&channel=fax' });
    const filters = await screen.findByRole('search', { name: 'Filter replies' });
    await screen.findByRole('option', { name: 'DACH' });
    expect(within(filters).getByLabelText('Autopilot')).toHaveValue('Old one');
    expect(within(filters).getByLabelText('Channel')).toHaveValue('');
    await waitFor(() => expect(engine.calls.some((call) => call.path === '/autopilot/replies')).toBe(true));
    expect(engine.calls.find((call) => call.path === '/autopilot/replies')!.query.has('channel')).toBe(false);
  });
});
