import pg from 'pg';
import { ConfigError } from './env.ts';

/**
 * Every start-up failure a person can fix, as one line naming the cause and the variable to change.
 * Each function takes what went wrong and answers a ConfigError (the CLI prints its message and exits
 * 2, with no stack trace), or the error itself when it is not one it knows.
 */

interface SystemError extends Error {
  code?: string;
  errors?: SystemError[];
}

/** The system error code, also of an AggregateError (a host name that resolves to several addresses). */
function codeOf(error: unknown): string | undefined {
  const system = error as SystemError;
  return system?.code ?? system?.errors?.find((inner) => inner.code)?.code;
}

const NETWORK_CAUSES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found (name resolution failed)',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ECONNRESET: 'connection reset',
};

/** The HTTP server could not listen on HOST:PORT. */
export function listenFailure(error: unknown, { host, port }: { host: string; port: number }, setting: 'PORT' | 'WORKER_HTTP_PORT' = 'PORT'): unknown {
  switch (codeOf(error)) {
    case 'EADDRINUSE':
      return new ConfigError(`${setting} ${port} is in use on ${host}: set ${setting} to a free port, or stop what uses it`);
    case 'EACCES':
      return new ConfigError(`${setting} ${port} needs privileges this process lacks: set ${setting} to 1024 or above`);
    case 'EADDRNOTAVAIL':
      return new ConfigError(`HOST ${host} is not an address of this machine: set HOST (0.0.0.0 listens on every interface)`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return new ConfigError(`HOST ${host} cannot be resolved: set HOST to an address of this machine (0.0.0.0 listens on every interface)`);
    default:
      return error;
  }
}

/** Where DATABASE_URL points, for messages: host and port, never the user or password. */
export function databaseAddress(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed) return 'an unreadable URL';
  const host = parsed.hostname === '' ? 'localhost' : parsed.hostname;
  return `${host}:${parsed.port === '' ? '5432' : parsed.port}`;
}

/** The first connection to DATABASE_URL failed. */
export function databaseUnreachable(error: unknown, url: string): unknown {
  const where = `the database at DATABASE_URL (${databaseAddress(url)})`;
  const code = codeOf(error);
  const network = code === undefined ? undefined : NETWORK_CAUSES[code];
  if (network) return new ConfigError(`cannot reach ${where}: ${network}`);
  // The server answered and refused: a wrong password, an unknown database, too many connections.
  if (error instanceof pg.DatabaseError) return new ConfigError(`${where} refused the connection: ${error.message}: set DATABASE_URL`);
  if (!(error instanceof Error)) return error;
  if (/connection timeout/i.test(error.message)) return new ConfigError(`cannot reach ${where}: timed out`);
  // pg's own complaints about the URL's credentials or TLS (a SCRAM password missing, a server without SSL).
  if (/password|SASL|SSL/i.test(error.message)) return new ConfigError(`cannot log in to ${where}: ${error.message}: set DATABASE_URL`);
  return error;
}

/** Bringing the schema up to date failed because the database refused (the user may not create tables). */
export function migrationRefused(error: unknown, url: string | undefined): unknown {
  if (url === undefined || codeOf(error) !== '42501') return error;
  return new ConfigError(
    `the database at DATABASE_URL (${databaseAddress(url)}) refused the schema update: ${(error as Error).message}: give its user the right to create tables, or set DATABASE_URL`,
  );
}

/** Who holds a data directory: a long-running service or a short command. */
export interface DataDirHolder {
  pid: number;
  /** `prospect-engine serve`, `prospect-engine accounts list`... */
  label: string;
}

export function dataDirInUse(dataDir: string, holder: DataDirHolder): ConfigError {
  return new ConfigError(
    `DATA_DIR ${dataDir} is in use by ${holder.label} (pid ${holder.pid}), which owns its embedded PostgreSQL: stop that one first, or set DATA_DIR (or DATABASE_URL) for this one`,
  );
}

export function embeddedNotReady(dataDir: string, holder: DataDirHolder, waitedSeconds: number): ConfigError {
  return new ConfigError(
    `DATA_DIR ${dataDir} belongs to ${holder.label} (pid ${holder.pid}), whose embedded PostgreSQL did not accept connections within ${waitedSeconds} s: wait until it has started, or stop it`,
  );
}

/** The data directory cannot be created or written. */
export function dataDirUnusable(error: unknown, dataDir: string): unknown {
  switch (codeOf(error)) {
    case 'EACCES':
    case 'EPERM':
      return new ConfigError(`DATA_DIR ${dataDir} cannot be written: permission denied: set DATA_DIR to a directory this user may write`);
    case 'EROFS':
      return new ConfigError(`DATA_DIR ${dataDir} is on a read-only file system: set DATA_DIR`);
    case 'ENOTDIR':
    case 'EEXIST':
      return new ConfigError(`DATA_DIR ${dataDir} is not a directory: set DATA_DIR`);
    case 'ENOSPC':
      return new ConfigError(`DATA_DIR ${dataDir} is on a full disk: free some space or set DATA_DIR`);
    default:
      return error;
  }
}

export function embeddedDidNotStart(directory: string, reason: string, logFile: string): ConfigError {
  return new ConfigError(`the embedded PostgreSQL in ${directory} did not start: ${reason} (its log: ${logFile}); set DATABASE_URL to use another PostgreSQL`);
}

/** The embedded cluster takes neither the kept password nor the one clusters had before it was kept. */
export function embeddedPasswordRefused(dataDir: string, passwordFile: string): ConfigError {
  return new ConfigError(`the embedded PostgreSQL in ${dataDir} refuses the password in ${passwordFile}: put its password back there, or set DATABASE_URL to use another PostgreSQL`);
}
