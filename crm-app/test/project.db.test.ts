/**
 * The app's HubSpot developer project (platform 2026.03, the newest HubSpot's parser knows):
 * hsproject.json, src/app/app-hsmeta.json and src/app/webhooks/webhooks-hsmeta.json. `hs project
 * validate` needs a HubSpot account (it fetches the component schemas from HubSpot), so the files are
 * checked offline with HubSpot's own parser (@hubspot/project-parsing-lib: its project checks, and
 * translate, which drops a file it cannot parse without a word): every expected uid is asserted, and
 * the scopes, subscriptions and URLs are checked against the app's settings, the engine's routes and
 * what the sweep assumes the webhooks send.
 */
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getProjectMetadata, isKnownPlatformVersion, LATEST_SUPPORTED_PLATFORM_VERSION, parseProjectConfig } from '@hubspot/project-parsing-lib/projects';
import { translate } from '@hubspot/project-parsing-lib/translate';
import { client } from '@prospect-research/engine/testing';
import { describe, expect, it } from 'vitest';
import { CALL_OUTCOME_PROPERTY, ENGAGEMENTS } from '../src/activities/engagements.ts';
import { DEFAULT_OPTIONAL_SCOPES, DEFAULT_SCOPES, ROUTES } from '../src/settings.ts';
import { sweptProperties, WEBHOOK_PROPERTIES } from '../src/sweep/sweepContacts.ts';
import { CREATION, DELETION, MERGE, PRIVACY_DELETION, PROPERTY_CHANGE } from '../src/webhooks/process.ts';
import { everyone, newCustomer, useHubSpotEngine } from './support.ts';

const ROOT = join(import.meta.dirname, '..');
const project = JSON.parse(readFileSync(join(ROOT, 'hsproject.json'), 'utf8')) as { name: string; srcDir: string; platformVersion: string };
const metaFiles = globSync('**/*-hsmeta.json', { cwd: join(ROOT, project.srcDir) });

async function parsed() {
  const { intermediateRepresentation, skippedHsMetaFiles } = await translate({ projectSourceDir: join(ROOT, project.srcDir), platformVersion: project.platformVersion }, { skipValidation: true });
  return { nodes: intermediateRepresentation.intermediateNodesIndexedByUid, skippedHsMetaFiles };
}

