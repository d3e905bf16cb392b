import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { boolean, ConfigError, type Env, integer, list, logLevel, nonEmpty, postgresUrl } from './env.ts';
import { type OpsSettings, opsSettings } from './ops/settings.ts';
import { type RateLimits, rateLimitSettings } from './http/rateLimits.ts';

/** The project's root (the folder holding engine/): where `npm start` runs, and what a relative `DATA_DIR` is relative to. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * What every process of the engine reads from its environment, whatever features it runs. Each
 * feature module reads its own variables (see `FeatureModule.settings`). Every variable is documented
 * in the README's configuration table; keep the two in step.
 */
export interface PlatformSettings {
  /** `DATABASE_URL`; unset means an embedded PostgreSQL under `dataDir`. */
  databaseUrl: string | undefined;
  /**
   * `DATA_DIR` (default `.data`): where the embedded PostgreSQL keeps its files. Absolute: a relative
   * value is taken from the project's root, never from the current directory, so every command run
   * anywhere in the project finds the same database.
   */
  dataDir: string;
  /** `PORT` (default 3000) and `HOST` (default `0.0.0.0`). */
  port: number;
  host: string;
  /** `API_KEY_PREFIX` (default `pr`): keys look like `pr_live_<42 characters>`. */
  apiKeyPrefix: string;
  /** `WORKER_CONCURRENCY` (default 10): bulk jobs (research) one worker process runs at once, on its bulk runner. */
  workerConcurrency: number;
  /** `WORKER_MAIN_CONCURRENCY` (default 5): every other job (deliveries, routing, sends, cron) one worker process runs at once, on its main runner. */
  workerMainConcurrency: number;
  /** `WORKER_RUNNERS` (default `main,bulk`): the runners a process that runs jobs starts; research workers apart from the rest run `bulk` alone. */
  workerRunners: WorkerRunner[];
  /** `SHUTDOWN_GRACE_SECONDS` (default 10): on SIGTERM, how long in-flight jobs may finish before they are handed back. */
  shutdownGraceMs: number;
  /** `DATABASE_POOL_SIZE` (default 20). */
  databasePoolSize: number;
  /** `LOG_LEVEL` (default `info`). */
  logLevel: string;
  /** `QUIET_BOOTSTRAP` (default false; `serve --quiet-bootstrap`): a first start creates the account but no API key, so none reaches the logs. */
  quietBootstrap: boolean;
  /**
   * `PUBLIC_URL` (default `http://localhost:<PORT>`): where people and third parties reach this engine
   * (links in messages such as unsubscribe, OAuth redirects, webhook targets). No trailing slash.
   */
  publicUrl: string;
  /**
   * `SECRET_KEY`: 32 random bytes, base64 or hex (`openssl rand -base64 32`). Encrypts secrets at rest
   * (mail passwords, OAuth tokens), signs links and derives sessions' CSRF tokens (see secrets.ts).
   * Unset, features that need it refuse with a ConfigError naming it; on the embedded default the
   * service and the CLI read the one kept in DATA_DIR instead (keptSecretKey.ts).
   */
  secretKey: Buffer | undefined;
  /** `METRICS_TOKEN`, `WORKER_HTTP_PORT`, `TRUST_PROXY`, `LOG_FORMAT`: the operator's handles (ops/settings.ts). */
  ops: OpsSettings;
  /** `RATE_LIMIT_WEBHOOKS_PER_MINUTE`, `RATE_LIMIT_UNSUBSCRIBE_PER_MINUTE`, `RATE_LIMIT_SIGN_IN_PER_MINUTE`: the open routes' limits per client address (http/rateLimits.ts), which count the client `TRUST_PROXY` makes out (ops/settings.ts). */
  rateLimits: RateLimits;
}

export function platformSettings(env: Env): PlatformSettings {
  return {
    databaseUrl: postgresUrl(env, 'DATABASE_URL'),
    dataDir: resolve(PROJECT_ROOT, nonEmpty(env.DATA_DIR) ?? '.data'),
    port: integer(env, 'PORT', 3000, { min: 0, max: 65535 }),
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    apiKeyPrefix: keyPrefix(env.API_KEY_PREFIX),
    workerConcurrency: integer(env, 'WORKER_CONCURRENCY', 10, { min: 1 }),
    workerMainConcurrency: integer(env, 'WORKER_MAIN_CONCURRENCY', 5, { min: 1 }),
    workerRunners: workerRunners(env),
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_SECONDS', 10, { min: 0 }) * 1000,
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 20, { min: 2 }),
    logLevel: logLevel(env) ?? 'info',
    quietBootstrap: boolean(env, 'QUIET_BOOTSTRAP', false),
    publicUrl: publicUrl(env),
    secretKey: secretKey(env.SECRET_KEY),
    ops: opsSettings(env),
    rateLimits: rateLimitSettings(env),
  };
}

const WORKER_RUNNERS = ['main', 'bulk'] as const;
export type WorkerRunner = (typeof WORKER_RUNNERS)[number];

function workerRunners(env: Env): WorkerRunner[] {
  const runners = list(env, 'WORKER_RUNNERS', WORKER_RUNNERS, [...WORKER_RUNNERS]);
  if (runners.length === 0) throw new ConfigError('WORKER_RUNNERS must name main, bulk or both (comma-separated), got an empty value');
  return runners;
}

function keyPrefix(raw: string | undefined): string {
  const prefix = nonEmpty(raw) ?? 'pr';
  if (!/^[a-z][a-z0-9]{0,15}$/.test(prefix)) {
    throw new ConfigError(`API_KEY_PREFIX must be 1-16 lower-case letters or digits starting with a letter, got "${prefix}"`);
  }
  return prefix;
}

function publicUrl(env: Env): string {
  const raw = nonEmpty(env.PUBLIC_URL) ?? `http://localhost:${integer(env, 'PORT', 3000, { min: 0, max: 65535 })}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an http(s) address such as https://research.example.com, got "${raw}"`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.search !== '' || url.hash !== '') {
    throw new ConfigError(`PUBLIC_URL must be an http(s) address without a query, such as https://research.example.com, got "${raw}"`);
  }
  return url.href.replace(/\/+$/, '');
}

function secretKey(raw: string | undefined): Buffer | undefined {
  const text = nonEmpty(raw);
  if (text === undefined) return undefined;
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32 || (!/^[0-9a-fA-F]{64}$/.test(text) && key.toString('base64').replace(/=+$/, '') !== text.replace(/=+$/, ''))) {
    throw new ConfigError('SECRET_KEY must be 32 random bytes written in base64 or hex: generate one with `openssl rand -base64 32`');
  }
  return key;
}
