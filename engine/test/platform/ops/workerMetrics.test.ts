import { EventEmitter } from 'node:events';
import type { WorkerEvents } from 'graphile-worker';
import { describe, expect, it } from 'vitest';
import { processRegistry } from '../../../src/platform/ops/metrics.ts';
import { observeWorker } from '../../../src/platform/ops/workerMetrics.ts';

const job = (id: string, task: string, attempts = 1, max_attempts = 25) => ({ id, task_identifier: task, attempts, max_attempts });

async function value(name: string, labels: Record<string, string>): Promise<number> {
  // A histogram's _count and _sum are values of the histogram, named by `metricName`.
  const metric = (await processRegistry.getMetricsAsJSON()).find((entry) => name === entry.name || name.startsWith(`${entry.name}_`));
  const found = (metric?.values as { value: number; labels: Record<string, unknown>; metricName?: string }[] | undefined)?.find(
    (entry) => (entry.metricName ?? metric!.name) === name && Object.entries(labels).every(([key, wanted]) => String(entry.labels[key]) === wanted),
  );
  return found?.value ?? 0;
}

describe('observeWorker', () => {
  it("times each job by task and outcome, counts failures, and keeps the worker's heartbeat", async () => {
    let now = 1_000_000;
    const events = new EventEmitter() as unknown as WorkerEvents;
    const heartbeat = observeWorker(events, () => now);
    const task = `test_task_${Math.random().toString(36).slice(2)}`;

    now += 40_000;
    expect(heartbeat.ageMs()).toBe(40_000);
    events.emit('worker:getJob:empty', {} as never);
    expect(heartbeat.ageMs()).toBe(0);

    events.emit('job:start', { job: job('1', task) } as never);
    expect(heartbeat.running()).toBe(1);
    now += 60_000;
    // A long job: the heartbeat ages, but the job runs.
    expect(heartbeat.ageMs()).toBe(60_000);
    expect(heartbeat.running()).toBe(1);
    events.emit('job:complete', { job: job('1', task), error: null } as never);
    expect(heartbeat.running()).toBe(0);
    expect(await value('prospect_job_duration_seconds_count', { task, outcome: 'success' })).toBe(1);
    expect(await value('prospect_job_duration_seconds_sum', { task, outcome: 'success' })).toBe(60);

    events.emit('job:start', { job: job('2', task, 25) } as never);
    events.emit('job:error', { job: job('2', task, 25), error: new Error('boom') } as never);
    events.emit('job:complete', { job: job('2', task, 25), error: new Error('boom') } as never);
    expect(await value('prospect_job_failures_total', { task, permanent: 'true' })).toBe(1);
    expect(await value('prospect_job_duration_seconds_count', { task, outcome: 'error' })).toBe(1);

    expect(heartbeat.stopped()).toBe(false);
    events.emit('stop', {} as never);
    expect(heartbeat.stopped()).toBe(true);
  });
});
