interface Call<T, R> {
  item: T;
  resolve: (answer: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers the calls made in one turn of the event loop and hands their items to `run` together, so
 * that what this process asks the database at the same moment (a job's sources starting together,
 * or several jobs at once) goes in one statement instead of one each. Every call settles with the
 * answer at its own item's index; when `run` fails, every call of the batch fails with its error.
 */
export function batchedPerTurn<T, R>(run: (items: T[]) => Promise<R[]>): (item: T) => Promise<R> {
  let pending: Call<T, R>[] | undefined;
  const flush = async (calls: Call<T, R>[]) => {
    try {
      const answers = await run(calls.map((call) => call.item));
      calls.forEach((call, i) => call.resolve(answers[i]!));
    } catch (error) {
      for (const call of calls) call.reject(error);
    }
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      let calls = pending;
      if (!calls) {
        const batch: Call<T, R>[] = (calls = pending = []);
        // After the promise callbacks and I/O of this turn: calls made in any of them join the batch.
        setImmediate(() => {
          pending = undefined;
          void flush(batch);
        });
      }
      calls.push({ item, resolve, reject });
    });
}
