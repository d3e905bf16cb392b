/**
 * The settings page (crm-app/src/app/settings) rendered with HubSpot's own testing utilities
 * (@hubspot/ui-extensions/testing, the `settings` extension point): what an admin sees for a claimed and
 * an unclaimed portal, a switch saving through the engine and showing what it saved, a refusal shown
 * in the engine's words with the switch back, and the engine unreachable. `hubspot.fetch` is a fake that
 * answers as the engine does (its answers' shape checked against the engine's schema type below).
 */
import { Alert, Button, LoadingSpinner, StatusTag, TableRow, Text, Toggle } from '@hubspot/ui-extensions';
import { createRenderer, type RenderedChildNode, RenderedNodeType } from '@hubspot/ui-extensions/testing';
import { describe, expect, it } from 'vitest';
import { SettingsPage } from '../../src/app/settings/SettingsPage.tsx';
import { type Fetcher, SETTINGS_URL, type SettingsAnswer } from '../../src/app/settings/settingsAnswer.ts';
import type { PortalSettingsView } from '../../src/portalSettings/view.ts';

// The page's type of the answer and the engine's answer schema are one shape: either changing alone fails to compile.
const engineAnswer = (answer: SettingsAnswer): PortalSettingsView => answer;
const pageAnswer = (answer: PortalSettingsView): SettingsAnswer => answer;

const PROPERTIES = [
  ['prospect_research_autopilot', 'Autopilot'],
  ['prospect_research_outcome', 'Autopilot outcome'],
  ['prospect_research_research_summary', 'Research summary'],
] as const;

