import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { client, creditState, useTestEngine } from '../support/engine.ts';

// This file breaks its own database on purpose: it must not share it.
const fixture = useTestEngine({ worker: false }, { plan: 'bdr' });

describe('an unexpected failure', () => {
  it('answers 500 {error: internal_error, request_id} without details, and takes no credit', async () => {
    const api = client(fixture.engine.url, fixture.customer.key);
    await fixture.engine.pool.query('ALTER TABLE research_jobs RENAME TO broken');
    try {
      const replies = [await api.research({ email: 'lead@example.com' }), await api.status(randomUUID())];
      for (const reply of replies) {
        expect(reply.status).toBe(500);
        expect(Object.keys(reply.body).sort()).toEqual(['error', 'request_id']);
        expect(reply.body.error).toBe('internal_error');
        expect(reply.body.request_id).toEqual(expect.any(String));
        expect(String(reply.body.request_id).length).toBeGreaterThan(0);
        const text = JSON.stringify(reply.body);
        for (const leak of ['research_jobs', 'relation', 'INSERT', 'SELECT', 'does not exist', '.ts', 'at ']) expect(text).not.toContain(leak);
      }
      expect(replies[0]!.body.request_id).not.toBe(replies[1]!.body.request_id);
      // The debit ran before the failing insert: the transaction rolled it back.
      expect(await creditState(fixture.engine.pool, fixture.customer.account.id)).toEqual({ used: 0, debits: 0, refunds: 0 });
    } finally {
      await fixture.engine.pool.query('ALTER TABLE broken RENAME TO research_jobs');
    }
    // The same request succeeds once the fixture.database is whole again.
    expect((await api.research({ email: 'lead@example.com' })).status).toBe(202);
    expect(await creditState(fixture.engine.pool, fixture.customer.account.id)).toEqual({ used: 1, debits: 1, refunds: 0 });
  });
});
