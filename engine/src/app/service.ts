import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import type { WorkerEvents } from 'graphile-worker';
import { apiKeyAuthentication } from '../accounts/index.ts';
import { type Database, openDatabase } from '../platform/database/database.ts';
import { migrate } from '../platform/database/migrate.ts';
import type { Env } from '../platform/env.ts';
import { buildServer } from '../platform/http/server.ts';
import type { Logger } from '../platform/logger.ts';
import type { FeatureModule } from '../platform/module.ts';
import { buildOpsServer } from '../platform/ops/opsServer.ts';
import { readiness } from '../platform/ops/readiness.ts';
import { ENGINE_VERSION } from '../platform/ops/version.ts';
import { observeWorker, type WorkerHeartbeat } from '../platform/ops/workerMetrics.ts';
import { startWorkers, type Workers } from '../platform/queue/worker.ts';
import { withKeptSecretKey } from '../platform/keptSecretKey.ts';
import { localLinksWarning } from '../platform/localLinks.ts';
import { poolFitWarning } from '../platform/queue/poolFit.ts';
import { platformSettings } from '../platform/settings.ts';
import { listenFailure, migrationRefused } from '../platform/startupFailures.ts';
import { bootstrapFirstAccount, firstStartBanner, quietBootstrapNotice } from './bootstrap.ts';
import { activeFeatures, composeAuthentication, composeRoutes, composeWorker, featureContexts, featureSummaries, migrationStreams, registerModuleErrors } from './features.ts';
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
  /** Where the first-start banner goes (standard error by default: plain text for a person, kept out of the JSON log on standard output). */
  print?: (text: string) => void;
  /** A first start creates no API key, so none is printed (`serve --quiet-bootstrap`; also `QUIET_BOOTSTRAP`). */
  quietBootstrap?: boolean;
  /**
   * Stops the start-up when it aborts (a SIGINT or SIGTERM before the service runs): what has started
   * is stopped again in reverse order, and startService rejects with StartAborted.
   */
  signal?: AbortSignal;
  /** What this process is, for messages about the embedded database's owner (`prospect-engine serve`). */
  label?: string;
}

export interface RunningService {
  database: Database;
  server?: FastifyInstance;
  /** A worker-only process's own server (`WORKER_HTTP_PORT`): /health, /ready and /metrics. */
  opsServer?: FastifyInstance;
  /** The worker's runners (bulk and main: platform/queue/worker.ts), when this process runs jobs. */
  runner?: Workers;
  /** The API's base URL, when serving HTTP. */
  url?: string;
  /** The worker-only process's probe and metrics URL, with `WORKER_HTTP_PORT`. */
  opsUrl?: string;
  /** Stops taking work, lets in-flight work finish or hands it back, closes the pool, stops an embedded database. */
  stop(): Promise<void>;
}

/** The start-up was stopped by its AbortSignal; everything it had started is stopped again. */
export class StartAborted extends Error {
  override name = 'StartAborted';
}

/**
 * Starts the engine, in this order: reads the platform's and every module's settings (a bad variable
 * stops it here), opens the database (an embedded one is owned by this process) and brings its schema
 * up to date, listens for HTTP (a port in use stops it before any job is taken), starts the worker,
 * and on a first start creates the local account. A failure at any step, or an abort of `signal`,
 * stops what has started in reverse order: the worker before the pool it uses, the embedded database last.
 */
