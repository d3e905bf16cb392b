/**
 * The bench's vocabulary.
 *
 * - A *measurement* is a named group of figures that one module produces (`bench/measurements/<name>.ts`),
 *   registered in `bench/measurements/index.ts`. `bench/run.ts` runs every registered measurement in
 *   order, in one process, on one machine, so their figures can be compared side by side.
 * - A *figure* is one number: a stable JSON key (snake_case, unit in the name: `_per_s`, `_ms`, `_ratio`),
 *   a label for the table, the value and its unit. Keys are the contract of `bench/results/latest.json`:
 *   rename one only on purpose.
 * - The *context* gives a measurement what it may share: the run's settings, fresh databases on the
 *   bench's PostgreSQL server, and a way to start the real service against one of them.
 */
import type { BenchDatabase } from './support/databases.ts';
import type { BenchService, ServiceRoles } from './support/service.ts';

export interface Figure {
  /** The key in `latest.json`; unique across all measurements. */
  key: string;
  label: string;
  value: number;
  unit: string;
  /** Shown after the value in the table (not in the JSON). */
  note?: string;
  /**
   * Set when the figure shows the run went wrong (e.g. requests refused): the table is still printed,
   * then the bench fails and leaves `latest.json` as it was.
   */
  problem?: string;
}

export interface BenchSettings {
  /** `BENCH_SECONDS` (default 10): how long each sustained load runs. */
  seconds: number;
  /** `BENCH_WARMUP_SECONDS` (default 2): load before each measured HTTP run, not counted. */
  warmupSeconds: number;
  /** `BENCH_CONNECTIONS` (default 50): concurrent connections (HTTP) or loops (SQL). */
  connections: number;
  /** `BENCH_CACHE_HITS` (default 200): sequential cache-hit round trips. */
  cacheHits: number;
  /** `BENCH_PIPELINE_SAMPLES` (default 10): sequential researches over sources with fixed latencies. */
  pipelineSamples: number;
  /** `BENCH_PIPELINE_JOBS` (default 500): researches submitted at once over instant sources. */
  pipelineJobs: number;
  /** `BENCH_SERVER` (default `child`): run the service in a child process, or `inline` in the bench's own. */
  server: 'child' | 'inline';
  /** `BENCH_ONLY`: run only the measurements whose name contains this text; `latest.json` is then left alone. */
  only?: string;
}

export interface BenchContext {
  settings: BenchSettings;
  /** A fresh database, migrated, on the bench's server; dropped when the run ends. */
  freshDatabase(): Promise<BenchDatabase>;
  /** The real service (`startService`) against `database`, with the given roles. Stop it before the next phase. */
  startService(database: BenchDatabase, roles: ServiceRoles): Promise<BenchService>;
  /** Progress for the operator, on standard error (standard output carries only the results table). */
  progress(message: string): void;
}

export interface Measurement {
  /** The table's section heading. */
  name: string;
  run(context: BenchContext): Promise<Figure[]>;
}