function answer(overrides: Partial<SettingsAnswer> = {}): SettingsAnswer {
  return engineAnswer({
    portal_id: 12345,
    state: 'connected',
    account: { id: 7, name: 'Acme Sales' },
    claim: null,
    autopilots: [
      { name: 'DACH founders', position: 1, fallback: false, takes: 'country is Germany or Austria', does: '2 touches over 4 days: e-mail', enabled_at: '2026-11-20T10:00:00.000+00:00' },
      { name: 'Everyone', position: 2, fallback: true, takes: 'every contact (catch-all)', does: '1 touch over 1 day: e-mail', enabled_at: '2026-11-20T10:00:00.000+00:00' },
    ],
    stop_properties: [
      { property: 'hs_lead_status', watched: 'webhook', text: 'HubSpot sends each change as it happens: a lead stops within seconds' },
      { property: 'demo_booked', watched: 'sweep', text: 'The app looks for changes every few minutes: a lead stops within about 6 minutes' },
    ],
    writeback: PROPERTIES.map(([property, label]) => ({ property, label, on: true })),
    notes: true,
    notes_text: 'Each completed research brief is logged as a note on its contact.',
    updated_at: null,
    ...overrides,
  });
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A stand-in for `hubspot.fetch`: answers each call with the next of `answers`, keeping what each asked. */
function fakeFetch(...answers: (() => Promise<Response>)[]) {
  const calls: { url: string; method?: string; body?: Record<string, unknown> }[] = [];
  const fetcher: Fetcher = async (url, options) => {
    calls.push({ url, method: options?.method, body: options?.body });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected call ${options?.method} ${url}`);
    return next();
  };
  return { fetcher, calls };
}

function renderPage(fetcher: Fetcher) {
  const renderer = createRenderer('settings');
  const alerts: unknown[] = [];
  renderer.render(<SettingsPage fetcher={fetcher} addAlert={(alert) => alerts.push(alert)} />);
  return { ...renderer, alerts };
}

/** Every text under a node, its pieces joined by " / " (the testing utilities' `text` is a node's own text only). */
function textOf(node: { childNodes: RenderedChildNode[] }): string {
  return node.childNodes.map((child) => (child.nodeType === RenderedNodeType.Text ? child.text : textOf(child))).filter((text) => text !== '').join(' / ');
}

const toggle = (renderer: ReturnType<typeof renderPage>, name: string) => renderer.find(Toggle, { name });
/** The admin flips a switch. (`trigger`'s type asks for the handler's own type as its argument; the handler is called with `checked`.) */
const flip = (renderer: ReturnType<typeof renderPage>, name: string, checked: boolean) => toggle(renderer, name).trigger('onChange', checked as never);

describe('the settings page', () => {
  it('shows the account, the Autopilots in routing order with what they take and do, how each stop property is watched, and a switch per property and for notes', async () => {
    const { fetcher, calls } = fakeFetch(async () => json(200, answer()));
    const page = renderPage(fetcher);
    expect(page.find(LoadingSpinner).props.label).toBe('Loading the settings');
    await page.waitFor(() => expect(page.findByTestId(Text, 'account').text).toBe('Acme Sales (account 7)'));
    expect(calls).toEqual([{ url: SETTINGS_URL, method: 'GET', body: undefined }]);
    expect(new URL(SETTINGS_URL).protocol).toBe('https:');

    const rows = page.findAll(TableRow).map(textOf);
    expect(rows).toEqual([
      'Order / Autopilot / Takes / Does',
      '1 / DACH founders / country is Germany or Austria / 2 touches over 4 days: e-mail',
      '2 / Everyone / Fallback / every contact (catch-all) / 1 touch over 1 day: e-mail',
      'Property / Watched by / What that means',
      'hs_lead_status / Webhook / HubSpot sends each change as it happens: a lead stops within seconds',
      'demo_booked / Sweep / The app looks for changes every few minutes: a lead stops within about 6 minutes',
    ]);
    expect(page.findAll(StatusTag).map((tag) => [tag.text, tag.props.variant])).toEqual([
      ['Webhook', 'success'],
      ['Sweep', 'info'],
    ]);
    expect(page.findAll(Toggle).map((each) => [each.props.label, each.props.checked])).toEqual([
      ['Autopilot', true],
      ['Autopilot outcome', true],
      ['Research summary', true],
      ['Log each research brief as a note on its contact', true],
    ]);
    expect(page.maybeFind(Alert)).toBeNull();
  });

  it('tells the admin of an unclaimed portal how to claim it, and says no Autopilot takes its contacts yet', async () => {
    const claim = 'This HubSpot account has installed the app, but no Prospect Research account has claimed it yet.';
    const { fetcher } = fakeFetch(async () => json(200, answer({ state: 'unclaimed', account: null, claim, autopilots: [], stop_properties: [] })));
    const page = renderPage(fetcher);
    await page.waitFor(() => expect(page.findByTestId(Text, 'claim').text).toBe(claim));
    expect(page.find(Alert).props.title).toBe('Not claimed yet');
    expect(page.findByTestId(Text, 'no-autopilots').text).toBe('No Autopilot is enabled: new contacts wait until one is.');
    expect(page.findByTestId(Text, 'no-stops').text).toBe('No Autopilot stops a lead on a property change.');
    expect(page.maybeFindByTestId(Text, 'account')).toBeNull();
  });

  it('saves a property turned off through the engine and shows what the engine saved', async () => {
    const saved = answer({ writeback: PROPERTIES.map(([property, label]) => ({ property, label, on: property !== 'prospect_research_research_summary' })), updated_at: '2026-11-28T10:00:00.000+00:00' });
    const { fetcher, calls } = fakeFetch(
      async () => json(200, answer()),
      async () => json(200, saved),
    );
    const page = renderPage(fetcher);
    await page.waitFor(() => expect(toggle(page, 'prospect_research_research_summary').props.checked).toBe(true));
    flip(page, 'prospect_research_research_summary', false);
    await page.waitFor(() => expect(toggle(page, 'prospect_research_research_summary').props.checked).toBe(false));
    expect(calls[1]).toEqual({ url: SETTINGS_URL, method: 'PUT', body: { writeback: { prospect_research_research_summary: false } } });
    expect(toggle(page, 'prospect_research_outcome').props.checked).toBe(true);
    expect(page.alerts).toEqual([]);
  });

  it('turns notes off and shows what that means; a refusal is shown in the engine’s words and the switch stays as saved', async () => {
    const off = answer({ notes: false, notes_text: 'No research notes are written. Briefs completed while notes are off never get one, also after notes are turned on again.' });
    const { fetcher, calls } = fakeFetch(
      async () => json(200, answer()),
      async () => json(200, off),
      async () => json(400, { error: 'invalid_settings', problems: [{ severity: 'error', path: '/notes', message: '/notes must be true or false' }] }),
    );
    const page = renderPage(fetcher);
    await page.waitFor(() => expect(toggle(page, 'notes').props.checked).toBe(true));
    flip(page, 'notes', false);
    await page.waitFor(() => expect(page.findByTestId(Text, 'notes-text').text).toBe(off.notes_text));
    expect(toggle(page, 'notes').props.checked).toBe(false);
    expect(calls[1]!.body).toEqual({ notes: false });

    flip(page, 'notes', true);
    await page.waitFor(() => expect(page.alerts).toEqual([{ type: 'danger', title: 'Not saved', message: '/notes must be true or false' }]));
    expect(toggle(page, 'notes').props.checked).toBe(false);
    expect(toggle(page, 'notes').props.readonly).toBe(false);
  });

  it('says so when the engine cannot be reached or refuses, and loads again on "Try again"', async () => {
    const { fetcher, calls } = fakeFetch(
      async () => {
        throw new Error('Request timed out');
      },
      async () => json(401, { error: 'invalid_signature' }),
      async () => json(200, pageAnswer(engineAnswer(answer()))),
    );
    const page = renderPage(fetcher);
    await page.waitFor(() => expect(page.find(Alert).props.title).toBe('The settings could not be loaded'));
    expect(textOf(page.find(Alert))).toBe('Request timed out / Try again');
    page.find(Button).trigger('onClick');
    await page.waitFor(() => expect(textOf(page.find(Alert))).toBe('Prospect Research answered invalid_signature / Try again'));
    page.find(Button).trigger('onClick');
    await page.waitFor(() => expect(page.findByTestId(Text, 'account').text).toBe('Acme Sales (account 7)'));
    expect(calls).toHaveLength(3);
  });
});
