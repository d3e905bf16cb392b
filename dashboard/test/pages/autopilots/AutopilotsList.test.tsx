import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../src/api/schema';
import AutopilotsList from '../../../src/pages/autopilots/list/AutopilotsList';
import { fakeEngine, renderPage, type Routes } from '../../engine';

type Autopilot = components['schemas']['def-1'];

const STEP: Autopilot['sequence'][number] = { day: 1, channel: 'email', kind: 'email', angle: 'A short, useful note.', subject_angle: null, signals: [] };
function autopilot(id: number, name: string, changes: Partial<Autopilot> = {}): Autopilot {
  return {
    name,
    enabled: false,
    fallback: false,
    filter: { match: 'all', rules: [] },
    channels: ['email'],
    tone: 'Friendly',
    goal: { type: 'engage' },
    lead_origin: null,
    threading: true,
    sequence: [STEP],
    stop_conditions: { reply: true, call_connected: true, meeting_booked: true, invite_accepted: false, property_changes: [] },
    id,
    position: id,
    revision: 1,
    enabled_at: null,
    created_at: '2026-11-20T10:00:00.000+00:00',
    updated_at: '2026-11-20T10:00:00.000+00:00',
    archived_at: null,
    problems: [],
    ...changes,
  };
}

const EMEA = autopilot(1, 'EMEA SaaS', {
  enabled: true,
  filter: {
    match: 'all',
    rules: [
      { property: 'country', operator: 'is', values: ['Germany', 'France'] },
      { property: 'numberofemployees', operator: 'between', values: [50, 500] },
    ],
  },
  goal: { type: 'meetings', calendar_link: 'https://cal.example.com/team' },
  sequence: [STEP, { ...STEP, day: 3 }, { ...STEP, day: 5 }],
});
const DRAFT = autopilot(2, 'Draft', {
  channels: [],
  goal: { type: 'meetings' },
  problems: [
    { severity: 'blocks_enabling', path: '/goal/calendar_link', message: 'The meetings goal needs "calendar_link", the link leads book a meeting with' },
    { severity: 'warning', path: '/lead_origin', message: 'The lead origin is more than one sentence' },
  ],
});
const EVERYONE = autopilot(3, 'Everyone else', { fallback: true, channels: ['email', 'linkedin'] });
const STATS = {
  autopilots: [
    { autopilot: 'EMEA SaaS', autopilot_id: 1, archived: false, enrolled: 12, active: 4, responded: 3, closed: 5, failed: 0, responded_rate: 0.25 },
    { autopilot: 'Draft', autopilot_id: 2, archived: false, enrolled: 0, active: 0, responded: 0, closed: 0, failed: 0, responded_rate: null },
    { autopilot: 'Everyone else', autopilot_id: 3, archived: false, enrolled: 1, active: 1, responded: 0, closed: 0, failed: 0, responded_rate: 0 },
  ],
};

const session = (role: 'owner' | 'admin' | 'member') => ({
  status: 200,
  body: { user: { id: 1, email: 'olga@acme.example', name: 'Olga' }, account: { id: 1, name: 'Acme' }, role, accounts: [{ id: 1, name: 'Acme', role }], csrf_token: 'csrf' },
});

/** The engine with these Autopilots; `PUT /autopilots/order` reorders them as the engine does unless `routes` says otherwise. */
function engineWith(list: Autopilot[], routes: Routes = {}, role: 'owner' | 'member' = 'owner') {
  let autopilots = list;
  return fakeEngine({
    'GET /auth/session': session(role),
    'GET /autopilots': () => ({ status: 200, body: { autopilots } }),
    'GET /autopilot/stats': { status: 200, body: STATS },
    'PUT /autopilots/order': (body) => {
      const { names } = body as { names: string[] };
      autopilots = names.map((name, index) => ({ ...autopilots.find((each) => each.name === name)!, position: index + 1 }));
      return { status: 200, body: { autopilots } };
    },
    ...routes,
  });
}

const cards = () => screen.getAllByTestId('autopilot').map((card) => within(card).getAllByRole('link')[0]?.textContent);

