import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, migrate, type Pool } from '@prospect-research/engine';
import { createPool, startEmbeddedPostgres } from '@prospect-research/engine/bench';

export interface BenchDatabase {
  name: string;
  url: string;
  /** A small pool for the measurement's own setup and checks (10 connections). */
  pool: Pool;
}

/** The PostgreSQL server the bench runs on, a migrated template database, and the databases cloned from it. */
export interface BenchServer {
  /** Where the server came from: an environment variable's name, or `embedded`. */
  source: string;
  embedded: boolean;
  /** A connection to the template, for reading the server's version and settings. */
  admin: Pool;
  /**
   * A new database cloned from the migrated template. It also asks for a checkpoint, so the phase
   * that uses it starts from a clean slate and no timed checkpoint (every 5 minutes by default) lands in it.
   */
  freshDatabase(): Promise<BenchDatabase>;
  /** Drops every database this run created and stops an embedded server. */
  close(): Promise<void>;
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * BENCH_DATABASE_URL, else TEST_DATABASE_URL, else DATABASE_URL, used as an admin connection: the bench
 * creates `prospect_bench_<pid>` there, migrates it, and clones each fresh database from it. With none
 * set, an embedded PostgreSQL starts in a temporary directory.
 */
export async function openBenchServer(env: Record<string, string | undefined> = process.env): Promise<BenchServer> {
  const log = createLogger('warn', 2);
  const variable = ['BENCH_DATABASE_URL', 'TEST_DATABASE_URL', 'DATABASE_URL'].find((name) => env[name]?.trim());
  let serverUrl: string;
  let stopEmbedded = async () => {};
  let dataDir: string | undefined;
  if (variable) {
    serverUrl = env[variable]!.trim();
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'prospect-bench-pg-'));
    const embedded = await startEmbeddedPostgres(dataDir, log);
    serverUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }

  const template = `prospect_bench_${process.pid}`;
  const created: string[] = [];
  // Connected to the server's own database, never to the template: CREATE DATABASE ... TEMPLATE needs it idle.
  const admin = createPool(serverUrl, 1);
  await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${template}`);
  created.push(template);
  const migrating = createPool(databaseUrl(serverUrl, template), 2);
  await migrate(migrating, log);
  await migrating.end();

  const pools: Pool[] = [];
  return {
    source: variable ?? 'embedded',
    embedded: variable === undefined,
    admin,
    async freshDatabase() {
      const name = `${template}_${created.length}`;
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      created.push(name);
      await admin.query('CHECKPOINT').catch(() => {}); // needs superuser or pg_checkpoint; a nicety, not a must
      const url = databaseUrl(serverUrl, name);
      const pool = createPool(url, 10);
      pools.push(pool);
      return { name, url, pool };
    },
    async close() {
      await Promise.all(pools.map((pool) => pool.end().catch(() => {})));
      for (const name of created.reverse()) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.end();
      await stopEmbedded();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
