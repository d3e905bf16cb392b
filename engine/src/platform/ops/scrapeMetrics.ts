import { Gauge, Registry } from 'prom-client';
import type { Pool } from '../database/database.ts';
import { processRegistry } from './metrics.ts';

/**
 * The queue by task, in one statement over graphile-worker's public `jobs` view: the queue holds jobs
 * waiting or running, not history, so it stays small. Waiting: due and free to run; scheduled: due
 * later (retries, sends planned for tomorrow); running: locked by a worker; failed: no attempt left.
 */
const QUEUE_SQL = `
  SELECT task_identifier AS task,
         count(*) FILTER (WHERE locked_at IS NULL AND attempts < max_attempts AND run_at <= now())::int AS waiting,
         count(*) FILTER (WHERE locked_at IS NULL AND attempts < max_attempts AND run_at > now())::int AS scheduled,
         count(*) FILTER (WHERE locked_at IS NOT NULL)::int AS running,
         count(*) FILTER (WHERE locked_at IS NULL AND attempts >= max_attempts)::int AS failed,
         coalesce(extract(epoch FROM now() - min(run_at) FILTER (WHERE locked_at IS NULL AND attempts < max_attempts AND run_at <= now())), 0)::float8 AS oldest
    FROM graphile_worker.jobs
   GROUP BY task_identifier`;

/**
 * Credits used over every account and billing cycle, net of refunds (the core schema's `credit_cycles`:
 * one row per account and month, so a small sum). Rises with each debit, falls back by a refund.
 */
const CREDITS_SQL = `SELECT coalesce(sum(used), 0)::float8 AS used FROM credit_cycles`;

/** A scrape that finds the database slow answers without the queue rather than holding the scraper. */
const QUEUE_TIMEOUT_MS = 2_000;

interface QueueRow {
  task: string;
  waiting: number;
  scheduled: number;
  running: number;
  failed: number;
  oldest: number;
}

const QUEUE_STATES = ['waiting', 'scheduled', 'running', 'failed'] as const;

/** The text `GET /metrics` answers: this process's counters, then what is read at scrape time from `pool`. */
export interface MetricsScrape {
  contentType: string;
  read(): Promise<string>;
}

/** The metrics of a process whose database is `pool`: its own counters plus the queue and the pool, read when scraped. */
export function scrapeMetrics(pool: Pool): MetricsScrape {
  const registry = new Registry();
  const queueJobs = new Gauge({
    name: 'prospect_queue_jobs',
    help: 'Jobs in the queue by task and state (waiting, scheduled, running, failed), read from the database at scrape time: the same on every process.',
    labelNames: ['task', 'state'],
    registers: [registry],
  });
  const oldest = new Gauge({
    name: 'prospect_queue_oldest_waiting_seconds',
    help: 'Age of the oldest job waiting to run (due, not locked), by task, read from the database at scrape time.',
    labelNames: ['task'],
    registers: [registry],
  });
  const credits = new Gauge({
    name: 'prospect_credits_used',
    help: 'Credits used over every account and billing cycle, net of refunds, read from the database at scrape time: the same on every process.',
    registers: [registry],
  });
  const queueUp = new Gauge({
    name: 'prospect_database_read_ok',
    help: '1 when this scrape read the queue and the credits from the database, 0 when it could not (their gauges are then absent).',
    registers: [registry],
  });
  const connections = new Gauge({
    name: 'prospect_db_pool_connections',
    help: "This process's database connections by state (total, idle).",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
    },
  });
  new Gauge({
    name: 'prospect_db_pool_waiting_clients',
    help: 'Queries of this process waiting for a free database connection.',
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });
  void connections;

  async function readQueue(): Promise<void> {
    queueJobs.reset();
    oldest.reset();
    credits.reset();
    try {
      const client = await connectWithin(pool, QUEUE_TIMEOUT_MS);
      try {
        await client.query('BEGIN READ ONLY');
        await client.query(`SET LOCAL statement_timeout = ${QUEUE_TIMEOUT_MS}`);
        const { rows } = await client.query<QueueRow>(QUEUE_SQL);
        const { rows: used } = await client.query<{ used: number }>(CREDITS_SQL);
        await client.query('COMMIT');
        credits.set(used[0]?.used ?? 0);
        for (const row of rows) {
          for (const state of QUEUE_STATES) queueJobs.set({ task: row.task, state }, row[state]);
          oldest.set({ task: row.task }, row.oldest);
        }
        queueUp.set(1);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    } catch {
      queueUp.set(0);
    }
  }

  const merged = Registry.merge([processRegistry, registry]);
  return {
    contentType: merged.contentType,
    async read() {
      await readQueue();
      return merged.metrics();
    },
  };
}

/**
 * A connection of `pool`, or a failure after `timeoutMs`: a scrape while every connection is busy
 * answers without the database's gauges rather than queueing behind the work. A connection that
 * arrives after the timeout goes straight back.
 */
async function connectWithin(pool: Pool, timeoutMs: number) {
  const connecting = pool.connect();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`no database connection free within ${timeoutMs} ms`));
      void connecting.then((late) => late.release()).catch(() => undefined);
    }, timeoutMs);
  });
  try {
    return await Promise.race([connecting, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
