/**
 * `hubspot_card_data_p99_ms`: the HubSpot app card's data (GET /hubspot/card/contacts/{id}, what the
 * card's `hubspot.fetch` asks when a rep opens a contact), against the real service, for a contact
 * whose lead holds the largest brief the engine produces: every list at its most (3 talking points, 4
 * problems, services, ICP, synergy points and insights, 3 discovery questions, 3 news, 3 posts of the
 * person and 3 of the company at the writer's 1,500 characters each, with their summaries), a 1,000
 * character description (the website source's cap), 200 technologies, the 10 decision makers the
 * pipeline asks for, and every fact's provenance. Signed as HubSpot signs (v3), one request after the
 * other; the figure is their 99th percentile. HubSpot gives `hubspot.fetch` 15 s; the goal is at most 300 ms.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { crmPort, platformSettings, systemClock } from '@prospect-research/engine';
import type { Provenance, ResearchData } from '@prospect-research/engine/contract';
import { linkPortal } from '../../crm-app/src/portals.ts';
import { hubspotSettings } from '../../crm-app/src/settings.ts';
import { signatureV3, signedUri } from '../../crm-app/src/webhooks/signature.ts';
import type { BenchContext, Figure, Measurement } from '../measurement.ts';
import { createBenchCustomer } from '../support/customers.ts';
import { percentile, round, sleep } from '../support/stats.ts';

const PORTAL = 515151;
const APP_ID = 5151;
const CONTACT = '1201';
const PUBLIC_URL = 'https://research.example.com';
const REQUESTS = 300;
const WARMUP = 20;
const GOAL_MS = 300;

const words = (length: number, seed: string) =>
  `${seed} `
    .repeat(Math.ceil(length / (seed.length + 1)))
    .slice(0, length)
    .trim();
const list = (count: number, length: number, seed: string) => Array.from({ length: count }, (_, i) => words(length, `${seed} ${i + 1}`));
const AT = '2026-11-22T03:06:19.412+00:00';
const post = (i: number, whose: string) => ({
  text: words(1_500, `${whose} post ${i}`),
  posted: '2026-11-01 09:30:00',
  post_url: `https://www.linkedin.com/posts/${whose}-${i}-${'x'.repeat(60)}`,
  reshared: i === 2,
  summary: words(300, `summary of ${whose} post ${i}`),
});

/** The largest brief the engine produces (see the top of this file). */
export function largestBrief(): ResearchData & { provenance: Provenance } {
  const data: ResearchData = {
    prospect: {
      id: 1,
      name: 'Ada Augusta King-Noel, Countess of Lovelace',
      title: words(120, 'Senior Vice President Global Finance Transformation'),
      company: 'Acme Analytics International Holdings',
      email: 'ada.lovelace@acme-analytics.example',
      linkedin_url: 'https://www.linkedin.com/in/ada-augusta-king-noel-lovelace-0123456789',
      photo: `https://media.licdn.com/dms/image/${'p'.repeat(200)}`,
      last_role_start: '2024-03-01',
      summary: words(600, 'Ada leads finance at Acme Analytics'),
      opening_talk: list(3, 300, 'Talking point'),
      posts: [0, 1, 2].map((i) => post(i, 'ada')),
    },
    company: {
      id: 2,
      name: 'Acme Analytics International Holdings',
      description: words(1_000, 'Acme Analytics sells forecasting software to retailers'),
      linkedin_url: 'https://www.linkedin.com/company/acme-analytics-international-holdings',
      website: 'https://www.acme-analytics.example',
      industry: 'computer software',
      hq: 'Berlin, Berlin, Germany',
      revenue: '$100M-$250M',
      employees: '1001-5000',
      technologies: Array.from({ length: 200 }, (_, i) => `Technology number ${i + 1}`),
      problems: list(4, 300, 'Problem'),
      services: list(4, 300, 'Service'),
      icp: list(4, 300, 'Ideal customer'),
      synergy_points: list(4, 300, 'Synergy'),
      discovery_questions: list(3, 250, 'Discovery question'),
      clients: [{ count: '500+' }],
      news: [0, 1, 2].map((i) => ({ summary: words(400, `News item ${i}`), url: `https://news.example/acme/${i}/${'n'.repeat(80)}`, date: '2026-10' })),
      insights: list(4, 300, 'Insight'),
      posts: [0, 1, 2].map((i) => post(i, 'acme')),
    },
    decision_makers: Array.from({ length: 10 }, (_, i) => ({
      id: 10 + i,
      full_name: `Decision Maker Number ${i + 1}`,
      position_title: words(120, 'Chief Financial Officer and Head of Procurement'),
      linkedin_url: `https://www.linkedin.com/in/decision-maker-${i + 1}-${'d'.repeat(40)}`,
      picture_url: `https://media.licdn.com/dms/image/${'q'.repeat(200)}`,
      location_text: 'Berlin, Berlin, Germany',
      company_name: 'Acme Analytics International Holdings',
    })),
  };
  const origins = [
    { source: 'apollo', fetched_at: AT },
    { source: 'peopledatalabs', fetched_at: AT },
  ];
  const pointers = [
    ...['name', 'title', 'company', 'email', 'linkedin_url', 'photo', 'last_role_start', 'posts'].map((field) => `/prospect/${field}`),
    ...['name', 'description', 'linkedin_url', 'website', 'industry', 'hq', 'revenue', 'employees', 'technologies', 'clients', 'news', 'posts'].map((field) => `/company/${field}`),
    '/decision_makers',
  ];
  const provenance: Provenance = {
    degraded: false,
    fields: Object.fromEntries(pointers.map((pointer) => [pointer, origins])),
    sources: ['apollo', 'peopledatalabs', 'website', 'mx', 'gravatar', 'unipile', 'google-news'].flatMap((source) =>
      (['person', 'company'] as const).map((part) => ({ source, part, outcome: 'found' as const, at: AT, cached: false, failure: null })),
    ),
    decision_makers: 'found',
  };
  return { ...data, provenance };
}

