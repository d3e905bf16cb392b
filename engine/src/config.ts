/**
 * The engine's configuration, read once from environment variables.
 * Every variable is documented in the README's configuration table; keep the two in step.
 */
export interface Config {
  /** `DATABASE_URL`; unset means an embedded PostgreSQL under `dataDir`. */
  databaseUrl: string | undefined;
  /** `DATA_DIR` (default `.data`): where the embedded PostgreSQL keeps its files. */
  dataDir: string;
  /** `PORT` (default 3000) and `HOST` (default `0.0.0.0`). */
  port: number;
  host: string;
  /** `API_KEY_PREFIX` (default `pr`): keys look like `pr_live_<42 characters>`. */
  apiKeyPrefix: string;
  /** `RESEARCH_TIMEOUT_SECONDS` (default 180): a job processing longer than this fails with `timeout`. */
  researchTimeoutMs: number;
  /** `CACHE_TTL_PEOPLE_DAYS` (30), `CACHE_TTL_COMPANIES_DAYS` (90), `CACHE_TTL_DECISION_MAKERS_DAYS` (60). */
  cacheTtlDays: { people: number; companies: number; decisionMakers: number };
  /** `WORKER_CONCURRENCY` (default 10): research jobs one worker process runs at once. */
  workerConcurrency: number;
  /** `SHUTDOWN_GRACE_SECONDS` (default 10): on SIGTERM, how long in-flight jobs may finish before they are handed back. */
  shutdownGraceMs: number;
  /** `DATABASE_POOL_SIZE` (default 20). */
  databasePoolSize: number;
  /** `LOG_LEVEL` (default `info`). */
  logLevel: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  return {
    databaseUrl: nonEmpty(env.DATABASE_URL),
    dataDir: nonEmpty(env.DATA_DIR) ?? '.data',
    port: integer(env, 'PORT', 3000, { min: 0, max: 65535 }),
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    apiKeyPrefix: keyPrefix(env.API_KEY_PREFIX),
    researchTimeoutMs: integer(env, 'RESEARCH_TIMEOUT_SECONDS', 180, { min: 1 }) * 1000,
    cacheTtlDays: {
      people: integer(env, 'CACHE_TTL_PEOPLE_DAYS', 30, { min: 0 }),
      companies: integer(env, 'CACHE_TTL_COMPANIES_DAYS', 90, { min: 0 }),
      decisionMakers: integer(env, 'CACHE_TTL_DECISION_MAKERS_DAYS', 60, { min: 0 }),
    },
    workerConcurrency: integer(env, 'WORKER_CONCURRENCY', 10, { min: 1 }),
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_SECONDS', 10, { min: 0 }) * 1000,
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 20, { min: 2 }),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function integer(env: Env, name: string, fallback: number, range: { min: number; max?: number }): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < range.min || (range.max !== undefined && value > range.max)) {
    const bounds = range.max === undefined ? `>= ${range.min}` : `${range.min}..${range.max}`;
    throw new ConfigError(`${name} must be an integer ${bounds}, got "${raw}"`);
  }
  return value;
}

function keyPrefix(raw: string | undefined): string {
  const prefix = nonEmpty(raw) ?? 'pr';
  if (!/^[a-z][a-z0-9]{0,15}$/.test(prefix)) {
    throw new ConfigError(`API_KEY_PREFIX must be 1-16 lower-case letters or digits starting with a letter, got "${prefix}"`);
  }
  return prefix;
}
