import { accountsModule, autopilotModule, engineModules, eventsModule, researchModule, runCli, Secrets } from '@prospect-research/engine';
import { client, createCustomer, type Customer, type EngineFixture, sourceless, TestClock, until, useEngine } from '@prospect-research/engine/testing';
import nock from 'nock';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { hubspotModule } from '../src/module.ts';
import { installLink } from '../src/oauth/links.ts';
import { CONTACT_PROPERTIES } from '../src/setup.ts';
import type { HubSpotSettings } from '../src/settings.ts';
import { hubspotSignatureV3, signSource } from './hubspotSigner.ts';
import type { Provenance, ResearchData } from '@prospect-research/engine/contract';

export const API = 'https://api.hubspot.test';
export const CLIENT_ID = 'client-id-1';
export const CLIENT_SECRET = 'yyyyyyyy-yyyy-yyyy-yyyy-yyyyyyyyyyyy';
export const APP_ID = 777;
export const SECRET_KEY = Buffer.alloc(32, 7).toString('base64');
export const PUBLIC_URL = 'https://research.example.com';

export const HUBSPOT_ENV = {
  HUBSPOT_CLIENT_ID: CLIENT_ID,
  HUBSPOT_CLIENT_SECRET: CLIENT_SECRET,
  HUBSPOT_APP_ID: String(APP_ID),
  HUBSPOT_API_BASE_URL: API,
  SECRET_KEY,
  PUBLIC_URL,
};

/** Only what the app needs of its settings to make links in tests. */
export const linkSettings = { publicUrl: PUBLIC_URL, secrets: new Secrets(Buffer.from(SECRET_KEY, 'base64')) } satisfies Pick<HubSpotSettings, 'publicUrl' | 'secrets'>;

/**
 * An engine with the HubSpot app on (its writeback and sweeps queued by the tests, not by their crons), a worker, and research that finds nothing (no network). `env` is
 * read when the engine starts: a beforeAll registered earlier may still fill it in (a port).
 */
export function useHubSpotEngine(env: Record<string, string> = {}, options: { events?: boolean } = {}): EngineFixture & { clock: TestClock } {
  // HubSpot is nock's: nothing leaves the machine, and each test's answers are its own.
  beforeAll(() => {
    // The database project's setup switches nock off before every file (engine/test/support/projects/nockOff.ts).
    if (!nock.isActive()) nock.activate();
    nock.disableNetConnect();
    nock.enableNetConnect(/^(127\.0\.0\.1|localhost)/);
  });
  afterEach(() => nock.cleanAll());
  afterAll(() => nock.enableNetConnect());
  const clock = new TestClock(new Date());
  const fixture = useEngine({
    modules: [
      accountsModule(),
      researchModule({ pipeline: sourceless() }),
      autopilotModule({ clock }),
      // The events outbox, for tests that look into every table that can hold a person.
      ...(options.events ? [eventsModule({ clock })] : []),
      hubspotModule({ clock, writebackCron: false, sweepCron: false }),
    ],
    env: Object.assign(env, { ...HUBSPOT_ENV, ...env }),
  }) as EngineFixture & { clock: TestClock };
  fixture.clock = clock;
  return fixture;
}

/** `prospect-engine <args> --json` against the fixture's database, with the app on: its exit code, JSON answer and stderr. */
export async function hubspotCli(fixture: EngineFixture, ...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli([...args, '--json'], await engineModules(), {
    env: { ...HUBSPOT_ENV, DATABASE_URL: fixture.database.url, LOG_LEVEL: 'warn' },
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
  });
  return { code, json: stdout ? JSON.parse(stdout) : undefined, stderr };
}

/** Our properties as HubSpot answers them once they are set up as the app defines them (with `overrides` by name). */
export function propertiesAsDefined(overrides: Record<string, Record<string, unknown>> = {}) {
  return CONTACT_PROPERTIES.map((property) => ({ hidden: false, hasUniqueValue: false, hubspotDefined: false, options: [], ...property, ...overrides[property.name] }));
}

