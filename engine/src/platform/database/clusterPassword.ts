import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ConfigError } from '../env.ts';
import { keptFile } from '../keptFile.ts';

/** The file under DATA_DIR holding the embedded PostgreSQL's superuser password, readable by its owner only. */
export const PASSWORD_FILE = 'postgres-password';

/** The password every cluster had before it got its own: a data directory made then has no PASSWORD_FILE. */
export const LEGACY_PASSWORD = 'postgres';

/**
 * The embedded cluster's password, kept in `dataDir` (which must exist): made on first use, 32 random
 * bytes in hex (mode 0600), so only the user running the engine (and root) can connect, whatever
 * else runs on the machine. The service and every ops command read the same file.
 */
export function keptClusterPassword(dataDir: string): string {
  const path = join(dataDir, PASSWORD_FILE);
  const password = keptFile(path, () => randomBytes(32).toString('hex'));
  if (!/^[0-9a-f]{64}$/.test(password)) throw new ConfigError(`${path} must hold the embedded PostgreSQL's password (64 hex digits): it was changed by hand`);
  return password;
}
