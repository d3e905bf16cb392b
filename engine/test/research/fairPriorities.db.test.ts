import { describe, expect, it } from 'vitest';
import { REBASE_PRIORITIES_ABOVE, rebaseResearchPriorities } from '../../src/research/jobs.ts';
import { client, createCustomer, useEngine } from '../support/engine.ts';

/** The research queue's fair priorities on a queue that is never empty, with no worker to run it. */
const fixture = useEngine({ worker: false });

async function priorities(): Promise<{ account: string; priority: number }[]> {
  const { rows } = await fixture.engine.pool.query<{ account: string; priority: number }>(
    `SELECT r.account_id AS account, queue.priority FROM graphile_worker._private_jobs queue JOIN research_jobs r ON r.id::text = queue.key ORDER BY queue.priority, queue.id`,
  );
  return rows;
}

describe('fair priorities on a queue busy for long', () => {
  it("come back down in order once the head has climbed, so another account's job still goes in at the head", async () => {
    const busy = await createCustomer(fixture.engine.pool, { name: 'Busy' });
    for (let i = 0; i < 3; i++) expect((await client(fixture.engine.url, busy.key).research({ email: `busy${i}@acme.de` })).status).toBe(202);
    // A day of a queue never empty: its head has climbed far.
    await fixture.engine.pool.query('UPDATE graphile_worker._private_jobs SET priority = priority + $1', [REBASE_PRIORITIES_ABOVE * 20]);
    expect(await rebaseResearchPriorities(fixture.engine.pool)).toBe(REBASE_PRIORITIES_ABOVE * 20);
    expect((await priorities()).map((entry) => entry.priority)).toEqual([0, 1, 2]);
    // Below the mark, nothing moves.
    expect(await rebaseResearchPriorities(fixture.engine.pool)).toBe(0);

    const other = await createCustomer(fixture.engine.pool, { name: 'Other' });
    expect((await client(fixture.engine.url, other.key).research({ email: 'first@other.de' })).status).toBe(202);
    const queue = await priorities();
    expect(queue.find((entry) => Number(entry.account) === Number(other.account.id))!.priority).toBe(0);
  });
});