export async function startService(options: ServiceOptions): Promise<RunningService> {
  const { log, signal } = options;
  const env = options.env ?? process.env;
  const platform = withKeptSecretKey(platformSettings(env));
  const modules = options.modules ?? (await engineModules());
  registerModuleErrors(modules);
  const features = activeFeatures(modules, env, platform);
  const checkpoint = () => {
    if (signal?.aborted) throw new StartAborted('start-up stopped by a signal');
  };
  checkpoint();
  const database = await openDatabase(platform, log, { role: 'service', label: options.label ?? `the engine (pid ${process.pid})` });
  let server: FastifyInstance | undefined;
  let opsServer: FastifyInstance | undefined;
  let runner: Workers | undefined;
  const heartbeats: WorkerHeartbeat[] = [];
  const stop = async () => {
    await server?.close();
    await opsServer?.close();
    await runner?.stop();
    await database.close();
  };
  try {
    checkpoint();
    const { pool } = database;
    await migrate(pool, log, migrationStreams(features)).catch((error: unknown) => {
      throw migrationRefused(error, platform.databaseUrl);
    });
    checkpoint();
    const contexts = featureContexts(features, { platform, pool, log });
    const ready = readiness({ pool, streams: migrationStreams(features), worker: options.worker ? () => heartbeats : undefined });
    let url: string | undefined;
    let opsUrl: string | undefined;
    if (options.http) {
      server = buildServer({
        pool,
        log,
        readiness: ready,
        metricsToken: platform.ops.metricsToken,
        trustProxy: platform.ops.trustProxy,
        authentication: composeAuthentication(contexts, apiKeyAuthentication(pool, platform.apiKeyPrefix)),
        routes: composeRoutes(contexts),
        // The document names a server only when one is set: the default is this machine's own address.
        publicUrl: env.PUBLIC_URL ? platform.publicUrl : undefined,
        rateLimits: platform.rateLimits,
      });
      await server.listen({ port: platform.port, host: platform.host }).catch((error: unknown) => {
        throw listenFailure(error, platform);
      });
      const address = server.server.address();
      const port = typeof address === 'object' && address ? address.port : platform.port;
      url = `http://localhost:${port}`;
      checkpoint();
    } else if (options.worker && platform.ops.workerHttpPort !== undefined) {
      opsServer = buildOpsServer({ pool, log, readiness: ready, metricsToken: platform.ops.metricsToken, trustProxy: platform.ops.trustProxy });
      await opsServer.listen({ port: platform.ops.workerHttpPort, host: platform.host }).catch((error: unknown) => {
        throw listenFailure(error, { ...platform, port: platform.ops.workerHttpPort! }, 'WORKER_HTTP_PORT');
      });
      const address = opsServer.server.address();
      opsUrl = `http://localhost:${typeof address === 'object' && address ? address.port : platform.ops.workerHttpPort}`;
      checkpoint();
    }
    if (options.worker) {
      const poolFit = poolFitWarning(platform, { http: options.http });
      if (poolFit) log.warn(poolFit);
      runner = await startWorkers({
        events: (name) => {
          const events = new EventEmitter() as WorkerEvents;
          heartbeats.push(observeWorker(events, Date.now, name));
          return events;
        },
        pool,
        log,
        ...composeWorker(contexts),
        concurrency: {
          bulk: platform.workerRunners.includes('bulk') ? platform.workerConcurrency : undefined,
          main: platform.workerRunners.includes('main') ? platform.workerMainConcurrency : undefined,
        },
        shutdownGraceMs: platform.shutdownGraceMs,
      });
      checkpoint();
    }
    if (options.http) {
      const quiet = options.quietBootstrap ?? platform.quietBootstrap;
      const boot = await bootstrapFirstAccount(pool, platform.apiKeyPrefix, { withKey: !quiet });
      const print = options.print ?? ((text) => process.stderr.write(text));
      const owner = boot?.ownerInvitation === undefined ? undefined : { token: boot.ownerInvitation, publicUrl: env.PUBLIC_URL ? platform.publicUrl : url! };
      if (boot?.apiKey) print(firstStartBanner(boot.account, boot.apiKey, url!, owner));
      else if (boot) log.info({ accountId: boot.account.id }, quietBootstrapNotice(boot.account));
    }
    for (const { feature, summary } of featureSummaries(features)) log.info({ feature }, summary);
    const localLinks = localLinksWarning(env, platform);
    if (localLinks) log.warn(localLinks);
    log.info(
      {
        version: ENGINE_VERSION,
        url,
        opsUrl,
        worker: options.worker,
        embeddedDatabase: database.embedded,
        dataDir: database.embedded ? platform.dataDir : undefined,
        features: features.map(({ module }) => module.name),
      },
      'prospect engine started',
    );
    let stopping: Promise<void> | undefined;
    return { database, server, opsServer, runner, url, opsUrl, stop: () => (stopping ??= stop()) };
  } catch (error) {
    await stop().catch((stopError: unknown) => log.error({ err: stopError }, 'could not stop cleanly after a failed start'));
    throw error;
  }
}
