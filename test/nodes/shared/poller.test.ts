import { describe, expect, it } from 'vitest';
import { afterPendingRead, mapConcurrently, newJob, REQUEST_CONCURRENCY, type Job, type StatusResponse } from '../../../nodes/shared/poller';

const POLL = 5_000;
const T0 = 1_000_000;
// Also without an estimate, which the contract does not allow but the node tolerates (an older or another engine).
const processing = (estimated_seconds?: number) => ({ research_id: 'r1', status: 'processing', estimated_seconds }) as StatusResponse;

/** The pauses between reads of a job that stays pending, read exactly when due each time. */
function pauses(job: Job, reads: number, estimate?: number): number[] {
  const result: number[] = [];
  let now = T0;
  for (let read = 0; read < reads; read++) {
    result.push(job.readAt - now);
    now = job.readAt;
    job = afterPendingRead(job, processing(estimate), now, POLL);
  }
  return result;
}

describe('when the nodes read a job', () => {
  it('reads an accepted job half a second before its estimate (rounded to whole seconds), but never later than the poll interval', () => {
    expect(newJob(0, 'r1', T0, POLL, 2)).toMatchObject({ readAt: T0 + 1_500, dueAt: T0 + 2_000 });
    expect(newJob(0, 'r1', T0, POLL, 40)).toMatchObject({ readAt: T0 + POLL, dueAt: T0 + 40_000 });
  });

  it('reads a job without an estimate at once (Wait for Result)', () => {
    expect(newJob(0, 'r1', T0, POLL)).toEqual({ itemIndex: 0, researchId: 'r1', readAt: T0 });
  });

  it('follows the newer estimate of a job read before it was due', () => {
    const job = newJob(0, 'r1', T0, POLL, 40);
    expect(afterPendingRead(job, processing(3), T0 + 5_000, POLL)).toMatchObject({ readAt: T0 + 7_500, dueAt: T0 + 8_000 });
  });

  it('reads a job every 0.25 s from half a second before its estimate to 2 s past it, then backs off to the poll interval', () => {
    // Due at 2 s: the first read is at 1.5 s, then the job is late by an unknown amount.
    expect(pauses(newJob(0, 'r1', T0, POLL, 2), 16, 1)).toEqual([1_500, 250, 250, 250, 250, 250, 250, 250, 250, 250, 250, 500, 1_000, 2_000, 4_000, 5_000]);
  });

  it('reads a job every 0.25 s once the engine says 1 s (its least answer), before the first estimate runs out too', () => {
    // Accepted with an estimate of 3 s; read after 1 s, the engine says 1 s, which it also says of a job past its median.
    const job = afterPendingRead(newJob(0, 'r1', T0, POLL, 3), processing(1), T0 + 1_000, POLL);
    expect(job).toMatchObject({ readAt: T0 + 1_250, overdueReads: 1 });
  });

  it('polls a queued job without an estimate at the poll interval', () => {
    const job = afterPendingRead(newJob(0, 'r1', T0, POLL), { research_id: 'r1', status: 'queued' }, T0, POLL);
    expect(job.readAt).toBe(T0 + POLL);
    expect(job.overdueReads).toBeUndefined();
  });
});

describe('requests of a batch', () => {
  const tick = () => new Promise((resolve) => setImmediate(resolve));

  it('keeps REQUEST_CONCURRENCY in flight, starting the next as one ends, and answers in input order', async () => {
    let inFlight = 0;
    let most = 0;
    const inputs = Array.from({ length: 25 }, (_, i) => i);
    const results = await mapConcurrently(inputs, async (i) => {
      most = Math.max(most, ++inFlight);
      for (let wait = (i * 7) % 5; wait >= 0; wait--) await tick();
      inFlight--;
      return i * 2;
    });
    expect(most).toBe(REQUEST_CONCURRENCY);
    expect(results).toEqual(inputs.map((i) => i * 2));
  });

  it('after a failure starts nothing new, lets those in flight finish, then throws the error of the lowest input', async () => {
    const started: number[] = [];
    const finished: number[] = [];
    const outcome = mapConcurrently(
      Array.from({ length: 30 }, (_, i) => i),
      async (i) => {
        started.push(i);
        for (let wait = i; wait >= 0; wait--) await tick();
        finished.push(i);
        if (i === 4 || i === 2) throw new Error(`refused ${i}`);
        return i;
      },
    );
    await expect(outcome).rejects.toThrow('refused 2');
    // Lane 2 fails first; the other lanes were busy with inputs 0 to 9 and start nothing after it.
    expect(started.sort((a, b) => a - b)).toEqual(Array.from({ length: REQUEST_CONCURRENCY + 2 }, (_, i) => i));
    expect(finished.sort((a, b) => a - b)).toEqual(started);
  });

  it('starts nothing new once the signal is aborted', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    await mapConcurrently(
      Array.from({ length: 30 }, (_, i) => i),
      async (i) => {
        started.push(i);
        await tick();
        if (i === 0) controller.abort();
        await tick();
        return i;
      },
      controller.signal,
    );
    expect(started).toEqual(Array.from({ length: REQUEST_CONCURRENCY }, (_, i) => i));
  });
});
