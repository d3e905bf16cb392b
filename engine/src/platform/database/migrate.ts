import { fileURLToPath } from 'node:url';
import { runMigrations as runWorkerMigrations } from 'graphile-worker';
import { runner } from 'node-pg-migrate';
import type pg from 'pg';
import type { Logger } from '../logger.ts';
import { graphileLogger } from '../queue/graphileLogger.ts';

/** A folder of numbered SQL migrations, applied in order and remembered in its own table. */
export interface MigrationStream {
  /** Names the stream in logs: `core`, or the feature's name. */
  name: string;
  directory: string;
  table: string;
}

/**
 * The engine's core schema: accounts, plans, products, API keys, credits, and the research tables as
 * they stood before features brought migrations of their own. Tracked in `pgmigrations`, node-pg-migrate's
 * default table, as it always was.
 */
export const CORE_MIGRATIONS: MigrationStream = {
  name: 'core',
  directory: fileURLToPath(new URL('../../../migrations', import.meta.url)),
  table: 'pgmigrations',
};

/** A feature's own migrations folder, tracked apart from every other stream. */
export function featureMigrations(feature: string, directory: string): MigrationStream {
  return { name: feature, directory, table: `pgmigrations_${feature}` };
}

/**
 * Brings the schema up to date: graphile-worker's own migrations (feature migrations may refer to its
 * schema), then each stream in order: the core, then each feature's in the order features are composed,
 * so a feature may build on the tables of those before it. Each stream runs under node-pg-migrate's
 * advisory lock, each file in a transaction, so processes starting together wait for each other.
 * Returns the migrations applied, as `stream/file`.
 */
export async function migrate(pool: pg.Pool, log: Logger, streams: MigrationStream[] = [CORE_MIGRATIONS]): Promise<string[]> {
  await runWorkerMigrations({ pgPool: pool, logger: graphileLogger(log) });
  const applied: string[] = [];
  const client = await pool.connect();
  try {
    for (const stream of streams) {
      const migrations = await runner({
        dbClient: client,
        dir: stream.directory,
        direction: 'up',
        migrationsTable: stream.table,
        checkOrder: true,
        advisoryLockMode: 'wait',
        log: (message) => log.debug({ migration: message, stream: stream.name }, 'migration'),
      });
      applied.push(...migrations.map((migration) => `${stream.name}/${migration.name}`));
    }
  } finally {
    client.release();
  }
  if (applied.length > 0) log.info({ applied }, 'database migrated');
  return applied;
}
