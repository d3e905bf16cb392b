/**
 * The edges of the money path that mutation testing found unguarded: each test here fails when one
 * condition of the SQL or the code that takes, refunds or replays a credit is dropped.
 */
import { describe, expect, it } from 'vitest';
import { expireOverdueJobs, failJob, failStrandedJobs } from '../../src/research/jobs.ts';
import { client, createCustomer, creditState, useEngine } from '../support/engine.ts';
import { jobRow } from './support.ts';

const fixture = useEngine({ worker: false });

describe('the stranded-job sweep', () => {
  it('fails and refunds a queued job whose queue entry failed for good (attempts = max_attempts), and leaves one still retrying', async () => {
    const { engine } = fixture;
    const customer = await createCustomer(engine.pool, { plan: 'individual', credits: 5 });
    const api = client(engine.url, customer.key);
    const exhausted = String((await api.research({ email: 'exhausted@example.com' })).body.research_id);
    const retrying = String((await api.research({ email: 'retrying@example.com' })).body.research_id);
    // graphile-worker keeps a permanently failed job in its table, with its attempts used up.
    await engine.pool.query(`UPDATE graphile_worker._private_jobs SET attempts = max_attempts WHERE key = $1`, [exhausted]);
    await engine.pool.query(`UPDATE graphile_worker._private_jobs SET attempts = max_attempts - 1 WHERE key = $1`, [retrying]);
    await engine.pool.query(`UPDATE research_jobs SET created_at = now() - interval '2 minutes' WHERE id = ANY($1)`, [[exhausted, retrying]]);

    expect(await failStrandedJobs(engine.pool)).toEqual([exhausted]);
    expect((await api.status(exhausted)).body).toEqual({ research_id: exhausted, status: 'failed', error: 'internal_error' });
    expect((await api.status(retrying)).body).toEqual({ research_id: retrying, status: 'queued' });
    expect(await creditState(engine.pool, customer.account.id)).toEqual({ used: 1, debits: 2, refunds: 1 });
  });
});

describe('expiring jobs past their deadline', () => {
  it('fails and refunds only the job asked about when given one, and every overdue job otherwise, naming those it failed', async () => {
    const { engine } = fixture;
    const customer = await createCustomer(engine.pool, { plan: 'individual', credits: 5 });
    const api = client(engine.url, customer.key);
    const submit = async (email: string) => String((await api.research({ email })).body.research_id);
    const [first, second, onTime] = await Promise.all([submit('late-1@example.com'), submit('late-2@example.com'), submit('on-time@example.com')]);
    await engine.pool.query(`UPDATE research_jobs SET status = 'processing', started_at = now() - interval '4 minutes', deadline_at = now() - interval '1 minute' WHERE id = ANY($1)`, [
      [first, second],
    ]);
    await engine.pool.query(`UPDATE research_jobs SET status = 'processing', started_at = now(), deadline_at = now() + interval '3 minutes' WHERE id = $1`, [onTime]);

    expect(await expireOverdueJobs(engine.pool, onTime)).toEqual([]);
    expect(await expireOverdueJobs(engine.pool, first)).toEqual([first]);
    expect(await jobRow(engine.pool, second)).toMatchObject({ status: 'processing' });
    expect(await expireOverdueJobs(engine.pool)).toEqual([second]);
    expect(await jobRow(engine.pool, onTime)).toMatchObject({ status: 'processing' });
    expect((await api.status(first)).body).toEqual({ research_id: first, status: 'failed', error: 'timeout' });
    expect(await creditState(engine.pool, customer.account.id)).toEqual({ used: 1, debits: 3, refunds: 2 });
  });
});

