import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { ConfigError } from '../env.ts';
import type { Logger } from '../logger.ts';
import { dataDirInUse, dataDirUnusable, embeddedDidNotStart, embeddedNotReady, embeddedPasswordRefused } from '../startupFailures.ts';
import { currentOwner, type DataDirOwner, tryLockDataDir } from './dataDirLock.ts';
import { keptClusterPassword, LEGACY_PASSWORD, PASSWORD_FILE } from './clusterPassword.ts';
import { allowServerUser, ClusterStartError, initCluster, isInitialised, logFileOf, runningPostmaster, SUPERUSER, serverUser, startCluster, stopCluster } from './postgresCluster.ts';

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
 * - Every connection needs the cluster's password, kept in the data directory (clusterPassword.ts):
 *   the server listens on 127.0.0.1, where any user of the machine could otherwise connect.
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
  const password = clusterPassword(dataDir);
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
    if (fresh) await initCluster(directory, runAs, password);
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
    await adoptPassword(port, password, log, dataDir);
    await ensureDatabase(port, password);
  } catch (error) {
    await stop();
    throw error;
  }
  log.info({ dataDir, port, pid: server?.pid }, `embedded PostgreSQL started on port ${port}, its data in ${dataDir} (DATA_DIR)`);
  return { url: urlFor(port, password), dataDir, owner: true, stop };
}

/**
 * Attaches to the cluster a running service owns, once its server accepts connections (the service
 * may still be starting it). Undefined when the service is gone before that.
 */
async function attach(dataDir: string, owner: DataDirOwner, log: Logger, deadline: number): Promise<EmbeddedDatabase | undefined> {
  const directory = join(dataDir, 'postgres');
  const password = clusterPassword(dataDir);
  for (;;) {
    const server = runningPostmaster(directory);
    // Ready means accepting connections and holding the engine's database, which the owner creates just after.
    if (server?.status === 'ready' && (await hasDatabase(server.port, password))) {
      log.debug({ dataDir, owner, port: server.port }, `using the embedded PostgreSQL that ${owner.label} (pid ${owner.pid}) owns`);
      return { url: urlFor(server.port, password), dataDir, owner: false, stop: async () => {} };
    }
    if (currentOwner(dataDir)?.pid !== owner.pid) return undefined;
    if (Date.now() > deadline) {
      throw embeddedNotReady(dataDir, owner, WAIT_MS / 1000);
    }
    await sleep(100);
  }
}

function urlFor(port: number, password: string, database = DATABASE): string {
  return `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/${database}`;
}

function clusterPassword(dataDir: string): string {
  try {
    return keptClusterPassword(dataDir);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw dataDirUnusable(error, dataDir);
  }
}

/**
 * A cluster made before the engine kept a password of its own still has the well-known one
 * (LEGACY_PASSWORD): its owner replaces it with the kept one on its first start, so an upgrade needs
 * nothing done by hand. A cluster whose password is neither stops the start-up, naming the file.
 */
async function adoptPassword(port: number, password: string, log: Logger, dataDir: string): Promise<void> {
  try {
    await withAdminClient(port, password, async () => {});
    return;
  } catch (error) {
    if (!isWrongPassword(error)) throw error;
  }
  try {
    await withAdminClient(port, LEGACY_PASSWORD, (client) => client.query(`ALTER ROLE ${SUPERUSER} PASSWORD ${client.escapeLiteral(password)}`));
  } catch (error) {
    if (!isWrongPassword(error)) throw error;
    throw embeddedPasswordRefused(dataDir, join(dataDir, PASSWORD_FILE));
  }
  log.warn({ dataDir }, `the embedded PostgreSQL had the password every earlier version used: it now has its own, kept in ${join(dataDir, PASSWORD_FILE)} (mode 0600)`);
}

/** PostgreSQL's invalid_password: the server refused the password itself. */
function isWrongPassword(error: unknown): boolean {
  return (error as { code?: string }).code === '28P01';
}

/** Whether the cluster on `port` holds the engine's database yet; false while it cannot be asked. */
async function hasDatabase(port: number, password: string): Promise<boolean> {
  return withAdminClient(port, password, databaseExists).catch(() => false);
}

async function ensureDatabase(port: number, password: string): Promise<void> {
  await withAdminClient(port, password, async (client) => {
    if (!(await databaseExists(client))) await client.query(`CREATE DATABASE ${DATABASE}`);
  });
}

async function databaseExists(client: pg.Client): Promise<boolean> {
  const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
  return rowCount === 1;
}

/** Runs `work` on a connection to the cluster's `postgres` database, closed afterwards. */
async function withAdminClient<T>(port: number, password: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlFor(port, password, 'postgres') });
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
