import type { PlatformSettings } from '../settings.ts';

/** Connections a worker process holds besides its jobs': one LISTEN connection per runner. */
const LISTENING_PER_RUNNER = 1;
/** Kept free for the HTTP API's requests while every slot is busy, in a process that serves it. */
const FOR_HTTP = 3;
/**
 * What the bulk runner's jobs use at once, however many slots it has. A research job holds no
 * connection while it waits on its sources and the model: its statements (claim, identities, company
 * facts, completion) go out batched with the other jobs' of the same moment, each borrowing a
 * connection for one statement, and graphile-worker borrows one to fetch each job.
 */
const FOR_BULK = 5;

type PoolSettings = Pick<PlatformSettings, 'databasePoolSize' | 'workerConcurrency' | 'workerMainConcurrency' | 'workerRunners'>;

/**
 * One line for the start-up log when a process that runs jobs has fewer database connections
 * (`DATABASE_POOL_SIZE`) than it could ask for at once: every job of the main runner may hold one (a
 * webhook delivery holds its subscription's lock on one for the whole delivery), the bulk runner's a
 * few between them (FOR_BULK), each runner listens on one, and the API needs a few. Short, jobs wait on
 * each other's connections and the API answers slowly. Undefined when the pool fits.
 */
export function poolFitWarning(settings: PoolSettings, serves: { http: boolean }): string | undefined {
  const uses = settings.workerRunners.map((runner) => (runner === 'bulk' ? FOR_BULK : settings.workerMainConcurrency));
  const needed = uses.reduce((sum, each) => sum + each, 0) + settings.workerRunners.length * LISTENING_PER_RUNNER + (serves.http ? FOR_HTTP : 0);
  if (settings.databasePoolSize >= needed) return undefined;
  const parts = settings.workerRunners.map((runner) =>
    runner === 'bulk' ? `${FOR_BULK} for the research runner's batched statements` : `WORKER_MAIN_CONCURRENCY ${settings.workerMainConcurrency} job slots`,
  );
  return `DATABASE_POOL_SIZE is ${settings.databasePoolSize}, fewer than this process may use at once (${needed}: ${parts.join(' + ')}, ${settings.workerRunners.length} listening${serves.http ? `, ${FOR_HTTP} for the API` : ''}): raise DATABASE_POOL_SIZE to at least ${needed}${settings.workerRunners.includes('main') ? ', or lower WORKER_MAIN_CONCURRENCY' : ''} (docs/deploying.md)`;
}
