/**
 * The app card as a rep sees it, rendered with HubSpot's testing utilities (@hubspot/ui-extensions/testing)
 * at its location, against a scripted `hubspot.fetch`: each state (loading, failed, unclaimed, not
 * received, no credits, researching), the brief with each fact's source, the lead, and the actions, which
 * ask first and then call the engine's routes.
 */
import { Alert, Button, DescriptionListItem, EmptyState, ErrorState, Link, List, LoadingSpinner, Tag, Text } from '@hubspot/ui-extensions';
import { createRenderer } from '@hubspot/ui-extensions/testing';
import { describe, expect, it, vi } from 'vitest';
import type { CardAnswer } from '../../src/app/cards/cardAnswer.ts';
import { ENGINE_URL } from '../../src/app/cards/cardAnswer.ts';
import { ContactCard, type Fetcher } from '../../src/app/cards/ContactCard.tsx';
import type { CardView } from '../../src/card/cardData.ts';
import { REQUEST_KEY } from '../../src/card/researchAgain.ts';

// The engine's answer is what the card reads: this fails to compile when they part.
const _sameShape = (view: CardView): CardAnswer => view;
void _sameShape;

const AT = '2026-11-22T03:06:19.412+00:00';

const CARD: CardAnswer = {
  portal_id: 12345,
  contact_id: '1201',
  state: 'received',
  text: 'A lead of the Autopilot "German manufacturers" (Active); researched.',
  email: 'ada@acme.example',
  research: {
    research_id: '0b6f2c9e-4d1a-4b7e-9a55-3f2d8c1e7a10',
    status: 'completed',
    completed_at: AT,
    cached: false,
    empty_reason: null,
    data: {
      prospect: {
        name: 'Ada Byron',
        title: 'Head of Finance',
        company: 'Acme Analytics',
        email: 'ada@acme.example',
        linkedin_url: null,
        summary: 'Ada leads finance at Acme Analytics. She writes about closing the books faster.',
        opening_talk: ['Her post on a five-day close', 'The Series B'],
      },
      company: {
        name: 'Acme Analytics',
        description: 'Acme Analytics sells forecasting software to retailers.',
        website: 'https://acme.example',
        industry: 'software',
        hq: 'Berlin, Germany',
        employees: '120',
        discovery_questions: ['How long does your month-end close take?'],
        news: [{ summary: 'Acme Analytics raised a Series B.', url: 'https://news.example/acme-series-b', date: '2026-09' }],
      },
      decision_makers: [{ full_name: 'Grace Hopper', position_title: 'CFO', linkedin_url: 'https://www.linkedin.com/in/grace', company_name: 'Acme Analytics' }],
    },
    provenance: {
      degraded: false,
      fields: {
        '/prospect/title': [{ source: 'apollo', fetched_at: AT }],
        '/company/description': [{ source: 'website', fetched_at: AT }],
        '/company/news': [{ source: 'google-news', fetched_at: AT }],
      },
    },
  },
  lead: {
    id: 17,
    autopilot: 'German manufacturers',
    outcome: 'Active',
    end_reason: null,
    enrolled_at: AT,
    ended_at: null,
    timeline: [
      { type: 'enrolled', at: AT, autopilot: 'German manufacturers' },
      { type: 'touch', at: '2026-11-23T09:00:00.000+00:00', step: 1, channel: 'email', kind: 'email', state: 'sent', subject: 'Month-end', skip_reason: null },
      { type: 'touch', at: '2026-11-26T09:00:00.000+00:00', step: 2, channel: 'linkedin', kind: 'connection_request', state: 'scheduled', subject: null, skip_reason: null },
    ],
  },
  next_touch: { step: 2, day: 4, channel: 'linkedin', kind: 'connection_request', due_at: '2026-11-26T09:00:00.000+00:00', held_reason: null },
  can_research: true,
  can_close: true,
  credits: { remaining: 420, limit: 500, resets_at: '2026-12-01T00:00:00.000Z' },
  dashboard_url: 'https://research.example.com/app/leads/17',
};

interface Call {
  url: string;
  method: string;
  body: Record<string, unknown> | undefined;
}

/** A scripted `hubspot.fetch`: each call answered by `answer` (status and JSON, or a thrown error), kept in `calls`. */
type Answer = { status: number; json: unknown } | Error;

