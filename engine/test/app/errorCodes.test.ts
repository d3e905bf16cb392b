import { globSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registerModuleErrors } from '../../src/app/features.ts';
import { engineModules } from '../../src/app/modules.ts';
import { type ErrorCode, PLATFORM_ERRORS } from '../../src/platform/errors.ts';
import { knownErrors } from '../../src/platform/http/errorStatus.ts';

const ROOT = new URL('../../../', import.meta.url);

/** Every code a source file of the engine or of an extension throws as a literal: `new AppError('code'` (or a choice of literals). */
function thrownCodes(): Map<string, string[]> {
  const thrown = new Map<string, string[]>();
  for (const file of globSync(['engine/src/**/*.ts', 'crm-app/src/**/*.ts'], { cwd: ROOT })) {
    const text = readFileSync(new URL(file, ROOT), 'utf8');
    for (const [, firstArgument] of text.matchAll(/new AppError\(\s*([^,)]*)/g)) {
      for (const [, code] of firstArgument!.matchAll(/'([a-z_]+)'/g)) thrown.set(code!, [...new Set([...(thrown.get(code!) ?? []), file])]);
    }
  }
  return thrown;
}

describe("the composition's error codes", () => {
  it('declares every code a source file throws, with a status the HTTP layer finds', async () => {
    registerModuleErrors(await engineModules());
    const thrown = thrownCodes();
    // The grep finds what it should: codes of the platform, of features and of the HubSpot app.
    expect(thrown.size).toBeGreaterThan(25);
    expect([...thrown.keys()]).toEqual(expect.arrayContaining(['invalid_json', 'account_not_found', 'lead_not_found', 'mailbox_not_found', 'webhook_not_found', 'seat_not_found']));
    for (const [code, files] of thrown) expect(knownErrors().has(code as ErrorCode), `${code} (thrown in ${files.join(', ')}) is declared by no feature`).toBe(true);
  });

  it('gives each code one owner: no module declares a platform code or one of another module', async () => {
    const owners = new Map<string, string>(Object.keys(PLATFORM_ERRORS).map((code) => [code, 'the platform']));
    for (const module of await engineModules()) {
      for (const code of Object.keys(module.errors ?? {})) {
        expect(owners.get(code), `${code} is declared by ${owners.get(code)} and ${module.name}`).toBeUndefined();
        owners.set(code, module.name);
      }
    }
    expect(owners.get('portal_claimed')).toBe('hubspot');
    expect(owners.get('invalid_mailbox')).toBe('autopilot');
  });
});