describe('the developer project', () => {
  it("is on the newest platform version HubSpot documents and its parser knows (2026.03), and passes the parser's project checks", async () => {
    expect(project).toEqual({ name: 'prospect-research', srcDir: 'src', platformVersion: '2026.03' });
    expect(LATEST_SUPPORTED_PLATFORM_VERSION).toBe('2026.03');
    expect(isKnownPlatformVersion(project.platformVersion)).toBe(true);
    expect(parseProjectConfig(ROOT)).toEqual(project);
    // Each metadata file sits in the folder of its component type, within the number HubSpot allows.
    const { components, hsMetaFiles } = await getProjectMetadata(join(ROOT, project.srcDir));
    expect(hsMetaFiles.map((file) => file.slice(join(ROOT, project.srcDir).length + 1)).sort()).toEqual(metaFiles.sort());
    expect(components.app).toMatchObject({ count: 1, maxCount: 1 });
    expect(components.webhooks).toMatchObject({ count: 1 });
    for (const [type, component] of Object.entries(components)) expect(component.count, type).toBeLessThanOrEqual(component.maxCount);
  });

  it('has every metadata file parsed by HubSpot into a component with its type', async () => {
    expect(metaFiles.sort()).toEqual(['app/app-hsmeta.json', 'app/webhooks/webhooks-hsmeta.json']);
    for (const file of metaFiles) {
      const meta = JSON.parse(readFileSync(join(ROOT, project.srcDir, file), 'utf8')) as { uid?: unknown; type?: unknown };
      expect(typeof meta.uid, file).toBe('string');
      expect(typeof meta.type, file).toBe('string');
    }
    const { nodes, skippedHsMetaFiles } = await parsed();
    expect(skippedHsMetaFiles).toEqual([]);
    expect(Object.keys(nodes).sort()).toEqual(['prospect_research_app', 'prospect_research_webhooks']);
    expect(nodes.prospect_research_app).toMatchObject({ componentType: 'APPLICATION', metaFilePath: 'app/app-hsmeta.json' });
    expect(nodes.prospect_research_webhooks).toMatchObject({ componentType: 'WEBHOOKS', metaFilePath: 'app/webhooks/webhooks-hsmeta.json' });
  });

  it('asks for the scopes the app asks for, and sends admins and webhooks to the engine routes, on one https origin', async () => {
    const { nodes } = await parsed();
    const app = nodes.prospect_research_app!.config as {
      distribution: string;
      auth: { type: string; redirectUrls: string[]; requiredScopes: string[]; optionalScopes: string[] };
      support: { documentationUrl: string };
    };
    expect(app.distribution).toBe('marketplace');
    expect(app.auth.type).toBe('oauth');
    expect(app.auth.requiredScopes.sort()).toEqual([...DEFAULT_SCOPES].sort());
    expect(app.auth.optionalScopes.sort()).toEqual([...DEFAULT_OPTIONAL_SCOPES].sort());
    const webhooks = nodes.prospect_research_webhooks!.config as { settings: { targetUrl: string; maxConcurrentRequests: number } };
    const redirect = new URL(app.auth.redirectUrls[0]!);
    const target = new URL(webhooks.settings.targetUrl);
    expect(app.auth.redirectUrls).toHaveLength(1);
    expect(redirect.pathname).toBe(ROUTES.callback);
    expect(target.pathname).toBe(ROUTES.webhooks);
    expect([redirect.protocol, target.protocol]).toEqual(['https:', 'https:']);
    expect(target.origin).toBe(redirect.origin);
    // The listing's documentation is the help page the app serves (HUBSPOT_DOCS_URL's default).
    expect(new URL(app.support.documentationUrl).pathname).toBe(ROUTES.help);
    expect(new URL(app.support.documentationUrl).origin).toBe(redirect.origin);
    const { permittedUrls, support } = nodes.prospect_research_app!.config as { permittedUrls: { fetch: string[] }; support: Record<string, string> };
    expect(permittedUrls.fetch.map((url) => new URL(url).origin)).toEqual([redirect.origin]);
    for (const url of [support.documentationUrl!, support.supportUrl!]) expect(new URL(url).protocol).toBe('https:');
  });

  it('subscribes to contact creations, deletions, merges, privacy deletions and the property changes routing reads, all of which processing handles', async () => {
    const { nodes } = await parsed();
    const { subscriptions } = nodes.prospect_research_webhooks!.config as {
      subscriptions: Record<string, { subscriptionType: string; objectType?: string; propertyName?: string; active: boolean }[]>;
    };
    const all = Object.values(subscriptions).flat();
    expect(all.every((subscription) => subscription.active)).toBe(true);
    const handled = new Set([...CREATION, ...PROPERTY_CHANGE, ...DELETION, ...PRIVACY_DELETION, ...MERGE]);
    expect(all.filter((subscription) => !handled.has(subscription.subscriptionType))).toEqual([]);
    const legacy = [...subscriptions.legacyCrmObjects!, ...subscriptions.hubEvents!];
    expect(new Set(legacy.map((subscription) => subscription.subscriptionType))).toEqual(
      new Set(['contact.creation', 'contact.deletion', 'contact.merge', 'contact.propertyChange', 'contact.privacyDeletion']),
    );
    expect(legacy.filter((subscription) => subscription.subscriptionType === 'contact.propertyChange').map((subscription) => subscription.propertyName)).toContain('email');
  });

  it('subscribes to the changes of exactly the contact properties the sweep leaves to webhooks', async () => {
    const { nodes } = await parsed();
    const { subscriptions } = nodes.prospect_research_webhooks!.config as {
      subscriptions: { legacyCrmObjects: { subscriptionType: string; propertyName?: string }[]; crmObjects: { subscriptionType: string; objectType: string; propertyName?: string }[] };
    };
    const contactChanges = [
      ...subscriptions.legacyCrmObjects.filter((subscription) => subscription.subscriptionType === 'contact.propertyChange'),
      ...subscriptions.crmObjects.filter((subscription) => subscription.subscriptionType === 'object.propertyChange' && subscription.objectType === 'contact'),
    ].map((subscription) => subscription.propertyName);
    expect(contactChanges.every((name) => typeof name === 'string')).toBe(true);
    expect([...contactChanges].sort()).toEqual([...WEBHOOK_PROPERTIES].sort());
    expect(new Set(contactChanges).size).toBe(contactChanges.length);
  });

  it("subscribes to the creation of every engagement kind processing reads, and to a call's outcome set later", async () => {
    const { nodes } = await parsed();
    const { subscriptions } = nodes.prospect_research_webhooks!.config as { subscriptions: { crmObjects: { subscriptionType: string; objectType: string; propertyName?: string }[] } };
    const creations = subscriptions.crmObjects.filter((subscription) => subscription.subscriptionType === 'object.creation').map((subscription) => subscription.objectType);
    expect(creations.sort()).toEqual(
      Object.values(ENGAGEMENTS)
        .map((engagement) => engagement.subscriptionObject)
        .sort(),
    );
    expect(subscriptions.crmObjects.filter((subscription) => subscription.subscriptionType === 'object.propertyChange')).toEqual([
      { subscriptionType: 'object.propertyChange', objectType: ENGAGEMENTS.calls.subscriptionObject, propertyName: CALL_OUTCOME_PROPERTY, active: true },
    ]);
  });
});

describe('the routes the project points at', () => {
  const fixture = useHubSpotEngine();

  it('are served: the webhook URL refuses an unsigned batch with 401, the redirect URL answers an HTML page', async () => {
    const webhook = await fetch(`${fixture.engine.url}${ROUTES.webhooks}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[]' });
    expect(webhook.status).toBe(401);
    const callback = await fetch(`${fixture.engine.url}${ROUTES.callback}`);
    expect(callback.status).toBe(400);
    expect(callback.headers.get('content-type')).toMatch(/^text\/html/);
    const help = await fetch(`${fixture.engine.url}${ROUTES.help}`);
    expect(help.status).toBe(200);
    expect(await help.text()).toContain('The Prospect Research app for HubSpot');
  });

  it('leave to the sweep every property the Autopilots read that they send no change of', async () => {
    const customer = await newCustomer(fixture);
    const stops = [...WEBHOOK_PROPERTIES, 'demo_status', 'NumberOfEmployees'].map((property) => ({ property, value: null }));
    const put = await client(fixture.engine.url, customer.key).request('PUT', '/autopilots/Everyone', {
      body: {
        ...everyone,
        filter: {
          match: 'all',
          rules: [
            { property: 'Country', operator: 'is_known' },
            { property: 'hs_analytics_source', operator: 'is_known' },
          ],
        },
        stop_conditions: { ...everyone.stop_conditions, property_changes: stops },
      },
    });
    expect(put.status).toBe(201);
    expect(await sweptProperties(fixture.engine.pool, customer.account.id)).toEqual(['demo_status', 'hs_analytics_source', 'numberofemployees']);
  });
});
