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
  /** Research sources and the writer; see SourcesConfig. */
  sources: SourcesConfig;
}

export const PERSON_SOURCES = ['apollo', 'pdl'] as const;
export type PersonSourceName = (typeof PERSON_SOURCES)[number];
export const KEYLESS_SOURCES = ['website', 'mx', 'gravatar', 'google_news'] as const;
export type KeylessSourceName = (typeof KEYLESS_SOURCES)[number];

/** A third party reached with a key: `<SOURCE>_API_KEY` turns it on, `<SOURCE>_BASE_URL` points it elsewhere. */
export interface KeyedSource {
  apiKey: string;
  baseUrl: string | undefined;
}

/**
 * Every third party follows one pattern: `<SOURCE>_API_KEY` and `<SOURCE>_BASE_URL`. A keyed source
 * without its key is off. Keyless sources (the company website, MX records, Gravatar, Google News)
 * are on unless left out of `RESEARCH_KEYLESS_SOURCES`.
 */
export interface SourcesConfig {
  apollo: KeyedSource | undefined;
  pdl: KeyedSource | undefined;
  /** Unipile also needs `UNIPILE_BASE_URL` (its per-customer DSN) and `UNIPILE_ACCOUNT_ID`. */
  unipile: (KeyedSource & { baseUrl: string; accountId: string }) | undefined;
  /** `RESEARCH_PERSON_SOURCE_ORDER` (default `apollo,pdl`): earlier sources win field by field. */
  personOrder: PersonSourceName[];
  /** `RESEARCH_KEYLESS_SOURCES` (default all: `website,mx,gravatar,google_news`; empty for none). */
  keyless: KeylessSourceName[];
  googleNewsBaseUrl: string | undefined;
  gravatarBaseUrl: string | undefined;
  /**
   * `RESEARCH_SOURCE_CONCURRENCY` (default 3 x `WORKER_CONCURRENCY`): calls in flight at once per source
   * (and to the model) per process. A job asks Apollo up to three things at once, so a lower cap makes
   * jobs that run together wait for each other's calls.
   */
  concurrency: number;
  /** The writer: on when `OPENAI_API_KEY` or `OPENAI_BASE_URL` is set; `OPENAI_MODEL` is then required. */
  openai: { apiKey: string | undefined; baseUrl: string | undefined; model: string } | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

/** The most calls one research job makes to one source at the same moment (Apollo: person, company and people search). */
const CALLS_PER_JOB_AT_ONCE = 3;

export function loadConfig(env: Env = process.env): Config {
  const workerConcurrency = integer(env, 'WORKER_CONCURRENCY', 10, { min: 1 });
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
    workerConcurrency,
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_SECONDS', 10, { min: 0 }) * 1000,
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 20, { min: 2 }),
    logLevel: logLevel(env) ?? 'info',
    sources: loadSources(env, workerConcurrency),
  };
}

function loadSources(env: Env, workerConcurrency: number): SourcesConfig {
  const keyed = (prefix: string): KeyedSource | undefined => {
    const apiKey = nonEmpty(env[`${prefix}_API_KEY`]);
    return apiKey === undefined ? undefined : { apiKey, baseUrl: nonEmpty(env[`${prefix}_BASE_URL`]) };
  };
  const unipile = keyed('UNIPILE');
  if (unipile && (unipile.baseUrl === undefined || nonEmpty(env.UNIPILE_ACCOUNT_ID) === undefined)) {
    throw new ConfigError('UNIPILE_API_KEY needs UNIPILE_BASE_URL (your Unipile DSN) and UNIPILE_ACCOUNT_ID');
  }
  const openaiKey = nonEmpty(env.OPENAI_API_KEY);
  const openaiUrl = nonEmpty(env.OPENAI_BASE_URL);
  const model = nonEmpty(env.OPENAI_MODEL);
  if ((openaiKey || openaiUrl) && !model) throw new ConfigError('OPENAI_MODEL must name the model when OPENAI_API_KEY or OPENAI_BASE_URL is set');
  return {
    apollo: keyed('APOLLO'),
    pdl: keyed('PDL'),
    unipile: unipile && { ...unipile, baseUrl: unipile.baseUrl!, accountId: nonEmpty(env.UNIPILE_ACCOUNT_ID)! },
    personOrder: list(env, 'RESEARCH_PERSON_SOURCE_ORDER', PERSON_SOURCES, [...PERSON_SOURCES]),
    keyless: list(env, 'RESEARCH_KEYLESS_SOURCES', KEYLESS_SOURCES, [...KEYLESS_SOURCES]),
    googleNewsBaseUrl: nonEmpty(env.GOOGLE_NEWS_BASE_URL),
    gravatarBaseUrl: nonEmpty(env.GRAVATAR_BASE_URL),
    concurrency: integer(env, 'RESEARCH_SOURCE_CONCURRENCY', CALLS_PER_JOB_AT_ONCE * workerConcurrency, { min: 1 }),
    openai: openaiKey || openaiUrl ? { apiKey: openaiKey, baseUrl: openaiUrl, model: model! } : undefined,
  };
}

/** A comma-separated list of known names; unset gives `fallback`, an empty value gives none. */
function list<T extends string>(env: Env, name: string, known: readonly T[], fallback: T[]): T[] {
  const raw = env[name];
  if (raw === undefined) return fallback;
  const items = raw.split(',').map((item) => item.trim()).filter(Boolean);
  const unknown = items.filter((item) => !known.includes(item as T));
  if (unknown.length > 0) throw new ConfigError(`${name} may list ${known.join(', ')}; unknown: ${unknown.join(', ')}`);
  return [...new Set(items)] as T[];
}

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/** `LOG_LEVEL` when set; a level pino does not know is refused here rather than inside the logger. */
export function logLevel(env: Env): string | undefined {
  const level = nonEmpty(env.LOG_LEVEL);
  if (level !== undefined && !LOG_LEVELS.includes(level)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${level}"`);
  return level;
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
