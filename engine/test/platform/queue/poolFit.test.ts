import { describe, expect, it } from 'vitest';
import { poolFitWarning } from '../../../src/platform/queue/poolFit.ts';
import { platformSettings } from '../../../src/platform/settings.ts';

const settings = (env: Record<string, string>) => platformSettings({ DATABASE_URL: 'postgres://localhost/x', ...env });

describe('poolFitWarning', () => {
  it('says nothing with the defaults, in a process that serves the API and runs both runners', () => {
    expect(poolFitWarning(settings({}), { http: true })).toBeUndefined();
  });

  it('does not count a connection per research slot: research jobs hold none while they wait on their sources', () => {
    expect(poolFitWarning(settings({ WORKER_CONCURRENCY: '500' }), { http: true })).toBeUndefined();
    expect(poolFitWarning(settings({ WORKER_RUNNERS: 'bulk', WORKER_CONCURRENCY: '500', DATABASE_POOL_SIZE: '6' }), { http: false })).toBeUndefined();
  });

  it('names the settings and the pool needed when the main slots outgrow the pool', () => {
    expect(poolFitWarning(settings({ WORKER_MAIN_CONCURRENCY: '15' }), { http: true })).toBe(
      "DATABASE_POOL_SIZE is 20, fewer than this process may use at once (25: WORKER_MAIN_CONCURRENCY 15 job slots + 5 for the research runner's batched statements, 2 listening, 3 for the API): raise DATABASE_POOL_SIZE to at least 25, or lower WORKER_MAIN_CONCURRENCY (docs/deploying.md)",
    );
    expect(poolFitWarning(settings({ WORKER_MAIN_CONCURRENCY: '15', DATABASE_POOL_SIZE: '25' }), { http: true })).toBeUndefined();
  });

  it('counts only the runners the process starts, and the API only where it is served', () => {
    expect(poolFitWarning(settings({ WORKER_RUNNERS: 'main', WORKER_MAIN_CONCURRENCY: '19' }), { http: false })).toBeUndefined();
    expect(poolFitWarning(settings({ WORKER_RUNNERS: 'main', WORKER_MAIN_CONCURRENCY: '20' }), { http: false })).toMatch(
      /^DATABASE_POOL_SIZE is 20, fewer than this process may use at once \(21: WORKER_MAIN_CONCURRENCY 20 job slots, 1 listening\)/,
    );
    expect(poolFitWarning(settings({ WORKER_RUNNERS: 'bulk', DATABASE_POOL_SIZE: '5' }), { http: false })).toBe(
      "DATABASE_POOL_SIZE is 5, fewer than this process may use at once (6: 5 for the research runner's batched statements, 1 listening): raise DATABASE_POOL_SIZE to at least 6 (docs/deploying.md)",
    );
  });
});
