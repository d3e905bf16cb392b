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
        served.some((route) => route.endsWith(` ${path}`)),
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
    for (const open of [ROUTES.install, ROUTES.callback, ROUTES.help]) expect(document.paths[open]!.get!.security, open).toBeUndefined();
    expect(document.paths[ROUTES.webhooks]!.post!.security).toBeUndefined();
  });
});
