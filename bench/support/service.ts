import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { accountsModule, autopilotModule, createLogger, type FeatureModule, platformSettings, researchModule, startService } from '@prospect-research/engine';
import { instantSources } from './instantSources.ts';
import { countQueries } from './queryCounter.ts';

export interface ServiceRoles {
  /** Run graphile-worker in the service too. */
  worker: boolean;
  /** More environment on top of `serviceEnv`, e.g. the research sources' `*_API_KEY` and `*_BASE_URL`. */
  env?: Record<string, string>;
  /**
   * `instant`: the research module gets the bench's in-process fakes of every source and the writer
   * (`instantSources()`) instead of the sources its environment configures; everything else is the
   * real engine. Unset: the engine's own modules, configured from the environment, as `serve` runs them.
   */
  sources?: 'instant';
  /** With `sources: 'instant'`: the Autopilot module too (its routes, tasks and cron), as the engine composes it. */
  autopilot?: boolean;
}

export interface BenchService {
  url: string;
  /** Statements the service has sent to PostgreSQL since it started (see `countQueries`). */
  queries(): Promise<number>;
  stop(): Promise<void>;
}

/** The modules the service runs for `roles`: undefined is `startService`'s default, the engine's own. */
export function benchModules(roles: ServiceRoles): FeatureModule[] | undefined {
  if (roles.sources !== 'instant') return undefined;
  return [accountsModule(), researchModule({ sources: instantSources() }), ...(roles.autopilot ? [autopilotModule()] : [])];
}

/**
 * No research source: no key (an empty value is unset) and no keyless source, whatever the bench's own
 * environment holds, so no measurement reaches the internet (the keyless sources are on by default).
 * A measurement that researches points the sources at an emulator through `ServiceRoles.env`.
 */
const NO_SOURCES = {
  APOLLO_API_KEY: '',
  PDL_API_KEY: '',
  UNIPILE_API_KEY: '',
  OPENAI_API_KEY: '',
  OPENAI_BASE_URL: '',
  RESEARCH_KEYLESS_SOURCES: '',
};

/** The service's environment, as ops would set it; defaults everywhere else (pool of 20, worker concurrency 10). */
export function serviceEnv(databaseUrl: string): Record<string, string> {
  return { DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', API_KEY_PREFIX: 'pr', LOG_LEVEL: 'warn', SHUTDOWN_GRACE_SECONDS: '1', ...NO_SOURCES };
}

/** The pool size the service runs with, so the SQL baselines can use the same. */
export const SERVICE_POOL_SIZE = platformSettings(serviceEnv('postgres://unused')).databasePoolSize;

/** The worker concurrency the service runs with (`WORKER_CONCURRENCY`'s default), for baselines of the same concurrency. */
export const SERVICE_WORKER_CONCURRENCY = platformSettings(serviceEnv('postgres://unused')).workerConcurrency;

/**
 * Starts the real service (`startService`, what `prospect-engine serve` runs).
 *
 * `child` (the default) runs it in its own Node process, as in production: the load generator in the
 * bench's process then does not share the service's event loop, which would roughly halve what the
 * service can serve and count the generator's own work as the service's latency. On a 2-core machine
 * the two processes and PostgreSQL still share the cores, as they would on any single box.
 * `inline` runs it in the bench's process (BENCH_SERVER=inline), to see that distortion.
 */
export async function startBenchService(databaseUrl: string, roles: ServiceRoles, mode: 'child' | 'inline'): Promise<BenchService> {
  return mode === 'inline' ? startInline(databaseUrl, roles) : startChild(databaseUrl, roles);
}

async function startInline(databaseUrl: string, roles: ServiceRoles): Promise<BenchService> {
  const env = { ...serviceEnv(databaseUrl), ...roles.env };
  const service = await startService({
    env,
    log: createLogger(env.LOG_LEVEL!, 2),
    http: true,
    worker: roles.worker,
    modules: benchModules(roles),
    print: () => {},
  });
  const queries = countQueries(service.database.pool);
  return { url: service.url!, queries: async () => queries(), stop: () => service.stop() };
}

const CHILD_ENTRY = fileURLToPath(new URL('./serviceProcess.ts', import.meta.url));

/** Messages between the bench and `serviceProcess.ts`. */
export type ChildMessage = { type: 'started'; url: string } | { type: 'failed'; error: string } | { type: 'queries'; count: number };
export type ParentMessage = { type: 'stop' } | { type: 'queries' };

async function startChild(databaseUrl: string, roles: ServiceRoles): Promise<BenchService> {
  const child = fork(CHILD_ENTRY, [JSON.stringify({ worker: roles.worker, sources: roles.sources, autopilot: roles.autopilot })], {
    env: { ...process.env, ...serviceEnv(databaseUrl), ...roles.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message: ChildMessage) =>
      message.type === 'started' ? resolve(message.url) : reject(new Error(`service failed to start: ${message.type === 'failed' ? message.error : message.type}`)),
    );
    void exited.then((code) => reject(new Error(`service process exited with ${code} before it started`)));
  });
  return {
    url,
    queries: () =>
      new Promise<number>((resolve) => {
        const answer = (message: ChildMessage) => {
          if (message.type !== 'queries') return;
          child.off('message', answer);
          resolve(message.count);
        };
        child.on('message', answer);
        send(child, { type: 'queries' });
      }),
    stop: async () => {
      send(child, { type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      if (code !== 0) throw new Error(`service process exited with ${code}`);
    },
  };
}

function send(child: ChildProcess, message: ParentMessage): void {
  if (child.connected) child.send(message);
}
