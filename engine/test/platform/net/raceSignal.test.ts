import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { raceSignal } from '../../../src/platform/net/raceSignal.ts';

describe('racing work against a signal', () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on('unhandledRejection', record);
  });
  afterEach(() => {
    process.off('unhandledRejection', record);
  });

  it('settles as the work does while the signal stays quiet', async () => {
    await expect(raceSignal(Promise.resolve('brief'), new AbortController().signal)).resolves.toBe('brief');
    await expect(raceSignal(Promise.reject(new Error('source down')), new AbortController().signal)).rejects.toThrow('source down');
  });

  it('rejects with the reason as soon as the signal aborts, before the work ends', async () => {
    const stop = new AbortController();
    const raced = raceSignal(new Promise(() => {}), stop.signal);
    stop.abort(new Error('shutting down'));
    await expect(raced).rejects.toThrow('shutting down');
  });

  it('leaves no unhandled rejection when the work fails after a signal that had already aborted', async () => {
    const stop = new AbortController();
    stop.abort(new Error('shutting down'));
    let fail!: (error: Error) => void;
    const work = new Promise<never>((_resolve, reject) => {
      fail = reject;
    });
    await expect(raceSignal(work, stop.signal)).rejects.toThrow('shutting down');
    fail(new Error('the work noticed the shutdown too'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(unhandled).toEqual([]);
  });
});