function scripted(answer: (call: Call) => Answer | Promise<Answer>) {
  const calls: Call[] = [];
  const fetcher: Fetcher = async (url, options) => {
    const call = { url, method: options?.method ?? 'GET', body: options?.body };
    calls.push(call);
    const result = await answer(call);
    if (result instanceof Error) throw result;
    return { ok: result.status < 300, status: result.status, json: async () => result.json };
  };
  return { fetcher, calls };
}

const cardUrl = `${ENGINE_URL}/hubspot/card/contacts/1201`;
const texts = (nodes: { text: string | null }[]) => nodes.map((node) => node.text);

function renderCard(answer: Parameters<typeof scripted>[0]) {
  const renderer = createRenderer('crm.record.tab');
  const fetch = scripted(answer);
  renderer.render(<ContactCard contactId="1201" fetcher={fetch.fetcher} />);
  return { ...renderer, ...fetch };
}

describe('the contact card', () => {
  it('shows a spinner while the engine answers, then the brief: summary, talking points, discovery questions, decision makers, each fact with its source and date', async () => {
    let release: (value: { status: number; json: unknown }) => void = () => undefined;
    const card = renderCard(() => new Promise<Answer>((resolve) => (release = resolve)));
    expect(card.find(LoadingSpinner).props.label).toBe('Loading the research brief');
    // HubSpot's waitFor looks again at each render; the call itself is awaited with vitest's.
    await vi.waitFor(() => expect(card.calls).toEqual([{ url: cardUrl, method: 'GET', body: undefined }]));
    release({ status: 200, json: CARD });
    await card.waitFor(() => expect(card.findByTestId(Text, 'brief-summary').text).toBe(CARD.research!.status === 'completed' ? 'Ada leads finance at Acme Analytics. She writes about closing the books faster.' : ''));
    expect(card.maybeFind(LoadingSpinner)).toBeNull();
    expect(card.findByTestId(Text, 'summary').text).toBe('A lead of the Autopilot "German manufacturers" (Active); researched.');
    expect(texts(card.findByTestId(List, 'talking-points').findAll(Text))).toEqual(['Her post on a five-day close', 'The Series B']);
    expect(texts(card.findByTestId(List, 'discovery-questions').findAll(Text))).toEqual(['How long does your month-end close take?']);
    const people = card.findByTestId(List, 'decision-makers').findAll(Link);
    expect(people.map((link) => [link.text, link.props.href])).toEqual([['Grace Hopper, CFO', { url: 'https://www.linkedin.com/in/grace', external: true }]]);
    const description = card.find(DescriptionListItem, { label: 'What the company does' });
    expect(texts(description.findAll(Text))).toEqual(['Acme Analytics sells forecasting software to retailers.', 'Source: the company website, 22 Nov 2026']);
    expect(texts(card.find(DescriptionListItem, { label: 'Title' }).findAll(Text))).toEqual(['Head of Finance', 'Source: Apollo, 22 Nov 2026']);
    // A fact no source is recorded for says none.
    expect(texts(card.find(DescriptionListItem, { label: 'Headquarters' }).findAll(Text))).toEqual(['Berlin, Germany']);
    expect(card.findByTestId(List, 'news').find(Link).text).toBe('Acme Analytics raised a Series B. (2026-09, Google News, 22 Nov 2026)');
  });

  it("shows the lead: its Autopilot, outcome, end reason, next planned touch and timeline, and opens the lead's page in the dashboard", async () => {
    const card = renderCard(() => ({ status: 200, json: CARD }));
    await card.waitFor(() => expect(card.find(DescriptionListItem, { label: 'Autopilot' }).find(Text).text).toBe('German manufacturers'));
    expect(card.find(DescriptionListItem, { label: 'Outcome' }).find(Tag).text).toBe('Active');
    expect(card.find(DescriptionListItem, { label: 'End reason' }).find(Text).text).toBe('Not ended');
    expect(card.find(DescriptionListItem, { label: 'Next planned touch' }).find(Text).text).toBe('26 Nov 2026: step 2, linkedin connection request');
    expect(texts(card.findByTestId(List, 'timeline').findAll(Text))).toEqual([
      '22 Nov 2026: enrolled in "German manufacturers"',
      '23 Nov 2026: step 1, email, sent ("Month-end")',
      '26 Nov 2026: step 2, linkedin connection request, planned',
    ]);
    const dashboard = card.findByTestId(Link, 'dashboard');
    expect([dashboard.text, dashboard.props.href]).toEqual(['Open in the dashboard', { url: 'https://research.example.com/app/leads/17', external: true }]);
  });

  it('words an ended lead: its outcome and end reason, no next touch, no Close lead', async () => {
    const ended: CardAnswer = {
      ...CARD,
      can_close: false,
      next_touch: null,
      lead: { ...CARD.lead!, outcome: 'Responded', end_reason: 'replied', ended_at: AT, timeline: [...CARD.lead!.timeline, { type: 'ended', at: AT, outcome: 'Responded', end_reason: 'replied' }] },
    };
    const card = renderCard(() => ({ status: 200, json: ended }));
    await card.waitFor(() => expect(card.find(DescriptionListItem, { label: 'End reason' }).find(Text).text).toBe('Lead replied'));
    expect(card.find(DescriptionListItem, { label: 'Next planned touch' }).find(Text).text).toBe('None');
    expect(card.findByTestId(List, 'timeline').findAll(Text).at(-1)!.text).toBe('22 Nov 2026: ended, Responded (Lead replied)');
    expect(card.maybeFindByTestId(Button, 'close')).toBeNull();
  });

  it('"Research again" says it costs a credit and does nothing until confirmed; confirmed, it posts a new request key and shows what happened', async () => {
    const card = renderCard((call) =>
      call.method === 'POST' ? { status: 202, json: { started: true, replayed: false, text: 'Research started: it took one credit.', research: { research_id: 'r', status: 'queued' } } } : { status: 200, json: CARD },
    );
    await card.waitFor(() => expect(card.findByTestId(Button, 'research').props.disabled).toBe(false));
    card.findByTestId(Button, 'research').trigger('onClick');
    const ask = card.find(Alert, { title: 'Research this contact again?' });
    expect(ask.find(Text).text).toBe('It costs one credit (420 left this month).');
    expect(card.calls.filter((call) => call.method === 'POST')).toEqual([]);
    // Cancelled, nothing is asked of the engine.
    card.find(Alert, { title: 'Research this contact again?' }).find(Button, (button) => button.text === 'Cancel').trigger('onClick');
    expect(card.maybeFind(Alert, { title: 'Research this contact again?' })).toBeNull();
    card.findByTestId(Button, 'research').trigger('onClick');
    card.findByTestId(Button, 'confirm-research').trigger('onClick');
    await card.waitFor(() => expect(card.find(Alert, { title: 'Done' }).text).toBe('Research started: it took one credit.'));
    const posts = card.calls.filter((call) => call.method === 'POST');
    expect(posts).toEqual([{ url: `${cardUrl}/research`, method: 'POST', body: { request_key: expect.stringMatching(REQUEST_KEY) } }]);
    // The card reloads after the action.
    expect(card.calls.filter((call) => call.method === 'GET')).toHaveLength(2);
  });

  it('"Close lead" says it cannot be undone and closes only when confirmed', async () => {
    const card = renderCard((call) =>
      call.method === 'POST' ? { status: 200, json: { closed: true, text: 'Closed manually: its queued touches are cancelled. This cannot be undone.' } } : { status: 200, json: CARD },
    );
    await card.waitFor(() => expect(card.findByTestId(Button, 'close')).toBeTruthy());
    card.findByTestId(Button, 'close').trigger('onClick');
    expect(card.find(Alert, { title: 'Close this lead?' }).find(Text).text).toMatch(/^It cannot be undone/);
    expect(card.calls.filter((call) => call.method === 'POST')).toEqual([]);
    card.findByTestId(Button, 'confirm-close').trigger('onClick');
    await card.waitFor(() => expect(card.find(Alert, { title: 'Done' }).text).toMatch(/cannot be undone/));
    expect(card.calls.filter((call) => call.method === 'POST')).toEqual([{ url: `${cardUrl}/close`, method: 'POST', body: {} }]);
  });

  it('says "no credits left" and offers no research; a 429 from the engine shows its words', async () => {
    const spent = renderCard(() => ({ status: 200, json: { ...CARD, credits: { remaining: 0, limit: 500, resets_at: '2026-12-01T00:00:00.000Z' } } }));
    await spent.waitFor(() => expect(spent.find(Alert, { title: 'No credits left' }).text).toBe("This month's credits are spent: researching again waits until they renew on 1 Dec 2026."));
    expect(spent.findByTestId(Button, 'research').props.disabled).toBe(true);

    const refused = renderCard((call) =>
      call.method === 'POST' ? { status: 429, json: { error: 'credits_exhausted', used: 500, limit: 500, message: "No credits left: this month's credits are spent (500 of 500 used this month)." } } : { status: 200, json: CARD },
    );
    await refused.waitFor(() => expect(refused.findByTestId(Button, 'research').props.disabled).toBe(false));
    refused.findByTestId(Button, 'research').trigger('onClick');
    refused.findByTestId(Button, 'confirm-research').trigger('onClick');
    await refused.waitFor(() => expect(refused.find(Alert, { title: 'Not done' }).text).toBe("No credits left: this month's credits are spent (500 of 500 used this month)."));
  });

  it('shows research under way, a failed research, and a contact not researched and not a lead', async () => {
    const processing = renderCard(() => ({ status: 200, json: { ...CARD, research: { research_id: 'r', status: 'processing', estimated_seconds: 30 } } }));
    await processing.waitFor(() => expect(processing.find(LoadingSpinner).props.label).toBe('Being researched: about 30 s left'));
    const failed = renderCard(() => ({ status: 200, json: { ...CARD, research: { research_id: 'r', status: 'failed', error: 'timeout' } } }));
    await failed.waitFor(() => expect(failed.find(Alert, { title: 'The research failed' }).text).toBe('It took too long. Research again to try once more.'));
    const bare = renderCard(() => ({ status: 200, json: { ...CARD, text: 'Not a lead (no Autopilot took it); not researched.', research: null, lead: null, next_touch: null, can_close: false, dashboard_url: null } }));
    await bare.waitFor(() => expect(bare.find(EmptyState, { title: 'Not researched yet' })).toBeTruthy());
    expect(bare.find(EmptyState, { title: 'Not a lead' }).find(Text).text).toBe('No Autopilot has taken this contact.');
    expect(bare.maybeFindByTestId(Link, 'dashboard')).toBeNull();
    expect(bare.findByTestId(Button, 'research').props.disabled).toBe(false);
  });

  it('says when the engine has not received the contact, or the portal is not claimed yet', async () => {
    const unknown = renderCard(() => ({ status: 200, json: { ...CARD, state: 'not_received', text: 'Prospect Research has not received this contact.', research: null, lead: null } }));
    await unknown.waitFor(() => expect(unknown.find(EmptyState, { title: 'Not researched, not a lead' }).find(Text).text).toBe('Prospect Research has not received this contact.'));
    expect(unknown.maybeFind(Button)).toBeNull();
    const unclaimed = renderCard(() => ({ status: 200, json: { ...CARD, state: 'unclaimed', text: 'A HubSpot admin claims it with the code the install page showed.' } }));
    await unclaimed.waitFor(() => expect(unclaimed.find(Alert, { title: 'Not linked to Prospect Research yet' }).text).toBe('A HubSpot admin claims it with the code the install page showed.'));
  });

  it("shows the engine's words when it refuses, says so when it cannot be reached, and tries again on request", async () => {
    const refused = renderCard(() => ({ status: 404, json: { error: 'portal_not_found', message: 'HubSpot account 12345 has not installed the app, or disconnected it' } }));
    await refused.waitFor(() => expect(refused.find(ErrorState, { title: 'The research brief could not be loaded' }).find(Text).text).toBe('HubSpot account 12345 has not installed the app, or disconnected it'));
    let attempts = 0;
    const down = renderCard(() => (++attempts === 1 ? new Error('timed out') : { status: 200, json: CARD }));
    await down.waitFor(() => expect(down.find(ErrorState).find(Text).text).toBe('Prospect Research could not be reached: timed out'));
    down.find(ErrorState).find(Button).trigger('onClick');
    await down.waitFor(() => expect(down.findByTestId(Text, 'summary').text).toBe(CARD.text));
    const bare = renderCard(() => ({ status: 500, json: null }));
    await bare.waitFor(() => expect(bare.find(ErrorState).find(Text).text).toBe('Prospect Research answered 500.'));
  });
});
