import { fileURLToPath } from 'node:url';
import { runMigrations as runWorkerMigrations } from 'graphile-worker';
import { runner } from 'node-pg-migrate';
import type pg from 'pg';
import type { Logger } from '../logger.ts';
import { graphileLogger } from '../worker/graphileLogger.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));

/**
 * Brings the schema up to date: our numbered SQL migrations (node-pg-migrate, each in a transaction,
 * under an advisory lock so processes starting together wait for each other), then graphile-worker's own.
 */
export async function migrate(pool: pg.Pool, log: Logger): Promise<string[]> {
  const client = await pool.connect();
  let applied: string[];
  try {
    const migrations = await runner({
      dbClient: client,
      dir: MIGRATIONS_DIR,
      direction: 'up',
      migrationsTable: 'pgmigrations',
      checkOrder: true,
      advisoryLockMode: 'wait',
      log: (message) => log.debug({ migration: message }, 'migration'),
    });
    applied = migrations.map((migration) => migration.name);
  } finally {
    client.release();
  }
  await runWorkerMigrations({ pgPool: pool, logger: graphileLogger(log) });
  if (applied.length > 0) log.info({ applied }, 'database migrated');
  return applied;
}
