import { readFileSync, writeFileSync } from 'node:fs';
import { accountsModule, autopilotModule, engineModules, eventsModule, peopleModule, researchModule } from '@prospect-research/engine';
import { servedAndDocumented } from '@prospect-research/engine/testing';
import openapiTS, { astToString } from 'openapi-typescript';
import { expect, it } from 'vitest';

/**
 * The dashboard's types of the API come from the engine's OpenAPI document, never written by hand:
 * src/api/schema.d.ts is openapi-typescript's rendering of it, and this test fails when a route's schema
 * changed without it. `npm run api-types -w dashboard` writes it anew.
 */
const SCHEMA_FILE = new URL('../../dashboard/src/api/schema.d.ts', import.meta.url);
const HEADER = "// Generated from the engine's OpenAPI document by `npm run api-types -w dashboard` (test/dashboard/apiTypes.db.test.ts): do not edit.\n\n";

it("matches the engine's OpenAPI document", async () => {
  // The HubSpot app (the extension the engine finds beside it) on, with placeholder settings, so the dashboard's HubSpot page has its routes' types too.
  const hubspot = (await engineModules()).filter((module) => module.name === 'hubspot');
  const env = { HUBSPOT_CLIENT_ID: 'client', HUBSPOT_CLIENT_SECRET: 'secret', HUBSPOT_APP_ID: '1', SECRET_KEY: Buffer.alloc(32, 1).toString('base64') };
  const { document } = await servedAndDocumented([accountsModule(), peopleModule(), researchModule(), autopilotModule(), eventsModule(), ...hubspot], env);
  const generated = HEADER + astToString(await openapiTS(document as never));
  if (process.env.UPDATE_API_TYPES === '1') writeFileSync(SCHEMA_FILE, generated);
  expect(readFileSync(SCHEMA_FILE, 'utf8'), 'run npm run api-types -w dashboard').toBe(generated);
});
