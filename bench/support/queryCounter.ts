import type { Pool, PoolClient } from '@prospect-research/engine';

/**
 * Counts the statements the process sends through `pool` from now on: every `query` call on any of
 * its clients (a `pool.query` is one; so is each BEGIN, COMMIT and statement of a transaction, and
 * each of graphile-worker's own statements). Each is one round trip to PostgreSQL. A client is
 * counted from the first time it is checked out after this call; one held since before (graphile-worker's
 * LISTEN connection, which only waits for notifications) is not.
 */
export function countQueries(pool: Pool): () => number {
  let count = 0;
  const counted = new WeakSet<PoolClient>();
  pool.on('acquire', (client: PoolClient) => {
    if (counted.has(client)) return;
    counted.add(client);
    const query = client.query;
    client.query = function (this: PoolClient, ...args: unknown[]) {
      count++;
      return (query as (...args: unknown[]) => unknown).apply(this, args);
    } as typeof client.query;
  });
  return () => count;
}