/** HubSpot's API as the portal's setup calls it: nothing found, everything created, at once. */
async function quietHubSpot() {
  const server = createServer((request, response) => {
    request.resume();
    const path = (request.url ?? '').split('?')[0] ?? '';
    const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (path === '/calling/v1/dispositions') return json(200, []);
    if (path.endsWith('/batch/read')) return json(200, { status: 'COMPLETE', results: [], startedAt: '', completedAt: '' });
    return json(201, { name: 'x', label: 'x', type: 'string', fieldType: 'text', groupName: 'prospect_research', options: [] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

export const hubspotCard: Measurement = {
  name: "HubSpot app card: a contact's card data with the largest brief",
  async run(context: BenchContext): Promise<Figure[]> {
    const hubspot = await quietHubSpot();
    const env = {
      HUBSPOT_CLIENT_ID: 'bench-client',
      HUBSPOT_CLIENT_SECRET: 'bench-secret',
      HUBSPOT_APP_ID: String(APP_ID),
      HUBSPOT_API_BASE_URL: hubspot.url,
      SECRET_KEY: Buffer.alloc(32, 9).toString('base64'),
      PUBLIC_URL,
    };
    const database = await context.freshDatabase();
    const service = await context.startService(database, { worker: true, env });
    try {
      const pool = database.pool;
      const customer = await createBenchCustomer(pool);
      const put = await fetch(`${service.url}/autopilots/Everyone`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${customer.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Everyone',
          enabled: true,
          fallback: false,
          filter: { match: 'all', rules: [] },
          channels: ['email'],
          tone: 'Friendly',
          goal: { type: 'meetings', calendar_link: 'https://cal.example.com/team' },
          lead_origin: 'You signed up.',
          sequence: [{ day: 1, channel: 'email', kind: 'email', angle: 'Ask one question.', subject_angle: 'A question', signals: ['news'] }],
          stop_conditions: { reply: true, call_connected: true, meeting_booked: true, invite_accepted: false, property_changes: [] },
        }),
      });
      if (!put.ok) throw new Error(`hubspot card bench: the Autopilot was refused: ${await put.text()}`);
      const settings = hubspotSettings(env, platformSettings(env))!;
      await linkPortal(
        pool,
        settings,
        customer.accountId,
        'bench-card-link',
        { hubId: PORTAL, hubDomain: 'bench.hubspot.com', appId: APP_ID, scopes: [] },
        { accessToken: 'bench-access', refreshToken: 'bench-refresh', expiresIn: 86_400 },
        new Date(),
      );
      // The contact as the app hands it over, enrolled by the catch-all Autopilot; its research (no
      // source here: it finds nothing) is then given the largest brief.
      await crmPort(pool, systemClock).contactsCreated({ accountId: customer.accountId, source: `hubspot:${PORTAL}` }, [
        { id: CONTACT, createdAt: new Date(Date.now() + 1000), properties: { email: 'ada.lovelace@acme-analytics.example', firstname: 'Ada', lastname: 'Lovelace' } },
      ]);
      const deadline = Date.now() + 120_000;
      let researchId: string | undefined;
      while (researchId === undefined) {
        if (Date.now() > deadline) throw new Error('hubspot card bench: the contact was never enrolled and researched');
        await sleep(100);
        const { rows } = await pool.query<{ research_id: string | null; status: string | null }>(
          `SELECT research_id, research_status AS status FROM autopilot_crm_leads WHERE account_id = $1 AND contact_id = $2`,
          [customer.accountId, CONTACT],
        );
        if (rows[0]?.research_id && (rows[0].status === 'completed' || rows[0].status === 'failed')) researchId = rows[0].research_id;
      }
      const brief = largestBrief();
      await pool.query(`UPDATE research_jobs SET status = 'completed', result = $2, empty_reason = NULL, error = NULL, finished_at = now() WHERE id = $1`, [researchId, brief]);

      const path = `/hubspot/card/contacts/${CONTACT}`;
      const query = `userId=41&userEmail=rep%40acme.example&appId=${APP_ID}&portalId=${PORTAL}`;
      let bytes = 0;
      const get = async () => {
        const timestamp = String(Date.now());
        const started = performance.now();
        const response = await fetch(`${service.url}${path}?${query}`, {
          headers: { 'x-hubspot-request-timestamp': timestamp, 'x-hubspot-signature-v3': signatureV3(env.HUBSPOT_CLIENT_SECRET, 'GET', signedUri(PUBLIC_URL, `${path}?${query}`), '', timestamp) },
        });
        const text = await response.text();
        const ms = performance.now() - started;
        if (response.status !== 200) throw new Error(`hubspot card bench: the card answered ${response.status}: ${text.slice(0, 300)}`);
        bytes = Buffer.byteLength(text);
        return { ms, text };
      };
      const first = JSON.parse((await get()).text) as { research: { status: string; data: ResearchData } | null };
      if (first.research?.status !== 'completed' || first.research.data.decision_makers.length !== 10) throw new Error('hubspot card bench: the card does not show the largest brief');
      context.progress(`hubspot card: ${WARMUP} warm-up and ${REQUESTS} signed card requests, ${Math.round(bytes / 1024)} KiB each`);
      for (let i = 0; i < WARMUP; i++) await get();
      const samples: number[] = [];
      for (let i = 0; i < REQUESTS; i++) samples.push((await get()).ms);
      const p99 = percentile(samples, 99);
      return [
        {
          key: 'hubspot_card_data_p99_ms',
          label: `the app card's data of a contact with the largest brief (${Math.round(bytes / 1024)} KiB), p99`,
          value: round(p99),
          unit: 'ms',
          note: `${REQUESTS} signed requests one after the other (median ${round(percentile(samples, 50))}); goal at most ${GOAL_MS}`,
          ...(p99 > GOAL_MS ? { problem: `the card's data takes ${round(p99)} ms at p99, over the goal of ${GOAL_MS}` } : {}),
        },
      ];
    } finally {
      await service.stop();
      await hubspot.close();
    }
  },
};