describe('the Autopilots list', () => {
  it('shows the Autopilots in routing order, each with its filter in words, what it does and how it is doing', async () => {
    engineWith([EMEA, DRAFT, EVERYONE]);
    renderPage(<AutopilotsList />);
    await screen.findByRole('link', { name: 'EMEA SaaS' });
    expect(cards()).toEqual(['EMEA SaaS', 'Draft', 'Everyone else']);

    const emea = screen.getByRole('listitem', { name: 'EMEA SaaS' });
    expect(emea).toHaveTextContent(/^Position 1EMEA SaaS/);
    expect(emea).toHaveTextContent('Filter: country is Germany or France and numberofemployees is between 50 and 500');
    expect(emea).toHaveTextContent('GoalBook meetings');
    expect(emea).toHaveTextContent('Steps3');
    expect(emea).toHaveTextContent('Enrolled12');
    expect(await within(emea).findByText('25%')).toBeInTheDocument();
    expect(within(emea).getByRole('switch', { name: 'EMEA SaaS on' })).toBeChecked();
    expect(within(emea).getByRole('link', { name: 'EMEA SaaS' })).toHaveAttribute('href', '/autopilots/EMEA%20SaaS');

    const draft = screen.getByRole('listitem', { name: 'Draft' });
    expect(draft).toHaveTextContent('2 problems (1 blocks switching on)');
    expect(within(draft).getByText('The meetings goal needs "calendar_link", the link leads book a meeting with').closest('li')).toHaveTextContent(/^Blocks switching on/);
    expect(within(draft).queryByText('The lead origin is more than one sentence')).not.toBeInTheDocument();
    await userEvent.click(within(draft).getByRole('button', { name: 'Show 1 warning' }));
    expect(within(draft).getByText('The lead origin is more than one sentence').closest('li')).toHaveTextContent(/^Warning/);
    expect(draft).toHaveTextContent('ChannelsNone yet');
    expect(draft).toHaveTextContent('Responded–');

    const everyone = screen.getByRole('listitem', { name: 'Everyone else' });
    expect(everyone).toHaveTextContent('Filter: every contact (catch-all)');
    expect(within(everyone).getByText('Fallback')).toBeInTheDocument();
    expect(everyone).toHaveTextContent('ChannelsE-mail, LinkedIn');
  });

  it('moves an Autopilot by keyboard and saves the whole order', async () => {
    const engine = engineWith([EMEA, DRAFT, EVERYONE]);
    renderPage(<AutopilotsList />);
    const down = await screen.findByRole('button', { name: 'Move EMEA SaaS down' });
    expect(screen.getByRole('button', { name: 'Move EMEA SaaS up' })).toBeDisabled();
    down.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(cards()).toEqual(['Draft', 'EMEA SaaS', 'Everyone else']));
    expect(engine.calls.filter((call) => call.path === '/autopilots/order').map((call) => [call.method, call.body])).toEqual([['PUT', { names: ['Draft', 'EMEA SaaS', 'Everyone else'] }]]);
    expect(screen.getByRole('listitem', { name: 'EMEA SaaS' })).toHaveTextContent(/^Position 2EMEA SaaS/);
  });

  describe('with the drag handle, by keyboard', () => {
    // jsdom lays nothing out: each card is given a place, one under the other, for dnd-kit to measure.
    const original = Element.prototype.getBoundingClientRect;
    beforeEach(() => {
      Element.prototype.getBoundingClientRect = function (this: Element) {
        const card = this.closest('[data-testid="autopilot"]');
        if (!card) return original.call(this);
        const index = [...card.parentElement!.children].indexOf(card);
        return new DOMRect(0, index * 120, 600, 100);
      };
    });
    afterEach(() => {
      Element.prototype.getBoundingClientRect = original;
    });

    it('picks an Autopilot up with Space, moves it with the arrows, drops it with Space, and says so', async () => {
      const engine = engineWith([EMEA, DRAFT, EVERYONE]);
      renderPage(<AutopilotsList />);
      const handle = await screen.findByRole('button', { name: 'Reorder EMEA SaaS' });
      handle.focus();
      await userEvent.keyboard(' ');
      await waitFor(() => expect(screen.getByText(/Picked up EMEA SaaS, at position 1 of 3/)).toBeInTheDocument());
      await userEvent.keyboard('{ArrowDown}');
      await userEvent.keyboard('{ArrowDown}');
      await userEvent.keyboard(' ');
      await waitFor(() => expect(cards()).toEqual(['Draft', 'Everyone else', 'EMEA SaaS']));
      expect(engine.calls.filter((call) => call.path === '/autopilots/order').map((call) => call.body)).toEqual([{ names: ['Draft', 'Everyone else', 'EMEA SaaS'] }]);
      expect(screen.getByText(/EMEA SaaS dropped at position 3 of 3/)).toBeInTheDocument();
    });
  });

  it('puts the order back, and says why, when the engine refuses it', async () => {
    engineWith([EMEA, DRAFT, EVERYONE], {
      'PUT /autopilots/order': { status: 400, body: { error: 'invalid_autopilot_order', problems: [{ severity: 'error', path: '/names/1', message: 'There is no Autopilot named "Draft"' }] } },
    });
    renderPage(<AutopilotsList />);
    await userEvent.click(await screen.findByRole('button', { name: 'Move Draft up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The new order was not saved');
    expect(screen.getByRole('alert')).toHaveTextContent('There is no Autopilot named "Draft"');
    expect(cards()).toEqual(['EMEA SaaS', 'Draft', 'Everyone else']);
  });

  it('says what archiving does to the active leads before it archives', async () => {
    let live = [EMEA, DRAFT];
    const engine = engineWith(live, {
      'GET /autopilots': () => ({ status: 200, body: { autopilots: live } }),
      'DELETE /autopilots/EMEA%20SaaS': () => {
        live = [{ ...DRAFT, position: 1 }];
        return { status: 200, body: { ...EMEA, enabled: false, position: null, archived_at: '2026-11-28T06:00:00.000+00:00' } };
      },
    });
    renderPage(<AutopilotsList />);
    await userEvent.click(await screen.findByRole('button', { name: 'Archive EMEA SaaS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive EMEA SaaS?' });
    expect(dialog).toHaveTextContent('Its 4 active leads end at once, closed with "Its Autopilot was archived".');
    expect(dialog).toHaveTextContent('Contacts it holds while they wait for credits are routed again at the next sweep.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(engine.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Archive Draft' }));
    expect(await screen.findByRole('dialog', { name: 'Archive Draft?' })).toHaveTextContent('It has no active leads, so no lead ends.');
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));

    await userEvent.click(screen.getByRole('button', { name: 'Archive EMEA SaaS' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Archive Autopilot' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'EMEA SaaS' })).not.toBeInTheDocument());
    expect(engine.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/autopilots/EMEA%20SaaS']);
    expect(cards()).toEqual(['Draft']);
  });

  it('switches one on by sending its document back, and shows the engine’s reasons when it refuses', async () => {
    const refusal = { error: 'invalid_autopilot', problems: DRAFT.problems.slice(0, 1) };
    const engine = engineWith([EMEA, DRAFT], {
      'GET /autopilots/Draft': { status: 200, body: DRAFT },
      'PUT /autopilots/Draft': { status: 400, body: refusal },
      'GET /autopilots/EMEA%20SaaS': { status: 200, body: EMEA },
      'PUT /autopilots/EMEA%20SaaS': (body) => ({ status: 200, body: { ...EMEA, enabled: (body as Autopilot).enabled } }),
    });
    renderPage(<AutopilotsList />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Draft on' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Draft was not switched on');
    expect(alert).toHaveTextContent('The meetings goal needs "calendar_link", the link leads book a meeting with');
    expect(screen.getByRole('switch', { name: 'Draft on' })).not.toBeChecked();
    expect(engine.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ name: 'Draft', enabled: true, goal: { type: 'meetings' } });

    await userEvent.click(screen.getByRole('switch', { name: 'EMEA SaaS on' }));
    await waitFor(() => expect(engine.calls.filter((call) => call.path === '/autopilots/EMEA%20SaaS' && call.method === 'PUT').map((call) => (call.body as Autopilot).enabled)).toEqual([false]));
  });

  it('shows a member everything and lets them change nothing', async () => {
    engineWith([EMEA, DRAFT], {}, 'member');
    renderPage(<AutopilotsList />);
    expect(await screen.findByText(/You are a member of this account/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'EMEA SaaS on' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^(Archive|Move|Reorder) / })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New Autopilot' })).not.toBeInTheDocument();
  });

  it('invites the first Autopilot when there is none', async () => {
    engineWith([]);
    renderPage(<AutopilotsList />);
    expect(await screen.findByText('No Autopilots yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New Autopilot' }).at(-1)).toHaveAttribute('href', '/autopilots/new');
  });

  it('shows the Autopilots without their figures when those cannot be read', async () => {
    engineWith([EMEA], { 'GET /autopilot/stats': { status: 500, body: { error: 'internal_error' } } });
    renderPage(<AutopilotsList />);
    expect(await screen.findByText(/The enrolled counts and responded rates could not be read/)).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'EMEA SaaS' })).toHaveTextContent('Enrolled–Responded–');
  });

  it('shows the engine’s failure to list them, with a way to try again', async () => {
    fakeEngine({ 'GET /auth/session': session('owner'), 'GET /autopilots': { status: 500, body: { error: 'internal_error' } } });
    renderPage(<AutopilotsList />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The engine failed to answer');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
