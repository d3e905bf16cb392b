import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { client, createCustomer, creditState, useEngine } from '../support/engine.ts';

// No worker: what matters here is what POST creates and charges.
const fixture = useEngine({ worker: false });

async function jobCount(accountId: number): Promise<number> {
  const { rows } = await fixture.engine.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM research_jobs WHERE account_id = $1', [accountId]);
  return rows[0]!.n;
}

describe('the Idempotency-Key header on POST /research', () => {
  it('answers a retry with the same key and body with the same research_id, 202 and Idempotent-Replayed, and no second credit', async () => {
    const customer = await createCustomer(fixture.engine.pool, { plan: 'bdr' });
    const api = client(fixture.engine.url, customer.key);
    const key = randomUUID();
    const first = await api.research({ email: 'retry@example.com', company_name: 'Example Inc' }, { 'idempotency-key': key });
    expect(first.status).toBe(202);
    expect(first.headers.get('idempotent-replayed')).toBeNull();

    // The same request as the caller means it: the email normalises to the same value.
    const retry = await api.research({ email: ' Retry@Example.com ', company_name: 'Example Inc' }, { 'idempotency-key': key });
    expect(retry.status).toBe(202);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.headers.get('location')).toBe(`/research-status/${String(first.body.research_id)}`);
    expect(retry.body).toEqual({ research_id: first.body.research_id, status: 'processing', estimated_seconds: expect.any(Number) });
    expect(await creditState(fixture.engine.pool, customer.account.id)).toEqual({ used: 1, debits: 1, refunds: 0 });
    expect(await jobCount(customer.account.id)).toBe(1);

    // Without the header, the same body is a new job and a new credit.
    const fresh = await api.research({ email: 'retry@example.com', company_name: 'Example Inc' });
    expect(fresh.body.research_id).not.toBe(first.body.research_id);
    expect(await creditState(fixture.engine.pool, customer.account.id)).toEqual({ used: 2, debits: 2, refunds: 0 });
  });

  it('creates one job and takes one credit for 20 concurrent requests with the same key', async () => {
    const customer = await createCustomer(fixture.engine.pool, { plan: 'bdr' });
    const api = client(fixture.engine.url, customer.key);
    const key = randomUUID();
    const replies = await Promise.all(Array.from({ length: 20 }, () => api.research({ email: 'race@example.com' }, { 'idempotency-key': key })));
    expect(replies.map((reply) => reply.status)).toEqual(Array(20).fill(202));
    expect(new Set(replies.map((reply) => reply.body.research_id)).size).toBe(1);
    expect(replies.filter((reply) => reply.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect(await creditState(fixture.engine.pool, customer.account.id)).toEqual({ used: 1, debits: 1, refunds: 0 });
    expect(await jobCount(customer.account.id)).toBe(1);
    const { rows } = await fixture.engine.pool.query(`SELECT count(*)::int AS n FROM graphile_worker.jobs j JOIN graphile_worker._private_jobs p ON p.id = j.id WHERE p.payload->>'researchId' = $1`, [
      replies[0]!.body.research_id,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('replays a retry even when the request took the last credit', async () => {
    const customer = await createCustomer(fixture.engine.pool, { plan: 'individual', credits: 1 });
    const api = client(fixture.engine.url, customer.key);
    const key = randomUUID();
    const first = await api.research({ email: 'last@example.com' }, { 'idempotency-key': key });
    const retry = await api.research({ email: 'last@example.com' }, { 'idempotency-key': key });
    expect([first.status, retry.status]).toEqual([202, 202]);
    expect(retry.body.research_id).toBe(first.body.research_id);
    expect(await api.research({ email: 'other@example.com' })).toMatchObject({ status: 429, body: { error: 'credits_exhausted', used: 1, limit: 1 } });
  });

  it('answers every one of 20 concurrent requests with the same key 202 when they race for the last credit', async () => {
    const customer = await createCustomer(fixture.engine.pool, { plan: 'individual', credits: 1 });
    const api = client(fixture.engine.url, customer.key);
    const key = randomUUID();
    const replies = await Promise.all(Array.from({ length: 20 }, () => api.research({ email: 'last@example.com' }, { 'idempotency-key': key })));
    expect(replies.map((reply) => reply.status)).toEqual(Array(20).fill(202));
    expect(new Set(replies.map((reply) => reply.body.research_id)).size).toBe(1);
    expect(await creditState(fixture.engine.pool, customer.account.id)).toEqual({ used: 1, debits: 1, refunds: 0 });
  });

  it('answers 422 idempotency_key_reused for the same key with a different body, and takes no credit', async () => {
    const customer = await createCustomer(fixture.engine.pool, { plan: 'bdr' });
    const api = client(fixture.engine.url, customer.key);
    const key = randomUUID();
    expect((await api.research({ email: 'one@example.com' }, { 'idempotency-key': key })).status).toBe(202);
    for (const body of [{ email: 'two@example.com' }, { email: 'one@example.com', prospect_name: 'One' }]) {
      const reply = await api.research(body, { 'idempotency-key': key });
      expect(reply, JSON.stringify(body)).toMatchObject({ status: 422, body: { error: 'idempotency_key_reused' } });
      expect(Object.keys(reply.body)).toEqual(['error']);
    }
    expect(await creditState(fixture.engine.pool, customer.account.id)).toEqual({ used: 1, debits: 1, refunds: 0 });
  });

  it('keeps keys per account: two accounts using the same key get two jobs', async () => {
    const key = 'order-42';
    const alice = await createCustomer(fixture.engine.pool, { plan: 'bdr', name: 'Alice' });
    const bob = await createCustomer(fixture.engine.pool, { plan: 'bdr', name: 'Bob' });
    const a = await client(fixture.engine.url, alice.key).research({ email: 'lead@example.com' }, { 'idempotency-key': key });
    const b = await client(fixture.engine.url, bob.key).research({ email: 'lead@example.com' }, { 'idempotency-key': key });
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(a.body.research_id).not.toBe(b.body.research_id);
    for (const customer of [alice, bob]) expect(await creditState(fixture.engine.pool, customer.account.id)).toEqual({ used: 1, debits: 1, refunds: 0 });
    // Each sees only its own job.
    expect((await client(fixture.engine.url, bob.key).status(String(a.body.research_id))).status).toBe(404);
  });

  it.each([
    ['300 characters', 'k'.repeat(300)],
    ['a space', 'my key'],
    ['an empty value', ''],
  ])('answers 400 invalid_idempotency_key for a key with %s, and takes no credit', async (_case, key) => {
    const customer = await createCustomer(fixture.engine.pool, { plan: 'bdr' });
    const reply = await client(fixture.engine.url, customer.key).research({ email: 'lead@example.com' }, { 'idempotency-key': key });
    expect(reply).toMatchObject({ status: 400, body: { error: 'invalid_idempotency_key' } });
    expect(await creditState(fixture.engine.pool, customer.account.id)).toEqual({ used: 0, debits: 0, refunds: 0 });
  });

  it('accepts a key of 255 visible characters', async () => {
    const customer = await createCustomer(fixture.engine.pool, { plan: 'bdr' });
    const key = 'K'.repeat(255);
    const api = client(fixture.engine.url, customer.key);
    const first = await api.research({ email: 'lead@example.com' }, { 'idempotency-key': key });
    const again = await api.research({ email: 'lead@example.com' }, { 'idempotency-key': key });
    expect([first.status, again.status]).toEqual([202, 202]);
    expect(again.body.research_id).toBe(first.body.research_id);
  });
});
