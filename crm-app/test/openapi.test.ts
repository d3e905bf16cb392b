import { accountsModule, autopilotModule, researchModule } from '@prospect-research/engine';
import { documentedOperations, documentErrors, exampleErrors, type OpenApiDocument, operationsWithoutExamples, servedAndDocumented } from '@prospect-research/engine/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { hubspotModule } from '../src/module.ts';
import { ROUTES } from '../src/settings.ts';
import { HUBSPOT_ENV } from './support.ts';

describe("the OpenAPI document with the HubSpot app's routes", () => {
  let served: string[];
  let document: OpenApiDocument;
  beforeAll(async () => {
    ({ served, document } = await servedAndDocumented([accountsModule(), researchModule(), autopilotModule(), hubspotModule()], HUBSPOT_ENV));
  });

  it('describes every route, the app’s included', () => {
    for (const path of Object.values(ROUTES))
      expect(
        served.some((route) => route.endsWith(` ${path.replace(/:(\w+)/g, '{$1}')}`)),
        path,
      ).toBe(true);
    expect(documentedOperations(document).sort()).toEqual([...new Set(served)].sort());
  });

  it('is valid, and its examples fit their schemas', async () => {
    expect(await documentErrors(document)).toEqual([]);
    expect(operationsWithoutExamples(document)).toEqual([]);
    expect(await exampleErrors(document)).toEqual([]);
  });

  it('puts the API key on the portal routes only', () => {
    expect(document.paths[ROUTES.portals]!.get!.security).toEqual([{ apiKey: [] }]);
    expect(document.paths[ROUTES.claim]!.post!.security).toEqual([{ apiKey: [] }]);
    expect(document.paths[ROUTES.installLink]!.post!.security).toEqual([{ apiKey: [] }]);
    expect(document.paths['/hubspot/portals/{portal_id}/disconnect']!.post!.security).toEqual([{ apiKey: [] }]);
    for (const open of [ROUTES.install, ROUTES.callback, ROUTES.help]) expect(document.paths[open]!.get!.security, open).toBeUndefined();
    expect(document.paths[ROUTES.webhooks]!.post!.security).toBeUndefined();
    // The settings page's routes are signed by HubSpot, not behind a key; the same settings behind the key are.
    for (const method of ['get', 'put'] as const) {
      expect(document.paths[ROUTES.settings]![method]!.security, method).toBeUndefined();
      expect(document.paths['/hubspot/portals/{portal_id}/settings']![method]!.security, method).toEqual([{ apiKey: [] }]);
    }
  });

  it("describes the card's routes, signed by HubSpot rather than behind a key, with their answers' examples", () => {
    const card = '/hubspot/card/contacts/{contact_id}';
    const operations = [document.paths[card]!.get!, document.paths[`${card}/research`]!.post!, document.paths[`${card}/close`]!.post!];
    for (const operation of operations) {
      expect(operation.security).toBeUndefined();
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '404']));
    }
    expect(Object.keys(operations[1]!.responses)).toEqual(expect.arrayContaining(['202', '409', '429']));
    expect(JSON.stringify(operations[0]!.responses['200'])).toContain('https://research.example.com/app/leads/17');
  });
});
