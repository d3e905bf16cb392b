import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { keptClusterPassword } from '../../src/platform/database/clusterPassword.ts';
import { allowServerUser, initCluster, serverUser } from '../../src/platform/database/postgresCluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    clusterTemplate: string;
  }
}

/** Written into the template's directory once it is made, or with the reason it could not be. */
export const READY = 'ready';
export const FAILED = 'failed';

/**
 * Setup of the `processes` project: one embedded PostgreSQL cluster per run, created by the engine's
 * own `initdb` (postgresCluster.ts) with its password file beside it, and never started. Tests whose subject is not the creation of a
 * cluster copy it (`initialisedDataDir()` in processes.ts) rather than each running `initdb`, which
 * takes seconds, most of them syncing to disk. It is made in the background: the run does not wait
 * for it, the first test that copies it does.
 */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'prospect-cluster-template-'));
  const made = (async () => {
    const runAs = await serverUser();
    allowServerUser(dir, runAs);
    await initCluster(join(dir, 'postgres'), runAs, keptClusterPassword(dir));
    writeFileSync(join(dir, READY), '');
  })().catch((error: unknown) => writeFileSync(join(dir, FAILED), String(error)));
  project.provide('clusterTemplate', dir);
  return async () => {
    await made;
    rmSync(dir, { recursive: true, force: true });
  };
}
