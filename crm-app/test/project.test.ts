/**
 * The app's HubSpot developer project (platform 2025.2): hsproject.json, src/app/app-hsmeta.json and
 * src/app/webhooks/webhooks-hsmeta.json. `hs project validate` needs a HubSpot account, so the files
 * are parsed offline with HubSpot's own parser (@hubspot/project-parsing-lib's translate), which drops
 * a file it cannot parse without a word: every expected uid is asserted, and the scopes, subscriptions
 * and URLs are checked against the app's settings and the engine's routes here.
 */
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { translate } from '@hubspot/project-parsing-lib/translate';
import { describe, expect, it } from 'vitest';
import { CALL_OUTCOME_PROPERTY, ENGAGEMENTS } from '../src/activities/engagements.ts';
import { DEFAULT_OPTIONAL_SCOPES, DEFAULT_SCOPES, ROUTES } from '../src/settings.ts';
import { CREATION, DELETION, MERGE, PROPERTY_CHANGE } from '../src/webhooks/process.ts';
import { useHubSpotEngine } from './support.ts';

const ROOT = join(import.meta.dirname, '..');
const project = JSON.parse(readFileSync(join(ROOT, 'hsproject.json'), 'utf8')) as { name: string; srcDir: string; platformVersion: string };
const metaFiles = globSync('**/*-hsmeta.json', { cwd: join(ROOT, project.srcDir) });

async function parsed() {
  const { intermediateRepresentation, skippedHsMetaFiles } = await translate({ projectSourceDir: join(ROOT, project.srcDir), platformVersion: project.platformVersion }, { skipValidation: true });
  return { nodes: intermediateRepresentation.intermediateNodesIndexedByUid, skippedHsMetaFiles };
}

describe('the developer project', () => {
  it('is a 2025.2 project whose every metadata file HubSpot parses into a component with its type', async () => {
    expect(project).toEqual({ name: 'prospect-research', srcDir: 'src', platformVersion: '2025.2' });
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
    const app = nodes.prospect_research_app!.config as { distribution: string; auth: { type: string; redirectUrls: string[]; requiredScopes: string[]; optionalScopes: string[] }; support: { documentationUrl: string } };
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
  });

  it('subscribes to contact creations, deletions, merges, privacy deletions and the property changes routing reads, all of which processing handles', async () => {
    const { nodes } = await parsed();
    const { subscriptions } = nodes.prospect_research_webhooks!.config as { subscriptions: Record<string, { subscriptionType: string; objectType?: string; propertyName?: string; active: boolean }[]> };
    const all = Object.values(subscriptions).flat();
    expect(all.every((subscription) => subscription.active)).toBe(true);
    const handled = new Set([...CREATION, ...PROPERTY_CHANGE, ...DELETION, ...MERGE]);
    expect(all.filter((subscription) => !handled.has(subscription.subscriptionType))).toEqual([]);
    const legacy = [...subscriptions.legacyCrmObjects!, ...subscriptions.hubEvents!];
    expect(new Set(legacy.map((subscription) => subscription.subscriptionType))).toEqual(new Set(['contact.creation', 'contact.deletion', 'contact.merge', 'contact.propertyChange', 'contact.privacyDeletion']));
    expect(legacy.filter((subscription) => subscription.subscriptionType === 'contact.propertyChange').map((subscription) => subscription.propertyName)).toContain('email');
  });

  it('subscribes to the creation of every engagement kind processing reads, and to a call\'s outcome set later', async () => {
    const { nodes } = await parsed();
    const { subscriptions } = nodes.prospect_research_webhooks!.config as { subscriptions: { crmObjects: { subscriptionType: string; objectType: string; propertyName?: string }[] } };
    const creations = subscriptions.crmObjects.filter((subscription) => subscription.subscriptionType === 'object.creation').map((subscription) => subscription.objectType);
    expect(creations.sort()).toEqual(Object.values(ENGAGEMENTS).map((engagement) => engagement.subscriptionObject).sort());
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
});