/** HubSpot's answer to the batch read of our properties: those given, found. */
export const propertiesRead = (results: unknown[]) => ({ status: 'COMPLETE', results, startedAt: '2030-01-01T00:00:00Z', completedAt: '2030-01-01T00:00:00Z' });

/**
 * HubSpot's answers to a new install's setup: our properties read in one batch (none found, or all of
 * them as defined when `existing`), the group and properties created when none were found, the call
 * outcomes (to requests with `accessToken` when given).
 */
export function mockSetup(dispositions: unknown[] = [{ id: 'f240bbac-87c9-4f6e-bf70-924b57d47db7', label: 'Connected', deleted: false }], existing = false, accessToken?: string) {
  // With `accessToken`, only requests carrying it are answered.
  const scope = nock(API, accessToken ? { reqheaders: { authorization: `Bearer ${accessToken}` } } : {})
    .post('/crm/v3/properties/contacts/batch/read', (body: { inputs?: { name: string }[] }) => Array.isArray(body?.inputs) && body.inputs.some((input) => input.name === CONTACT_PROPERTIES[0]!.name))
    .reply(200, propertiesRead(existing ? propertiesAsDefined() : []));
  if (!existing) {
    scope
      .post('/crm/v3/properties/contacts/groups', { name: 'prospect_research', label: 'Prospect Research', displayOrder: -1 })
      .reply(201, { name: 'prospect_research', label: 'Prospect Research', displayOrder: -1, archived: false })
      // Each of our properties once, in our group (nock refuses anything else).
      .post('/crm/v3/properties/contacts', (body: { name: string; groupName: string }) => body.groupName === 'prospect_research' && CONTACT_PROPERTIES.some((p) => p.name === body.name))
      .times(CONTACT_PROPERTIES.length)
      .reply(201, { name: 'prospect_research_property', label: 'Property', type: 'string', fieldType: 'text', groupName: 'prospect_research', options: [] });
  }
  return scope.get('/calling/v1/dispositions').reply(200, dispositions);
}

/** HubSpot's date-versioned OAuth API (the app must not call `/oauth/v1`: nock answers only these). */
export const OAUTH = '/oauth/2026-03';

/** An introspection answer for an active access token, as `POST /oauth/2026-03/token/introspect` gives it. */
export function introspection(accessToken: string, portalId: number, appId = APP_ID) {
  return {
    token_use: 'access_token',
    active: true,
    token: accessToken,
    hub_id: portalId,
    user_id: 1,
    client_id: CLIENT_ID,
    app_id: appId,
    scopes: ['crm.objects.contacts.read', 'crm.objects.contacts.write', 'crm.schemas.contacts.write', 'oauth'],
    signed_access_token: {
      appId,
      expiresAt: Date.now() + 1_800_000,
      hubId: portalId,
      hublet: 'na1',
      installingUserId: 1,
      isPrivateDistribution: false,
      isServiceAccount: false,
      isUserLevel: false,
      newSignature: 'x',
      scopeToScopeGroupPks: '',
      scopes: '',
      signature: 'x',
      trialScopeToScopeGroupPks: '',
      trialScopes: '',
      userId: 1,
    },
    expires_in: 1800,
    is_private_distribution: false,
    token_type: 'bearer',
    user: 'admin@example.com',
    hub_domain: `portal-${portalId}.hubspot.com`,
  };
}

