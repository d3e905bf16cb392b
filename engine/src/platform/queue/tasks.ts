import type { CronItem as GraphileCronItem, TaskList } from 'graphile-worker';
import type { Queryable } from '../database/database.ts';

/**
 * The typed task registry. Each feature declares its tasks and their payloads once, in its own
 * `tasks.ts`, by extending graphile-worker's `GraphileWorker.Tasks` interface:
 *
 *   declare global { namespace GraphileWorker { interface Tasks { research: { researchId: string } } } }
 *
 * From then on a task name is checked wherever it is used: jobs queued with `addJob`, handlers in a
 * `TaskList` (their payload is typed) and cron items.
 */
export type TaskName = keyof GraphileWorker.Tasks;
export type TaskPayload<T extends TaskName> = GraphileWorker.Tasks[T];

/** Handlers by task name, as a feature contributes them. */
export type Tasks = TaskList;

/** What graphile-worker's cron puts in a recurring task's payload. */
export interface CronPayload {
  _cron?: { ts: string; backfilled: boolean };
}

/** A recurring task (graphile-worker cron; patterns are UTC). */
export type CronItem = GraphileCronItem & { task: TaskName };

/**
 * Thrown by a handler whose work was stopped by the worker's shutdown (`helpers.abortSignal`) after
 * it put its own state back: graphile-worker then releases the job to run again later. Its log says
 * so in one line: a planned hand-back is not a failure.
 */
export class JobHandedBack extends Error {
  override name = 'JobHandedBack';
}

export interface JobSpec {
  /** Replaces a pending job with the same key; `graphile_worker.remove_job(key)` cancels it. */
  jobKey?: string;
  runAt?: Date;
  maxAttempts?: number;
  /** Lower runs first (graphile-worker's default is 0): work that must not wait behind a backlog of slower jobs. */
  priority?: number;
  /** Jobs of one named queue run one at a time, in order. */
  queueName?: string;
  /**
   * With a `jobKey`: `replace` (graphile-worker's default) runs the pending job at this `runAt` (now when
   * none); `preserve_run_at` keeps the pending job's time, so work arriving while it waits (for a third
   * party to come back, say) does not pull it forward.
   */
  jobKeyMode?: 'replace' | 'preserve_run_at';
}

/** `$1` task, `$2` payload (JSON text), `$3` run at, `$4` most attempts, `$5` job key, `$6` priority, `$7` queue name. */
export const ADD_JOB_SQL = 'SELECT graphile_worker.add_job($1, $2::json, run_at := $3, max_attempts := $4, job_key := $5, priority := $6, queue_name := $7)';
/** ADD_JOB_SQL and `$8` the job key mode. */
const ADD_JOB_WITH_KEY_MODE_SQL = 'SELECT graphile_worker.add_job($1, $2::json, run_at := $3, max_attempts := $4, job_key := $5, priority := $6, queue_name := $7, job_key_mode := $8)';

/**
 * Queues a job inside the caller's transaction (`graphile_worker.add_job`), so it is committed or
 * rolled back with the work that asks for it. The payload is built here, in TypeScript, never in SQL.
 */
export async function addJob<T extends TaskName>(db: Queryable, task: T, payload: TaskPayload<T>, spec: JobSpec = {}): Promise<void> {
  const values = [task, JSON.stringify(payload), spec.runAt ?? null, spec.maxAttempts ?? null, spec.jobKey ?? null, spec.priority ?? null, spec.queueName ?? null];
  if (spec.jobKeyMode === undefined) await db.query(ADD_JOB_SQL, values);
  else await db.query(ADD_JOB_WITH_KEY_MODE_SQL, [...values, spec.jobKeyMode]);
}

/** `$1`: the job specs, a JSON array of `{identifier, payload, run_at, max_attempts, job_key, priority, queue_name}`. */
const ADD_JOBS_SQL = `SELECT count(*) FROM graphile_worker.add_jobs(array(SELECT json_populate_recordset(null::graphile_worker.job_spec, $1::json)))`;

/**
 * Queues several jobs of one task in one statement (`graphile_worker.add_jobs`), inside the caller's
 * transaction as `addJob` does: for work that starts many at once.
 */
export async function addJobs<T extends TaskName>(db: Queryable, task: T, jobs: { payload: TaskPayload<T>; spec?: JobSpec }[]): Promise<void> {
  if (jobs.length === 0) return;
  const specs = jobs.map(({ payload, spec = {} }) => ({
    identifier: task,
    payload,
    run_at: spec.runAt?.toISOString() ?? null,
    max_attempts: spec.maxAttempts ?? null,
    job_key: spec.jobKey ?? null,
    priority: spec.priority ?? null,
    queue_name: spec.queueName ?? null,
  }));
  await db.query(ADD_JOBS_SQL, [JSON.stringify(specs)]);
}

/**
 * Queues a keyed job after the work it acts on has committed, unless one of that key is already pending
 * (not started, due now): that one starts after this call, so it sees the work. For jobs that act on
 * everything due when they run, in no named queue (a job waiting for its queue's turn would not start).
 * Unlike `addJob` it takes no lock on a pending job, so callers arriving together do not queue behind
 * each other's commits, nor keep a worker from claiming the job by rewriting it. While a job of the key
 * runs, a new one is queued, runnable at once.
 */
export async function addJobUnlessPending<T extends TaskName>(db: Queryable, task: T, payload: TaskPayload<T>, spec: Pick<JobSpec, 'maxAttempts' | 'priority'> & { jobKey: string }): Promise<void> {
  const values = [task, JSON.stringify(payload), null, spec.maxAttempts ?? null, spec.jobKey, spec.priority ?? null, null];
  await db.query(`${ADD_JOB_SQL} WHERE NOT EXISTS (SELECT 1 FROM graphile_worker.jobs WHERE key = $5 AND locked_at IS NULL AND run_at <= now() AND attempts < max_attempts)`, values);
}
