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
  const packDir = mkdtempSync(join(tmpdir(), 'prospect-pack-'));
  project.provide('n8nInstallation', installN8n());
  project.provide('packageTarball', packCommunityPackage(packDir));
  return () => rmSync(packDir, { recursive: true, force: true });
}
