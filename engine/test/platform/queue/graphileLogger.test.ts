import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { graphileLogger } from '../../../src/platform/queue/graphileLogger.ts';

function capture() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { lines, log: pino({ level: 'debug' }, stream) };
}

describe('graphileLogger', () => {
  it("logs a cron job's success and graphile-worker's pool-against-slots check at debug, any other job's success at info, failures and warnings as they come", () => {
    const { lines, log } = capture();
    const scoped = graphileLogger(log).scope({});
    scoped.info('Completed task 1 (expire_research, 3.00ms) with success', {
      success: true,
      job: { id: '1', task_identifier: 'expire_research', payload: { _cron: { ts: '2026-01-01T00:00:00Z' } } },
    } as never);
    scoped.info('Completed task 2 (research, 3.00ms) with success', { success: true, job: { id: '2', task_identifier: 'research', payload: { researchId: 'x' } } } as never);
    scoped.error('Failed task 3 (expire_research, 3.00ms)', { failure: true, job: { id: '3', task_identifier: 'expire_research', payload: { _cron: {} } }, error: new Error('boom') } as never);
    scoped.warn('a warning', {} as never);
    scoped.warn('WARNING: having maxPoolSize (20) smaller than concurrency (100) may lead to non-optimal performance.', { max: 20, concurrency: 100 } as never);
    expect(lines.map(({ level, msg }) => [level, msg.split(' (')[0]])).toEqual([
      [20, 'Completed task 1'],
      [30, 'Completed task 2'],
      [50, 'Failed task 3'],
      [40, 'a warning'],
      [20, 'WARNING: having maxPoolSize'],
    ]);
  });
});
