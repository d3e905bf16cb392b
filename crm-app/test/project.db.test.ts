/**
 * The app's HubSpot developer project (platform 2026.03, the newest HubSpot's parser knows):
 * hsproject.json, src/app/app-hsmeta.json, src/app/webhooks/webhooks-hsmeta.json, the contact card's
 * src/app/cards/contact-card-hsmeta.json, the settings page, the workflow actions and the app events
 * in src/app/app-events/. `hs project
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
import { validateUid } from '@hubspot/project-parsing-lib/uid';
import { client } from '@prospect-research/engine/testing';
import { describe, expect, it } from 'vitest';
import { CHANNELS, LEAD_END_REASONS, LEAD_OUTCOMES } from '@prospect-research/engine/autopilot-contract';
import { CALL_OUTCOME_PROPERTY, ENGAGEMENTS } from '../src/activities/engagements.ts';
import { SETTINGS_URL } from '../src/app/settings/settingsAnswer.ts';
import { ENGINE_URL } from '../src/app/cards/cardAnswer.ts';
import { APP_EVENT_TYPES, END_REASON_WORDS, LOGGED_IN_HUBSPOT } from '../src/timeline/appEvents.ts';
import { TIMELINE_SCOPE } from '../src/timeline/sendTimeline.ts';
import { DEFAULT_OPTIONAL_SCOPES, DEFAULT_SCOPES, ROUTES } from '../src/settings.ts';
import { sweptProperties, WEBHOOK_PROPERTIES } from '../src/sweep/sweepContacts.ts';
import { CREATION, DEFAULT_PROPERTIES, DELETION, MERGE, PRIVACY_DELETION, PROPERTY_CHANGE } from '../src/webhooks/process.ts';
import { everyone, newCustomer, useHubSpotEngine } from './support.ts';
import { appEventComponents, templateNames } from './timeline/appEventFiles.ts';

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
    expect(components['workflow-action']).toMatchObject({ count: 3 });
    expect(components.card).toMatchObject({ count: 1 });
    expect(components['app-event']).toMatchObject({ count: 3 });
    for (const [type, component] of Object.entries(components)) expect(component.count, type).toBeLessThanOrEqual(component.maxCount);
  });

  it('has every metadata file parsed by HubSpot into a component with its type', async () => {
    expect(metaFiles.sort()).toEqual([
      'app/app-events/lead-ended-hsmeta.json',
      'app/app-events/reply-hsmeta.json',
      'app/app-events/touch-sent-hsmeta.json',
      'app/app-hsmeta.json',
      'app/cards/contact-card-hsmeta.json',
      'app/settings/settings-hsmeta.json',
      'app/webhooks/webhooks-hsmeta.json',
      'app/workflow-actions/enrol-hsmeta.json',
      'app/workflow-actions/research-hsmeta.json',
      'app/workflow-actions/stop-hsmeta.json',
    ]);
    for (const file of metaFiles) {
      const meta = JSON.parse(readFileSync(join(ROOT, project.srcDir, file), 'utf8')) as { uid?: unknown; type?: unknown };
      expect(typeof meta.uid, file).toBe('string');
      expect(typeof meta.type, file).toBe('string');
    }
    const { nodes, skippedHsMetaFiles } = await parsed();
    expect(skippedHsMetaFiles).toEqual([]);
    expect(Object.keys(nodes).sort()).toEqual([
      'prospect_research_app',
      'prospect_research_contact_card',
      'prospect_research_enrol',
      'prospect_research_lead_ended',
      'prospect_research_reply',
      'prospect_research_research',
      'prospect_research_settings',
      'prospect_research_stop',
      'prospect_research_touch_sent',
      'prospect_research_webhooks',
    ]);
    for (const action of ['enrol', 'stop', 'research']) {
      expect(nodes[`prospect_research_${action}`]).toMatchObject({ componentType: 'WORKFLOW_ACTION', metaFilePath: `app/workflow-actions/${action}-hsmeta.json` });
    }
    expect(nodes.prospect_research_contact_card).toMatchObject({ componentType: 'CARD', metaFilePath: 'app/cards/contact-card-hsmeta.json' });
    // The uid rules HubSpot's validation applies (the rest of it needs the schemas HubSpot serves).
    for (const uid of Object.keys(nodes)) expect(validateUid(uid), uid).toBeUndefined();
    expect(nodes.prospect_research_app).toMatchObject({ componentType: 'APPLICATION', metaFilePath: 'app/app-hsmeta.json' });
    expect(nodes.prospect_research_webhooks).toMatchObject({ componentType: 'WEBHOOKS', metaFilePath: 'app/webhooks/webhooks-hsmeta.json' });
    expect(nodes.prospect_research_settings).toMatchObject({ componentType: 'SETTINGS', metaFilePath: 'app/settings/settings-hsmeta.json' });
    for (const [uid, file] of [
      ['prospect_research_touch_sent', 'touch-sent'],
      ['prospect_research_reply', 'reply'],
      ['prospect_research_lead_ended', 'lead-ended'],
    ])
      expect(nodes[uid!], uid).toMatchObject({ componentType: 'APP_EVENT', metaFilePath: `app/app-events/${file}-hsmeta.json`, componentDeps: { app: 'prospect_research_app' } });
  });

  it("declares the app events the timeline sends, on contacts, within HubSpot's limits, their templates reading only properties they declare", async () => {
    const { nodes } = await parsed();
    expect(appEventComponents.map((component) => component.uid).sort()).toEqual(Object.values(APP_EVENT_TYPES).sort());
    for (const component of appEventComponents) {
      const { config } = component;
      // What HubSpot's parser made of the file is the file (nothing dropped or renamed).
      expect(nodes[component.uid]!.config, component.file).toEqual(config);
      expect(component.type).toBe('app-event');
      expect(config.objectType).toBe('CONTACT');
      expect(config.name.length, component.file).toBeLessThanOrEqual(50);
      expect(config.headerTemplate.length).toBeLessThanOrEqual(1000);
      expect(config.detailTemplate.length).toBeLessThanOrEqual(10_000);
      const declared = config.properties.map((property) => property.name);
      expect(new Set(declared).size).toBe(declared.length);
      const used = [...templateNames(config.headerTemplate), ...templateNames(config.detailTemplate)];
      expect(used.length, component.file).toBeGreaterThan(0);
      expect(
        used.filter((name) => !declared.includes(name)),
        component.file,
      ).toEqual([]);
      for (const property of config.properties) {
        expect(['string', 'number', 'enumeration'], `${component.file} ${property.name}`).toContain(property.type);
        if (property.type === 'enumeration') expect(property.options!.length).toBeGreaterThan(0);
      }
    }
    const options = (uid: string, name: string) => appEventComponents.find((component) => component.uid === uid)!.config.properties.find((property) => property.name === name)!.options!;
    // The engine's own lists, with the words the dashboard uses: an end reason or channel the engine gains fails here until declared.
    expect(options(APP_EVENT_TYPES.touchSent, 'channel').map((option) => option.value)).toEqual([...CHANNELS]);
    expect(options(APP_EVENT_TYPES.reply, 'channel').map((option) => option.value)).toEqual([...CHANNELS, LOGGED_IN_HUBSPOT]);
    expect(options(APP_EVENT_TYPES.leadEnded, 'outcome').map((option) => option.value)).toEqual(LEAD_OUTCOMES.filter((outcome) => outcome !== 'Active'));
    expect(options(APP_EVENT_TYPES.leadEnded, 'end_reason')).toEqual(LEAD_END_REASONS.map((reason) => ({ value: reason, label: END_REASON_WORDS[reason] })));
    // HubSpot takes app events only from an app with the timeline scope among its required ones.
    const app = nodes.prospect_research_app!.config as { auth: { requiredScopes: string[] } };
    expect(app.auth.requiredScopes).toContain(TIMELINE_SCOPE);
  });

  it('has one settings page whose entrypoint is its React component, in its folder, calling the engine on the URL the app may fetch', async () => {
    const { components } = await getProjectMetadata(join(ROOT, project.srcDir));
    expect(components.settings).toMatchObject({ count: 1, maxCount: 1 });
    const { nodes } = await parsed();
    const { entrypoint } = nodes.prospect_research_settings!.config as { entrypoint: string };
    expect(entrypoint).toBe('/app/settings/SettingsPage.tsx');
    const source = readFileSync(join(ROOT, project.srcDir, entrypoint), 'utf8');
    expect(source).toContain("hubspot.extend<'settings'>");
    // HubSpot bundles the folder alone: nothing of the engine or of the app's server code.
    const folder = join(ROOT, project.srcDir, 'app/settings');
    for (const file of globSync('*.{ts,tsx}', { cwd: folder })) {
      const imports = [...readFileSync(join(folder, file), 'utf8').matchAll(/from '([^']+)'/g)].map((match) => match[1]!);
      expect(
        imports.filter((name) => !['react', '@hubspot/ui-extensions'].includes(name) && !/^\.\/[\w.]+$/.test(name)),
        file,
      ).toEqual([]);
    }
    const { permittedUrls } = nodes.prospect_research_app!.config as { permittedUrls: { fetch: string[] } };
    expect(permittedUrls.fetch).toContain(new URL(SETTINGS_URL).origin);
    expect(new URL(SETTINGS_URL).pathname).toBe(ROUTES.settings);
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

  it("puts the contact card on the contact record's middle column, built from its React entry with the React 18 and UI extensions HubSpot builds with", async () => {
    const { nodes } = await parsed();
    const card = nodes.prospect_research_contact_card!.config as { name: string; location: string; entrypoint: string; objectTypes: string[] };
    expect(card).toMatchObject({ name: 'Prospect Research', location: 'crm.record.tab', objectTypes: ['contacts'], entrypoint: '/app/cards/ContactCard.tsx' });
    expect(nodes.prospect_research_contact_card!.componentDeps).toMatchObject({ app: 'prospect_research_app' });
    const entry = readFileSync(join(ROOT, project.srcDir, card.entrypoint), 'utf8');
    expect(entry).toMatch(/hubspot\.extend<'crm\.record\.tab'>/);
    const cardsPackage = JSON.parse(readFileSync(join(ROOT, project.srcDir, 'app/cards/package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(cardsPackage.dependencies).toMatchObject({ react: '18.3.1', '@hubspot/ui-extensions': expect.any(String) });
  });

  it("fetches the card's data from the one origin the app permits, the engine's", async () => {
    const { nodes } = await parsed();
    const { permittedUrls, auth } = nodes.prospect_research_app!.config as { permittedUrls: { fetch: string[] }; auth: { redirectUrls: string[] } };
    expect(permittedUrls.fetch).toEqual([ENGINE_URL]);
    expect(new URL(ENGINE_URL).origin).toBe(ENGINE_URL);
    expect(new URL(auth.redirectUrls[0]!).origin).toBe(ENGINE_URL);
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

describe('the workflow actions', () => {
  interface ActionConfig {
    actionUrl: string;
    isPublished: boolean;
    supportedClients: { client: string }[];
    objectTypes: string[];
    objectRequestOptions?: { properties: string[] };
    inputFields: { typeDefinition: { name: string; type: string; fieldType: string; optionsUrl?: string }; supportedValueTypes: string[]; isRequired: boolean }[];
    outputFields: { typeDefinition: { name: string; type: string; fieldType: string; options?: { value: string; label: string }[] } }[];
    labels: { en: { actionName: string; actionDescription: string; inputFieldLabels?: Record<string, string>; outputFieldLabels: Record<string, string> } };
  }
  const action = async (name: string) => (await parsed()).nodes[`prospect_research_${name}`]!.config as ActionConfig;

  it('point HubSpot at the routes the engine serves, on the origin of the redirect URL, for contacts in workflows', async () => {
    const { nodes } = await parsed();
    const origin = new URL((nodes.prospect_research_app!.config as { auth: { redirectUrls: string[] } }).auth.redirectUrls[0]!).origin;
    const routes = { enrol: ROUTES.workflowEnrol, stop: ROUTES.workflowStop, research: ROUTES.workflowResearch };
    for (const [name, route] of Object.entries(routes)) {
      const config = await action(name);
      expect(config.actionUrl, name).toBe(`${origin}${route}`);
      expect(config.objectTypes).toEqual(['CONTACT']);
      expect(config.supportedClients).toEqual([{ client: 'WORKFLOWS' }]);
      expect(config.isPublished).toBe(true);
      // Every field has an English label, and every output one.
      expect(Object.keys(config.labels.en.outputFieldLabels).sort(), name).toEqual(config.outputFields.map((field) => field.typeDefinition.name).sort());
      expect(Object.keys(config.labels.en.inputFieldLabels ?? {}).sort(), name).toEqual(config.inputFields.map((field) => field.typeDefinition.name).sort());
    }
    const enrol = await action('enrol');
    expect(enrol.inputFields).toEqual([
      { typeDefinition: { name: 'autopilot', type: 'enumeration', fieldType: 'select', optionsUrl: `${origin}${ROUTES.workflowOptions}` }, supportedValueTypes: ['STATIC_VALUE'], isRequired: true },
    ]);
  });

  it('ask HubSpot for the properties the webhook path reads a new contact with, and offer the outputs the routes answer', async () => {
    expect((await action('enrol')).objectRequestOptions!.properties).toEqual(DEFAULT_PROPERTIES);
    expect((await action('research')).objectRequestOptions!.properties).toEqual(DEFAULT_PROPERTIES);
    const options = async (name: string, field: string) =>
      (await action(name)).outputFields.find((output) => output.typeDefinition.name === field)!.typeDefinition.options!.map((option) => option.value);
    expect(await options('enrol', 'status')).toEqual(['enrolled', 'skipped', 'waiting']);
    expect(await options('stop', 'status')).toEqual(['closed', 'not_active', 'no_lead']);
    expect(await options('research', 'research_status')).toEqual(['completed', 'failed', 'no_credits']);
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
    // The card's data: HubSpot's signature or nothing.
    const card = await fetch(`${fixture.engine.url}${ROUTES.card.replace(':contact_id', '1201')}?portalId=1`);
    expect([card.status, await card.json()]).toEqual([401, { error: 'invalid_signature' }]);
    const help = await fetch(`${fixture.engine.url}${ROUTES.help}`);
    expect(help.status).toBe(200);
    expect(await help.text()).toContain('The Prospect Research app for HubSpot');
    // The workflow actions' URLs refuse what HubSpot did not sign.
    for (const route of [ROUTES.workflowOptions, ROUTES.workflowEnrol, ROUTES.workflowStop, ROUTES.workflowResearch]) {
      const unsigned = await fetch(`${fixture.engine.url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(unsigned.status, route).toBe(401);
    }
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
