import type { FastifyInstance } from 'fastify';
import type { Runner } from 'graphile-worker';
import { bootstrapFirstAccount, firstStartBanner } from './bootstrap.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './database/database.ts';
import { migrate } from './database/migrate.ts';
import { buildServer } from './http/server.ts';
import type { Logger } from './logger.ts';
import { DurationEstimate } from './research/durationEstimate.ts';
import type { ResearchPipeline } from './research/pipeline.ts';
import { postgresFactsCache } from './research/factsCache.ts';
import { SourcePipeline } from './research/sourcePipeline.ts';
import { sourcesFromConfig } from './research/sources/fromConfig.ts';
import { startWorker } from './worker/worker.ts';

export interface ServiceOptions {
  config: Config;
  log: Logger;
  /** Serve the HTTP API. */
  http: boolean;
  /** Run graphile-worker (research jobs and cron) in this process. */
  worker: boolean;
  pipeline?: ResearchPipeline;
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

export async function startService(options: ServiceOptions): Promise<RunningService> {
  const { config, log } = options;
  const database = await openDatabase(config, log);
  try {
    await migrate(database.pool, log);
    const runner = options.worker
      ? await startWorker({
          pool: database.pool,
          pipeline: options.pipeline ?? new SourcePipeline(sourcesFromConfig(config.sources), log, {
            timeLimitMs: config.researchTimeoutMs,
            reuse: { cache: postgresFactsCache(database.pool), ttlDays: config.cacheTtlDays },
          }),
          log,
          concurrency: config.workerConcurrency,
          timeoutMs: config.researchTimeoutMs,
          cacheTtlDays: config.cacheTtlDays,
          shutdownGraceMs: config.shutdownGraceMs,
        })
      : undefined;
    let server: FastifyInstance | undefined;
    let url: string | undefined;
    if (options.http) {
      server = buildServer({ pool: database.pool, log, apiKeyPrefix: config.apiKeyPrefix, estimate: new DurationEstimate(database.pool) });
      await server.listen({ port: config.port, host: config.host });
      const address = server.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      url = `http://localhost:${port}`;
      const boot = await bootstrapFirstAccount(database.pool, config.apiKeyPrefix);
      if (boot) (options.print ?? ((text) => process.stdout.write(text)))(firstStartBanner(boot, url));
    }
    log.info({ url, worker: options.worker, embeddedDatabase: database.embedded }, 'prospect engine started');
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
