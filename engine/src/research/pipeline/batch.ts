import DataLoader from 'dataloader';

/**
 * Gathers the calls made in one turn of the event loop and hands their items to `run` together, so
 * that what this process asks the database at the same moment (a job's sources starting together,
 * or several jobs at once) goes in one statement instead of one each. Every call settles with the
 * answer at its own item's index (an Error there fails that call alone); when `run` fails, every call
 * of the batch fails with its error. DataLoader without its cache: each call is asked again, only batched.
 */
export function batchedPerTurn<T, R>(run: (items: readonly T[]) => Promise<(R | Error)[]>): (item: T) => Promise<R> {
  // After the promise callbacks and I/O of this turn: calls made in any of them join the batch.
  const loader = new DataLoader<T, R>(run, { cache: false, batchScheduleFn: (callback) => setImmediate(callback) });
  return (item) => loader.load(item);
}

/**
 * batchedPerTurn for writes one item can fail (a constraint it breaks, a deadlock): when the batch's
 * statement fails, each of its items is run again on its own, so that a failure is its own item's alone.
 */
export function batchedPerTurnAlone<T, R>(run: (items: readonly T[]) => Promise<R[]>): (item: T) => Promise<R> {
  return batchedPerTurn(async (items: readonly T[]) => {
    try {
      return await run(items);
    } catch (error) {
      if (items.length === 1) throw error;
      const settled = await Promise.allSettled(items.map(async (item) => (await run([item]))[0]!));
      return settled.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : toError(outcome.reason)));
    }
  });
}

function toError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}
