import pg from 'pg';
import type { Logger } from '../logger.ts';
import type { PlatformSettings } from '../settings.ts';
import { startEmbeddedPostgres } from './embeddedPostgres.ts';

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
  close(): Promise<void>;
}

/** Connects to `DATABASE_URL`, or starts (or joins) the embedded PostgreSQL when it is unset. */
export async function openDatabase(config: Pick<PlatformSettings, 'databaseUrl' | 'dataDir' | 'databasePoolSize'>, log: Logger): Promise<Database> {
  const embedded = config.databaseUrl === undefined ? await startEmbeddedPostgres(config.dataDir, log) : undefined;
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
      if (embedded) {
        // pool.end() resolves before its sockets close; stopping the server first would cut them mid-goodbye.
        await Promise.all([...open].map((client) => new Promise((resolve) => client.once('end', resolve))));
        await embedded.stop();
      }
    },
  };
}

/** A pool whose broken connections are logged (when `log` is given) instead of crashing the process. */
export function createPool(url: string, max = 10, log?: Logger): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', (error) => log?.error({ err: error }, 'idle database connection failed'));
  pool.on('connect', (client) => client.on('error', (error) => log?.error({ err: error }, 'database connection failed')));
  return pool;
}

/** Runs `work` in one transaction; rolls back when it throws. */
export async function transaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
