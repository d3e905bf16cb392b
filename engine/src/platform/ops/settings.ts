import { ConfigError, type Env, integer, nonEmpty } from '../env.ts';

/** How the engine's logs are written: `pretty` lines for a person at a terminal, `json` lines for a collector. */
export type LogFormat = 'json' | 'pretty';

/** The operator's handles on a running engine: metrics, the worker's own port, proxies, log format. */
export interface OpsSettings {
  /**
   * `METRICS_TOKEN` (unset: `GET /metrics` answers 404). The bearer token a scraper sends. Off by
   * default because the metrics are business data: each tenant's volumes of research, touches and
   * webhooks, readable by anyone who reaches the port.
   */
  metricsToken: string | undefined;
  /** `WORKER_HTTP_PORT` (unset: none): `prospect-engine worker` serves /health, /ready and /metrics on this port. */
  workerHttpPort: number | undefined;
  /**
   * `TRUST_PROXY` (default off): Fastify's `trustProxy`, so `X-Forwarded-For` names the client behind a
   * reverse proxy. `true`, a hop count, or the proxies' addresses and CIDR ranges, comma-separated.
   */
  trustProxy: boolean | number | string[];
  /** `LOG_FORMAT` (`json` or `pretty`; unset: pretty when the log goes to a terminal, JSON otherwise). */
  logFormat: LogFormat | undefined;
}

/** A token shorter than this is a password a scraper's config leaks as easily as it is guessed. */
export const METRICS_TOKEN_MIN_LENGTH = 16;

export function opsSettings(env: Env): OpsSettings {
  return {
    metricsToken: metricsToken(env.METRICS_TOKEN),
    workerHttpPort: nonEmpty(env.WORKER_HTTP_PORT) === undefined ? undefined : integer(env, 'WORKER_HTTP_PORT', 0, { min: 0, max: 65535 }),
    trustProxy: trustProxy(env.TRUST_PROXY),
    logFormat: logFormat(env.LOG_FORMAT),
  };
}

function metricsToken(raw: string | undefined): string | undefined {
  const token = nonEmpty(raw);
  if (token === undefined) return undefined;
  if (token.length < METRICS_TOKEN_MIN_LENGTH || /\s/.test(token)) {
    throw new ConfigError(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters without spaces (\`openssl rand -hex 32\`), got ${token.length} characters`);
  }
  return token;
}

const ADDRESS_OR_RANGE = /^[0-9A-Fa-f.:]+(\/\d{1,3})?$/;

function trustProxy(raw: string | undefined): boolean | number | string[] {
  const value = nonEmpty(raw);
  if (value === undefined || ['false', '0', 'no', 'off'].includes(value.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(value.toLowerCase())) return true;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const proxies = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const bad = proxies.filter((item) => !ADDRESS_OR_RANGE.test(item) && !['loopback', 'linklocal', 'uniquelocal'].includes(item));
  if (bad.length > 0) {
    throw new ConfigError(`TRUST_PROXY must be true, false, a number of proxy hops, or the proxies' addresses or CIDR ranges separated by commas, got "${bad.join(', ')}"`);
  }
  return proxies;
}

function logFormat(raw: string | undefined): LogFormat | undefined {
  const value = nonEmpty(raw)?.toLowerCase();
  if (value === undefined) return undefined;
  if (value !== 'json' && value !== 'pretty') throw new ConfigError(`LOG_FORMAT must be json or pretty, got "${raw}"`);
  return value;
}

/** `TRUST_PROXY` as Fastify's `trustProxy` takes it: a hop count becomes the function that trusts that many hops. */
export function fastifyTrustProxy(setting: boolean | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}
