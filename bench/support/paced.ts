import { performance } from 'node:perf_hooks';
import type { Load } from './autocannon.ts';
import { sleep } from './stats.ts';

export interface PacedOptions {
  url: string;
  headers: Record<string, string>;
  /** The body of request `i` (each may differ, e.g. a new e-mail). */
  body: (i: number) => string;
  /** Requests per second, sent evenly. */
  rate: number;
  seconds: number;
}

/**
 * POSTs `rate` requests per second for `seconds`, one every 1000/rate ms whatever the answers (an
 * open loop: a slow answer neither delays nor holds back the next request), over keep-alive
 * connections opened as needed. autocannon's `overallRate` is a quota per connection and second, so
 * its connections all send at the start of each second; these arrive as a steady stream, as
 * independent callers' would. Answers the statuses and each answer's latency, as `load` does.
 */
export async function paced(options: PacedOptions): Promise<Load> {
  const statuses: Record<number, number> = {};
  const latencies = new Map<number, number[]>();
  let errors = 0;
  const count = Math.round(options.rate * options.seconds);
  const started = performance.now();
  const requests: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / options.rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    requests.push(
      (async () => {
        const sent = performance.now();
        try {
          const response = await fetch(options.url, { method: 'POST', headers: options.headers, body: options.body(i) });
          await response.arrayBuffer();
          const ms = performance.now() - sent;
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
          let list = latencies.get(response.status);
          if (!list) latencies.set(response.status, (list = []));
          list.push(ms);
        } catch {
          errors++;
        }
      })(),
    );
  }
  await Promise.all(requests);
  return { statuses, errors, seconds: (performance.now() - started) / 1000, latencies };
}