/** The token exchange and token introspection HubSpot answers for `code` (form-encoded, the client's credentials in the body). */
export function mockTokens(code: string, portalId: number, options: { accessToken?: string; expiresIn?: number; appId?: number } = {}) {
  const accessToken = options.accessToken ?? `access-${portalId}`;
  return nock(API)
    .post(
      `${OAUTH}/token`,
      (body: Record<string, string>) =>
        body.grant_type === 'authorization_code' &&
        body.code === code &&
        body.client_id === CLIENT_ID &&
        body.client_secret === CLIENT_SECRET &&
        body.redirect_uri === `${PUBLIC_URL}/hubspot/oauth/callback`,
    )
    .reply(200, {
      access_token: accessToken,
      refresh_token: `refresh-${portalId}`,
      expires_in: options.expiresIn ?? 1800,
      token_type: 'bearer',
      token_use: 'access_token',
      hub_id: portalId,
      user_id: 1,
      scopes: [],
    })
    .post(
      `${OAUTH}/token/introspect`,
      (body: Record<string, string>) => body.token === accessToken && body.token_type_hint === 'access_token' && body.client_id === CLIENT_ID && body.client_secret === CLIENT_SECRET,
    )
    .reply(200, introspection(accessToken, portalId, options.appId));
}

/** Opens an install link as a browser would: its page's OAuth state and the install cookie it set (`name=value`). */
export async function openInstallLink(link: string, cookie?: string): Promise<{ state: string; cookie: string; status: number }> {
  const response = await fetch(link, cookie ? { headers: { cookie } } : {});
  const page = await response.text();
  const href = /id="connect" href="([^"]+)"/.exec(page)?.[1];
  const set = response.headers.getSetCookie()[0]?.split(';')[0];
  return { state: href ? new URL(decodeEntities(href)).searchParams.get('state')! : '', cookie: set ?? cookie ?? '', status: response.status };
}

/** HubSpot sending the admin back to the callback: `code`, `state` when the install began with a link, and the cookie the browser holds. */
export function callback(engineUrl: string, query: { code?: string; state?: string }, cookie?: string): Promise<Response> {
  const search = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return fetch(`${engineUrl}/hubspot/oauth/callback?${search}`, cookie ? { headers: { cookie } } : {});
}

/** The install link's page, its state, then the callback in the same "browser" (its cookie): the portal is connected to the account (and set up, by the worker). */
export async function connectPortal(engineUrl: string, accountId: number, portalId: number, options: { dispositions?: unknown[]; expiresIn?: number; existing?: boolean } = {}): Promise<void> {
  const setup = mockSetup(options.dispositions, options.existing);
  mockTokens(`code-${portalId}`, portalId, { expiresIn: options.expiresIn });
  const link = installLink(linkSettings, accountId, new Date()).url.replace(PUBLIC_URL, engineUrl);
  const { state, cookie } = await openInstallLink(link);
  const answer = await callback(engineUrl, { code: `code-${portalId}`, state }, cookie);
  if (answer.status !== 200) throw new Error(`callback answered ${answer.status}: ${await answer.text()}`);
  await until(
    () => `the portal set up; HubSpot calls still expected: ${setup.pendingMocks().join(', ')}`,
    async () => setup.isDone(),
  );
}

/**
 * An install HubSpot started (its install URL, a marketplace listing): the callback with a code and no
 * state. Answers the page, and the claim code it shows (when it shows one); waits for the portal's setup
 * unless `setUp` is false (then no setup answers are mocked).
 */
export async function installFromHubSpot(engineUrl: string, portalId: number, options: { code?: string; setUp?: boolean; existing?: boolean } = {}) {
  const setup = options.setUp === false ? undefined : mockSetup(undefined, options.existing);
  const code = options.code ?? `hs-code-${portalId}-${Math.random().toString(36).slice(2)}`;
  mockTokens(code, portalId);
  const answer = await callback(engineUrl, { code });
  const html = await answer.text();
  if (setup)
    await until(
      () => `the portal set up; HubSpot calls still expected: ${setup.pendingMocks().join(', ')}`,
      async () => setup.isDone(),
    );
  return { status: answer.status, html, headers: answer.headers, claimCode: /data-claim-code>([^<]+)</.exec(html)?.[1] };
}

export function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

let nextEventId = 1;

