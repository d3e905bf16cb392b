import type { WorkerEvents } from 'graphile-worker';
import { jobDuration, jobFailures } from './metrics.ts';

/**
 * Whether one of this process's job runners is alive: when it last asked for a job or finished one,
 * and how many jobs it holds now. `/ready` reads each runner's; the runner's events keep it.
 */
export interface WorkerHeartbeat {
  /** The runner's name (`main`, `bulk`), which `/ready` gives when a process runs several. */
  name?: string;
  /** Milliseconds since the worker last showed it was running (a poll, a job started or finished). */
  ageMs(now?: number): number;
  /** Jobs this process's workers are running now. */
  running(): number;
  /** Set once the runner has stopped or failed. */
  stopped(): boolean;
}

/**
 * Counts each job's duration and failures by task from graphile-worker's events, and keeps the
 * worker's heartbeat. Each worker asks for a job at least every poll interval (a second) while it
 * has room, so a heartbeat older than that while no job runs means the worker is stuck or gone.
 */
export function observeWorker(events: WorkerEvents, now: () => number = Date.now, name?: string): WorkerHeartbeat {
  let lastBeat = now();
  let stopped = false;
  const started = new Map<string, number>();
  const beat = () => {
    lastBeat = now();
  };
  events.on('worker:getJob:start', beat);
  events.on('worker:getJob:empty', beat);
  events.on('job:start', ({ job }) => {
    beat();
    started.set(job.id, now());
  });
  events.on('job:error', ({ job }) => {
    jobFailures.inc({ task: job.task_identifier, permanent: job.attempts >= job.max_attempts ? 'true' : 'false' });
  });
  events.on('job:complete', ({ job, error }) => {
    beat();
    const start = started.get(job.id);
    started.delete(job.id);
    if (start !== undefined) jobDuration.observe({ task: job.task_identifier, outcome: error ? 'error' : 'success' }, (now() - start) / 1000);
  });
  events.on('pool:fatalError', () => {
    stopped = true;
  });
  events.on('stop', () => {
    stopped = true;
  });
  return {
    ...(name === undefined ? {} : { name }),
    ageMs: (at = now()) => at - lastBeat,
    running: () => started.size,
    stopped: () => stopped,
  };
}
