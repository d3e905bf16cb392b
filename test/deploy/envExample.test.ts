import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Env, engineModules, platformSettings } from '@prospect-research/engine';
import { describe, expect, it } from 'vitest';

/**
 * deploy/engine.env.example against the code: every variable the engine and its extension packages
 * (the HubSpot app) read is in it, commented out with its default where optional, and it names none
 * they do not read. What they read is found two ways, so that neither a variable read only when a
 * feature is on nor one whose name is built at run time is missed: the settings readers run on an
 * environment that records each name asked for, and the sources are searched for names read from an
 * environment.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** Read by the engine for its own tests only (the HTTP answers checked against their schemas): no deployment sets it. */
const TEST_ONLY = ['ENGINE_CHECK_RESPONSES'];

/** The folders whose code runs in the engine: its own, and each workspace that declares a module for it (app/extensions.ts). */
function sourceFolders(): string[] {
  const { workspaces } = JSON.parse(read('package.json')) as { workspaces: string[] };
  const extensions = workspaces.filter((workspace) => 'prospect-engine' in (JSON.parse(read(`${workspace}/package.json`)) as object));
  return ['engine/src', ...extensions.map((workspace) => `${workspace}/src`)];
}

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'));
}

/** Names read from an environment in the sources: `env.NAME`, `env['NAME']`, or a reader given `(env, 'NAME'`. */
function namesInSources(): Set<string> {
  const patterns = [/\benv\.([A-Z][A-Z0-9_]+)/g, /\benv\[['"`]([A-Z][A-Z0-9_]+)['"`]\]/g, /\(env, '([A-Z][A-Z0-9_]+)'/g];
  const names = new Set<string>();
  for (const text of sourceFolders().flatMap(sources)) {
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) names.add(match[1]!);
  }
  return names;
}

/** Names the platform's and every module's settings ask for, on an environment with nothing set. */
async function namesAskedFor(): Promise<Set<string>> {
  const asked = new Set<string>();
  const recording: Env = new Proxy(
    {},
    {
      get(_target, name) {
        if (typeof name === 'string') asked.add(name);
        return undefined;
      },
    },
  );
  const platform = platformSettings(recording);
  for (const module of await engineModules()) module.settings?.(recording, platform);
  return asked;
}

/** The variables the example names, set or commented out (`# NAME=default`). */
const example = read('deploy/engine.env.example');
const inExample = [...example.matchAll(/^(?:# )?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!);

describe('deploy/engine.env.example', () => {
  it('names every variable the engine and the HubSpot app read, and none they do not', async () => {
    const asked = await namesAskedFor();
    const engineReads = new Set([...namesInSources(), ...asked].filter((name) => !TEST_ONLY.includes(name)));
    // The recording ran every reader: the platform's, a name built at run time, an extension package's.
    expect([...asked]).toEqual(expect.arrayContaining(['PUBLIC_URL', 'APOLLO_API_KEY', 'HUBSPOT_CLIENT_ID']));

    const listed = new Set(inExample);
    expect([...engineReads].filter((name) => !listed.has(name)).sort(), 'read by the engine, missing from the example').toEqual([]);
    expect(inExample.filter((name) => !engineReads.has(name)).sort(), 'in the example, read by nothing').toEqual([]);
  });

  it('names each variable once, and the ones a deployment must look at first are there to fill in', () => {
    expect(inExample.filter((name, index) => inExample.indexOf(name) !== index)).toEqual([]);
    for (const name of ['SECRET_KEY', 'PUBLIC_URL', 'DATABASE_URL', 'UNIPILE_API_KEY', 'UNIPILE_BASE_URL']) expect(example).toMatch(new RegExp(`^${name}=$`, 'm'));
    for (const prefix of ['HUBSPOT_', 'EMAIL_', 'UNIPILE_']) expect(inExample.filter((name) => name.startsWith(prefix)).length, prefix).toBeGreaterThan(1);
  });

  it('shows the default of an optional variable where the code has one', () => {
    const defaults = Object.fromEntries([...example.matchAll(/^# ([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((match) => [match[1]!, match[2]!]));
    const platform = platformSettings({});
    expect(Number(defaults.PORT)).toBe(platform.port);
    expect(defaults.HOST).toBe(platform.host);
    expect(Number(defaults.WORKER_CONCURRENCY)).toBe(platform.workerConcurrency);
    expect(Number(defaults.WORKER_MAIN_CONCURRENCY)).toBe(platform.workerMainConcurrency);
    expect(defaults.WORKER_RUNNERS!.split(',')).toEqual(platform.workerRunners);
    expect(Number(defaults.DATABASE_POOL_SIZE)).toBe(platform.databasePoolSize);
    expect(Number(defaults.SHUTDOWN_GRACE_SECONDS) * 1000).toBe(platform.shutdownGraceMs);
    expect(defaults.API_KEY_PREFIX).toBe(platform.apiKeyPrefix);
    expect(defaults.LOG_LEVEL).toBe(platform.logLevel);
    expect(Number(defaults.RATE_LIMIT_WEBHOOKS_PER_MINUTE)).toBe(platform.rateLimits.webhooks);
    expect(Number(defaults.RATE_LIMIT_UNSUBSCRIBE_PER_MINUTE)).toBe(platform.rateLimits.unsubscribe);
    expect(Number(defaults.RATE_LIMIT_SIGN_IN_PER_MINUTE)).toBe(platform.rateLimits.sign_in);
  });

  it('keeps the test-only exceptions honest: each is still read by the engine', () => {
    const code = sourceFolders().flatMap(sources).join('\n');
    for (const name of TEST_ONLY) expect(code).toContain(`'${name}'`);
  });
});
