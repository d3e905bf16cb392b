/**
 * Reading configuration from environment variables: one reader per kind of value, each refusing a bad
 * value with a ConfigError that names the variable. Blank values count as unset.
 */
export type Env = Readonly<Record<string, string | undefined>>;

/** A configuration value is wrong; the message names the variable and says what it must be. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export function integer(env: Env, name: string, fallback: number, range: { min: number; max?: number }): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < range.min || (range.max !== undefined && value > range.max)) {
    const bounds = range.max === undefined ? `>= ${range.min}` : `${range.min}..${range.max}`;
    throw new ConfigError(`${name} must be an integer ${bounds}, got "${raw}"`);
  }
  return value;
}

/** A comma-separated list of known names; unset gives `fallback`, an empty value gives none. */
export function list<T extends string>(env: Env, name: string, known: readonly T[], fallback: T[]): T[] {
  const raw = env[name];
  if (raw === undefined) return fallback;
  const items = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const unknown = items.filter((item) => !known.includes(item as T));
  if (unknown.length > 0) throw new ConfigError(`${name} may list ${known.join(', ')}; unknown: ${unknown.join(', ')}`);
  return [...new Set(items)] as T[];
}

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

/** A switch: `1`, `true`, `yes`, `on` or `0`, `false`, `no`, `off` (any case); unset gives `fallback`. */
export function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  if (TRUE.includes(raw.toLowerCase())) return true;
  if (FALSE.includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false (or 1 or 0), got "${raw}"`);
}

/** An optional `http://` or `https://` URL (a base URL of a third party, a proxy, a test double). */
export function httpUrl(env: Env, name: string): string | undefined {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return undefined;
  const url = URL.parse(raw);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    throw new ConfigError(`${name} must be an http:// or https:// URL, got "${raw}"`);
  }
  return raw;
}

/**
 * An optional PostgreSQL connection URL. A value that is not one is refused without echoing it: it
 * may hold a password.
 */
export function postgresUrl(env: Env, name: string): string | undefined {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return undefined;
  const url = URL.parse(raw);
  if (!url || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')) {
    throw new ConfigError(`${name} is not a PostgreSQL URL such as postgres://user:password@host:5432/database: set ${name}, or unset it for the embedded database`);
  }
  return raw;
}

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/** `LOG_LEVEL` when set; a level pino does not know is refused here rather than inside the logger. */
export function logLevel(env: Env): string | undefined {
  const level = nonEmpty(env.LOG_LEVEL);
  if (level !== undefined && !LOG_LEVELS.includes(level)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${level}"`);
  return level;
}
