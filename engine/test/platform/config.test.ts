import { describe, expect, it } from 'vitest';
import { ConfigError, type Env } from '../../src/platform/env.ts';
import { join } from 'node:path';
import { PROJECT_ROOT, platformSettings } from '../../src/platform/settings.ts';
import { researchSettings } from '../../src/research/settings.ts';
import { autopilotModule } from '../../src/autopilot/module.ts';
import { openaiSettings } from '../../src/integrations/openai/settings.ts';

/** What a process reads from `env`: the platform's settings and the research feature's, as the service reads them. */
function loadConfig(env: Env) {
  const platform = platformSettings(env);
  return { ...platform, research: researchSettings(env, platform) };
}

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    expect(loadConfig({})).toEqual({
      databaseUrl: undefined,
      dataDir: join(PROJECT_ROOT, '.data'),
      port: 3000,
      host: '0.0.0.0',
      apiKeyPrefix: 'pr',
      workerConcurrency: 10,
      workerMainConcurrency: 5,
      workerRunners: ['main', 'bulk'],
      shutdownGraceMs: 10_000,
      databasePoolSize: 20,
      logLevel: 'info',
      quietBootstrap: false,
      publicUrl: 'http://localhost:3000',
      secretKey: undefined,
      ops: { metricsToken: undefined, workerHttpPort: undefined, trustProxy: false, logFormat: undefined },
      rateLimits: { webhooks: 1200, unsubscribe: 60, sign_in: 10 },
      research: {
        timeoutMs: 180_000,
        cacheTtlDays: { people: 30, companies: 90, decisionMakers: 60 },
        retentionDays: 90,
        sources: {
          apollo: undefined,
          pdl: undefined,
          unipile: undefined,
          personOrder: ['apollo', 'pdl'],
          keyless: ['website', 'mx', 'gravatar', 'google_news'],
          googleNewsBaseUrl: undefined,
          gravatarBaseUrl: undefined,
          concurrency: 30,
          openai: undefined,
        },
      },
    });
  });

  it('lets each worker slot make its three simultaneous calls to a source unless RESEARCH_SOURCE_CONCURRENCY says otherwise', () => {
    expect(loadConfig({ WORKER_CONCURRENCY: '20' }).research.sources.concurrency).toBe(60);
    expect(loadConfig({ WORKER_CONCURRENCY: '20', RESEARCH_SOURCE_CONCURRENCY: '8' }).research.sources.concurrency).toBe(8);
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '  ', API_KEY_PREFIX: ' ', DATA_DIR: '', LOG_LEVEL: '' })).toEqual(loadConfig({}));
  });

  it('reads every variable', () => {
    expect(
      loadConfig({
        DATABASE_URL: ' postgres://db/prospect ',
        DATA_DIR: '/var/lib/prospect',
        PORT: '8080',
        HOST: '127.0.0.1',
        API_KEY_PREFIX: 'acme2',
        RESEARCH_TIMEOUT_SECONDS: '60',
        CACHE_TTL_PEOPLE_DAYS: '0',
        CACHE_TTL_COMPANIES_DAYS: '7',
        CACHE_TTL_DECISION_MAKERS_DAYS: '14',
        RESEARCH_RETENTION_DAYS: '0',
        WORKER_CONCURRENCY: '4',
        WORKER_MAIN_CONCURRENCY: '3',
        WORKER_RUNNERS: 'bulk',
        SHUTDOWN_GRACE_SECONDS: '0',
        DATABASE_POOL_SIZE: '5',
        LOG_LEVEL: 'debug',
        QUIET_BOOTSTRAP: 'true',
        PUBLIC_URL: 'https://research.example.com',
        SECRET_KEY: 'ab'.repeat(32),
        METRICS_TOKEN: 'scrape-me-0123456789',
        WORKER_HTTP_PORT: '9464',
        TRUST_PROXY: '127.0.0.1',
        LOG_FORMAT: 'json',
        RATE_LIMIT_WEBHOOKS_PER_MINUTE: '600',
        RATE_LIMIT_UNSUBSCRIBE_PER_MINUTE: '0',
        RATE_LIMIT_SIGN_IN_PER_MINUTE: '5',
      }),
    ).toEqual({
      databaseUrl: 'postgres://db/prospect',
      dataDir: '/var/lib/prospect',
      port: 8080,
      host: '127.0.0.1',
      apiKeyPrefix: 'acme2',
      workerConcurrency: 4,
      workerMainConcurrency: 3,
      workerRunners: ['bulk'],
      shutdownGraceMs: 0,
      databasePoolSize: 5,
      logLevel: 'debug',
      quietBootstrap: true,
      publicUrl: 'https://research.example.com',
      secretKey: Buffer.alloc(32, 0xab),
      ops: { metricsToken: 'scrape-me-0123456789', workerHttpPort: 9464, trustProxy: ['127.0.0.1'], logFormat: 'json' },
      rateLimits: { webhooks: 600, unsubscribe: 0, sign_in: 5 },
      research: {
        timeoutMs: 60_000,
        cacheTtlDays: { people: 0, companies: 7, decisionMakers: 14 },
        retentionDays: 0,
        sources: { ...loadConfig({}).research.sources, concurrency: 12 },
      },
    });
  });

  it('takes a relative DATA_DIR from the project root, whatever the current directory', () => {
    expect(PROJECT_ROOT).toBe(join(import.meta.dirname, '..', '..', '..', '/'));
    expect(loadConfig({ DATA_DIR: 'var/prospect' }).dataDir).toBe(join(PROJECT_ROOT, 'var', 'prospect'));
    expect(loadConfig({ DATA_DIR: '../elsewhere' }).dataDir).toBe(join(PROJECT_ROOT, '..', 'elsewhere'));
  });

  it.each([
    ['1', true],
    ['yes', true],
    ['ON', true],
    ['0', false],
    ['False', false],
    ['no', false],
  ])('reads QUIET_BOOTSTRAP=%s as %s', (value, expected) => {
    expect(loadConfig({ QUIET_BOOTSTRAP: value }).quietBootstrap).toBe(expected);
  });

  it('refuses a DATABASE_URL that is not a PostgreSQL URL without echoing it (it may hold a password)', () => {
    const message = 'DATABASE_URL is not a PostgreSQL URL such as postgres://user:password@host:5432/database: set DATABASE_URL, or unset it for the embedded database';
    for (const value of ['notaurl', 'mysql://root:s3cret@db/prospect', 'db.example.com:5432']) {
      expect(() => loadConfig({ DATABASE_URL: value })).toThrow(ConfigError);
      expect(() => loadConfig({ DATABASE_URL: value })).toThrow(message);
    }
    expect(loadConfig({ DATABASE_URL: 'postgresql://u:p@db:6432/prospect?sslmode=require' }).databaseUrl).toBe('postgresql://u:p@db:6432/prospect?sslmode=require');
  });

  it.each([
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, got "verbose"'],
    ['PORT', 'abc', 'PORT must be an integer 0..65535, got "abc"'],
    ['PORT', '65536', 'PORT must be an integer 0..65535, got "65536"'],
    ['PORT', '80.5', 'PORT must be an integer 0..65535, got "80.5"'],
    ['PORT', '-1', 'PORT must be an integer 0..65535, got "-1"'],
    ['RESEARCH_TIMEOUT_SECONDS', '0', 'RESEARCH_TIMEOUT_SECONDS must be an integer >= 1, got "0"'],
    ['RESEARCH_TIMEOUT_SECONDS', '3m', 'RESEARCH_TIMEOUT_SECONDS must be an integer >= 1, got "3m"'],
    ['CACHE_TTL_PEOPLE_DAYS', '-1', 'CACHE_TTL_PEOPLE_DAYS must be an integer >= 0, got "-1"'],
    ['RESEARCH_RETENTION_DAYS', 'off', 'RESEARCH_RETENTION_DAYS must be an integer >= 0, got "off"'],
    ['WORKER_CONCURRENCY', '0', 'WORKER_CONCURRENCY must be an integer >= 1, got "0"'],
    ['WORKER_MAIN_CONCURRENCY', 'all', 'WORKER_MAIN_CONCURRENCY must be an integer >= 1, got "all"'],
    ['WORKER_RUNNERS', 'research', 'WORKER_RUNNERS may list main, bulk; unknown: research'],
    ['WORKER_RUNNERS', ' ', 'WORKER_RUNNERS must name main, bulk or both (comma-separated), got an empty value'],
    ['SHUTDOWN_GRACE_SECONDS', 'ten', 'SHUTDOWN_GRACE_SECONDS must be an integer >= 0, got "ten"'],
    ['DATABASE_POOL_SIZE', '1', 'DATABASE_POOL_SIZE must be an integer >= 2, got "1"'],
    ['API_KEY_PREFIX', 'PR', 'API_KEY_PREFIX must be 1-16 lower-case letters or digits starting with a letter, got "PR"'],
    ['API_KEY_PREFIX', 'Acme', 'API_KEY_PREFIX must be 1-16 lower-case letters or digits starting with a letter, got "Acme"'],
    ['API_KEY_PREFIX', '1pr', 'API_KEY_PREFIX must be 1-16 lower-case letters or digits starting with a letter, got "1pr"'],
    ['API_KEY_PREFIX', 'pr_live', 'API_KEY_PREFIX must be 1-16 lower-case letters or digits starting with a letter, got "pr_live"'],
    ['API_KEY_PREFIX', 'a'.repeat(17), `API_KEY_PREFIX must be 1-16 lower-case letters or digits starting with a letter, got "${'a'.repeat(17)}"`],
    ['QUIET_BOOTSTRAP', 'maybe', 'QUIET_BOOTSTRAP must be true or false (or 1 or 0), got "maybe"'],
    ['APOLLO_BASE_URL', 'notaurl', 'APOLLO_BASE_URL must be an http:// or https:// URL, got "notaurl"'],
    ['PDL_BASE_URL', 'ftp://pdl.example.com', 'PDL_BASE_URL must be an http:// or https:// URL, got "ftp://pdl.example.com"'],
    ['UNIPILE_BASE_URL', 'api1.unipile.com:13111', 'UNIPILE_BASE_URL must be an http:// or https:// URL, got "api1.unipile.com:13111"'],
    ['GOOGLE_NEWS_BASE_URL', 'news', 'GOOGLE_NEWS_BASE_URL must be an http:// or https:// URL, got "news"'],
    ['GRAVATAR_BASE_URL', 'http://', 'GRAVATAR_BASE_URL must be an http:// or https:// URL, got "http://"'],
    ['OPENAI_BASE_URL', 'localhost:11434/v1', 'OPENAI_BASE_URL must be an http:// or https:// URL, got "localhost:11434/v1"'],
  ])('rejects %s=%j with a ConfigError naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});

describe('loadConfig: research sources', () => {
  it('turns a keyed source on with its key and keeps its base URL', () => {
    const { sources } = loadConfig({ APOLLO_API_KEY: 'k1', APOLLO_BASE_URL: 'http://proxy/apollo', PDL_API_KEY: 'k2' }).research;
    expect(sources.apollo).toEqual({ apiKey: 'k1', baseUrl: 'http://proxy/apollo' });
    expect(sources.pdl).toEqual({ apiKey: 'k2', baseUrl: undefined });
  });

  it('leaves a keyed source off without its key, even with a base URL', () => {
    expect(loadConfig({ APOLLO_BASE_URL: 'http://proxy/apollo' }).research.sources.apollo).toBeUndefined();
  });

  it('reads the person source order and the keyless sources, empty meaning none', () => {
    const { sources } = loadConfig({ RESEARCH_PERSON_SOURCE_ORDER: 'pdl, apollo', RESEARCH_KEYLESS_SOURCES: '' }).research;
    expect(sources.personOrder).toEqual(['pdl', 'apollo']);
    expect(sources.keyless).toEqual([]);
    expect(() => loadConfig({ RESEARCH_KEYLESS_SOURCES: 'website,telepathy' })).toThrow(/unknown: telepathy/);
  });

  it('requires Unipile its DSN and account, and the writer its model', () => {
    expect(() => loadConfig({ UNIPILE_API_KEY: 'k' })).toThrow(ConfigError);
    expect(loadConfig({ UNIPILE_API_KEY: 'k', UNIPILE_BASE_URL: 'https://api1.unipile.com:13111', UNIPILE_ACCOUNT_ID: 'acc' }).research.sources.unipile).toEqual({
      apiKey: 'k',
      baseUrl: 'https://api1.unipile.com:13111',
      accountId: 'acc',
    });
    expect(() => loadConfig({ OPENAI_BASE_URL: 'http://localhost:11434/v1' })).toThrow(/OPENAI_MODEL/);
    expect(loadConfig({ OPENAI_BASE_URL: 'http://localhost:11434/v1', OPENAI_MODEL: 'llama3.1' }).research.sources.openai).toEqual({
      apiKey: undefined,
      baseUrl: 'http://localhost:11434/v1',
      model: 'llama3.1',
    });
  });
});

describe('OPENAI_*: one parser (integrations/openai/settings.ts) for research and the Autopilot', () => {
  const env = { OPENAI_BASE_URL: 'http://localhost:11434/v1', OPENAI_MODEL: 'llama3.1' };

  it('gives research what it reads, and refuses a model-less configuration in the same words', () => {
    expect(openaiSettings({})).toBeUndefined();
    expect(loadConfig(env).research.sources.openai).toEqual(openaiSettings(env));
    expect(() => openaiSettings({ OPENAI_API_KEY: 'sk' })).toThrow(new ConfigError('OPENAI_MODEL must name the model when OPENAI_API_KEY or OPENAI_BASE_URL is set'));
  });

  it("switches the Autopilot's message writer on and off, without research's settings", () => {
    const autopilot = autopilotModule({ email: null, unipile: null });
    expect(autopilot.settings!({}, platformSettings({}))!.writer).toBeUndefined();
    expect(autopilot.settings!(env, platformSettings(env))!.writer).toBeDefined();
    expect(() => autopilot.settings!({ OPENAI_BASE_URL: 'localhost:11434/v1' }, platformSettings({}))).toThrow('OPENAI_BASE_URL must be an http:// or https:// URL, got "localhost:11434/v1"');
  });
});
