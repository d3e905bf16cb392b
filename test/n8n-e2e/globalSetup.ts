import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { installN8n, packCommunityPackage } from './n8n.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    n8nInstallation: string;
    packageTarball: string;
  }
}

/** Installs the real n8n (once per machine and version) and packs our package the way npm publishes it. */
export default function setup(project: TestProject) {
  project.provide('n8nInstallation', installN8n());
  const packDir = mkdtempSync(join(tmpdir(), 'prospect-pack-'));
  const removePackDir = () => rmSync(packDir, { recursive: true, force: true });
  try {
    project.provide('packageTarball', packCommunityPackage(packDir));
  } catch (error) {
    removePackDir();
    throw error;
  }
  return removePackDir;
}
