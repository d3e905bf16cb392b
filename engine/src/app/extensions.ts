import { existsSync, globSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FeatureModule } from '../platform/module.ts';

/**
 * Extension packages: feature modules that live outside the engine (the HubSpot app in `crm-app/`) and
 * plug in without the engine importing them. A package is one when it is a workspace of the project the
 * engine runs in and its package.json names its module file:
 *
 *   "prospect-engine": { "module": "./src/module.ts" }
 *
 * That file's default export is a function returning the package's FeatureModule (or several).
 */
export const EXTENSION_FIELD = 'prospect-engine';

/** The project the engine belongs to: the npm workspaces root that holds `engine/`. */
const PROJECT_ROOT = resolve(import.meta.dirname, '../../..');

interface PackageJson {
  name?: string;
  workspaces?: string[] | { packages?: string[] };
  [EXTENSION_FIELD]?: { module?: unknown };
}

/** The extension modules of the project at `root`, in the order its `workspaces` list them. */
export async function extensionModules(root: string = PROJECT_ROOT): Promise<FeatureModule[]> {
  const project = readPackage(join(root, 'package.json'));
  const patterns = Array.isArray(project?.workspaces) ? project.workspaces : (project?.workspaces?.packages ?? []);
  const modules: FeatureModule[] = [];
  for (const folder of patterns.flatMap((pattern) => globSync(pattern, { cwd: root }).sort())) {
    const manifest = join(root, folder, 'package.json');
    const declared = readPackage(manifest)?.[EXTENSION_FIELD];
    if (declared === undefined) continue;
    if (typeof declared.module !== 'string') throw new Error(`${manifest}: "${EXTENSION_FIELD}".module must name the package's module file`);
    const file = resolve(dirname(manifest), declared.module);
    const loaded = (await import(pathToFileURL(file).href)) as { default?: unknown };
    if (typeof loaded.default !== 'function') throw new Error(`${file} must export by default a function that returns its feature module`);
    const made = (loaded.default as () => FeatureModule | FeatureModule[])();
    modules.push(...(Array.isArray(made) ? made : [made]));
  }
  return modules;
}

function readPackage(file: string): PackageJson | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PackageJson) : undefined;
}
