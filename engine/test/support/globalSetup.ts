import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPool } from '../../src/platform/database/database.ts';
import { startEmbeddedPostgres } from '../../src/platform/database/embeddedPostgres.ts';
import { CORE_MIGRATIONS, featureMigrations, migrate } from '../../src/platform/database/migrate.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { researchModule } from '../../src/research/module.ts';
import { databaseUrl } from './databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDatabase: string;
  }
}

/**
 * Tests run on a real PostgreSQL: TEST_DATABASE_URL, else DATABASE_URL, else an embedded one in a
 * temporary directory. A template database is migrated once (the core schema and the research
 * feature's, as the engine's own modules have it); every test file clones its own from it.
 */
export default async function setup(project: TestProject) {
  const log = createLogger('warn', 2);
  const given = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  let dataDir: string | undefined;
  let stopEmbedded = async () => {};
  let adminUrl: string;
  if (given) {
    adminUrl = given;
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'prospect-test-pg-'));
    const embedded = await startEmbeddedPostgres(dataDir, log);
    adminUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }

  const templateDatabase = `prospect_test_template_${process.pid}`;
  const admin = createPool(adminUrl, 1);
  await admin.query(`DROP DATABASE IF EXISTS ${templateDatabase}`);
  await admin.query(`CREATE DATABASE ${templateDatabase}`);
  const template = createPool(databaseUrl(adminUrl, templateDatabase), 2);
  await migrate(template, log, [CORE_MIGRATIONS, featureMigrations('research', researchModule().migrations!)]);
  await template.end();

  project.provide('adminUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${templateDatabase} WITH (FORCE)`);
    await admin.end();
    await stopEmbedded();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
