import type { FastifyInstance } from 'fastify';
import type { Runner } from 'graphile-worker';
import { apiKeyAuthentication } from '../accounts/authenticate.ts';
import { type Database, openDatabase } from '../platform/database/database.ts';
import { migrate } from '../platform/database/migrate.ts';
import type { Env } from '../platform/env.ts';
import { buildServer } from '../platform/http/server.ts';
import type { Logger } from '../platform/logger.ts';
import type { FeatureModule } from '../platform/module.ts';
import { startWorker } from '../platform/queue/worker.ts';
import { platformSettings } from '../platform/settings.ts';
import { bootstrapFirstAccount, firstStartBanner } from './bootstrap.ts';
import { activeFeatures, composeRoutes, composeWorker, featureContexts, migrationStreams } from './features.ts';
import { engineModules } from './modules.ts';

export interface ServiceOptions {
  /** Where every setting comes from (the process's environment by default). */
  env?: Env;
  log: Logger;
  /** Serve the HTTP API. */
  http: boolean;
  /** Run graphile-worker (every feature's tasks and cron) in this process. */
  worker: boolean;
  /** The feature modules to run; `engineModules()` (app/modules.ts) by default. */
  modules?: FeatureModule[];
  /** Where the first-start banner goes (standard output by default). */
  print?: (text: string) => void;
}

export interface RunningService {
  database: Database;
  server?: FastifyInstance;
  runner?: Runner;
  /** The API's base URL, when serving HTTP. */
  url?: string;
  /** Stops taking work, lets in-flight work finish or hands it back, closes the pool, stops an embedded database. */
  stop(): Promise<void>;
}

/**
 * Starts the engine: reads the platform's and every module's settings (a bad variable stops it here),
 * opens the database and brings its schema up to date, then runs the roles asked for with what the
 * modules that are on contribute: graphile-worker with their tasks and cron, the HTTP API with their routes.
 */
export async function startService(options: ServiceOptions): Promise<RunningService> {
  const { log } = options;
  const env = options.env ?? process.env;
  const platform = platformSettings(env);
  const features = activeFeatures(options.modules ?? (await engineModules()), env, platform);
  const database = await openDatabase(platform, log);
  try {
    const { pool } = database;
    await migrate(pool, log, migrationStreams(features));
    const contexts = featureContexts(features, { platform, pool, log });
    const runner = options.worker
      ? await startWorker({
          pool,
          log,
          ...composeWorker(contexts),
          concurrency: platform.workerConcurrency,
          shutdownGraceMs: platform.shutdownGraceMs,
        })
      : undefined;
    let server: FastifyInstance | undefined;
    let url: string | undefined;
    if (options.http) {
      server = buildServer({ pool, log, authenticate: apiKeyAuthentication(pool, platform.apiKeyPrefix), routes: composeRoutes(contexts) });
      await server.listen({ port: platform.port, host: platform.host });
      const address = server.server.address();
      const port = typeof address === 'object' && address ? address.port : platform.port;
      url = `http://localhost:${port}`;
      const boot = await bootstrapFirstAccount(pool, platform.apiKeyPrefix);
      if (boot) (options.print ?? ((text) => process.stdout.write(text)))(firstStartBanner(boot, url));
    }
    log.info({ url, worker: options.worker, embeddedDatabase: database.embedded, features: features.map(({ module }) => module.name) }, 'prospect engine started');
    let stopping: Promise<void> | undefined;
    return {
      database,
      server,
      runner,
      url,
      stop: () =>
        (stopping ??= (async () => {
          await server?.close();
          await runner?.stop();
          await database.close();
        })()),
    };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
