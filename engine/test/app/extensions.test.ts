import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EXTENSION_FIELD, extensionModules } from '../../src/app/extensions.ts';

/** A project folder with `workspaces`, each workspace's package.json and files as given. */
function project(workspaces: string[], packages: Record<string, { manifest: object; files?: Record<string, string> }>): string {
  const root = mkdtempSync(join(tmpdir(), 'prospect-extensions-'));
  roots.push(root);
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'project', private: true, workspaces }));
  for (const [folder, { manifest, files = {} }] of Object.entries(packages)) {
    mkdirSync(join(root, folder), { recursive: true });
    writeFileSync(join(root, folder, 'package.json'), JSON.stringify(manifest));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(root, folder, name), text);
  }
  return root;
}

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const moduleFile = (name: string) => `export default () => ({ name: '${name}', routes: () => {} });\n`;

describe('extension packages', () => {
  it('are the workspaces that name a module file in their package.json, in the order the workspaces list them', async () => {
    const root = project(['engine', 'crm-app', 'plugins/*'], {
      engine: { manifest: { name: '@prospect-research/engine' } },
      'crm-app': { manifest: { name: 'crm-app', [EXTENSION_FIELD]: { module: './module.mjs' } }, files: { 'module.mjs': moduleFile('hubspot') } },
      'plugins/b': { manifest: { name: 'b', [EXTENSION_FIELD]: { module: './index.mjs' } }, files: { 'index.mjs': moduleFile('pipedrive') } },
      'plugins/a': { manifest: { name: 'a', [EXTENSION_FIELD]: { module: './index.mjs' } }, files: { 'index.mjs': 'export default () => [{ name: "salesforce" }, { name: "salesforce_sync" }];\n' } },
      'plugins/unrelated': { manifest: { name: 'unrelated' } },
    });
    const modules = await extensionModules(root);
    expect(modules.map((module) => module.name)).toEqual(['hubspot', 'salesforce', 'salesforce_sync', 'pipedrive']);
  });

  it('are none in a project without workspaces, or without that field', async () => {
    expect(await extensionModules(project([], {}))).toEqual([]);
    expect(await extensionModules(project(['engine'], { engine: { manifest: { name: 'engine' } } }))).toEqual([]);
  });

  it('say what is wrong with a package that declares itself badly', async () => {
    const noFile = project(['x'], { x: { manifest: { name: 'x', [EXTENSION_FIELD]: {} } } });
    await expect(extensionModules(noFile)).rejects.toThrow(`"${EXTENSION_FIELD}".module must name the package's module file`);
    const noFactory = project(['x'], { x: { manifest: { name: 'x', [EXTENSION_FIELD]: { module: './m.mjs' } }, files: { 'm.mjs': 'export const hubspot = {};\n' } } });
    await expect(extensionModules(noFactory)).rejects.toThrow('must export by default a function that returns its feature module');
  });

  it('are, in this project, the HubSpot app of crm-app/, after the built-in modules', async () => {
    expect((await extensionModules()).map((module) => module.name)).toEqual(['hubspot']);
  });
});
