import type { PlatformSettings } from '../settings.ts';

/** Connections a worker process holds besides its jobs': one LISTEN connection per runner. */
const LISTENING_PER_RUNNER = 1;
/** Kept free for the HTTP API's requests while every slot is busy, in a process that serves it. */
const FOR_HTTP = 3;

type PoolSettings = Pick<PlatformSettings, 'databasePoolSize' | 'workerConcurrency' | 'workerMainConcurrency' | 'workerRunners'>;

/**
 * One line for the start-up log when a process that runs jobs has fewer database connections
 * (`DATABASE_POOL_SIZE`) than its slots could ask for at once: every job may hold one (a webhook
 * delivery holds its subscription's lock on one for the whole delivery), each runner listens on one,
 * and the API needs a few. Short, jobs wait on each other's connections and the API answers slowly.
 * Undefined when the pool fits.
 */
export function poolFitWarning(settings: PoolSettings, serves: { http: boolean }): string | undefined {
  const slots = settings.workerRunners.reduce((sum, runner) => sum + (runner === 'bulk' ? settings.workerConcurrency : settings.workerMainConcurrency), 0);
  const needed = slots + settings.workerRunners.length * LISTENING_PER_RUNNER + (serves.http ? FOR_HTTP : 0);
  if (settings.databasePoolSize >= needed) return undefined;
  const parts = settings.workerRunners.map((runner) => (runner === 'bulk' ? `WORKER_CONCURRENCY ${settings.workerConcurrency}` : `WORKER_MAIN_CONCURRENCY ${settings.workerMainConcurrency}`));
  return `DATABASE_POOL_SIZE is ${settings.databasePoolSize}, fewer than this process may use at once (${needed}: ${parts.join(' + ')} job slots, ${settings.workerRunners.length} listening${serves.http ? `, ${FOR_HTTP} for the API` : ''}): raise DATABASE_POOL_SIZE to at least ${needed}, or lower the slots (docs/deploying.md)`;
}
