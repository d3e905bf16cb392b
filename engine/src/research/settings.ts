import { callConcurrency, type OpenAISettings, openaiSettings, unipileConnection } from '../integrations/index.ts';
import { type Env, httpUrl, integer, list, nonEmpty } from '../platform/env.ts';
import type { PlatformSettings } from '../platform/settings.ts';
import type { CacheTtlDays } from './briefCache.ts';

/** The research feature's environment variables (documented in the README's configuration table). */
export interface ResearchSettings {
  /** `RESEARCH_TIMEOUT_SECONDS` (default 180): a job processing longer than this fails with `timeout`. */
  timeoutMs: number;
  /** `CACHE_TTL_PEOPLE_DAYS` (30), `CACHE_TTL_COMPANIES_DAYS` (90), `CACHE_TTL_DECISION_MAKERS_DAYS` (60). */
  cacheTtlDays: CacheTtlDays;
  /** `RESEARCH_RETENTION_DAYS` (90): finished research older than this is purged (retention.ts); 0 keeps it. */
  retentionDays: number;
  /** Research sources and the writer; see SourcesSettings. */
  sources: SourcesSettings;
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
export interface SourcesSettings {
  apollo: KeyedSource | undefined;
  pdl: KeyedSource | undefined;
  /**
   * Unipile (`UNIPILE_API_KEY` and `UNIPILE_BASE_URL`, its per-customer DSN) reads posts as the
   * connected account `UNIPILE_ACCOUNT_ID`: without it research leaves Unipile out (the Autopilot's
   * seats still use the key).
   */
  unipile: (KeyedSource & { baseUrl: string; accountId: string }) | undefined;
  /** `RESEARCH_PERSON_SOURCE_ORDER` (default `apollo,pdl`): earlier sources win field by field. */
  personOrder: PersonSourceName[];
  /** `RESEARCH_KEYLESS_SOURCES` (default all: `website,mx,gravatar,google_news`; empty for none). */
  keyless: KeylessSourceName[];
  googleNewsBaseUrl: string | undefined;
  gravatarBaseUrl: string | undefined;
  /** `RESEARCH_SOURCE_CONCURRENCY`: calls in flight at once per source (and to the model) per process (integrations/callConcurrency.ts). */
  concurrency: number;
  /** The writer: on when `OPENAI_API_KEY` or `OPENAI_BASE_URL` is set; `OPENAI_MODEL` is then required (integrations/openai/settings.ts). */
  openai: OpenAISettings | undefined;
}

export function researchSettings(env: Env, platform: Pick<PlatformSettings, 'workerConcurrency'>): ResearchSettings {
  return {
    timeoutMs: integer(env, 'RESEARCH_TIMEOUT_SECONDS', 180, { min: 1 }) * 1000,
    cacheTtlDays: {
      people: integer(env, 'CACHE_TTL_PEOPLE_DAYS', 30, { min: 0 }),
      companies: integer(env, 'CACHE_TTL_COMPANIES_DAYS', 90, { min: 0 }),
      decisionMakers: integer(env, 'CACHE_TTL_DECISION_MAKERS_DAYS', 60, { min: 0 }),
    },
    retentionDays: integer(env, 'RESEARCH_RETENTION_DAYS', 90, { min: 0 }),
    sources: sourcesSettings(env, platform),
  };
}

function sourcesSettings(env: Env, platform: Pick<PlatformSettings, 'workerConcurrency'>): SourcesSettings {
  const keyed = (prefix: string): KeyedSource | undefined => {
    const apiKey = nonEmpty(env[`${prefix}_API_KEY`]);
    // A base URL is checked even while its source is off: a mistake in it should not wait for the key.
    const baseUrl = httpUrl(env, `${prefix}_BASE_URL`);
    return apiKey === undefined ? undefined : { apiKey, baseUrl };
  };
  const unipile = unipileConnection(env);
  const unipileAccountId = nonEmpty(env.UNIPILE_ACCOUNT_ID);
  const openai = openaiSettings(env);
  return {
    apollo: keyed('APOLLO'),
    pdl: keyed('PDL'),
    unipile: unipile && unipileAccountId ? { ...unipile, accountId: unipileAccountId } : undefined,
    personOrder: list(env, 'RESEARCH_PERSON_SOURCE_ORDER', PERSON_SOURCES, [...PERSON_SOURCES]),
    keyless: list(env, 'RESEARCH_KEYLESS_SOURCES', KEYLESS_SOURCES, [...KEYLESS_SOURCES]),
    googleNewsBaseUrl: httpUrl(env, 'GOOGLE_NEWS_BASE_URL'),
    gravatarBaseUrl: httpUrl(env, 'GRAVATAR_BASE_URL'),
    concurrency: callConcurrency(env, platform),
    openai,
  };
}
