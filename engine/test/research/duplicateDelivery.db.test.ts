/** A research task delivered again (graphile-worker runs a job at least once) for a job already final. */
import { describe, expect, it } from 'vitest';
import { client, createCustomer, creditState, until, useEngine } from '../support/engine.ts';
import { jobRow } from './support.ts';

const fixture = useEngine();

describe('a research task delivered for a job that is already completed', () => {
  it('finishes quietly: the queue entry completes without a failure or retry, the brief and the credit stay as they were', async () => {
    const { engine } = fixture;
    const customer = await createCustomer(engine.pool, { plan: 'individual', credits: 5 });
    const api = client(engine.url, customer.key);
    const researchId = String((await api.research({ email: 'again@example.com' })).body.research_id);
    const first = await api.waitFor(researchId);
    expect(first.body.status).toBe('completed');

    const { rows } = await engine.pool.query<{ id: string }>(`SELECT (graphile_worker.add_job('research', json_build_object('researchId', $1::text), max_attempts => 3)).id::text AS id`, [researchId]);
    const again = rows[0]!.id;
    // Done means gone from the queue; a task that threw would stay, with attempts used and its error.
    await until(`the repeated research task ${again} to leave the queue`, async () => {
      const left = await engine.pool.query<{ last_error: string | null }>('SELECT last_error FROM graphile_worker.jobs WHERE id = $1', [again]);
      expect(left.rows[0]?.last_error ?? null).toBeNull();
      return left.rowCount === 0;
    });
    expect((await api.status(researchId)).body).toEqual(first.body);
    expect(await jobRow(engine.pool, researchId)).toMatchObject({ status: 'completed' });
    expect(await creditState(engine.pool, customer.account.id)).toEqual({ used: 1, debits: 1, refunds: 0 });
  });
});
