import pg from 'pg';
import type { Logger } from '../logger.ts';
import { databaseUnreachable } from '../startupFailures.ts';
import { type EmbeddedOptions, openEmbeddedPostgres } from './embeddedPostgres.ts';

// bigint columns (ids, counts) arrive as numbers: ours stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
export type Queryable = pg.Pool | pg.PoolClient;

export interface Database {
  pool: pg.Pool;
  url: string;
  /** Whether the database is the embedded one under the data directory. */
  embedded: boolean;
  /** Closes the pool, then stops the embedded PostgreSQL if this process owns it. */
  close(): Promise<void>;
}

/** How long the first connection to `DATABASE_URL` may take before start-up gives up on it. */
const FIRST_CONNECTION_TIMEOUT_MS = 15_000;

/** Where the database is, as the platform's settings read it (`DATABASE_URL`, `DATA_DIR`, `DATABASE_POOL_SIZE`). */
export interface DatabaseSettings {
  databaseUrl: string | undefined;
  dataDir: string;
  databasePoolSize: number;
}

/**
 * Connects to `DATABASE_URL`, checking at once that it answers (a failure names the variable), or,
 * when it is unset, opens the embedded PostgreSQL in the data directory as `embedded` says (a service
 * owns it; a command attaches to a running service's).
 */
export async function openDatabase(config: DatabaseSettings, log: Logger, embeddedAs: EmbeddedOptions = { role: 'service', label: `the engine (pid ${process.pid})` }): Promise<Database> {
  if (config.databaseUrl !== undefined) await checkConnection(config.databaseUrl);
  const embedded = config.databaseUrl === undefined ? await openEmbeddedPostgres(config.dataDir, log, embeddedAs) : undefined;
  const url = config.databaseUrl ?? embedded!.url;
  const pool = createPool(url, config.databasePoolSize, log);
  const open = new Set<pg.Client>();
  pool.on('connect', (client) => {
    open.add(client);
    client.once('end', () => open.delete(client));
  });
  return {
    pool,
    url,
    embedded: embedded !== undefined,
    async close() {
      await pool.end();
      // pool.end() resolves before its sockets close: stopping the server (or dropping the database)
      // first would cut them mid-goodbye, and each would log a failed connection.
      await Promise.all([...open].map((client) => new Promise((resolve) => client.once('end', resolve))));
      await embedded?.stop();
    },
  };
}

async function checkConnection(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: FIRST_CONNECTION_TIMEOUT_MS });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    throw databaseUnreachable(error, url);
  } finally {
    await client.end().catch(() => {});
  }
}

/** A pool whose broken connections are logged (when `log` is given) instead of crashing the process. */
export function createPool(url: string, max = 10, log?: Logger): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', (error) => log?.error({ err: error }, 'idle database connection failed'));
  pool.on('connect', (client) => client.on('error', (error) => log?.error({ err: error }, 'database connection failed')));
  return pool;
}

/**
 * Runs `work` in one transaction; rolls back when it throws. With `commit: false` the work is rolled
 * back at the end too (a dry run), and its result still returned.
 */
export async function transaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>, options: { commit?: boolean } = {}): Promise<T> {
  const client = await pool.connect();
  try {
    return await transactionOn(client, work, options);
  } finally {
    client.release();
  }
}

/** `transaction` on a connection the caller holds (one that also holds a session's advisory lock, say). */
export async function transactionOn<T>(client: pg.PoolClient, work: (client: pg.PoolClient) => Promise<T>, options: { commit?: boolean } = {}): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await work(client);
    await client.query(options.commit === false ? 'ROLLBACK' : 'COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
