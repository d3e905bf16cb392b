import { performance } from 'node:perf_hooks';

export interface LoopResult {
  /** Operations per second over the whole run. */
  perSecond: number;
  /** Each operation's duration, in ms. */
  latencies: number[];
}

/**
 * Runs `operation(0..count-1)` from `concurrency` loops, each starting the next index when its last one
 * is done; `loop` (0..concurrency-1) tells the operation which loop runs it, as a connection would.
 */
export async function runLoops(count: number, concurrency: number, operation: (index: number, loop: number) => Promise<void>): Promise<LoopResult> {
  const latencies: number[] = [];
  let next = 0;
  const loop = async (_: unknown, loopNumber: number) => {
    for (let index = next++; index < count; index = next++) {
      const started = performance.now();
      await operation(index, loopNumber);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, loop));
  return { perSecond: count / ((performance.now() - started) / 1000), latencies };
}
