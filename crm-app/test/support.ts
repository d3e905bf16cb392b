import { accountsModule, autopilotModule, researchModule } from '@prospect-research/engine';
import { createCustomer, type Customer, type EngineFixture, sourceless, TestClock, until, useEngine } from '@prospect-research/engine/testing';
import nock from 'nock';
import { hubspotModule } from '../src/module.ts';
import { installLink } from '../src/oauth/links.ts';
import { CONTACT_PROPERTIES } from '../src/setup.ts';
import type { HubSpotSettings } from '../src/settings.ts';
import { signatureV3 } from '../src/webhooks/signature.ts';
import { Secrets } from '@prospect-research/engine';

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
 * An engine with the HubSpot app on (its writeback queued by the tests, not every minute), a worker, and research that finds nothing (no network). `env` is
 * read when the engine starts: a beforeAll registered earlier may still fill it in (a port).
 */
export function useHubSpotEngine(env: Record<string, string> = {}): EngineFixture & { clock: TestClock } {
  const clock = new TestClock(new Date());
  const fixture = useEngine({
    modules: [accountsModule(), researchModule({ pipeline: sourceless() }), autopilotModule({ clock }), hubspotModule({ clock, writebackCron: false })],
    env: Object.assign(env, { ...HUBSPOT_ENV, ...env }),
  }) as EngineFixture & { clock: TestClock };
  fixture.clock = clock;
  return fixture;
}

/** HubSpot's answers to a new install's setup: the group and properties (created, or 409 when `existing`), the call outcomes. */
export function mockSetup(dispositions: unknown[] = [{ id: 'f240bbac-87c9-4f6e-bf70-924b57d47db7', label: 'Connected', deleted: false }], existing = false) {
  const status = existing ? 409 : 201;
  return nock(API)
    .post('/crm/v3/properties/contacts/groups', { name: 'prospect_research', label: 'Prospect Research', displayOrder: -1 })
    .reply(status, existing ? { status: 'error', category: 'OBJECT_ALREADY_EXISTS' } : { name: 'prospect_research', label: 'Prospect Research' })
    // Each of our properties once, in our group (nock refuses anything else).
    .post('/crm/v3/properties/contacts', (body: { name: string; groupName: string }) => body.groupName === 'prospect_research' && CONTACT_PROPERTIES.some((p) => p.name === body.name))
    .times(CONTACT_PROPERTIES.length)
    .reply(status, existing ? { status: 'error', category: 'OBJECT_ALREADY_EXISTS' } : { name: 'prospect_research_property', label: 'Property', type: 'string', fieldType: 'text', groupName: 'prospect_research', options: [] })
    .get('/calling/v1/dispositions')
    .reply(200, dispositions);
}

/** The token exchange and token info HubSpot answers for `code`. */
export function mockTokens(code: string, portalId: number, options: { accessToken?: string; expiresIn?: number; appId?: number } = {}) {
  const accessToken = options.accessToken ?? `access-${portalId}`;
  return nock(API)
    .post('/oauth/v1/token', (body: Record<string, string>) => body.grant_type === 'authorization_code' && body.code === code && body.client_secret === CLIENT_SECRET)
    .reply(200, { access_token: accessToken, refresh_token: `refresh-${portalId}`, expires_in: options.expiresIn ?? 1800, token_type: 'bearer' })
    .get(`/oauth/v1/access-tokens/${accessToken}`)
    .reply(200, { token: accessToken, hub_id: portalId, hub_domain: `portal-${portalId}.hubspot.com`, app_id: options.appId ?? APP_ID, scopes: ['crm.objects.contacts.read'], expires_in: 1800, user: 'admin@example.com', user_id: 1, token_type: 'access' });
}

/** The install link's page, its state, then the callback: the portal is connected to `customer`'s account (and set up, by the worker). */
export async function connectPortal(engineUrl: string, accountId: number, portalId: number, options: { dispositions?: unknown[]; expiresIn?: number; existing?: boolean } = {}): Promise<void> {
  const setup = mockSetup(options.dispositions, options.existing);
  mockTokens(`code-${portalId}`, portalId, { expiresIn: options.expiresIn });
  const link = installLink(linkSettings, accountId, new Date()).url.replace(PUBLIC_URL, engineUrl);
  const page = await (await fetch(link)).text();
  const state = new URL(decodeEntities(/id="connect" href="([^"]+)"/.exec(page)![1]!)).searchParams.get('state')!;
  const callback = await fetch(`${engineUrl}/hubspot/oauth/callback?code=code-${portalId}&state=${encodeURIComponent(state)}`);
  if (callback.status !== 200) throw new Error(`callback answered ${callback.status}: ${await callback.text()}`);
  await until(() => `the portal set up; HubSpot calls still expected: ${setup.pendingMocks().join(', ')}`, async () => setup.isDone());
}

export function decodeEntities(text: string): string {
  return text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

let nextEventId = 1;

export function event(portalId: number, subscriptionType: string, objectId: number, occurredAt: number, extra: Record<string, unknown> = {}) {
  return { eventId: nextEventId++, subscriptionId: 11, portalId, appId: APP_ID, occurredAt, subscriptionType, attemptNumber: 0, objectId, changeSource: 'CRM', ...extra };
}

/** POSTs a batch as HubSpot does: signed v3 over the URI HubSpot called (`uri`, PUBLIC_URL's), the body and the timestamp. */
export async function sendBatch(engineUrl: string, events: unknown[], options: { path?: string; timestamp?: number | undefined; secret?: string; tamper?: (body: string) => string; signedUri?: string } = {}) {
  const path = options.path ?? '/hubspot/webhooks';
  const body = JSON.stringify(events);
  const timestamp = String(options.timestamp ?? Date.now());
  const uri = options.signedUri ?? `${PUBLIC_URL}${path}`;
  const signature = signatureV3(options.secret ?? CLIENT_SECRET, 'POST', uri, body, timestamp);
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

export { nock, until };
