import { describe, expect, it } from 'vitest';
import { poolFitWarning } from '../../../src/platform/queue/poolFit.ts';
import { platformSettings } from '../../../src/platform/settings.ts';

const settings = (env: Record<string, string>) => platformSettings({ DATABASE_URL: 'postgres://localhost/x', ...env });

describe('poolFitWarning', () => {
  it('says nothing with the defaults, in a process that serves the API and runs both runners', () => {
    expect(poolFitWarning(settings({}), { http: true })).toBeUndefined();
  });

  it('names the settings and the pool needed when the slots outgrow the pool', () => {
    expect(poolFitWarning(settings({ WORKER_CONCURRENCY: '25' }), { http: true })).toBe(
      'DATABASE_POOL_SIZE is 20, fewer than this process may use at once (35: WORKER_MAIN_CONCURRENCY 5 + WORKER_CONCURRENCY 25 job slots, 2 listening, 3 for the API): raise DATABASE_POOL_SIZE to at least 35, or lower the slots (docs/deploying.md)',
    );
    expect(poolFitWarning(settings({ WORKER_CONCURRENCY: '25', DATABASE_POOL_SIZE: '35' }), { http: true })).toBeUndefined();
  });

  it('counts only the runners the process starts, and the API only where it is served', () => {
    expect(poolFitWarning(settings({ WORKER_RUNNERS: 'bulk', WORKER_CONCURRENCY: '19' }), { http: false })).toBeUndefined();
    expect(poolFitWarning(settings({ WORKER_RUNNERS: 'bulk', WORKER_CONCURRENCY: '20' }), { http: false })).toMatch(
      /^DATABASE_POOL_SIZE is 20, fewer than this process may use at once \(21: WORKER_CONCURRENCY 20 job slots, 1 listening\)/,
    );
  });
});
