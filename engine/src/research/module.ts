import { fileURLToPath } from 'node:url';
import type { FeatureModule } from '../platform/module.ts';
import { researchCommands } from './commands.ts';
import { DurationEstimate } from './durationEstimate.ts';
import { RESEARCH_ERRORS } from './errors.ts';
import { postgresFactsCache } from './pipeline/factsCache.ts';
import type { ResearchPipeline } from './pipeline/pipeline.ts';
import { type Sources, SourcePipeline } from './pipeline/sourcePipeline.ts';
import { researchRoutes } from './routes.ts';
import { type ResearchSettings, researchSettings } from './settings.ts';
import { sourcesFromSettings, sourcesSummary } from './sources/fromSettings.ts';
import { researchCron, researchTasks } from './tasks.ts';

export interface ResearchModuleOptions {
  /** Replaces the whole research pipeline (tests script one). */
  pipeline?: ResearchPipeline;
  /** Replaces the sources and the writer behind the real pipeline (the bench's instant fakes). */
  sources?: Sources;
}

/**
 * Research: `POST /research` and `GET /research-status/{id}`, the research task and its sweepers, and
 * `prospect-engine research show`. The
 * pipeline (sources, writer, facts cache) is built only in processes that run a worker.
 */
export function researchModule(options: ResearchModuleOptions = {}): FeatureModule<ResearchSettings> {
  return {
    name: 'research',
    errors: RESEARCH_ERRORS,
    settings: researchSettings,
    summary: (settings) => sourcesSummary(settings.sources),
    migrations: fileURLToPath(new URL('./migrations', import.meta.url)),
    routes: ({ withApiKey }, { pool }) => researchRoutes(withApiKey, { pool, estimate: new DurationEstimate(pool) }),
    tasks: ({ settings, pool, log }) =>
      researchTasks({
        pool,
        log,
        timeoutMs: settings.timeoutMs,
        cacheTtlDays: settings.cacheTtlDays,
        retentionDays: settings.retentionDays,
        pipeline:
          options.pipeline ??
          new SourcePipeline(options.sources ?? sourcesFromSettings(settings.sources), log, {
            timeLimitMs: settings.timeoutMs,
            reuse: { cache: postgresFactsCache(pool), ttlDays: settings.cacheTtlDays },
          }),
      }),
    bulkTasks: ['research'],
    cron: (settings) => researchCron(settings.retentionDays),
    commands: (program, cli) => researchCommands(program, cli),
  };
}
