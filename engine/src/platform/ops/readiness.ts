import { readdirSync } from 'node:fs';
import type { Pool } from '../database/database.ts';
import type { MigrationStream } from '../database/migrate.ts';
import type { WorkerHeartbeat } from './workerMetrics.ts';

/** A worker whose last poll or job is older than this, with no job running, is not taking work. */
export const HEARTBEAT_STALE_MS = 30_000;

/** How long each check may take before it counts as failed: a probe must answer, even when PostgreSQL does not. */
const CHECK_TIMEOUT_MS = 2_000;

export interface ReadinessOptions {
  pool: Pool;
  /** The migration streams this process runs; each file of their folders must be applied. */
  streams: MigrationStream[];
  /** This process's job runners (none until the worker has started), when it runs jobs. */
  worker?: () => readonly WorkerHeartbeat[] | undefined;
}

/** Answers what is not ready, in words; empty when the process may take traffic and work. */
export type Readiness = () => Promise<string[]>;

const migrationName = (file: string) => file.replace(/\.(sql|js|ts|cjs|mjs)$/, '');

/**
 * The readiness checks: the database answers, every migration of this version is applied, and, in a
 * process that runs jobs, each of its runners' heartbeats is fresh. Once the migrations are found current they
 * are not read again (a later version migrating further does not make this one's pending).
 */
export function readiness(options: ReadinessOptions): Readiness {
  const expected = options.streams.map((stream) => ({
    stream,
    files: readdirSync(stream.directory)
      .filter((file) => /^\d+.*\.(sql|js|ts)$/.test(file))
      .map(migrationName),
  }));
  let migrationsCurrent = false;

  async function pendingMigrations(): Promise<string[]> {
    const pending: string[] = [];
    for (const { stream, files } of expected) {
      const { rows } = await options.pool.query<{ applied: string[] | null }>({
        text: `SELECT CASE WHEN to_regclass($1) IS NULL THEN NULL ELSE (SELECT array_agg(name) FROM ${quoteIdent(stream.table)}) END AS applied`,
        values: [quoteIdent(stream.table)],
      });
      const applied = new Set(rows[0]?.applied ?? []);
      pending.push(...files.filter((file) => !applied.has(file)).map((file) => `${stream.name}/${file}`));
    }
    return pending;
  }

  return async () => {
    const problems: string[] = [];
    try {
      await withTimeout(options.pool.query('SELECT 1'), 'the database did not answer within 2 s');
    } catch (error) {
      return [`the database cannot be reached: ${(error as Error).message}`];
    }
    if (!migrationsCurrent) {
      try {
        const pending = await withTimeout(pendingMigrations(), 'reading the applied migrations took over 2 s');
        if (pending.length === 0) migrationsCurrent = true;
        else problems.push(`${pending.length} migration${pending.length === 1 ? ' is' : 's are'} not applied yet (${pending.slice(0, 3).join(', ')}${pending.length > 3 ? ', ...' : ''})`);
      } catch (error) {
        problems.push(`the applied migrations cannot be read: ${(error as Error).message}`);
      }
    }
    const runners = options.worker?.();
    if (options.worker && (runners === undefined || runners.length === 0)) problems.push('the worker has not started yet');
    // Each runner on its own: a busy bulk runner's polls say nothing of a main runner that stopped polling.
    for (const runner of runners ?? []) {
      const who = runners!.length > 1 && runner.name ? `the worker's ${runner.name} runner` : 'the worker';
      if (runner.stopped()) problems.push(`${who} has stopped`);
      else if (runner.running() === 0 && runner.ageMs() > HEARTBEAT_STALE_MS) {
        problems.push(`${who} has not asked for a job for ${Math.round(runner.ageMs() / 1000)} s (its heartbeat is older than ${HEARTBEAT_STALE_MS / 1000} s)`);
      }
    }
    return problems;
  };
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function withTimeout<T>(work: Promise<T>, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
