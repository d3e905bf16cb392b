import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrationStreams } from '../../src/app/features.ts';
import { engineModules } from '../../src/app/modules.ts';
import { createPool } from '../../src/platform/database/database.ts';
import { startEmbeddedPostgres } from '../../src/platform/database/embeddedPostgres.ts';
import { CORE_MIGRATIONS, featureMigrations, migrate, type MigrationStream } from '../../src/platform/database/migrate.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { researchModule } from '../../src/research/module.ts';
import { databaseUrl } from './databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDatabase: string;
    coreTemplateDatabase: string;
  }
}

interface TestServer {
  adminUrl: string;
  templateDatabase: string;
  coreTemplateDatabase: string;
  stop(): Promise<void>;
}

/**
 * The server and its templates, shared by the projects of one vitest run that declare this setup (the
 * database and processes projects): the first to start makes them, the last to stop removes them.
 */
const SHARED = Symbol.for('prospect-research.testServer');
type Shared = { server: Promise<TestServer>; users: number };
const registry = globalThis as { [SHARED]?: Shared };

export default async function setup(project: TestProject) {
  const shared = (registry[SHARED] ??= { server: startTestServer(), users: 0 });
  shared.users += 1;
  const server = await shared.server;
  project.provide('adminUrl', server.adminUrl);
  project.provide('templateDatabase', server.templateDatabase);
  project.provide('coreTemplateDatabase', server.coreTemplateDatabase);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete registry[SHARED];
    await server.stop();
  };
}

/**
 * Tests run on a real PostgreSQL: TEST_DATABASE_URL, else DATABASE_URL, else an embedded one in a
 * temporary directory. Two template databases are migrated once, and every test file clones its own
 * from one of them: the complete schema (every module of the engine's composition, the HubSpot app's
 * included, in the order the service migrates them), so no test file migrates; and the core and
 * research schemas alone, the older schema a migration test starts from.
 */
async function startTestServer(): Promise<TestServer> {
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

  const coreTemplateDatabase = `prospect_test_core_template_${process.pid}`;
  const templateDatabase = `prospect_test_template_${process.pid}`;
  const admin = createPool(adminUrl, 1);
  const createTemplate = async (name: string, streams: MigrationStream[], from?: string) => {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}${from ? ` TEMPLATE ${from}` : ''}`);
    const template = createPool(databaseUrl(adminUrl, name), 2);
    try {
      await migrate(template, log, streams);
    } finally {
      await template.end();
    }
  };
  await createTemplate(coreTemplateDatabase, [CORE_MIGRATIONS, featureMigrations('research', researchModule().migrations!)]);
  const modules = await engineModules();
  await createTemplate(templateDatabase, migrationStreams(modules.map((module) => ({ module, settings: undefined }))), coreTemplateDatabase);

  return {
    adminUrl,
    templateDatabase,
    coreTemplateDatabase,
    async stop() {
      // The dashboard's browser files seed a copy of the template once, named after it (test/dashboard/demoTemplate.ts).
      await admin.query(`DROP DATABASE IF EXISTS ${templateDatabase}_demo WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${templateDatabase} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${coreTemplateDatabase} WITH (FORCE)`);
      await admin.end();
      await stopEmbedded();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
