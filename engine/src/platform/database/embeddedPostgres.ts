import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import { dataDirInUse, dataDirUnusable, embeddedDidNotStart, embeddedNotReady } from '../startupFailures.ts';
import { currentOwner, type DataDirOwner, tryLockDataDir } from './dataDirLock.ts';
import { allowServerUser, ClusterStartError, initCluster, isInitialised, logFileOf, PASSWORD, runningPostmaster, SUPERUSER, serverUser, startCluster, stopCluster } from './postgresCluster.ts';

/**
 * The PostgreSQL a machine with no `DATABASE_URL` uses: one cluster under the data directory, owned
 * by exactly one process at a time (see dataDirLock.ts).
 *
 * - A *service* (`serve`, `worker`) must own it: it starts the cluster and stops it last, when it
 *   stops. A second service on the same data directory is refused: when the first stopped, the second
 *   would be left without a database.
 * - A *command* (`accounts list`, `migrate`...) attaches to the cluster a running service owns, and
 *   otherwise owns it for its own run.
 * - Whoever takes ownership and finds a server still running in the cluster (an owner that was
 *   killed, or stopped without shutting it down) stops that orphan first, then starts its own.
 * - An owner waits for a command that owns the cluster to finish (commands are short) rather than
 *   being refused.
 */
export interface EmbeddedDatabase {
  url: string;
  /** The data directory, absolute. */
  dataDir: string;
  /** Whether this process owns the cluster: its stop() then stops the cluster. */
  owner: boolean;
  /** Stops the cluster if this process owns it (and releases the data directory); an attached process leaves it alone. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  role: DataDirOwner['role'];
  /** What this process is, for the messages other processes print: `prospect-engine serve`. */
  label: string;
}

const DATABASE = 'prospect';
/** How long to wait for a command that owns the cluster to finish, or for a service's cluster to be ready. */
const WAIT_MS = 60_000;

/**
 * Opens the embedded PostgreSQL in `dataDir` (absolute) as `options.role`. Tests and the bench
 * use `startEmbeddedPostgres` below.
 */
export async function openEmbeddedPostgres(dataDir: string, log: Logger, options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const lock = lockDataDir(dataDir, options);
    if (lock.acquired) {
      try {
        return await ownCluster(dataDir, log, options.role, lock.release);
      } catch (error) {
        lock.release();
        throw error;
      }
    }
    const { owner } = lock;
    if (owner.role === 'service') {
      if (options.role === 'service') throw dataDirInUse(dataDir, owner);
      const attached = await attach(dataDir, owner, log, deadline);
      if (attached) return attached;
      continue; // the service went away meanwhile: take the cluster over
    }
    if (Date.now() > deadline) throw dataDirInUse(dataDir, owner);
    log.debug({ dataDir, owner }, 'waiting for a command that owns the embedded PostgreSQL to finish');
    await sleep(100);
  }
}

function lockDataDir(dataDir: string, { role, label }: EmbeddedOptions) {
  try {
    mkdirSync(dataDir, { recursive: true });
    return tryLockDataDir(dataDir, role, label);
  } catch (error) {
    throw dataDirUnusable(error, dataDir);
  }
}

/** Opens the embedded PostgreSQL in `dataDir` as its owner, for tests and the bench (a temporary directory). */
export function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedDatabase> {
  return openEmbeddedPostgres(dataDir, log, { role: 'service', label: 'an in-process embedded PostgreSQL (tests)' });
}

async function ownCluster(dataDir: string, log: Logger, role: DataDirOwner['role'], release: () => void): Promise<EmbeddedDatabase> {
  const directory = join(dataDir, 'postgres');
  const runAs = await serverUser();
  allowServerUser(dataDir, runAs);
  const orphan = runningPostmaster(directory);
  if (orphan) {
    log.warn({ dataDir, pid: orphan.pid }, `stopping the embedded PostgreSQL (pid ${orphan.pid}) that an engine no longer running left behind in ${dataDir}; this process starts its own`);
    await stopCluster(directory, runAs);
  }
  const fresh = !isInitialised(directory);
  // A command creating the database is worth a line even at its quieter log level: it may be run from the wrong place.
  if (fresh) log[role === 'service' ? 'info' : 'warn']({ dataDir }, `no embedded PostgreSQL in ${dataDir} (DATA_DIR) yet: creating a new, empty one`);
  const port = await freePort();
  try {
    if (fresh) await initCluster(directory, runAs);
    await startCluster(directory, port, runAs);
  } catch (error) {
    if (error instanceof ClusterStartError) throw embeddedDidNotStart(directory, error.message, logFileOf(directory));
    throw dataDirUnusable(error, dataDir);
  }
  // Safety net: a process that ends without stop() (an uncaught error, a forced exit) still asks the
  // server for a fast shutdown and gives the data directory up. Synchronous, as 'exit' requires.
  const server = runningPostmaster(directory);
  const stopOnExit = () => {
    if (server) {
      try {
        process.kill(server.pid, 'SIGINT');
      } catch {}
    }
    release();
  };
  process.once('exit', stopOnExit);
  const stop = async () => {
    process.off('exit', stopOnExit);
    try {
      await stopCluster(directory, runAs);
    } finally {
      release();
    }
  };
  try {
    await ensureDatabase(port);
  } catch (error) {
    await stop();
    throw error;
  }
  log.info({ dataDir, port, pid: server?.pid }, `embedded PostgreSQL started on port ${port}, its data in ${dataDir} (DATA_DIR)`);
  return { url: urlFor(port), dataDir, owner: true, stop };
}

/**
 * Attaches to the cluster a running service owns, once its server accepts connections (the service
 * may still be starting it). Undefined when the service is gone before that.
 */
async function attach(dataDir: string, owner: DataDirOwner, log: Logger, deadline: number): Promise<EmbeddedDatabase | undefined> {
  const directory = join(dataDir, 'postgres');
  for (;;) {
    const server = runningPostmaster(directory);
    // Ready means accepting connections and holding the engine's database, which the owner creates just after.
    if (server?.status === 'ready' && (await hasDatabase(server.port))) {
      log.debug({ dataDir, owner, port: server.port }, `using the embedded PostgreSQL that ${owner.label} (pid ${owner.pid}) owns`);
      return { url: urlFor(server.port), dataDir, owner: false, stop: async () => {} };
    }
    if (currentOwner(dataDir)?.pid !== owner.pid) return undefined;
    if (Date.now() > deadline) {
      throw embeddedNotReady(dataDir, owner, WAIT_MS / 1000);
    }
    await sleep(100);
  }
}

function urlFor(port: number, database = DATABASE): string {
  return `postgres://${SUPERUSER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/** Whether the cluster on `port` holds the engine's database yet; false while it cannot be asked. */
async function hasDatabase(port: number): Promise<boolean> {
  return withAdminClient(port, databaseExists).catch(() => false);
}

async function ensureDatabase(port: number): Promise<void> {
  await withAdminClient(port, async (client) => {
    if (!(await databaseExists(client))) await client.query(`CREATE DATABASE ${DATABASE}`);
  });
}

async function databaseExists(client: pg.Client): Promise<boolean> {
  const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
  return rowCount === 1;
}

/** Runs `work` on a connection to the cluster's `postgres` database, closed afterwards. */
async function withAdminClient<T>(port: number, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlFor(port, 'postgres') });
  try {
    await client.connect();
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}