describe('a refund', () => {
  it("returns the credit to the billing cycle that paid for it, not to the account's other cycles", async () => {
    const { engine } = fixture;
    const customer = await createCustomer(engine.pool, { plan: 'individual', credits: 5 });
    const accountId = customer.account.id;
    // A finished earlier cycle with 3 credits used.
    await engine.pool.query(`INSERT INTO credit_cycles (account_id, cycle_start, used) VALUES ($1, now() - interval '45 days', 3)`, [accountId]);
    const api = client(engine.url, customer.key);
    const researchId = String((await api.research({ email: 'refunded@example.com' })).body.research_id);

    expect(await failJob(engine.pool, researchId, 'internal_error')).toBe(true);
    const { rows } = await engine.pool.query<{ earlier: boolean; used: number }>(
      `SELECT cycle_start < now() - interval '40 days' AS earlier, used FROM credit_cycles WHERE account_id = $1 ORDER BY cycle_start`,
      [accountId],
    );
    expect(rows).toEqual([
      { earlier: true, used: 3 },
      { earlier: false, used: 0 },
    ]);
  });

  it('is not given twice, and a failed job keeps its first error when something fails it again', async () => {
    const { engine } = fixture;
    const customer = await createCustomer(engine.pool, { plan: 'individual', credits: 5 });
    const api = client(engine.url, customer.key);
    const researchId = String((await api.research({ email: 'twice@example.com' })).body.research_id);

    expect(await failJob(engine.pool, researchId, 'timeout')).toBe(true);
    expect(await failJob(engine.pool, researchId, 'internal_error')).toBe(false);
    expect(await jobRow(engine.pool, researchId)).toMatchObject({ status: 'failed', error: 'timeout' });
    expect((await api.status(researchId)).body).toEqual({ research_id: researchId, status: 'failed', error: 'timeout' });
    expect(await creditState(engine.pool, customer.account.id)).toEqual({ used: 0, debits: 1, refunds: 1 });
  });
});

describe('an account with no monthly credits', () => {
  it('gets no research, not even the first of a cycle: 429 and nothing debited', async () => {
    const { engine } = fixture;
    const customer = await createCustomer(engine.pool, { plan: 'individual', credits: 0 });
    const api = client(engine.url, customer.key);

    const reply = await api.research({ email: 'free@example.com' });
    expect(reply.status).toBe(429);
    expect(reply.body).toEqual({ error: 'credits_exhausted', used: 0, limit: 0 });
    expect(await creditState(engine.pool, customer.account.id)).toEqual({ used: 0, debits: 0, refunds: 0 });
    const { rows } = await engine.pool.query('SELECT count(*)::int AS n FROM research_jobs WHERE account_id = $1', [customer.account.id]);
    expect(rows[0].n).toBe(0);
  });
});

describe('an Idempotency-Key another account also used', () => {
  it("is each account's own: the same key and body from a second account is a new job and a new credit, never the first account's id", async () => {
    const { engine } = fixture;
    const first = await createCustomer(engine.pool, { plan: 'individual', credits: 5 });
    const second = await createCustomer(engine.pool, { plan: 'individual', credits: 5 });
    const key = `shared-${Date.now()}`;
    const mine = await client(engine.url, first.key).research({ email: 'shared@example.com' }, { 'idempotency-key': key });
    const theirs = await client(engine.url, second.key).research({ email: 'shared@example.com' }, { 'idempotency-key': key });

    expect(mine.status).toBe(202);
    expect(theirs.status).toBe(202);
    expect(theirs.body.research_id).not.toBe(mine.body.research_id);
    expect(await creditState(engine.pool, second.account.id)).toEqual({ used: 1, debits: 1, refunds: 0 });
  });

  it('with a different body from the second account is accepted, not refused as a reused key', async () => {
    const { engine } = fixture;
    const first = await createCustomer(engine.pool, { plan: 'individual', credits: 5 });
    const second = await createCustomer(engine.pool, { plan: 'individual', credits: 5 });
    const key = `reused-${Date.now()}`;
    expect((await client(engine.url, first.key).research({ email: 'one@example.com' }, { 'idempotency-key': key })).status).toBe(202);

    const other = await client(engine.url, second.key).research({ email: 'two@example.com' }, { 'idempotency-key': key });
    expect(other.status).toBe(202);
    // And the second account's retry replays its own job.
    const retry = await client(engine.url, second.key).research({ email: 'two@example.com' }, { 'idempotency-key': key });
    expect(retry.body.research_id).toBe(other.body.research_id);
  });
});

describe('the Authorization header', () => {
  it('needs the space after Bearer: "Bearerpr_live_..." holds no key (400 missing_key_id) and takes no credit', async () => {
    const { engine } = fixture;
    const customer = await createCustomer(engine.pool, { plan: 'individual', credits: 5 });
    const glued = await client(engine.url).research({ email: 'glued@example.com' }, { authorization: `Bearer${customer.key}` });
    expect(glued.status).toBe(400);
    expect(glued.body).toEqual({ error: 'missing_key_id' });
    const spaced = await client(engine.url).research({ email: 'glued@example.com' }, { authorization: `Bearer \t${customer.key}` });
    expect(spaced.status).toBe(202);
    expect(await creditState(engine.pool, customer.account.id)).toEqual({ used: 1, debits: 1, refunds: 0 });
  });
});
