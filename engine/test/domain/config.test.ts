import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    expect(loadConfig({})).toEqual({
      databaseUrl: undefined,
      dataDir: '.data',
      port: 3000,
      host: '0.0.0.0',
      apiKeyPrefix: 'pr',
      researchTimeoutMs: 180_000,
      cacheTtlDays: { people: 30, companies: 90, decisionMakers: 60 },
      workerConcurrency: 10,
      shutdownGraceMs: 10_000,
      databasePoolSize: 20,
      logLevel: 'info',
    });
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
        WORKER_CONCURRENCY: '4',
        SHUTDOWN_GRACE_SECONDS: '0',
        DATABASE_POOL_SIZE: '5',
        LOG_LEVEL: 'debug',
      }),
    ).toEqual({
      databaseUrl: 'postgres://db/prospect',
      dataDir: '/var/lib/prospect',
      port: 8080,
      host: '127.0.0.1',
      apiKeyPrefix: 'acme2',
      researchTimeoutMs: 60_000,
      cacheTtlDays: { people: 0, companies: 7, decisionMakers: 14 },
      workerConcurrency: 4,
      shutdownGraceMs: 0,
      databasePoolSize: 5,
      logLevel: 'debug',
    });
  });

  it.each([
    ['PORT', 'abc', 'PORT must be an integer 0..65535, got "abc"'],
    ['PORT', '65536', 'PORT must be an integer 0..65535, got "65536"'],
    ['PORT', '80.5', 'PORT must be an integer 0..65535, got "80.5"'],
    ['PORT', '-1', 'PORT must be an integer 0..65535, got "-1"'],
    ['RESEARCH_TIMEOUT_SECONDS', '0', 'RESEARCH_TIMEOUT_SECONDS must be an integer >= 1, got "0"'],
    ['RESEARCH_TIMEOUT_SECONDS', '3m', 'RESEARCH_TIMEOUT_SECONDS must be an integer >= 1, got "3m"'],
    ['CACHE_TTL_PEOPLE_DAYS', '-1', 'CACHE_TTL_PEOPLE_DAYS must be an integer >= 0, got "-1"'],
    ['WORKER_CONCURRENCY', '0', 'WORKER_CONCURRENCY must be an integer >= 1, got "0"'],
    ['SHUTDOWN_GRACE_SECONDS', 'ten', 'SHUTDOWN_GRACE_SECONDS must be an integer >= 0, got "ten"'],
    ['DATABASE_POOL_SIZE', '1', 'DATABASE_POOL_SIZE must be an integer >= 2, got "1"'],
    ['API_KEY_PREFIX', 'PR', 'API_KEY_PREFIX must be 1-16 lower-case letters or digits starting with a letter, got "PR"'],
    ['API_KEY_PREFIX', 'Acme', 'API_KEY_PREFIX must be 1-16 lower-case letters or digits starting with a letter, got "Acme"'],
    ['API_KEY_PREFIX', '1pr', 'API_KEY_PREFIX must be 1-16 lower-case letters or digits starting with a letter, got "1pr"'],
    ['API_KEY_PREFIX', 'pr_live', 'API_KEY_PREFIX must be 1-16 lower-case letters or digits starting with a letter, got "pr_live"'],
    ['API_KEY_PREFIX', 'a'.repeat(17), `API_KEY_PREFIX must be 1-16 lower-case letters or digits starting with a letter, got "${'a'.repeat(17)}"`],
  ])('rejects %s=%j with a ConfigError naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
