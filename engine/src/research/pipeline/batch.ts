import DataLoader from 'dataloader';

/**
 * Gathers the calls made in one turn of the event loop and hands their items to `run` together, so
 * that what this process asks the database at the same moment (a job's sources starting together,
 * or several jobs at once) goes in one statement instead of one each. Every call settles with the
 * answer at its own item's index; when `run` fails, every call of the batch fails with its error.
 * DataLoader without its cache: each call is asked again, only batched.
 */
export function batchedPerTurn<T, R>(run: (items: readonly T[]) => Promise<R[]>): (item: T) => Promise<R> {
  // After the promise callbacks and I/O of this turn: calls made in any of them join the batch.
  const loader = new DataLoader<T, R>(run, { cache: false, batchScheduleFn: (callback) => setImmediate(callback) });
  return (item) => loader.load(item);
}