export function event(portalId: number, subscriptionType: string, objectId: number, occurredAt: number, extra: Record<string, unknown> = {}) {
  return { eventId: nextEventId++, subscriptionId: 11, portalId, appId: APP_ID, occurredAt, subscriptionType, attemptNumber: 0, objectId, changeSource: 'CRM', ...extra };
}

/**
 * POSTs a batch as HubSpot does: signed v3 (by the tests' own signer, hubspotSigner.ts, not the app's)
 * over the URL HubSpot called (PUBLIC_URL's origin and `path`), the body and the timestamp.
 * `signedUri` signs that URI as given instead, with none of HubSpot's decoding (a wrong signature).
 * `body` is sent (and signed) instead of the events as JSON, for bodies JSON.stringify cannot make.
 */
export async function sendBatch(
  engineUrl: string,
  events: unknown[],
  options: { path?: string; timestamp?: number | undefined; secret?: string; tamper?: (body: string) => string; signedUri?: string; body?: string } = {},
) {
  const path = options.path ?? '/hubspot/webhooks';
  const body = options.body ?? JSON.stringify(events);
  const timestamp = String(options.timestamp ?? Date.now());
  const secret = options.secret ?? CLIENT_SECRET;
  const signature =
    options.signedUri === undefined ? await hubspotSignatureV3(secret, 'POST', `${PUBLIC_URL}${path}`, body, timestamp) : await signSource(secret, `POST${options.signedUri}${body}${timestamp}`);
  return fetch(`${engineUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hubspot-signature-v3': signature, 'x-hubspot-request-timestamp': timestamp },
    body: options.tamper ? options.tamper(body) : body,
  });
}

export function contactRecord(id: number, properties: Record<string, string | null>, createdAt = new Date()) {
  return { id: String(id), properties: { hs_object_id: String(id), ...properties }, createdAt: createdAt.toISOString(), updatedAt: createdAt.toISOString(), archived: false };
}

export async function newCustomer(fixture: EngineFixture): Promise<Customer> {
  return createCustomer(fixture.engine.pool);
}

/** A catch-all Autopilot: every contact is enrolled; every win ends its lead. */
export const everyone = {
  name: 'Everyone',
  enabled: true,
  fallback: false,
  filter: { match: 'all', rules: [] },
  channels: ['email'],
  tone: 'Friendly',
  goal: { type: 'meetings', calendar_link: 'https://cal.example.com/team' },
  lead_origin: 'You signed up on our site.',
  sequence: [{ day: 1, channel: 'email', kind: 'email', angle: 'Ask one question about their month-end close.', subject_angle: 'Month-end', signals: ['news'] }],
  stop_conditions: { reply: true, call_connected: true, meeting_booked: true, invite_accepted: false, property_changes: [] },
};

export async function leadsOf(fixture: EngineFixture, accountId: number) {
  const { rows } = await fixture.engine.pool.query<{ contact_id: string; outcome: string; end_reason: string | null }>(
    'SELECT contact_id, outcome, end_reason FROM autopilot_leads WHERE account_id = $1 ORDER BY contact_id',
    [accountId],
  );
  return rows;
}

/** A connected portal whose account has a catch-all Autopilot (`everyone`, or `options.autopilot`), and `ids` enrolled from HubSpot creations. */
export async function enrolContacts(
  fixture: EngineFixture & { clock: TestClock },
  portalId: number,
  ids: number[],
  options: { dispositions?: unknown[]; autopilot?: Record<string, unknown> } = {},
): Promise<Customer> {
  const customer = await newCustomer(fixture);
  await connectPortal(fixture.engine.url, customer.account.id, portalId, options);
  const put = await client(fixture.engine.url, customer.key).request('PUT', '/autopilots/Everyone', { body: options.autopilot ?? everyone });
  if (put.status >= 300) throw new Error(`PUT /autopilots/Everyone answered ${put.status}: ${JSON.stringify(put.body)}`);
  const created = new Date(fixture.clock.now().getTime() + 1000);
  for (const id of ids) {
    nock(API)
      .post('/crm/v3/objects/contacts/batch/read')
      .query(true)
      .reply(200, { status: 'COMPLETE', results: [contactRecord(id, { email: `p${id}@acme-${id}.com` }, created)], startedAt: '', completedAt: '' });
    await sendBatch(fixture.engine.url, [event(portalId, 'contact.creation', id, created.getTime())]);
    await until(`contact ${id} enrolled`, async () => (await leadsOf(fixture, customer.account.id)).some((lead) => lead.contact_id === String(id)));
  }
  // Their research (which finds nothing here) has ended, so its status stays put.
  await until(
    'research done',
    async () => (await fixture.engine.pool.query(`SELECT 1 FROM research_jobs WHERE account_id = $1 AND status IN ('queued', 'processing')`, [customer.account.id])).rows.length === 0,
  );
  return customer;
}

const TYPE_IDS = { calls: '0-48', meetings: '0-47', emails: '0-49' } as const;
export type EngagementKind = keyof typeof TYPE_IDS;

/** Which of our contacts an engagement is associated with, as HubSpot's v4 batch association read answers. */
export type Logged = Record<string, { properties: Record<string, string>; contacts: number[] }>;

/**
 * HubSpot's answers (`times` each) for reading engagements: the batch read (an id missing from `logged`
 * was deleted), then their contacts. `asked` and `properties`: the ids and properties each read asked for.
 */
export function mockEngagements(kind: EngagementKind, logged: Logged, times = 1) {
  // nock hands a reply function no body with fetch: the matchers keep what was asked. It tries each
  // matcher on every POST, so each checks the body is its request's before keeping anything.
  const asked: string[][] = [];
  const properties: string[][] = [];
  let associated: string[] = [];
  const scope = nock(API)
    .post(`/crm/v3/objects/${kind}/batch/read`, (body: { inputs: { id: string }[]; properties?: string[] }) => {
      if (!body.properties?.includes('hs_timestamp') || body.inputs.length > 100) return false;
      asked.push(body.inputs.map((input) => input.id));
      properties.push(body.properties);
      return true;
    })
    .query({ archived: 'false' })
    .times(times)
    .reply(200, () => ({
      status: 'COMPLETE',
      results: asked
        .at(-1)!
        .filter((id) => logged[id])
        .map((id) => ({ id, properties: { hs_object_id: id, ...logged[id]!.properties }, createdAt: '2030-01-01T00:00:00Z', updatedAt: '2030-01-01T00:00:00Z', archived: false })),
      startedAt: '',
      completedAt: '',
    }))
    .post(`/crm/v4/associations/${kind}/contacts/batch/read`, (body: { inputs: { id: string }[]; properties?: string[] }) => {
      if (body.properties !== undefined || body.inputs.length > 100 || !body.inputs.every((input) => logged[input.id])) return false;
      associated = body.inputs.map((input) => input.id);
      return true;
    })
    .times(times)
    .reply(200, () => ({
      status: 'COMPLETE',
      results: associated
        .filter((id) => logged[id]!.contacts.length > 0)
        .map((id) => ({ from: { id }, to: logged[id]!.contacts.map((contact) => ({ toObjectId: contact, associationTypes: [{ category: 'HUBSPOT_DEFINED', typeId: 194, label: null }] })) })),
      startedAt: '',
      completedAt: '',
    }));
  return { scope, asked, properties };
}

/** A creation event of a call, meeting or e-mail, as the generic subscriptions send it. */
export const engagementCreated = (portalId: number, kind: EngagementKind, id: number, occurredAt = Date.now()) =>
  event(portalId, 'object.creation', id, occurredAt, { objectTypeId: TYPE_IDS[kind], changeFlag: 'CREATED' });

/** A completed brief as the engine stores it (`research_jobs.result`: the data with its provenance), with what a caller may override. */
export function storedBrief(
  overrides: { prospect?: Partial<ResearchData['prospect']>; company?: Partial<ResearchData['company']>; decision_makers?: ResearchData['decision_makers']; provenance?: Provenance | null } = {},
) {
  const at = '2026-11-22T03:06:19.412+00:00';
  const data: ResearchData = {
    prospect: {
      id: 1,
      name: 'Ada Byron',
      title: 'Head of Finance',
      company: 'Acme Analytics',
      email: 'ada@acme.example',
      linkedin_url: 'https://www.linkedin.com/in/ada-byron',
      photo: null,
      last_role_start: '2024-03-01',
      summary: 'Ada leads finance at Acme Analytics. She writes about closing the books faster.',
      opening_talk: ['Her post on a five-day close'],
      posts: null,
      ...overrides.prospect,
    },
    company: {
      id: 2,
      name: 'Acme Analytics',
      description: 'Acme Analytics sells forecasting software to retailers.',
      linkedin_url: null,
      website: 'https://acme.example',
      industry: 'software',
      hq: 'Berlin, Germany',
      revenue: null,
      employees: '120',
      technologies: ['Snowflake'],
      problems: null,
      services: null,
      icp: null,
      synergy_points: null,
      discovery_questions: ['How long does your month-end close take?'],
      clients: null,
      news: [{ summary: 'Acme Analytics raised a Series B.', url: 'https://news.example/acme-series-b', date: '2026-09' }],
      insights: null,
      posts: null,
      ...overrides.company,
    },
    decision_makers: overrides.decision_makers ?? [],
  };
  const provenance: Provenance | null =
    overrides.provenance === undefined
      ? {
          degraded: false,
          fields: {
            '/prospect/name': [{ source: 'apollo', fetched_at: at }],
            '/prospect/email': [{ source: 'request', fetched_at: null }],
            '/company/description': [{ source: 'website', fetched_at: at }],
            '/company/news': [{ source: 'google-news', fetched_at: at }],
          },
          sources: [
            { source: 'apollo', part: 'person', outcome: 'found', at, cached: false, failure: null },
            { source: 'website', part: 'company', outcome: 'found', at, cached: false, failure: null },
            { source: 'google-news', part: 'news', outcome: 'found', at, cached: false, failure: null },
          ],
          decision_makers: 'not_in_plan',
        }
      : overrides.provenance;
  return { data, provenance, stored: provenance ? { ...data, provenance } : data };
}

export interface BatchUpdate {
  inputs: { id: string; properties: Record<string, string> }[];
}

/**
 * Answers HubSpot's contact batch updates (`times` of them, or every one with `persist`) with `status`,
 * keeping what each asked. nock shows a body to the matchers of other paths too: only updates are kept.
 */
export function mockBatchUpdates(options: { times?: number; status?: number; headers?: Record<string, string>; persist?: boolean } = {}) {
  const status = options.status ?? 200;
  const bodies: BatchUpdate[] = [];
  const scope = nock(API)
    .post('/crm/v3/objects/contacts/batch/update', (body: Partial<BatchUpdate>) => {
      if (Array.isArray(body.inputs)) bodies.push(body as BatchUpdate);
      return true;
    })
    .times(options.times ?? 1)
    .reply(
      status,
      status === 200 ? { status: 'COMPLETE', results: [], startedAt: '', completedAt: '' } : { status: 'error', message: 'You have reached your ten_secondly_rolling limit.', category: 'RATE_LIMITS' },
      options.headers ?? {},
    );
  if (options.persist) scope.persist();
  return { scope, bodies };
}

/** Queues a portal's writeback now, as the minute cron would. */
export async function queueWriteback(fixture: EngineFixture, portalId: number): Promise<void> {
  await fixture.engine.pool.query(
    `SELECT graphile_worker.add_job('hubspot_writeback', json_build_object('portalId', $1::bigint), job_key := 'hubspot_writeback:' || $1, queue_name := 'hubspot_writeback:' || $1)`,
    [portalId],
  );
}

export { nock, until };
