import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from './env.ts';
import { keptFile } from './keptFile.ts';
import type { PlatformSettings } from './settings.ts';

/** The file under DATA_DIR holding the embedded default's SECRET_KEY (base64), readable by its owner only. */
export const SECRET_KEY_FILE = 'secret-key';

/**
 * The settings with a SECRET_KEY on the embedded default: when neither `SECRET_KEY` nor `DATABASE_URL`
 * is set, the key kept in DATA_DIR, made on the first start (32 random bytes, file mode 0600), so that
 * sign-in, mailboxes and webhooks work after `npm install` and `npm start` alone. A deployment (with
 * `DATABASE_URL`) sets SECRET_KEY itself, the same on every process: nothing is made for it.
 */
export function withKeptSecretKey(platform: PlatformSettings): PlatformSettings {
  if (platform.secretKey !== undefined || platform.databaseUrl !== undefined) return platform;
  const path = join(platform.dataDir, SECRET_KEY_FILE);
  try {
    mkdirSync(platform.dataDir, { recursive: true });
  } catch {
    // A DATA_DIR that cannot be a directory: opening the embedded database next says so, naming DATA_DIR.
    return platform;
  }
  const key = Buffer.from(
    keptFile(path, () => randomBytes(32).toString('base64')),
    'base64',
  );
  if (key.length !== 32) throw new ConfigError(`${path} must hold SECRET_KEY, 32 bytes in base64: remove it to have a new one made (what it encrypted is then lost)`);
  return { ...platform, secretKey: key };
}
